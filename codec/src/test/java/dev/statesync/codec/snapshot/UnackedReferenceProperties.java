package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * The unacked reference's rule under any loss, ack delay, send interval, age limit and chain depth: a packet names at
 * most one packet the sender had not heard acked, that one is the packet written just before it, no older than the
 * limit, and the chain of unacked packets it depends on is no longer than the depth (1: the named one named only
 * acked packets), or the lossless depth after a clean spell, which a link that loses nothing reaches; a receiver refuses a packet exactly when it lacks the packet named (changing nothing), and every
 * packet it applies reproduces the sender's states.
 */
final class UnackedReferenceProperties
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final int OBJECTS = 24;
    private static final Predictor PREDICTOR = new LinearExtrapolationPredictor(false);

    @Property(tries = 60)
    void noPacketDependsOnMoreThanOneCleanUnackedPacket(
        @ForAll @IntRange(min = 1, max = 4) final int maxAgeTicks,
        @ForAll @IntRange(min = 1, max = 3) final int sendIntervalTicks,
        @ForAll @IntRange(min = 0, max = 12) final int ackDelayTicks,
        @ForAll @IntRange(min = 0, max = 30) final int lossPercent,
        @ForAll @IntRange(min = 1, max = 3) final int chainDepth,
        @ForAll @IntRange(min = 1, max = 4) final int losslessChainDepth,
        @ForAll @IntRange(min = 1, max = 40) final int losslessAfterTicks,
        @ForAll final long seed)
    {
        final SnapshotConfig config = new SnapshotConfig().rangeCoded(true).unackedReferenceMaxAgeTicks(maxAgeTicks)
            .unackedReferenceChainDepth(chainDepth).unackedReferenceLosslessChainDepth(losslessChainDepth)
            .unackedReferenceLosslessAfterTicks(losslessAfterTicks);
        final int deepestAllowed = Math.max(chainDepth, losslessChainDepth);
        final SnapshotSender sender = new SnapshotSender(SCHEMA, OBJECTS, PREDICTOR, new ObjectCodec(SCHEMA), config);
        final SnapshotReceiver receiver =
            new SnapshotReceiver(SCHEMA, OBJECTS, PREDICTOR, new ObjectCodec(SCHEMA), new SnapshotConfig().rangeCoded(true));
        final SplittableRandom random = new SplittableRandom(seed);
        final QuantizedStates states = new QuantizedStates(SCHEMA, OBJECTS);
        for (int i = 0; i < OBJECTS; i++)
        {
            RandomStates.randomRecord(SCHEMA, random, states.array(), states.offsetOf(i));
        }
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64 * 1024]);
        final Set<Integer> acked = new HashSet<>();
        final Set<Integer> applied = new HashSet<>();
        /** Per written tick, how many unacked packets it depends on in a chain (0: clean). */
        final Map<Integer, Integer> chainOf = new HashMap<>();
        final ArrayDeque<int[]> ackQueue = new ArrayDeque<>();
        int previousTick = -1;
        int referencing = 0;
        int deep = 0;
        for (int tick = 1; tick <= 150; tick += sendIntervalTicks)
        {
            while (!ackQueue.isEmpty() && ackQueue.peekFirst()[0] <= tick)
            {
                final int ackedTick = ackQueue.pollFirst()[1];
                sender.onAcked(ackedTick);
                acked.add(ackedTick);
            }
            for (int i = 0; i < OBJECTS; i++)
            {
                RandomStates.evolve(SCHEMA, random, states.array(), states.offsetOf(i));
            }
            final int length = sender.encodeFramed(tick, states, null, 0, buffer, 0, buffer.capacity(), tick);
            int unacked = 0;
            int named = -1;
            for (int i = 0; i < sender.lastTableSize(); i++)
            {
                final int entry = sender.lastTableTick(i);
                if (!acked.contains(entry))
                {
                    unacked++;
                    named = entry;
                }
            }
            assertTrue(unacked <= 1, "tick " + tick + " names " + unacked + " unacked packets");
            chainOf.put(tick, unacked == 0 ? 0 : chainOf.get(named) + 1);
            if (unacked == 1)
            {
                referencing++;
                assertEquals(previousTick, named, "tick " + tick + ": the unacked entry is the packet written just before");
                assertTrue(tick - named <= maxAgeTicks, "tick " + tick + " names a packet " + (tick - named) + " ticks old");
                assertTrue(chainOf.get(tick) <= deepestAllowed,
                    "tick " + tick + " depends on a chain of " + chainOf.get(tick) + " unacked packets");
                deep += chainOf.get(tick) > chainDepth ? 1 : 0;
            }
            previousTick = tick;

            if (random.nextInt(100) < lossPercent)
            {
                continue;
            }
            final long before = receiver.stateDigest();
            final DecodeResult result = receiver.decodeFramed(buffer, 0, length, tick);
            if (unacked == 1 && !applied.contains(named))
            {
                assertEquals(DecodeResult.BASELINE_MISSING, result, "tick " + tick + " without the packet it names");
                assertEquals(before, receiver.stateDigest(), "the refusal at tick " + tick + " changed the receiver");
                continue;
            }
            assertEquals(DecodeResult.OK, result, "tick " + tick);
            UnackedReferenceTest.assertUpdatedAsSent(receiver, states, tick);
            applied.add(tick);
            ackQueue.addLast(new int[]{ tick + ackDelayTicks, tick });
        }
        assertEquals(referencing, sender.unackedReferencePackets());
        assertEquals(deep, sender.deepChainPackets(), "packets deeper than the configured chain are counted");
        if (lossPercent == 0 && losslessChainDepth > chainDepth && sendIntervalTicks <= maxAgeTicks &&
            ackDelayTicks > 2 * sendIntervalTicks)
        {
            assertTrue(deep > 0, "a link that lost nothing for the whole run deepened the chain");
        }
        if (sendIntervalTicks <= maxAgeTicks && ackDelayTicks > sendIntervalTicks)
        {
            assertTrue(referencing > 0, "the previous packet was young and unacked often enough to be named");
        }
    }
}
