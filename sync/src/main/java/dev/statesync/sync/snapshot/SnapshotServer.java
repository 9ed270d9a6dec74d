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
 * Slots, authorities and accumulators are built up front and reused: a client that connects takes a free slot and
 * starts from no baselines; one that disconnects or times out frees it. Apart from what the {@code UdpServer}'s
 * handshake allocates, a connect allocates one {@code SnapshotSender} when the slot served a client before (the
 * codec's sender has no reset); sending, acks and disconnects allocate nothing. Not thread-safe.
 */
public final class SnapshotServer implements UdpServerHandler, AutoCloseable
{
    /** IPv4 (20) and UDP (8) header bytes each datagram adds on the wire, for {@link #wireKbps}. */
    public static final int IP_UDP_HEADER_BYTES = 28;

    private final UdpServer server;
    private final SnapshotAuthority[] authorities;
    private final PriorityAccumulator[] priorities;
    private final long[] snapshotsSent;
    private final SnapshotServerListener listener;

    /**
     * @param bindAddress address and port to listen on (port 0 for any).
     * @param config      connection limits ({@code maxClients}, timeouts, rate limits); its endpoint settings are
     *                    replaced by the link's {@link SnapshotLinkConfig#reliable()}, so every client's
     *                    reliability layer is the simulator's.
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
        config.endpointConfig(link.reliable().copy());
        final int slots = config.validate().maxClients();
        this.listener = listener == null ? new SnapshotServerListener() { } : listener;
        this.authorities = new SnapshotAuthority[slots];
        this.priorities = new PriorityAccumulator[slots];
        this.snapshotsSent = new long[slots];
        for (int i = 0; i < slots; i++)
        {
            priorities[i] = new PriorityAccumulator(objectCount);
            for (int object = 0; object < objectCount; object++)
            {
                priorities[i].setPriorityFactor(object, 1.0f);
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
     * within the budget ({@link SnapshotAuthority#sendSnapshot}).
     *
     * @param tick   the simulation tick of {@code states}.
     * @param states the world's quantized states.
     * @param nowNs  current time, nanoseconds.
     * @return clients sent to.
     */
    public int sendSnapshots(final int tick, final QuantizedStates states, final long nowNs)
    {
        int sent = 0;
        for (int i = 0; i < authorities.length; i++)
        {
            if (server.isConnected(i))
            {
                priorities[i].accumulate();
                authorities[i].sendSnapshot(tick, states, nowNs);
                snapshotsSent[i]++;
                sent++;
            }
        }
        return sent;
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
     * @return the slot's priority accumulator: every factor starts at 1; set them for what this client should see
     *         first (its own player, say). Accumulated by {@link #sendSnapshots}.
     */
    public PriorityAccumulator priorities(final int clientIndex)
    {
        return priorities[checkIndex(clientIndex)];
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
