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
 * An input message the server's channel refuses (malformed, or entirely far future or far past) changes nothing:
 * {@link ServerInputChannel#stateDigest()} (start, next and newest ticks, buffered inputs, accepted and applied
 * counts) is the same after it. Hostile messages are the client's real ones mutated, with the newest tick moved
 * far ahead or behind, replays and early duplicates. The client resends every unacknowledged input, so whatever
 * was accepted is overwritten before it is applied: after each hostile phase the honest loop must bring the
 * client's predictions back to the server's exact states within a bounded number of ticks.
 */
class ServerInputChannelRefusalTest
{
    private static final int SETTLE_BOUND_TICKS = 120;

    enum Source
    {
        /** A real input message, in flight or recent, with its bytes mutated. */
        MUTATED,
        /** A real input message with its newest tick moved. */
        TICK_MOVED,
        /** An old input message again. */
        REPLAY,
        /** The input message in flight, delivered early. */
        DUPLICATE
    }

    record Hostile(Source source, int pick, ByteMutation mutation, int delta)
    {
    }

    @Provide
    Arbitrary<Hostile> hostile()
    {
        final Arbitrary<Source> sources = Arbitraries.frequency(
            Tuple.of(4, Source.MUTATED), Tuple.of(3, Source.TICK_MOVED), Tuple.of(1, Source.REPLAY),
            Tuple.of(1, Source.DUPLICATE));
        final Arbitrary<Integer> deltas = Arbitraries.of(
            1, 2, 5, 63, 64, 65, 66, 200, 1 << 30, Integer.MAX_VALUE, Integer.MIN_VALUE, -1, -5, -63, -64, -65, -66,
            -200, -(1 << 30));
        return Combinators.combine(sources, Arbitraries.integers().between(0, 1 << 20), ByteMutation.arbitrary(), deltas)
            .as(Hostile::new);
    }

    @Property(tries = 150)
    void refusedInputsChangeNothingAndPredictionsReturnToTheServers(
        @ForAll @Size(min = 1, max = 3) final List<@Size(min = 1, max = 8) List<@From("hostile") Hostile>> phases)
    {
        final RecordedPredictionLoop loop = new RecordedPredictionLoop();
        final ServerInputChannel<TestInput> channel = loop.channel;
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
                final long digest = channel.stateDigest();
                final long refusedBefore = channel.counter(ServerInputChannelCounters.MALFORMED_MESSAGES) + channel.counter(ServerInputChannelCounters.REJECTED_MESSAGES);
                final boolean accepted = channel.onInputMessage(reader.wrap(new UnsafeBuffer(message), 0, message.length));
                Statistics.label("outcome").collect(hostile.source(), accepted ? "accepted" : "refused");
                assertEquals(accepted ? 0 : 1, channel.counter(ServerInputChannelCounters.MALFORMED_MESSAGES) + channel.counter(ServerInputChannelCounters.REJECTED_MESSAGES) - refusedBefore);
                if (!accepted)
                {
                    assertEquals(digest, channel.stateDigest(), hostile + " refused");
                }
            }
            assertTrue(loop.settle(5, SETTLE_BOUND_TICKS) >= 0,
                "predictions did not return to the server's within " + SETTLE_BOUND_TICKS + " ticks after " + phase);
        }
    }

    private static byte[] messageOf(final RecordedPredictionLoop loop, final Hostile hostile)
    {
        final List<byte[]> history = loop.inputMessages;
        final int pick = hostile.pick();
        final byte[] recent = (pick & 1) == 0 && loop.inputInFlight != null ? loop.inputInFlight :
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
            case REPLAY -> history.get(pick % history.size());
            default -> recent;
        };
    }
}
