/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.snapshot;

import java.io.IOException;
import java.net.InetSocketAddress;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.ReliableEndpoint;
import dev.statesync.sync.udp.DeniedReason;
import dev.statesync.sync.udp.UdpClient;
import dev.statesync.sync.udp.UdpClientConfig;
import dev.statesync.sync.udp.UdpClientState;

/**
 * The client side of a {@link SnapshotServer}: a {@link UdpClient} with a {@link SnapshotReplica} attached to its
 * authenticated connection. The replica decodes each snapshot before {@link #poll} returns; {@link #sendAcks}
 * once per tick sends the acks that advance the server's baselines for this client.
 *
 * <pre>{@code
 * SnapshotClient client = new SnapshotClient(localAddress, serverAddress, new UdpClientConfig(), schema, objects,
 *     predictor, link, nowNs);
 * client.connect(nowNs);
 * // each tick:
 * client.poll(nowNs);       // snapshots are applied to client.replica().receiver().states()
 * client.sendAcks(nowNs);   // when connected
 * client.update(nowNs);
 * }</pre>
 *
 * Connected, nothing allocates; a connect after an earlier connection received snapshots resets the
 * {@code SnapshotReceiver} in place (a new connection starts from no states). Not thread-safe.
 */
public final class SnapshotClient implements AutoCloseable
{
    private final SnapshotReplica replica;
    private final UdpClient client;

    /**
     * Opens the socket; sends nothing until {@link #connect(long)}.
     *
     * @param localAddress  address to bind (port 0 for any).
     * @param serverAddress the server.
     * @param config        handshake settings; its endpoint settings are replaced by the link's
     *                      {@link SnapshotLinkConfig#reliable()}, as the server's are, holding
     *                      {@link SnapshotLinkConfig#heldSnapshotSlots()} snapshots for a second offer, and its
     *                      settings fingerprint by the codec's ({@link SnapshotLinkConfig#wireFingerprint}): a
     *                      server built with other codec settings denies the connection
     *                      ({@code deniedReason()} {@code SETTINGS_MISMATCH}).
     * @param schema        state layout, the server's.
     * @param objectCount   objects, the server's.
     * @param predictor     predictor, the server's.
     * @param link          the server's snapshot settings; its link keys are not used, the handshake derives them.
     * @param nowNs         current time, nanoseconds.
     * @throws IOException when the socket cannot be opened.
     */
    public SnapshotClient(
        final InetSocketAddress localAddress,
        final InetSocketAddress serverAddress,
        final UdpClientConfig config,
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final SnapshotLinkConfig link,
        final long nowNs) throws IOException
    {
        config.endpointConfig(link.replicaHolds(link.reliable().copy(), LinkSide.CLIENT))
            .settingsFingerprint(link.wireFingerprint(schema, objectCount, predictor));
        this.replica = new SnapshotReplica(schema, objectCount, predictor, link);
        this.client = new UdpClient(localAddress, serverAddress, config, replica, replica, nowNs);
        replica.attach(client);
    }

    /**
     * Start the handshake; the replica starts from no states. Poll and update until connected or failed.
     *
     * @param nowNs current time, nanoseconds.
     */
    public void connect(final long nowNs)
    {
        replica.attach(client);
        client.connect(nowNs);
    }

    /**
     * Read waiting datagrams; snapshots among them are decoded and applied before this returns.
     *
     * @param nowNs current time, nanoseconds.
     * @return datagrams read.
     */
    public int poll(final long nowNs)
    {
        return client.poll(nowNs);
    }

    /**
     * Send the acks of everything received so far (an empty packet); once per tick while connected, nothing
     * otherwise.
     *
     * @param nowNs current time, nanoseconds.
     * @return true when sent.
     */
    public boolean sendAcks(final long nowNs)
    {
        if (!client.isConnected())
        {
            return false;
        }
        replica.sendAcks(nowNs);
        return true;
    }

    /**
     * Handshake resends, timeouts, estimates and keep-alives (see {@link UdpClient#update}).
     *
     * @param nowNs current time, nanoseconds.
     */
    public void update(final long nowNs)
    {
        client.update(nowNs);
    }

    /**
     * Tell the server we leave (see {@link UdpClient#disconnect}).
     *
     * @param nowNs current time, nanoseconds.
     */
    public void disconnect(final long nowNs)
    {
        client.disconnect(nowNs);
    }

    /** @return where the connection is. */
    public UdpClientState state()
    {
        return client.state();
    }

    /**
     * @return why the server denied the connection when {@link #state()} is {@link UdpClientState#DENIED}
     *         ({@link DeniedReason#SETTINGS_MISMATCH}: this client's codec settings differ from the server's), else
     *         {@link DeniedReason#NONE}.
     */
    public DeniedReason deniedReason()
    {
        return client.deniedReason();
    }

    /** @return true when connected. */
    public boolean isConnected()
    {
        return client.isConnected();
    }

    /** @return the replica: decode counts, the receiver and its states. */
    public SnapshotReplica replica()
    {
        return replica;
    }

    /** @return the replica's receiver: the states, their ticks, the last snapshot's objects. */
    public SnapshotReceiver receiver()
    {
        return replica.receiver();
    }

    /** @return the connection's endpoint: RTT, loss, bandwidth, counters. */
    public ReliableEndpoint endpoint()
    {
        return client.endpoint();
    }

    /** @return the UDP client (its counters, slot index, local address). */
    public UdpClient udpClient()
    {
        return client;
    }

    /** Close the socket without telling the server (call {@link #disconnect} first for that). */
    @Override
    public void close()
    {
        client.close();
    }
}
