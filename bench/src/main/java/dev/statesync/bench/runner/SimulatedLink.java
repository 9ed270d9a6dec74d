package dev.statesync.bench.runner;

import org.agrona.DirectBuffer;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.quantize.StateQuantizer;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.PacketTransmitter;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.reliable.ReliableEndpoint;
import dev.statesync.sync.sim.DatagramHandler;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;
import dev.statesync.sync.snapshot.SnapshotAuthority;
import dev.statesync.sync.snapshot.SnapshotLinkConfig;
import dev.statesync.sync.snapshot.SnapshotRateControl;
import dev.statesync.sync.snapshot.SnapshotReplica;
import dev.statesync.sync.snapshot.SnapshotReplicaCounters;

/**
 * The run's authority (address 0) and replica (address 1) joined by the seeded {@link NetworkSimulator}: the
 * send, link and receive stages of a tick, and what they count (datagrams and bytes the authority put on the
 * wire this tick, snapshot datagrams the simulator dropped, encode and decode wall time).
 *
 * <p>A snapshot the replica applies is handed on at once: its tick to the {@link AckedSnapshotTracker} (what the
 * reference stage may treat as acked) and every updated object, dequantized, to {@link Fidelity}.
 */
final class SimulatedLink implements DatagramHandler
{
    private static final int AUTHORITY_ADDRESS = 0;
    private static final int REPLICA_ADDRESS = 1;

    private final NetworkSimulator network;
    private final SnapshotAuthority authority;
    private final SnapshotReplica replica;
    private final SnapshotRateControl rateControl;
    private final AckedSnapshotTracker acked;
    private final Fidelity fidelity;
    private final StateQuantizer replicaQuantizer;
    private final float[] replicaRecord;
    private boolean sentThisTick;
    /** Scratch for dequantizing the states an applied snapshot carried and the previous-tick states it repeated. */
    private final QuantizedStates displayScratch;
    private long nowNs;
    private int datagramsThisTick;
    private long datagramBytesThisTick;
    private long snapshotDatagramsLost;
    /** Payload bits of the snapshots that named only acked baselines, and how many there were. */
    private long cleanPayloadBits;
    private long cleanSnapshots;
    /** Payload bits of the snapshots sent against the previous, unacked one. */
    private long referencingPayloadBits;
    private long encodeNs;
    private long decodeNs;
    private long encodeNsBeforeSecondHalf;
    private long decodeNsBeforeSecondHalf;

    /**
     * @param options    the network figures, seed and budget.
     * @param schema     the run's schema.
     * @param objects    objects in the scene.
     * @param predictor  shared by both ends.
     * @param rateControl how the run spends its budget: priorities, each snapshot's payload budget.
     * @param acked      told what the replica applied, sent and the authority received.
     * @param fidelity   receives every object the replica applies.
     */
    SimulatedLink(
        final Options options,
        final StateSchema schema,
        final int objects,
        final Predictor predictor,
        final SnapshotRateControl rateControl,
        final AckedSnapshotTracker acked,
        final Fidelity fidelity)
    {
        this.rateControl = rateControl;
        this.acked = acked;
        this.fidelity = fidelity;
        network = new NetworkSimulator(new NetworkSimulatorConfig()
            .latencyMs(options.oneWayLatencyMs())
            .jitterMs(options.jitterMs())
            .lossFraction(options.lossFraction())
            .maxPacketBytes(64 * 1024)
            .seed(options.seed()));
        final SnapshotLinkConfig link = linkConfig(options, schema);
        final PacketTransmitter toReplica = (buffer, offset, length) ->
        {
            datagramsThisTick++;
            datagramBytesThisTick += length;
            if (!network.send(AUTHORITY_ADDRESS, REPLICA_ADDRESS, buffer, offset, length, nowNs))
            {
                snapshotDatagramsLost++;
            }
        };
        final PacketTransmitter toAuthority =
            (buffer, offset, length) -> network.send(REPLICA_ADDRESS, AUTHORITY_ADDRESS, buffer, offset, length, nowNs);
        authority =
            SnapshotAuthority.withEndpoint(schema, objects, predictor, rateControl.priorities(), link, toReplica, 0);
        replica = SnapshotReplica.withEndpoint(schema, objects, predictor, link, toAuthority, 0)
            .listener(this::onReplicaApplied);
        replicaQuantizer = new StateQuantizer(schema, objects);
        replicaRecord = new float[FloatRecords.stride(schema.is3d())];
        displayScratch = new QuantizedStates(schema, objects);
    }

    /**
     * Unlimited means every changed object every tick: a payload as large as the reliability layer can fragment,
     * so index order never starves the high indices as a 1200-byte packet would. Snapshots are framed and
     * range-coded wherever that is smaller than bitpacking. Under a budget the configured payload is the largest
     * a snapshot may get, one sent every {@link Options#MAX_SEND_INTERVAL_TICKS} ticks; the rate control gives
     * each send its own ({@link SnapshotRateControl#send}).
     */
    private static SnapshotLinkConfig linkConfig(final Options options, final StateSchema schema)
    {
        return new SnapshotLinkConfig().payloadBudgetBytes(options.rateControl().capacityPayloadBytes())
            .rollingRadiusM(Predictors.rollingRadiusM(schema))
            .groundContact(Predictors.GROUND_HEIGHT_M, Predictors.cubeHalfSizeM(schema))
            .snapshot(options.snapshotConfig())
            .heldSnapshotSlots(options.heldSnapshots());
    }

    /** Link stage: deliver every datagram the simulator has due at {@code nowNs}, both ways. */
    void deliver(final long nowNs)
    {
        this.nowNs = nowNs;
        network.poll(nowNs, this);
    }

    /**
     * Send stage: send the snapshot of {@code tick} through the rate control (priorities grow, under a budget the
     * snapshot may use the bytes of the ticks since the last one), counting what it put on the wire and telling the
     * rate control.
     */
    void send(final int tick, final QuantizedStates current, final long nowNs)
    {
        startSendStage(nowNs, true);
        final long encodeStartNs = System.nanoTime();
        final long lostBefore = snapshotDatagramsLost;
        final long referencingBefore = authority.sender().unackedReferencePackets();
        rateControl.send(authority, tick, current, nowNs);
        encodeNs += System.nanoTime() - encodeStartNs;
        final long payloadBits = authority.lastPayloadBytes() * (long)Byte.SIZE;
        if (authority.sender().unackedReferencePackets() != referencingBefore)
        {
            referencingPayloadBits += payloadBits;
        }
        else
        {
            cleanPayloadBits += payloadBits;
            cleanSnapshots++;
        }
        rateControl.onWire(authority, datagramBytesThisTick + datagramsThisTick * (long)LinkBudget.IP_UDP_HEADER_BYTES);
        final DisplayErrorCauses causes = fidelity.errorCauses();
        if (causes != null)
        {
            final SnapshotSender sender = authority.sender();
            causes.recordSend(tick, sender.includedObjects(), sender.includedCount(), snapshotDatagramsLost != lostBefore,
                sender::lastDeferredTick);
        }
    }

    /** Send stage of a tick that sends no snapshot (a lower send rate): priorities still grow, nothing goes out. */
    void skip(final long nowNs)
    {
        startSendStage(nowNs, false);
        rateControl.skip();
    }

    /** What every send stage does first, sending or not: this tick's wire counts start at 0. */
    private void startSendStage(final long nowNs, final boolean sending)
    {
        this.nowNs = nowNs;
        datagramsThisTick = 0;
        datagramBytesThisTick = 0;
        sentThisTick = sending;
    }

    /** @return true if this tick sent a snapshot. */
    boolean sentThisTick()
    {
        return sentThisTick;
    }

    /** Ack stage: the replica acks what it holds, then both ends run their timers. */
    void acknowledge(final long nowNs)
    {
        this.nowNs = nowNs;
        acked.onReplicaSends(replica.endpoint().nextSequence());
        replica.sendAcks(nowNs);
        authority.update(nowNs);
        replica.update(nowNs);
    }

    /** @return payload bytes of this tick's snapshot (0 on a tick that sent none). */
    int payloadBytes()
    {
        return sentThisTick ? authority.lastPayloadBytes() : 0;
    }

    /** @return this tick's framing: reliability and fragment headers plus IPv4 + UDP per datagram, bytes. */
    int overheadBytes()
    {
        final long wireBytes = datagramBytesThisTick + datagramsThisTick * (long)LinkBudget.IP_UDP_HEADER_BYTES;
        return (int)(wireBytes - payloadBytes());
    }

    /** @return the authority's sender, for what it chose and counted. */
    SnapshotSender sender()
    {
        return authority.sender();
    }

    /** @return wall time spent in {@code sendSnapshot} so far, ns. */
    long encodeNs()
    {
        return encodeNs;
    }

    /** @return wall time spent in the replica's {@code receiveDatagram} so far, ns. */
    long decodeNs()
    {
        return decodeNs;
    }

    /**
     * The run's second half starts now: {@link #secondHalfEncodeNs} and {@link #secondHalfDecodeNs} count from
     * here. The first half is spent partly in the interpreter and the JIT compilers, so the second half is the
     * nearer figure for a server that has been running a while.
     */
    void startSecondHalf()
    {
        encodeNsBeforeSecondHalf = encodeNs;
        decodeNsBeforeSecondHalf = decodeNs;
    }

    /** @return {@link #encodeNs} since {@link #startSecondHalf}. */
    long secondHalfEncodeNs()
    {
        return encodeNs - encodeNsBeforeSecondHalf;
    }

    /** @return {@link #decodeNs} since {@link #startSecondHalf}. */
    long secondHalfDecodeNs()
    {
        return decodeNs - decodeNsBeforeSecondHalf;
    }

    /** @return the link as the authority saw it. */
    LinkFigures figures()
    {
        final ReliableEndpoint a = authority.endpoint();
        final ReliableEndpoint r = replica.endpoint();
        long rejected = 0;
        for (final ReliableCounters c : ReliableCounters.values())
        {
            if (c.isRefusal() && c != ReliableCounters.REJECTED_DUPLICATE && c != ReliableCounters.REJECTED_STALE)
            {
                rejected += a.counter(c) + r.counter(c);
            }
        }
        return new LinkFigures(
            a.counter(ReliableCounters.PACKETS_SENT),
            a.counter(ReliableCounters.PACKETS_ACKED),
            snapshotDatagramsLost,
            replica.decodeFailures() - replica.counter(SnapshotReplicaCounters.REFUSED_STALE) -
                replica.counter(SnapshotReplicaCounters.REFUSED_BASELINE_MISSING) + rejected,
            replica.baselineMisses(),
            authority.sender().unackedReferencePackets(),
            authority.sender().deepChainPackets(),
            cleanSnapshots,
            cleanPayloadBits,
            referencingPayloadBits,
            r.counter(ReliableCounters.PACKETS_HELD),
            r.counter(ReliableCounters.HELD_PACKETS_DELIVERED),
            a.rttMs());
    }

    /** Receive stage: the replica decodes snapshots, the authority reads acks. */
    @Override
    public void onDatagram(final int from, final int to, final DirectBuffer buffer, final int offset, final int length)
    {
        if (to == REPLICA_ADDRESS)
        {
            final long startNs = System.nanoTime();
            replica.receiveDatagram(buffer, offset, length, nowNs);
            decodeNs += System.nanoTime() - startNs;
        }
        else
        {
            authority.receiveDatagram(buffer, offset, length, nowNs);
            acked.onAuthorityReceived(authority.endpoint().newestReceivedSequence());
        }
    }

    private void onReplicaApplied(final SnapshotReceiver receiver)
    {
        acked.onReplicaApplied(receiver.lastTick());
        fidelity.recordSnapshot(receiver.lastTick());
        // Previous-tick states first, oldest first: the display keeps a history per object in tick order.
        final int stride = displayScratch.schema().stride();
        for (int k = receiver.previousStateCount() - 1; k >= 0; k--)
        {
            final int object = receiver.previousStateObject(k);
            displayScratch.copyFrom(object, receiver.previousStates(), k * stride);
            replicaQuantizer.dequantize(displayScratch, object, replicaRecord, 0);
            fidelity.recordReplica(object, receiver.previousStateTick(k), replicaRecord, 0);
        }
        // Every object the snapshot carried, at its tick: also those whose current state is newer, when this snapshot
        // arrived after a later one (jitter beyond the send interval); the display keeps them in tick order.
        final int[] decoded = receiver.decodedObjects();
        final int tick = receiver.lastTick();
        for (int k = 0, n = receiver.decodedCount(); k < n; k++)
        {
            final int object = decoded[k];
            displayScratch.copyFrom(object, receiver.decodedStates(), k * stride);
            replicaQuantizer.dequantize(displayScratch, object, replicaRecord, 0);
            fidelity.recordReplica(object, tick, replicaRecord, 0);
        }
    }
}
