/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.snapshot;

import java.io.IOException;
import java.net.InetSocketAddress;

import org.agrona.DirectBuffer;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.priority.PriorityAccumulator;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.ReliableEndpoint;
import dev.statesync.sync.udp.DisconnectReason;
import dev.statesync.sync.udp.UdpServer;
import dev.statesync.sync.udp.UdpServerConfig;
import dev.statesync.sync.udp.UdpServerHandler;

/**
 * Snapshots of one world to many clients over real UDP: a {@link UdpServer} and, for each of its
 * {@code maxClients} slots, a {@link SnapshotAuthority} with its own {@link PriorityAccumulator}, attached to that
 * slot's authenticated connection. Each client gets the codec, budget and RTT-based resend timeout the network
 * simulator runs ({@link SnapshotLinkConfig}: range-coded or bitpacked, payload budget, tick rate), delta-coded
 * against the baselines that client acked.
 *
 * <pre>{@code
 * SnapshotServer server = new SnapshotServer(bindAddress, new UdpServerConfig().maxClients(8), schema, objects,
 *     predictor, new SnapshotLinkConfig().snapshot(new SnapshotConfig().rangeCoded(true)), listener, nowNs);
 * // each tick:
 * server.poll(nowNs);                                // handshakes, acks
 * server.sendSnapshots(tick, quantizedStates, nowNs); // one snapshot per connected client
 * server.update(nowNs);                              // estimates, keep-alives, idle timeouts
 * }</pre>
 *
 * <p>Under a budget, build it with a {@link SnapshotRateControlConfig}: each slot then spends its client's budget
 * through its own {@link SnapshotRateControl}, exactly as the network simulator's runner does (priority by expected
 * error or fixed factors, a send interval chosen from the budget, each snapshot given the bytes of the ticks since the
 * last), and {@link #sendSnapshots(int, QuantizedStates, float[], int, long)} takes the world's poses for error
 * priority. Without one, every slot's accumulator holds factor 1 for every object, for the caller to set, and a
 * snapshot goes to every client every tick.
 *
 * <p>Slots, authorities, accumulators and rate controls are built up front and reused: a client that connects takes
 * a free slot and starts from no baselines; one that disconnects or times out frees it. Apart from what the
 * {@code UdpServer}'s handshake allocates, nothing allocates: a connect resets the slot's authority (its sender,
 * in place) and rate control; sending, acks and disconnects allocate nothing. Not thread-safe.
 */
public final class SnapshotServer implements UdpServerHandler, AutoCloseable
{
    /** IPv4 (20) and UDP (8) header bytes each datagram adds on the wire, for {@link #wireKbps}. */
    public static final int IP_UDP_HEADER_BYTES = 28;

    private final UdpServer server;
    private final SnapshotAuthority[] authorities;
    private final PriorityAccumulator[] priorities;
    /** Per slot, how its client's budget is spent; null without a {@link SnapshotRateControlConfig}. */
    private final SnapshotRateControl[] rateControls;
    /** The previous tick's states, for fixed priority factors ("changed since the previous tick"). */
    private final QuantizedStates previous;
    private boolean hasPrevious;
    private final long[] snapshotsSent;
    private final SnapshotServerListener listener;

    /**
     * @param bindAddress address and port to listen on (port 0 for any).
     * @param config      connection limits ({@code maxClients}, timeouts, rate limits); its endpoint settings are
     *                    replaced by the link's {@link SnapshotLinkConfig#reliable()}, so every client's
     *                    reliability layer is the simulator's, and its settings fingerprint by the codec's
     *                    ({@link SnapshotLinkConfig#wireFingerprint}), so a client built with other codec settings
     *                    is denied at connect.
     * @param schema      state layout, shared with the clients.
     * @param objectCount objects, shared with the clients.
     * @param predictor   predictor, shared with the clients.
     * @param link        snapshot settings, payload budget and tick rate; its link keys are not used, each
     *                    connection is authenticated with the keys its handshake derived.
     * @param listener    told about connects and disconnects, or null.
     * @param nowNs       current time, nanoseconds.
     * @throws IOException when the socket cannot be opened.
     */
    public SnapshotServer(
        final InetSocketAddress bindAddress,
        final UdpServerConfig config,
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final SnapshotLinkConfig link,
        final SnapshotServerListener listener,
        final long nowNs) throws IOException
    {
        this(bindAddress, config, schema, objectCount, predictor, link, null, listener, nowNs);
    }

    /**
     * A server that spends each client's budget through a {@link SnapshotRateControl} of its own, as the simulated
     * runner does: give it the world's poses each tick ({@link #sendSnapshots(int, QuantizedStates, float[], int,
     * long)}) when error priority is on. The link's {@code payloadBudgetBytes} must be at least
     * {@link SnapshotRateControlConfig#capacityPayloadBytes()}.
     *
     * @param rateControl how every client's budget is spent, or null for factor-1 accumulators and a snapshot every
     *                    tick (the other constructor).
     * @see #SnapshotServer(InetSocketAddress, UdpServerConfig, StateSchema, int, Predictor, SnapshotLinkConfig,
     *      SnapshotServerListener, long)
     */
    public SnapshotServer(
        final InetSocketAddress bindAddress,
        final UdpServerConfig config,
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final SnapshotLinkConfig link,
        final SnapshotRateControlConfig rateControl,
        final SnapshotServerListener listener,
        final long nowNs) throws IOException
    {
        config.endpointConfig(link.reliable().copy())
            .settingsFingerprint(link.wireFingerprint(schema, objectCount, predictor));
        final int slots = config.validate().maxClients();
        this.listener = listener == null ? new SnapshotServerListener() { } : listener;
        this.authorities = new SnapshotAuthority[slots];
        this.priorities = new PriorityAccumulator[slots];
        this.rateControls = rateControl == null ? null : new SnapshotRateControl[slots];
        this.snapshotsSent = new long[slots];
        this.previous = new QuantizedStates(schema, objectCount);
        for (int i = 0; i < slots; i++)
        {
            if (rateControl != null)
            {
                rateControls[i] = new SnapshotRateControl(objectCount, schema.is3d(), rateControl);
                priorities[i] = rateControls[i].priorities();
            }
            else
            {
                priorities[i] = new PriorityAccumulator(objectCount);
                for (int object = 0; object < objectCount; object++)
                {
                    priorities[i].setPriorityFactor(object, 1.0f);
                }
            }
            authorities[i] = new SnapshotAuthority(schema, objectCount, predictor, priorities[i], link);
        }
        this.server = new UdpServer(bindAddress, config, this, nowNs);
    }

    /**
     * Read waiting datagrams: handshakes, and the acks that advance each client's baselines.
     *
     * @param nowNs current time, nanoseconds.
     * @return datagrams read.
     */
    public int poll(final long nowNs)
    {
        return server.poll(nowNs);
    }

    /**
     * Send the snapshot of {@code tick} to every connected client: first advance that client's priority
     * accumulator one frame ({@link PriorityAccumulator#accumulate()}), then encode against its acked baselines
     * within the budget ({@link SnapshotAuthority#sendSnapshot}). With a rate control and error priority, use
     * {@link #sendSnapshots(int, QuantizedStates, float[], int, long)}.
     *
     * @param tick   the simulation tick of {@code states}.
     * @param states the world's quantized states.
     * @param nowNs  current time, nanoseconds.
     * @return clients sent to.
     * @throws IllegalStateException when error priority needs the poses.
     */
    public int sendSnapshots(final int tick, final QuantizedStates states, final long nowNs)
    {
        return sendSnapshots(tick, states, null, 0, nowNs);
    }

    /**
     * Send the snapshot of {@code tick} to every connected client that is due one. With a rate control (see the
     * constructor) each slot's {@link SnapshotRateControl} observes the poses, sets its priorities against what that
     * client acked, and sends (or skips) at its interval within its budget; without one, as
     * {@link #sendSnapshots(int, QuantizedStates, long)}.
     *
     * @param tick       the simulation tick of {@code states}.
     * @param states     the world's quantized states.
     * @param poses      the world's float poses, object {@code i} at {@code i * poseStride} (see
     *                   {@link SnapshotRateControl#observe}), or null when no slot uses error priority.
     * @param poseStride floats per object in {@code poses}.
     * @param nowNs      current time, nanoseconds.
     * @return clients sent to.
     * @throws IllegalStateException when error priority is on and {@code poses} is null.
     */
    public int sendSnapshots(
        final int tick, final QuantizedStates states, final float[] poses, final int poseStride, final long nowNs)
    {
        int sent = 0;
        for (int i = 0; i < authorities.length; i++)
        {
            if (!server.isConnected(i))
            {
                continue;
            }
            if (rateControls == null)
            {
                priorities[i].accumulate();
                authorities[i].sendSnapshot(tick, states, nowNs);
            }
            else if (!sendControlled(i, tick, states, poses, poseStride, nowNs))
            {
                continue;
            }
            snapshotsSent[i]++;
            sent++;
        }
        if (rateControls != null)
        {
            previous.copyFrom(states);
            hasPrevious = true;
        }
        return sent;
    }

    /** One slot's tick through its rate control; true when it sent a snapshot. */
    private boolean sendControlled(
        final int slot, final int tick, final QuantizedStates states, final float[] poses, final int poseStride,
        final long nowNs)
    {
        final SnapshotRateControl control = rateControls[slot];
        final SnapshotAuthority authority = authorities[slot];
        if (control.errorPriority())
        {
            if (poses == null)
            {
                throw new IllegalStateException("error priority needs the world's poses");
            }
            control.observe(poses, poseStride);
        }
        control.prioritize(tick, authority.sender(), states, hasPrevious ? previous : null);
        if (!control.sendDue(tick))
        {
            control.skip();
            return false;
        }
        final long bytesBefore = server.bytesSent(slot);
        final long datagramsBefore = server.datagramsSent(slot);
        control.send(authority, tick, states, nowNs);
        control.onWire(authority, server.bytesSent(slot) - bytesBefore +
            (server.datagramsSent(slot) - datagramsBefore) * IP_UDP_HEADER_BYTES);
        return true;
    }

    /**
     * Refresh every client's estimates, send keep-alives on quiet connections, drop clients silent past the idle
     * timeout.
     *
     * @param nowNs current time, nanoseconds.
     */
    public void update(final long nowNs)
    {
        server.update(nowNs);
    }

    /**
     * @param clientIndex slot in [0, maxClients).
     * @return true when a client holds the slot.
     */
    public boolean isConnected(final int clientIndex)
    {
        return server.isConnected(clientIndex);
    }

    /** @return clients connected now. */
    public int connectedCount()
    {
        return server.connectedCount();
    }

    /** @return slots, connected or not. */
    public int maxClients()
    {
        return authorities.length;
    }

    /**
     * @param clientIndex slot in [0, maxClients).
     * @return the slot's authority (its sender's statistics, last payload size, digest).
     */
    public SnapshotAuthority authority(final int clientIndex)
    {
        return authorities[checkIndex(clientIndex)];
    }

    /**
     * @param clientIndex slot in [0, maxClients).
     * @return the slot's priority accumulator: without a rate control every factor starts at 1; set them for what
     *         this client should see first (its own player, say). Accumulated by {@link #sendSnapshots}. With a rate
     *         control its factors are the control's (see {@link #rateControl}); null when that control is unbudgeted.
     */
    public PriorityAccumulator priorities(final int clientIndex)
    {
        return priorities[checkIndex(clientIndex)];
    }

    /**
     * @param clientIndex slot in [0, maxClients).
     * @return the slot's rate control (set its important object, read its interval), or null when the server was
     *         built without a {@link SnapshotRateControlConfig}.
     */
    public SnapshotRateControl rateControl(final int clientIndex)
    {
        return rateControls == null ? null : rateControls[checkIndex(clientIndex)];
    }

    /**
     * @param clientIndex a connected slot.
     * @return the client's endpoint: RTT, loss, smoothed bandwidth, counters.
     */
    public ReliableEndpoint endpoint(final int clientIndex)
    {
        return server.endpoint(clientIndex);
    }

    /**
     * @param clientIndex slot in [0, maxClients).
     * @return snapshots sent to the slot's current (or last) client.
     */
    public long snapshotsSent(final int clientIndex)
    {
        return snapshotsSent[checkIndex(clientIndex)];
    }

    /**
     * @param clientIndex slot in [0, maxClients).
     * @return objects sent to the slot's current (or last) client.
     */
    public long objectsSent(final int clientIndex)
    {
        return authorities[checkIndex(clientIndex)].sender().objectsSent();
    }

    /**
     * @param clientIndex slot in [0, maxClients).
     * @return UDP payload bytes sent to the slot's current client (see {@link UdpServer#bytesSent}).
     */
    public long bytesSent(final int clientIndex)
    {
        return server.bytesSent(clientIndex);
    }

    /**
     * Mean rate on the wire to a client since it connected: every datagram's bytes plus
     * {@link #IP_UDP_HEADER_BYTES}. For a free slot, the rate to its last client up to {@code nowNs}.
     *
     * @param clientIndex slot in [0, maxClients).
     * @param nowNs       current time, nanoseconds.
     * @return kilobits per second, 0 before any time has passed.
     */
    public double wireKbps(final int clientIndex, final long nowNs)
    {
        final long elapsedNs = nowNs - server.connectedSinceNs(clientIndex);
        if (elapsedNs <= 0)
        {
            return 0.0;
        }
        final long wireBytes = server.bytesSent(clientIndex) + server.datagramsSent(clientIndex) * IP_UDP_HEADER_BYTES;
        return wireBytes * 8.0 / (elapsedNs / 1e9) / 1000.0;
    }

    /**
     * A fingerprint of everything a received datagram can change: the UDP server's ({@link UdpServer#stateDigest}:
     * slots, cookies, endpoints) and each connected client's authority ({@link SnapshotAuthority#stateDigest()}:
     * baselines, counters). Two equal digests around a datagram prove a refused one changed nothing else: for tests
     * and diagnostics, off hot paths.
     *
     * @param nowNs the time the datagram was (or is about to be) handled at.
     * @return hash of that state.
     */
    public long stateDigest(final long nowNs)
    {
        long h = server.stateDigest(nowNs);
        for (int i = 0; i < authorities.length; i++)
        {
            h = h * 31 + (server.isConnected(i) ? authorities[i].stateDigest() : 0);
        }
        return h;
    }

    /** @return the UDP server (its counters, the clients' addresses and keys). */
    public UdpServer udpServer()
    {
        return server;
    }

    /**
     * @return the bound address.
     * @throws IOException when the socket is closed.
     */
    public InetSocketAddress localAddress() throws IOException
    {
        return server.localAddress();
    }

    /** Close the socket; clients time out. */
    @Override
    public void close()
    {
        server.close();
    }

    @Override
    public void onClientConnected(final int clientIndex, final InetSocketAddress address)
    {
        authorities[clientIndex].attach(server.connection(clientIndex));
        if (rateControls != null)
        {
            rateControls[clientIndex].reset();
        }
        snapshotsSent[clientIndex] = 0;
        listener.onClientConnected(clientIndex, address);
    }

    @Override
    public void onClientDisconnected(final int clientIndex, final DisconnectReason reason)
    {
        listener.onClientDisconnected(clientIndex, reason);
    }

    @Override
    public boolean onPacket(
        final int clientIndex, final int sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        return authorities[clientIndex].process(sequence, buffer, offset, length);
    }

    @Override
    public void onAcked(final int clientIndex, final int sequence)
    {
        authorities[clientIndex].onAcked(sequence);
    }

    private int checkIndex(final int clientIndex)
    {
        if (clientIndex < 0 || clientIndex >= authorities.length)
        {
            throw new IllegalArgumentException(
                "client index must be in [0, " + authorities.length + "): " + clientIndex);
        }
        return clientIndex;
    }
}
