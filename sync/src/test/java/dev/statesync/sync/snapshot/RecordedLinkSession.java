package dev.statesync.sync.snapshot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.snapshot.RandomStates;
import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.ReliableConfig;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.reliable.ReliableEndpoint;

/**
 * An authority and a replica joined by an in-order link with one tick of latency each way that loses some
 * datagrams, recording every datagram either end sends so a test can replay, mutate and forge real ones. A
 * shadow pair runs the same motion with its own sequences and ticks {@code tickOffset} away: its snapshots are
 * well formed, at ticks far from the session's, naming baselines and models this replica never held.
 *
 * <p>Integrity is set off explicitly in the reliability settings, so hostile bytes reach the decoder whatever the
 * library's default becomes. Snapshots can be made to fragment (small fragments), so reassembly is attacked too.
 */
final class RecordedLinkSession
{
    static final long TICK_NS = 1_000_000_000L / 60;

    final StateSchema schema;
    final int objectCount;
    final SnapshotAuthority authority;
    final SnapshotReplica replica;
    final QuantizedStates states;
    /** Every datagram the authority sent (snapshots), oldest first. */
    final List<byte[]> toReplica = new ArrayList<>();
    /** Every datagram the replica sent (acks), oldest first. */
    final List<byte[]> toAuthority = new ArrayList<>();
    /** Every snapshot datagram of the shadow authority. */
    final List<byte[]> shadowToReplica = new ArrayList<>();
    /** Sent this tick, delivered on the next. */
    final List<byte[]> inFlightToReplica = new ArrayList<>();
    final List<byte[]> inFlightToAuthority = new ArrayList<>();

    private final SnapshotAuthority shadowAuthority;
    private final SnapshotReplica shadowReplica;
    private final List<byte[]> shadowInFlightToReplica = new ArrayList<>();
    private final List<byte[]> shadowInFlightToAuthority = new ArrayList<>();
    private final int tickOffset;
    private final SplittableRandom random;
    private final double lossFraction;
    private final long[] before = new long[ReliableCounters.values().length];
    private final long[] after = new long[ReliableCounters.values().length];
    private int tick;

    RecordedLinkSession(
        final int schemaIndex,
        final boolean linearPredictor,
        final int objectCount,
        final boolean rangeCoded,
        final boolean fragmenting,
        final long seed,
        final double lossFraction,
        final int tickOffset)
    {
        this.schema = switch (schemaIndex)
        {
            case 0 -> StateSchema.fiedler3d();
            case 1 -> StateSchema.snapshot3d();
            case 2 -> StateSchema.highPrecision2d();
            default -> StateSchema.builder2d().velocities(false).build();
        };
        this.objectCount = objectCount;
        this.random = new SplittableRandom(seed);
        this.lossFraction = lossFraction;
        this.tickOffset = tickOffset;
        final SnapshotLinkConfig link = linkConfig(rangeCoded, fragmenting);
        authority = SnapshotAuthority.withEndpoint(schema, objectCount, predictor(linearPredictor), null, link,
            (buffer, offset, length) -> record(buffer, offset, length, toReplica, inFlightToReplica), 0L);
        replica = SnapshotReplica.withEndpoint(schema, objectCount, predictor(linearPredictor), link,
            (buffer, offset, length) -> record(buffer, offset, length, toAuthority, inFlightToAuthority), 0L);
        shadowAuthority = SnapshotAuthority.withEndpoint(schema, objectCount, predictor(linearPredictor), null, link,
            (buffer, offset, length) -> record(buffer, offset, length, shadowToReplica, shadowInFlightToReplica), 0L);
        shadowReplica = SnapshotReplica.withEndpoint(schema, objectCount, predictor(linearPredictor), link,
            (buffer, offset, length) -> record(buffer, offset, length, new ArrayList<>(), shadowInFlightToAuthority), 0L);
        states = new QuantizedStates(schema, objectCount);
        for (int i = 0; i < objectCount; i++)
        {
            randomRecord(i);
        }
    }

    /**
     * Integrity off explicitly: these tests are about what reaches the decoder. Fragmenting: 64-byte fragments
     * under a 900-byte budget, so most snapshots travel in several datagrams.
     */
    private static SnapshotLinkConfig linkConfig(final boolean rangeCoded, final boolean fragmenting)
    {
        final ReliableConfig reliable = new ReliableConfig().integrityEnabled(false);
        // Unauthenticated on purpose: mutated bytes must reach the decoders to test their refusals.
        final SnapshotLinkConfig link = new SnapshotLinkConfig().unauthenticated()
            .snapshot(new SnapshotConfig().rangeCoded(rangeCoded));
        if (fragmenting)
        {
            reliable.fragmentAboveBytes(64).fragmentSizeBytes(64).maxPacketSizeBytes(1024);
            return link.payloadBudgetBytes(900).reliable(reliable);
        }
        reliable.fragmentAboveBytes(SnapshotLinkConfig.DEFAULT_PAYLOAD_BUDGET_BYTES);
        return link.reliable(reliable);
    }

    private static Predictor predictor(final boolean linear)
    {
        return linear ? new LinearExtrapolationPredictor(true) : HoldPredictor.INSTANCE;
    }

    private static void record(
        final org.agrona.DirectBuffer buffer, final int offset, final int length, final List<byte[]> history,
        final List<byte[]> inFlight)
    {
        final byte[] copy = new byte[length];
        buffer.getBytes(offset, copy);
        history.add(copy);
        inFlight.add(copy);
    }

    long nowNs()
    {
        return tick * TICK_NS;
    }

    /**
     * One honest tick: deliver what was in flight (each datagram lost at the loss rate), move the objects (or
     * not), send this tick's snapshot and acks (in flight until the next tick), and the same for the shadow pair.
     */
    void honestTick(final boolean moving)
    {
        tick++;
        deliver(inFlightToReplica, true);
        deliver(inFlightToAuthority, false);
        for (final byte[] datagram : shadowInFlightToReplica)
        {
            shadowReplica.receiveDatagram(new UnsafeBuffer(datagram), 0, datagram.length, nowNs());
        }
        shadowInFlightToReplica.clear();
        for (final byte[] datagram : shadowInFlightToAuthority)
        {
            shadowAuthority.receiveDatagram(new UnsafeBuffer(datagram), 0, datagram.length, nowNs());
        }
        shadowInFlightToAuthority.clear();

        for (int i = 0; moving && i < objectCount; i++)
        {
            evolve(i);
        }
        authority.sendSnapshot(tick, states, nowNs());
        replica.sendAcks(nowNs());
        authority.update(nowNs());
        replica.update(nowNs());
        shadowAuthority.sendSnapshot(tick + tickOffset, states, nowNs());
        shadowReplica.sendAcks(nowNs());
    }

    private void deliver(final List<byte[]> inFlight, final boolean toReplicaSide)
    {
        for (final byte[] datagram : inFlight)
        {
            if (random.nextDouble() < lossFraction)
            {
                continue;
            }
            if (toReplicaSide)
            {
                replica.receiveDatagram(new UnsafeBuffer(datagram), 0, datagram.length, nowNs());
            }
            else
            {
                authority.receiveDatagram(new UnsafeBuffer(datagram), 0, datagram.length, nowNs());
            }
        }
        inFlight.clear();
    }

    /**
     * Hand the replica a hostile datagram now.
     *
     * @return true if its endpoint refused it (a rejection, or a packet whose snapshot did not apply).
     */
    boolean attackReplica(final byte[] datagram)
    {
        return attack(replica.endpoint(), datagram, true);
    }

    /**
     * Hand the authority a hostile datagram now.
     *
     * @return true if its endpoint refused it.
     */
    boolean attackAuthority(final byte[] datagram)
    {
        return attack(authority.endpoint(), datagram, false);
    }

    private boolean attack(final ReliableEndpoint endpoint, final byte[] datagram, final boolean toReplicaSide)
    {
        endpoint.copyCounters(before);
        if (toReplicaSide)
        {
            replica.receiveDatagram(new UnsafeBuffer(datagram), 0, datagram.length, nowNs());
        }
        else
        {
            authority.receiveDatagram(new UnsafeBuffer(datagram), 0, datagram.length, nowNs());
        }
        endpoint.copyCounters(after);
        // Each datagram moves exactly one outcome counter: a rejection reason or "not processed" is a refusal.
        final int notProcessed = ReliableCounters.PACKETS_NOT_PROCESSED.id();
        long refusals = after[notProcessed] - before[notProcessed];
        for (final ReliableCounters counter : ReliableCounters.values())
        {
            if (counter.isRefusal())
            {
                refusals += after[counter.id()] - before[counter.id()];
            }
        }
        return refusals == 1;
    }

    /** @return true when the replica holds exactly the authority's current quantized state of every object. */
    boolean converged()
    {
        return Arrays.equals(replica.receiver().states().array(), states.array());
    }

    /**
     * Honest ticks with nothing moving until the replica holds the authority's exact state.
     *
     * @return ticks it took, or -1 if it did not converge within {@code maxTicks}.
     */
    int settle(final int maxTicks)
    {
        for (int t = 1; t <= maxTicks; t++)
        {
            honestTick(false);
            if (converged())
            {
                return t;
            }
        }
        return -1;
    }

    private void randomRecord(final int object)
    {
        RandomStates.randomRecord(schema, random, states.array(), states.offsetOf(object));
    }

    private void evolve(final int object)
    {
        RandomStates.drift(schema, random, states.array(), states.offsetOf(object), 60);
    }
}
