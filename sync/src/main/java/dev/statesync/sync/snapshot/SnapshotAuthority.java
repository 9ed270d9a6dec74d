package dev.statesync.sync.snapshot;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.priority.PriorityAccumulator;
import dev.statesync.codec.snapshot.ObjectCodec;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.AckListener;
import dev.statesync.sync.reliable.PacketProcessor;
import dev.statesync.sync.reliable.PacketTransmitter;
import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.ReliableConnection;
import dev.statesync.sync.reliable.ReliableEndpoint;

/**
 * The authority's end of one snapshot connection: every tick, selects objects by priority, delta-codes each
 * against its acked baseline into one packet within the payload budget, and sends it; packet acks from the
 * reliability layer advance exactly the baselines of the objects that packet carried.
 * <p>
 * It attaches to a {@link ReliableConnection} instead of owning one, so the same codec, budget and resend policy
 * run over the network simulator and over real sockets: {@link #withEndpoint} builds an endpoint of its own for a
 * transport you feed yourself (a simulator, your own socket); {@code SnapshotServer} attaches one authority to each
 * client slot of a {@code UdpServer}. Whoever owns the connection routes its endpoint's {@link PacketProcessor} and
 * {@link AckListener} callbacks here.
 *
 * <pre>{@code
 * SnapshotAuthority authority = SnapshotAuthority.withEndpoint(schema, objects, predictor, priorities, config,
 *     transmitter, nowNs);
 * // each tick, after stepping the simulation and quantizing its state:
 * priorities.setPriorityFactor(...); priorities.accumulate();
 * authority.sendSnapshot(tick, quantizedStates, nowNs);
 * // for each datagram from this replica:
 * authority.receiveDatagram(buffer, offset, length, nowNs);
 * authority.update(nowNs);
 * }</pre>
 *
 * With range-coded snapshots ({@code SnapshotConfig.rangeCoded}) the budget is filled by range-coded size:
 * the sender takes the accumulator's whole order and fits the frame itself (see
 * {@link SnapshotSender#encodeFramed}), so the accumulator's {@code maxConsecutiveMisses} does not apply there.
 *
 * Allocation-free after construction: {@link #attach} after snapshots were sent resets the sender in place
 * ({@link SnapshotSender#reset()}) rather than building a new one. Not thread-safe.
 */
public final class SnapshotAuthority implements AckListener, PacketProcessor
{
    private final int objectCount;
    private final PriorityAccumulator priorities;
    /** Smallest payload budget, bytes, as {@code SnapshotLinkConfig.payloadBudgetBytes} accepts. */
    private static final int MIN_PAYLOAD_BUDGET_BYTES = 16;

    private final int capacityBytes;
    private int budgetBytes;
    private final UnsafeBuffer payload;
    private final BitWriter writer = new BitWriter();
    private final int[] chosen;
    private final boolean framed;
    private final double tickMs;
    private final int minResendTimeoutTicks;
    private final SnapshotSender sender;
    private boolean senderUsed;
    private ReliableConnection connection;
    private final long[] counters = new long[SnapshotAuthorityCounters.values().length];
    private int payloadBytes;
    /** Snapshots sent since the last {@link #attach}: the loss estimate is passed on once it covers a window. */
    private long snapshotsSinceAttach;

    /**
     * An authority not yet attached to a connection: {@link #attach} it before the first
     * {@link #sendSnapshot}.
     *
     * @param schema      state layout, shared with the replica.
     * @param objectCount objects, shared with the replica.
     * @param predictor   predictor, shared with the replica.
     * @param priorities  the engine's priority accumulator for this connection, or null to send objects in
     *                    index order until the budget is full.
     * @param config      link settings: snapshot settings, payload budget, tick rate (its reliability settings
     *                    and keys are the connection's business).
     */
    public SnapshotAuthority(
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final PriorityAccumulator priorities,
        final SnapshotLinkConfig config)
    {
        if (priorities != null && priorities.objectCount() != objectCount)
        {
            throw new IllegalArgumentException("priority accumulator is for " + priorities.objectCount() + " objects");
        }
        this.objectCount = objectCount;
        final SnapshotConfig snapshotConfig = config.snapshot();
        this.sender = new SnapshotSender(schema, objectCount, predictor,
            new ObjectCodec(schema, config.physicalCouplings()), snapshotConfig);
        this.priorities = priorities;
        this.capacityBytes = config.payloadBudgetBytes();
        this.budgetBytes = capacityBytes;
        this.framed = snapshotConfig.rangeCoded();
        this.tickMs = 1000.0 / config.tickRateHz();
        this.minResendTimeoutTicks = snapshotConfig.resendTimeoutTicks();
        this.payload = new UnsafeBuffer(new byte[budgetBytes]);
        this.chosen = new int[objectCount];
    }

    /**
     * An authority attached to an endpoint of its own, authenticated as {@code config} says
     * ({@link SnapshotLinkConfig#reliableFor} the server side): for a transport whose datagrams you deliver
     * yourself with {@link #receiveDatagram}, such as the network simulator.
     *
     * @param transmitter where datagrams go (a socket, or a network simulator).
     * @param nowNs       current time.
     * @return the attached authority; {@link #endpoint()} is its endpoint.
     * @see #SnapshotAuthority(StateSchema, int, Predictor, PriorityAccumulator, SnapshotLinkConfig)
     */
    public static SnapshotAuthority withEndpoint(
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final PriorityAccumulator priorities,
        final SnapshotLinkConfig config,
        final PacketTransmitter transmitter,
        final long nowNs)
    {
        final SnapshotAuthority authority = new SnapshotAuthority(schema, objectCount, predictor, priorities, config);
        authority.attach(
            new ReliableEndpoint(config.reliableFor(LinkSide.SERVER), transmitter, authority, authority, nowNs));
        return authority;
    }

    /**
     * Serve a new connection, from no baselines: acks and baselines of any earlier connection are forgotten
     * ({@link SnapshotSender#reset()}), the priority accumulators restart from 0 (excluded objects stay excluded), the
     * counters from 0 and the payload budget returns to the configured one. Allocates nothing. The
     * connection's owner must route its endpoint's packets and acks to {@link #process} and {@link #onAcked} from
     * now on. A server slot attaches again for each client it takes, with the same
     * connection object.
     *
     * @param connection the connection to send snapshots on; its endpoint must be fresh (reset) or this
     *                   authority's own.
     */
    public void attach(final ReliableConnection connection)
    {
        if (connection == null)
        {
            throw new IllegalArgumentException("connection is required");
        }
        if (senderUsed)
        {
            // A new connection starts from no baselines; the sender's rings (about 2.4 MB for 901 objects) are
            // reused, not rebuilt.
            sender.reset();
            senderUsed = false;
        }
        if (priorities != null)
        {
            for (int i = 0; i < objectCount; i++)
            {
                chosen[i] = i;
            }
            priorities.markSent(chosen, objectCount);
        }
        this.connection = connection;
        java.util.Arrays.fill(counters, 0L);
        this.payloadBytes = 0;
        this.budgetBytes = capacityBytes;
        this.snapshotsSinceAttach = 0;
    }

    /**
     * Change the payload budget of the snapshots sent from now on, for a caller that varies it at run time (a
     * send-rate controller gives each snapshot the bytes of the ticks it skipped). The link's configured
     * {@code payloadBudgetBytes} stays the largest: the payload buffer is that big.
     *
     * @param bytes payload bytes per snapshot, 16 .. the configured budget.
     */
    public void payloadBudgetBytes(final int bytes)
    {
        if (bytes < MIN_PAYLOAD_BUDGET_BYTES || bytes > capacityBytes)
        {
            throw new IllegalArgumentException("payload budget must be " + MIN_PAYLOAD_BUDGET_BYTES +
                ".." + capacityBytes + " bytes, got " + bytes);
        }
        budgetBytes = bytes;
    }

    /** @return the payload budget of the next snapshot, bytes. */
    public int payloadBudgetBytes()
    {
        return budgetBytes;
    }

    /**
     * Encode and send the snapshot of {@code tick}. First sets the sender's resend timeout from the smoothed
     * round trip (see {@link #resendTimeoutTicks(double, double, int)}) and, once the endpoint has sent a full window
     * of packets ({@code ReliableConfig.sentPacketsBufferSize}), passes it the endpoint's measured packet loss
     * ({@link SnapshotSender#linkLossPercent}): previous-tick states are repeated only on a lossy link.
     *
     * @return the packet's sequence.
     * @throws IllegalStateException when not attached, or the connection is closed.
     */
    public int sendSnapshot(final int tick, final QuantizedStates states, final long nowNs)
    {
        if (connection == null)
        {
            throw new IllegalStateException("not attached to a connection");
        }
        final ReliableEndpoint endpoint = connection.endpoint();
        senderUsed = true;
        sender.resendTimeoutTicks(resendTimeoutTicks(endpoint.rttMs(), tickMs, minResendTimeoutTicks));
        if (snapshotsSinceAttach >= endpoint.config().sentPacketsBufferSize())
        {
            // The endpoint samples the older half of its sent-packet window: before the window has filled, packets
            // never sent count as delivered and a lossy link would look clean.
            sender.linkLossPercent(endpoint.packetLossPercent());
        }
        snapshotsSinceAttach++;
        final int sequence = endpoint.nextSequence();
        if (framed)
        {
            // A framed snapshot: range-coded, or a format byte and the bitpacked packet.
            if (priorities == null)
            {
                payloadBytes = sender.encodeFramed(tick, states, null, 0, payload, 0, budgetBytes, sequence);
            }
            else
            {
                // The sender fits the budget by range-coded size itself, so it takes the whole priority order.
                final int ordered = priorities.order(chosen);
                payloadBytes = sender.encodeFramed(tick, states, chosen, ordered, payload, 0, budgetBytes, sequence);
                priorities.markSent(sender.includedObjects(), sender.includedCount());
            }
        }
        else
        {
            writer.wrap(payload, 0, budgetBytes);
            if (priorities == null)
            {
                sender.encode(tick, states, null, 0, budgetBytes * 8, writer, sequence);
            }
            else
            {
                sender.prepare(tick, states, budgetBytes * 8);
                final int count = priorities.select(sender, budgetBytes * 8 - sender.headerBits(), chosen);
                sender.write(chosen, count, writer, sequence);
                priorities.markSent(chosen, count);
            }
            payloadBytes = writer.bytesWritten();
        }
        final int sent = connection.sendPacket(payload, 0, payloadBytes, nowNs);
        if (sent != sequence)
        {
            throw new IllegalStateException("endpoint used sequence " + sent + ", expected " + sequence);
        }
        return sequence;
    }

    /**
     * The resend timeout for a measured round trip: {@code max(floor, ceil(1.5 * rtt / tick) + 2)} ticks, and
     * {@code floor} before the first RTT sample. The ack of a packet normally arrives one smoothed round trip
     * after it was sent; the factor 1.5 absorbs jitter and the lag of the smoothed estimate behind a rising
     * RTT, and 2 more ticks the tick granularity of sending, acking and reading acks. A shorter timeout would
     * repeat states whose ack is merely in flight, a longer one leaves a lost final state wrong for longer. The
     * floor is {@code SnapshotConfig.resendTimeoutTicks} (default 12): on a short round trip the timeout only
     * matters when every send of a state was lost, which is rare. RTT samples exist only for packets still in
     * the endpoint's sent-packet buffer, so the result stays bounded. Allocation-free.
     *
     * @param rttMs      smoothed round trip in milliseconds, 0 when not yet measured.
     * @param tickMs     milliseconds per tick, > 0.
     * @param floorTicks smallest timeout, > 0.
     * @return the timeout in ticks, >= floorTicks.
     */
    public static int resendTimeoutTicks(final double rttMs, final double tickMs, final int floorTicks)
    {
        if (!(rttMs > 0))
        {
            return floorTicks;
        }
        final double ticks = Math.ceil(1.5 * rttMs / tickMs) + 2;
        return ticks > floorTicks ? (int)Math.min(ticks, Integer.MAX_VALUE) : floorTicks;
    }

    /**
     * Feed a datagram from the replica (it carries acks) to an endpoint of this authority's own
     * ({@link #withEndpoint}). Hostile bytes are counted by the endpoint.
     *
     * @throws IllegalStateException when attached to a connection someone else feeds (a {@code UdpServer} slot).
     */
    public void receiveDatagram(final DirectBuffer buffer, final int offset, final int length, final long nowNs)
    {
        ownEndpoint().receivePacket(buffer, offset, length, nowNs);
    }

    /**
     * Update the estimates of an endpoint of this authority's own ({@link #withEndpoint}); call once per tick.
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
    public void onAcked(final int sequence)
    {
        sender.onAcked(sequence);
    }

    @Override
    public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        // A replica sends empty packets that exist to carry acks; accept them, count anything else.
        counters[(length == 0 ? SnapshotAuthorityCounters.ACK_PACKETS_RECEIVED :
            SnapshotAuthorityCounters.UNEXPECTED_PAYLOADS).id()]++;
        return true;
    }

    /** @return the snapshot sender (statistics, included objects). */
    public SnapshotSender sender()
    {
        return sender;
    }

    /** @return the attached connection's endpoint (RTT, loss, bandwidth, counters), or null before attaching. */
    public ReliableEndpoint endpoint()
    {
        return connection == null ? null : connection.endpoint();
    }

    /** @return the attached connection, or null before attaching. */
    public ReliableConnection connection()
    {
        return connection;
    }

    /** @return bytes of the last snapshot payload. */
    public int lastPayloadBytes()
    {
        return payloadBytes;
    }

    /**
     * A fingerprint of everything a datagram from the replica can change: the endpoint's
     * ({@link ReliableEndpoint#stateDigest()}: windows, acks, RTT), the sender's baseline bookkeeping
     * ({@link SnapshotSender#stateDigest()}) and the counters (which only an accepted packet moves). Two equal
     * digests around {@link #receiveDatagram} prove a refused datagram changed nothing else: for tests and
     * diagnostics, off any hot path.
     *
     * @return hash of that state.
     */
    public long stateDigest()
    {
        long h = connection == null ? 0 : connection.endpoint().stateDigest();
        h = h * 31 + sender.stateDigest();
        for (final long count : counters)
        {
            h = h * 31 + count;
        }
        return h;
    }

    /**
     * @param counter one of this authority's counters.
     * @return its value since the last {@link #attach}.
     */
    public long counter(final SnapshotAuthorityCounters counter)
    {
        return counters[counter.id()];
    }
}
