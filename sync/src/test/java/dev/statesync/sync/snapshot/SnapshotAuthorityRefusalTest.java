package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.snapshot.ByteMutation;
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
 * A datagram the authority refuses changes nothing: {@link SnapshotAuthority#stateDigest()} (endpoint windows, acks
 * and RTT, the sender's baselines and ack history) is the same after it, so no refused datagram advances a
 * baseline. Hostile datagrams are the replica's real ack packets mutated, replayed and delivered early, forged ack
 * packets at sequences far ahead and behind, and the authority's own snapshots sent back to it. After each hostile
 * phase the honest link must bring the replica to the authority's exact state within a bounded number of ticks,
 * unless a forged datagram was accepted (integrity is off, and the authority's processor takes any ack packet, so
 * forged acks are accepted when their sequence is new; a statistics check makes sure most sessions are checked).
 */
class SnapshotAuthorityRefusalTest
{
    private static final int OBJECTS = 24;
    private static final int MOVING_TICKS_PER_PHASE = 8;
    private static final int SETTLE_BOUND_TICKS = 90;

    enum Source
    {
        /** One of the replica's ack datagrams, in flight or recent, with its bytes mutated. */
        MUTATED,
        /** An ack packet at a sequence moved from the newest received, acking arbitrary packets. */
        FORGED_ACK,
        /** One of the authority's own snapshot datagrams, sent back to it. */
        MISDIRECTED,
        /** An old ack datagram of the replica again. */
        REPLAY,
        /** An ack datagram in flight, delivered early (the honest copy then arrives as a duplicate). */
        DUPLICATE
    }

    record Hostile(Source source, int pick, ByteMutation mutation, int delta)
    {
    }

    @Provide
    Arbitrary<Hostile> hostile()
    {
        final Arbitrary<Source> sources = Arbitraries.frequency(
            Tuple.of(5, Source.MUTATED), Tuple.of(2, Source.FORGED_ACK), Tuple.of(2, Source.MISDIRECTED),
            Tuple.of(2, Source.REPLAY), Tuple.of(1, Source.DUPLICATE));
        final Arbitrary<Integer> deltas = Arbitraries.of(
            0, -1, -3, -17, -100, -255, -256, -257, -1000, -32767, 1, 100, 256, 1000, 32767, 32768);
        return Combinators.combine(sources, Arbitraries.integers().between(0, 1 << 20), ByteMutation.arbitrary(), deltas)
            .as(Hostile::new);
    }

    @Property(tries = 80)
    void refusedDatagramsChangeNothingAndTheReplicaConverges(
        @ForAll @IntRange(max = 3) final int schemaIndex,
        @ForAll final boolean linearPredictor,
        @ForAll final boolean rangeCoded,
        @ForAll final boolean fragmenting,
        @ForAll final long seed,
        @ForAll @Size(min = 1, max = 3) final List<@Size(min = 1, max = 6) List<@From("hostile") Hostile>> phases)
    {
        final RecordedLinkSession session = new RecordedLinkSession(
            schemaIndex, linearPredictor, OBJECTS, rangeCoded, fragmenting, seed, 0.05, 100_000);
        boolean noForgeryAccepted = true;
        for (final List<Hostile> phase : phases)
        {
            for (int t = 0; t < MOVING_TICKS_PER_PHASE; t++)
            {
                session.honestTick(true);
            }
            for (final Hostile hostile : phase)
            {
                final byte[] datagram = datagramOf(session, hostile);
                final boolean genuine = isGenuine(session, datagram);
                final long digest = session.authority.stateDigest();
                final boolean refused = session.attackAuthority(datagram);
                Statistics.label("outcome").collect(hostile.source(), genuine ? "genuine" : "forged",
                    refused ? "refused" : "accepted");
                if (refused)
                {
                    assertEquals(digest, session.authority.stateDigest(), hostile + " refused");
                }
                else if (!genuine)
                {
                    noForgeryAccepted = false;
                }
            }
            final int ticks = session.settle(SETTLE_BOUND_TICKS);
            if (noForgeryAccepted)
            {
                assertTrue(ticks >= 0, "replica did not converge within " + SETTLE_BOUND_TICKS + " ticks after " + phase);
            }
        }
        Statistics.label("convergence checked").collect(noForgeryAccepted);
        // Without a MAC a forged ack is often accepted, which ends the convergence guarantee for that try: over six
        // random seeds 37-57% of tries (mean 47%) kept it. 80 tries put 25% about four standard deviations below
        // the mean, where 40% of 40 tries failed about one run in five.
        Statistics.label("convergence checked").coverage(coverage -> coverage.check(true).percentage(p -> p >= 25));
    }

    private static byte[] datagramOf(final RecordedLinkSession session, final Hostile hostile)
    {
        final List<byte[]> history = session.toAuthority;
        final List<byte[]> inFlight = session.inFlightToAuthority;
        final int pick = hostile.pick();
        final byte[] recent = (pick & 1) == 0 && !inFlight.isEmpty() ? inFlight.get((pick >>> 1) % inFlight.size()) :
            history.get(history.size() - 1 - (pick >>> 1) % Math.min(history.size(), 8));
        return switch (hostile.source())
        {
            case MUTATED -> hostile.mutation().apply(recent, history.get((pick >>> 4) % history.size()));
            case FORGED_ACK ->
            {
                final int newest = session.authority.endpoint().newestReceivedSequence();
                final int sequence = SequenceNumbers.add(newest, hostile.delta());
                final int ack = SequenceNumbers.add(session.authority.endpoint().nextSequence(), -1 - (pick & 63));
                final byte[] datagram = new byte[PacketHeader.MAX_BYTES];
                final int length = PacketHeader.write(new UnsafeBuffer(datagram), 0, sequence, ack, hostile.mutation().a());
                yield Arrays.copyOf(datagram, length);
            }
            case MISDIRECTED -> session.toReplica.get(session.toReplica.size() - 1 - pick % Math.min(session.toReplica.size(), 8));
            case REPLAY -> history.get(pick % history.size());
            default -> recent;
        };
    }

    /** The replica's own bytes (a replay, an early copy) are no forgery, whatever the authority makes of them. */
    private static boolean isGenuine(final RecordedLinkSession session, final byte[] datagram)
    {
        for (final byte[] sent : session.toAuthority)
        {
            if (Arrays.equals(sent, datagram))
            {
                return true;
            }
        }
        return false;
    }
}
