package dev.statesync.sync.snapshot;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.snapshot.ObjectCodec;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.AckListener;
import dev.statesync.sync.reliable.PacketProcessor;
import dev.statesync.sync.reliable.PacketTransmitter;
import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.ReliableConnection;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.reliable.ReliableEndpoint;

/**
 * The replica's end of one snapshot connection: decodes each snapshot the reliability layer delivers and
 * hands the engine the object states. A snapshot that does not decode is refused to the reliability layer,
 * so it is never acked and the authority never takes it as a baseline: sender and receiver cannot disagree
 * about baselines. Call {@link #sendAcks(long)} every tick so acks flow back.
 * <p>
 * Like {@link SnapshotAuthority} it attaches to a {@link ReliableConnection}: {@link #withEndpoint} builds an
 * endpoint of its own for a transport you feed yourself, {@code SnapshotClient} attaches it to a {@code UdpClient}.
 *
 * <p>A snapshot that names a snapshot the replica has not received ({@link DecodeResult#BASELINE_MISSING}) may only
 * have overtaken it on the network: the replica then asks its endpoint to hold the datagram and offer it once more
 * after the next snapshot it applies ({@link #mayPassLater()}, {@link SnapshotLinkConfig#heldSnapshotSlots}). Each
 * offer is decoded, and counted, as a snapshot the reliability layer delivers; so one receive can apply two
 * snapshots, and a {@link AppliedSnapshotListener} sees each.
 *
 * Allocation-free after construction: {@link #attach} after snapshots were received resets the receiver in place
 * ({@link SnapshotReceiver#reset()}; a new connection starts from no states). Not thread-safe.
 */
public final class SnapshotReplica implements PacketProcessor, AckListener
{
    private final BitReader reader = new BitReader();
    private final UnsafeBuffer empty = new UnsafeBuffer(new byte[0]);
    private final long[] counters = new long[SnapshotReplicaCounters.values().length];
    private final boolean framed;
    private final SnapshotReceiver receiver;
    private boolean receiverUsed;
    private ReliableConnection connection;
    private DecodeResult lastResult;
    private AppliedSnapshotListener listener;

    /**
     * A replica not yet attached to a connection. Same schema, object count, predictor and snapshot settings as
     * the authority's.
     */
    public SnapshotReplica(
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final SnapshotLinkConfig config)
    {
        final SnapshotConfig snapshotConfig = config.snapshot();
        this.receiver = new SnapshotReceiver(schema, objectCount, predictor,
            new ObjectCodec(schema, config.physicalCouplings()), snapshotConfig);
        this.framed = snapshotConfig.rangeCoded();
    }

    /**
     * A replica attached to an endpoint of its own, authenticated as {@code config} says
     * ({@link SnapshotLinkConfig#reliableFor} the client side): for a transport whose datagrams you deliver yourself
     * with {@link #receiveDatagram}, such as the network simulator.
     *
     * @param transmitter where datagrams go.
     * @param nowNs       current time.
     * @return the attached replica; {@link #endpoint()} is its endpoint.
     */
    public static SnapshotReplica withEndpoint(
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final SnapshotLinkConfig config,
        final PacketTransmitter transmitter,
        final long nowNs)
    {
        final SnapshotReplica replica = new SnapshotReplica(schema, objectCount, predictor, config);
        replica.attach(new ReliableEndpoint(config.reliableFor(LinkSide.CLIENT), transmitter, replica, replica, nowNs));
        return replica;
    }

    /**
     * Receive a new connection's snapshots, from no states: what an earlier connection delivered is forgotten
     * (with its decode counts; {@link SnapshotReceiver#reset()}, in place: allocates nothing). The connection's owner must route its endpoint's packets to {@link #process}.
     *
     * @param connection the connection snapshots arrive on; acks go back on it.
     */
    public void attach(final ReliableConnection connection)
    {
        if (connection == null)
        {
            throw new IllegalArgumentException("connection is required");
        }
        if (receiverUsed)
        {
            receiver.reset();
            receiverUsed = false;
        }
        java.util.Arrays.fill(counters, 0L);
        lastResult = null;
        this.connection = connection;
    }

    /**
     * Feed a datagram from the authority to an endpoint of this replica's own ({@link #withEndpoint}); a snapshot
     * in it is decoded and applied before this returns.
     *
     * @throws IllegalStateException when attached to a connection someone else feeds (a {@code UdpClient}).
     */
    public void receiveDatagram(final DirectBuffer buffer, final int offset, final int length, final long nowNs)
    {
        final ReliableEndpoint endpoint = ownEndpoint();
        lastResult = null;
        endpoint.receivePacket(buffer, offset, length, nowNs);
    }

    /**
     * Send an empty packet: it carries the acks of everything received so far.
     *
     * @throws IllegalStateException when not attached, or the connection is closed.
     */
    public void sendAcks(final long nowNs)
    {
        if (connection == null)
        {
            throw new IllegalStateException("not attached to a connection");
        }
        connection.sendPacket(empty, 0, 0, nowNs);
    }

    /**
     * Update the estimates of an endpoint of this replica's own ({@link #withEndpoint}); call once per tick.
     *
     * @throws IllegalStateException when attached to a connection someone else updates.
     */
    public void update(final long nowNs)
    {
        ownEndpoint().update(nowNs);
    }

    private ReliableEndpoint ownEndpoint()
    {
        if (connection == null || connection.endpoint() != connection)
        {
            throw new IllegalStateException("the connection's owner feeds and updates its endpoint");
        }
        return (ReliableEndpoint)connection;
    }

    @Override
    public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        final DecodeResult result;
        if (framed)
        {
            result = receiver.decodeFramed(buffer, offset, length, sequence);
        }
        else
        {
            reader.wrap(buffer, offset, length);
            result = receiver.decode(reader, sequence);
        }
        counters[SnapshotReplicaCounters.of(result).id()]++;
        lastResult = result;
        receiverUsed = true;
        if (result != DecodeResult.OK)
        {
            return false;
        }
        if (listener != null)
        {
            listener.onSnapshotApplied(receiver);
        }
        return true;
    }

    /**
     * A snapshot refused for a missing baseline may pass later: the packet it named may still be on its way,
     * overtaken by this one. Malformed and stale snapshots never pass later.
     */
    @Override
    public boolean mayPassLater()
    {
        return lastResult == DecodeResult.BASELINE_MISSING;
    }

    /**
     * Be told of every snapshot applied, right after it is: the receiver's {@link SnapshotReceiver#updatedObjects()}
     * and previous-tick states are that snapshot's only until the next one is applied, and one receive can apply
     * more than one (a held snapshot offered again after the one it named, or several datagrams read in one poll).
     *
     * @param listener called per applied snapshot, or null for none.
     * @return this.
     */
    public SnapshotReplica listener(final AppliedSnapshotListener listener)
    {
        this.listener = listener;
        return this;
    }

    @Override
    public void onAcked(final int sequence)
    {
        // The replica's packets carry no state; nothing depends on their acks.
    }

    /** @return the snapshot receiver: the states, and which objects the last snapshot updated. */
    public SnapshotReceiver receiver()
    {
        return receiver;
    }

    /** @return the attached connection's endpoint, or null before attaching. */
    public ReliableEndpoint endpoint()
    {
        return connection == null ? null : connection.endpoint();
    }

    /** @return the attached connection, or null before attaching. */
    public ReliableConnection connection()
    {
        return connection;
    }

    /**
     * @return the result of the last snapshot decoded; after {@link #receiveDatagram}, of the last snapshot offered
     *         during that call: the datagram's own, or a held one offered again after it; null if none was.
     */
    public DecodeResult lastResult()
    {
        return lastResult;
    }

    /**
     * @param counter one of this replica's counters.
     * @return its value since the last {@link #attach}.
     */
    public long counter(final SnapshotReplicaCounters counter)
    {
        return counters[counter.id()];
    }

    /**
     * A fingerprint of everything a datagram from the authority can change: the endpoint's
     * ({@link ReliableEndpoint#stateDigest()}), the receiver's ({@link SnapshotReceiver#stateDigest()}) and the
     * count of snapshots applied. It leaves out the counts of refused snapshots and {@link #lastResult()}, which
     * exist to report a refusal. Two equal digests around {@link #receiveDatagram} prove a refused datagram
     * changed nothing else: for tests and diagnostics, off any hot path.
     *
     * @return hash of that state.
     */
    public long stateDigest()
    {
        long h = connection == null ? 0 : connection.endpoint().stateDigest();
        h = h * 31 + receiver.stateDigest();
        return h * 31 + counters[SnapshotReplicaCounters.SNAPSHOTS_APPLIED.id()];
    }

    /**
     * @return snapshots refused for a missing baseline and never applied.
     * {@link SnapshotReplicaCounters#REFUSED_BASELINE_MISSING}
     * counts every offer, and the endpoint offers a held snapshot a second time (after the next one applied,
     * {@link SnapshotLinkConfig#heldSnapshotSlots}): one offer of each held snapshot offered again is not a miss,
     * whether it then passed or was refused again.
     */
    public long baselineMisses()
    {
        long misses = counters[SnapshotReplicaCounters.REFUSED_BASELINE_MISSING.id()];
        if (connection != null)
        {
            final ReliableEndpoint endpoint = connection.endpoint();
            misses -= endpoint.counter(ReliableCounters.HELD_PACKETS_DELIVERED) +
                endpoint.counter(ReliableCounters.HELD_PACKETS_REFUSED);
        }
        return misses;
    }

    /** @return snapshots refused for any reason: the sum of the refusal counters. */
    public long decodeFailures()
    {
        long failures = 0;
        for (final SnapshotReplicaCounters counter : SnapshotReplicaCounters.values())
        {
            if (counter.isRefusal())
            {
                failures += counters[counter.id()];
            }
        }
        return failures;
    }
}
