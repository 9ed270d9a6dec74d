package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.snapshot.SnapshotFormat;
import dev.statesync.codec.snapshot.ByteMutation;
import dev.statesync.sync.reliable.FragmentHeader;
import dev.statesync.sync.reliable.PacketHeader;
import dev.statesync.sync.reliable.SequenceNumbers;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;

/**
 * A datagram the replica refuses, at the reliability layer or because its snapshot did not apply, changes nothing:
 * {@link SnapshotReplica#stateDigest()} (endpoint, receiver, applied count) is the same after it. Hostile
 * datagrams are the authority's real ones mutated, with the snapshot tick moved, completed by a corrupt last
 * fragment, the shadow authority's (ticks far away), forged one-fragment packets at sequences far ahead and behind,
 * replays and early duplicates. After each hostile phase the honest link must bring the replica to the authority's
 * exact quantized state within a bounded number of ticks, unless a forged datagram was accepted (integrity is off,
 * so that can happen; a statistics check makes sure most sessions are checked).
 */
class SnapshotReplicaRefusalTest
{
    private static final int OBJECTS = 24;
    private static final int MOVING_TICKS_PER_PHASE = 8;
    private static final int SETTLE_BOUND_TICKS = 90;

    enum Source
    {
        /** One of the authority's datagrams, in flight or recent, with its bytes mutated. */
        MUTATED,
        /** The snapshot in flight, delivered early but for its last datagram, which arrives corrupted. */
        CORRUPT_COMPLETION,
        /** A one-datagram bitpacked snapshot with its tick moved by a small or large delta. */
        TICK_SHIFTED,
        /** A datagram of the shadow authority: well formed, its own sequences, ticks far away. */
        SHADOW,
        /** A one-fragment packet of garbage at a sequence moved from the newest received. */
        FORGED_FRAGMENT,
        /** An old datagram of the authority again. */
        REPLAY,
        /** A datagram in flight, delivered early (the honest copy then arrives as a duplicate). */
        DUPLICATE
    }

    record Hostile(Source source, int pick, ByteMutation mutation, int delta)
    {
    }

    @Provide
    Arbitrary<Hostile> hostile()
    {
        final Arbitrary<Source> sources = Arbitraries.frequency(
            Tuple.of(5, Source.MUTATED), Tuple.of(3, Source.CORRUPT_COMPLETION), Tuple.of(2, Source.TICK_SHIFTED),
            Tuple.of(2, Source.SHADOW), Tuple.of(2, Source.FORGED_FRAGMENT), Tuple.of(1, Source.REPLAY),
            Tuple.of(1, Source.DUPLICATE));
        final Arbitrary<Integer> deltas = Arbitraries.of(
            1, -1, 3, -3, 17, -17, 100, -100, 256, -256, 1000, -1000, 1 << 20, -(1 << 20), 32767, Integer.MIN_VALUE);
        return Combinators.combine(sources, Arbitraries.integers().between(0, 1 << 20), ByteMutation.arbitrary(), deltas)
            .as(Hostile::new);
    }

    @Provide
    Arbitrary<Integer> shadowOffsets()
    {
        return Arbitraries.of(-(1 << 30), -100_000, -1000, -17, 1000, 100_000, 1 << 30);
    }

    @Property(tries = 200)
    void refusedDatagramsChangeNothingAndTheReplicaConverges(
        @ForAll @IntRange(max = 3) final int schemaIndex,
        @ForAll final boolean linearPredictor,
        @ForAll final boolean rangeCoded,
        @ForAll final boolean fragmenting,
        @ForAll final long seed,
        @ForAll("shadowOffsets") final int shadowOffset,
        @ForAll @Size(min = 1, max = 3) final List<@Size(min = 1, max = 6) List<@From("hostile") Hostile>> phases)
    {
        final RecordedLinkSession session = new RecordedLinkSession(
            schemaIndex, linearPredictor, OBJECTS, rangeCoded, fragmenting, seed, 0.05, shadowOffset);
        boolean noForgeryAccepted = true;
        for (final List<Hostile> phase : phases)
        {
            for (int t = 0; t < MOVING_TICKS_PER_PHASE; t++)
            {
                session.honestTick(true);
            }
            for (final Hostile hostile : phase)
            {
                final List<byte[]> datagrams = datagramsOf(session, hostile, rangeCoded);
                for (final byte[] datagram : datagrams)
                {
                    final boolean genuine = isGenuine(session, datagram);
                    final long digest = session.replica.stateDigest();
                    final boolean refused = session.attackReplica(datagram);
                    Statistics.label("outcome").collect(hostile.source(), genuine ? "genuine" : "forged",
                        refused ? "refused" : "accepted");
                    if (refused)
                    {
                        assertEquals(digest, session.replica.stateDigest(), hostile + " refused");
                    }
                    else if (!genuine)
                    {
                        noForgeryAccepted = false;
                    }
                }
            }
            final int ticks = session.settle(SETTLE_BOUND_TICKS);
            if (noForgeryAccepted)
            {
                assertTrue(ticks >= 0, "replica did not converge within " + SETTLE_BOUND_TICKS + " ticks after " + phase);
            }
        }
        Statistics.label("convergence checked").collect(noForgeryAccepted);
        // Without a MAC a mutated or tick-shifted datagram is sometimes accepted, which ends the convergence guarantee
        // for that try: 55.7% of 600 tries kept it. At 40 tries the 40% floor failed about one run in 60 (CI stop 27);
        // at 200 tries it sits 4.5 standard deviations below the mean, a failure chance of 3e-6 (0.8 s of tries).
        Statistics.label("convergence checked").coverage(coverage -> coverage.check(true).percentage(p -> p >= 40));
    }

    /** @return the datagrams of one hostile move, in the order they are handed to the replica. */
    private static List<byte[]> datagramsOf(final RecordedLinkSession session, final Hostile hostile, final boolean rangeCoded)
    {
        final List<byte[]> history = session.toReplica;
        final List<byte[]> inFlight = session.inFlightToReplica;
        final int pick = hostile.pick();
        final byte[] recent = (pick & 1) == 0 && !inFlight.isEmpty() ? inFlight.get((pick >>> 1) % inFlight.size()) :
            history.get(history.size() - 1 - (pick >>> 1) % Math.min(history.size(), 8));
        return switch (hostile.source())
        {
            case MUTATED -> List.of(hostile.mutation().apply(recent, history.get((pick >>> 4) % history.size())));
            case CORRUPT_COMPLETION ->
            {
                final byte[][] datagrams = inFlight.toArray(new byte[0][]);
                final byte[] last = datagrams[datagrams.length - 1].clone();
                final int position = last.length / 2 + pick % (last.length - last.length / 2);
                last[position] ^= (byte)(1 + (pick >>> 12) % 255);
                datagrams[datagrams.length - 1] = last;
                yield Arrays.asList(datagrams);
            }
            case TICK_SHIFTED -> List.of(tickShifted(recent, hostile.delta(), rangeCoded));
            case SHADOW -> List.of(session.shadowToReplica.get(pick % session.shadowToReplica.size()));
            case FORGED_FRAGMENT ->
            {
                final int sequence = SequenceNumbers.add(session.replica.endpoint().newestReceivedSequence(), hostile.delta());
                final byte[] garbage = hostile.mutation().apply(new byte[1 + pick % 60], history.get(0));
                final byte[] datagram = new byte[FragmentHeader.BYTES + PacketHeader.MAX_BYTES + garbage.length];
                final UnsafeBuffer buffer = new UnsafeBuffer(datagram);
                int index = FragmentHeader.write(buffer, 0, sequence, 0, 1);
                index += PacketHeader.write(buffer, index, sequence, 0, pick);
                buffer.putBytes(index, garbage);
                yield List.of(Arrays.copyOf(datagram, index + garbage.length));
            }
            case REPLAY -> List.of(history.get(pick % history.size()));
            default -> List.of(recent);
        };
    }

    /** The datagram with the tick of its bitpacked snapshot moved; others (fragments, range-coded) unchanged. */
    private static byte[] tickShifted(final byte[] datagram, final int delta, final boolean rangeCoded)
    {
        final PacketHeader header = new PacketHeader();
        final int headerBytes = header.read(new UnsafeBuffer(datagram), 0, datagram.length);
        final int tickOffset = headerBytes + (rangeCoded ? 1 : 0);
        if (headerBytes < 0 || datagram.length < tickOffset + 4 ||
            (rangeCoded && datagram[headerBytes] != SnapshotFormat.FORMAT_BITPACKED))
        {
            return datagram;
        }
        final byte[] shifted = datagram.clone();
        final UnsafeBuffer buffer = new UnsafeBuffer(shifted);
        buffer.putInt(tickOffset, buffer.getInt(tickOffset, ByteOrder.LITTLE_ENDIAN) + delta, ByteOrder.LITTLE_ENDIAN);
        return shifted;
    }

    /** The authority's own bytes (a replay, an early copy) are no forgery, whatever the replica makes of them. */
    private static boolean isGenuine(final RecordedLinkSession session, final byte[] datagram)
    {
        for (final byte[] sent : session.toReplica)
        {
            if (Arrays.equals(sent, datagram))
            {
                return true;
            }
        }
        return false;
    }
}
