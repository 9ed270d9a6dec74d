package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.snapshot.ByteMutation;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;

/**
 * A state message the client refuses (malformed, stale, or for a tick it did not predict or no longer holds)
 * changes nothing: {@link PredictionClient#stateDigest()} (acked tick, slack, accepted count, corrections,
 * buffered predictions) is the same after it. Hostile messages are the server's real ones mutated, with the
 * processed tick moved far ahead or behind or the slack rewritten, replays and early duplicates. Whatever was
 * accepted, the server is authoritative: after each hostile phase the honest loop must bring the client's
 * predictions back to the server's exact states within a bounded number of ticks.
 */
class PredictionClientRefusalTest
{
    private static final int SETTLE_BOUND_TICKS = 120;

    enum Source
    {
        /** A real state message, in flight or recent, with its bytes mutated. */
        MUTATED,
        /** A real state message with its processed tick moved. */
        TICK_MOVED,
        /** A real state message with another input slack. */
        SLACK_REWRITTEN,
        /** An old state message again. */
        REPLAY,
        /** The state message in flight, delivered early. */
        DUPLICATE
    }

    record Hostile(Source source, int pick, ByteMutation mutation, int delta)
    {
    }

    @Provide
    Arbitrary<Hostile> hostile()
    {
        final Arbitrary<Source> sources = Arbitraries.frequency(
            Tuple.of(4, Source.MUTATED), Tuple.of(3, Source.TICK_MOVED), Tuple.of(2, Source.SLACK_REWRITTEN),
            Tuple.of(1, Source.REPLAY), Tuple.of(1, Source.DUPLICATE));
        final Arbitrary<Integer> deltas = Arbitraries.of(
            1, 2, 3, 5, 30, 63, 64, 65, 1000, 1 << 30, Integer.MIN_VALUE, -1, -2, -5, -63, -64, -65, -1000);
        return Combinators.combine(sources, Arbitraries.integers().between(0, 1 << 20), ByteMutation.arbitrary(), deltas)
            .as(Hostile::new);
    }

    @Property(tries = 150)
    void refusedStatesChangeNothingAndPredictionsReturnToTheServers(
        @ForAll @Size(min = 1, max = 3) final List<@Size(min = 1, max = 8) List<@From("hostile") Hostile>> phases)
    {
        final RecordedPredictionLoop loop = new RecordedPredictionLoop();
        final PredictionClient<PointState, TestInput> client = loop.client;
        final BitReader reader = new BitReader();
        for (final List<Hostile> phase : phases)
        {
            for (int t = 0; t < 30; t++)
            {
                loop.honestTick();
            }
            for (final Hostile hostile : phase)
            {
                final byte[] message = messageOf(loop, hostile);
                final long digest = client.stateDigest();
                final long refusedBefore = client.counter(PredictionClientCounters.MALFORMED_STATES) + client.counter(PredictionClientCounters.STALE_STATES) + client.counter(PredictionClientCounters.UNMATCHED_STATES);
                final long acceptedBefore = client.counter(PredictionClientCounters.STATES_RECEIVED);
                client.onStateMessage(reader.wrap(new UnsafeBuffer(message), 0, message.length));
                final boolean refused =
                    client.counter(PredictionClientCounters.MALFORMED_STATES) + client.counter(PredictionClientCounters.STALE_STATES) + client.counter(PredictionClientCounters.UNMATCHED_STATES) != refusedBefore;
                Statistics.label("outcome").collect(hostile.source(), refused ? "refused" : "accepted");
                assertEquals(refused ? 0 : 1, client.counter(PredictionClientCounters.STATES_RECEIVED) - acceptedBefore, "each message counted once");
                if (refused)
                {
                    assertEquals(digest, client.stateDigest(), hostile + " refused");
                }
            }
            assertTrue(loop.settle(5, SETTLE_BOUND_TICKS) >= 0,
                "predictions did not return to the server's within " + SETTLE_BOUND_TICKS + " ticks after " + phase);
        }
    }

    private static byte[] messageOf(final RecordedPredictionLoop loop, final Hostile hostile)
    {
        final List<byte[]> history = loop.stateMessages;
        final int pick = hostile.pick();
        final byte[] recent = (pick & 1) == 0 && loop.stateInFlight != null ? loop.stateInFlight :
            history.get(history.size() - 1 - (pick >>> 1) % Math.min(history.size(), 8));
        return switch (hostile.source())
        {
            case MUTATED -> hostile.mutation().apply(recent, history.get((pick >>> 4) % history.size()));
            case TICK_MOVED ->
            {
                final byte[] moved = recent.clone();
                final UnsafeBuffer buffer = new UnsafeBuffer(moved);
                buffer.putInt(0, buffer.getInt(0, java.nio.ByteOrder.LITTLE_ENDIAN) + hostile.delta(),
                    java.nio.ByteOrder.LITTLE_ENDIAN);
                yield moved;
            }
            case SLACK_REWRITTEN ->
            {
                // The 7 slack bits follow the 32-bit tick: bits 0..6 of byte 4.
                final byte[] rewritten = recent.clone();
                rewritten[4] = (byte)((rewritten[4] & 0x80) | (hostile.delta() & 0x7F));
                yield rewritten;
            }
            case REPLAY -> history.get(pick % history.size());
            default -> recent;
        };
    }
}
