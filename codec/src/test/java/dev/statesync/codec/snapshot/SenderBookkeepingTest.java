package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitWriter;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The sender's per-tick bookkeeping shortcuts give what the computations they replaced gave: the index-order choice
 * walks the candidate list instead of every object, and the plan takes an already ascending object list as it is.
 * Each is held against the former computation written out here; so are the resend scan (against a record-by-record
 * scan) and the perfect-prediction count (against {@code Arrays.equals}), for any later shortcut of theirs.
 */
class SenderBookkeepingTest
{
    /**
     * A null order (index order, now the candidate list) chooses, frames and records exactly what the explicit index
     * order {0, 1, ..., n-1} does (the walk over every object the null order used to take), budgeted or not.
     */
    @Property(tries = 40)
    void nullOrderChoosesAsTheExplicitIndexOrder(
        @ForAll final long seed,
        @ForAll @IntRange(min = 1, max = 120) final int objects,
        @ForAll final boolean rangeCoded,
        @ForAll final boolean tight)
    {
        final StateSchema schema = RandomStates.schema((int)Math.floorMod(seed, 3L));
        final SnapshotConfig config = new SnapshotConfig().rangeCoded(rangeCoded);
        final Predictor predictor = new LinearExtrapolationPredictor(false);
        final SnapshotSender byNull = new SnapshotSender(schema, objects, predictor, new ObjectCodec(schema), config);
        final SnapshotSender byIndex = new SnapshotSender(schema, objects, predictor, new ObjectCodec(schema), config);
        final QuantizedStates states = new QuantizedStates(schema, objects);
        final SplittableRandom random = new SplittableRandom(seed);
        for (int object = 0; object < objects; object++)
        {
            RandomStates.randomRecord(schema, random, states.array(), object * schema.stride());
        }
        final int[] indexOrder = new int[objects];
        for (int i = 0; i < objects; i++)
        {
            indexOrder[i] = i;
        }
        final int capacity = tight ? 40 + random.nextInt(200) : 1 << 16;
        final byte[] a = new byte[capacity];
        final byte[] b = new byte[capacity];
        final BitWriter writer = new BitWriter();
        for (int tick = 1; tick <= 40; tick++)
        {
            for (int object = 0; object < objects; object++)
            {
                RandomStates.evolve(schema, random, states.array(), object * schema.stride());
            }
            final int count;
            if (rangeCoded)
            {
                final int lengthA = byNull.encodeFramed(tick, states, null, 0, new UnsafeBuffer(a), 0, capacity, tick);
                final int lengthB = byIndex.encodeFramed(tick, states, indexOrder, objects, new UnsafeBuffer(b), 0,
                    capacity, tick);
                assertEquals(lengthB, lengthA, "tick " + tick);
                assertArrayEquals(Arrays.copyOf(b, lengthB), Arrays.copyOf(a, lengthA), "tick " + tick);
                count = byIndex.includedCount();
            }
            else
            {
                writer.wrap(new UnsafeBuffer(a), 0, capacity);
                count = byNull.encode(tick, states, null, 0, capacity * 8, writer, tick);
                final int bitsA = writer.bitsWritten();
                writer.wrap(new UnsafeBuffer(b), 0, capacity);
                assertEquals(byIndex.encode(tick, states, indexOrder, objects, capacity * 8, writer, tick), count);
                assertEquals(writer.bitsWritten(), bitsA, "tick " + tick);
                assertArrayEquals(Arrays.copyOf(b, (bitsA + 7) / 8), Arrays.copyOf(a, (bitsA + 7) / 8), "tick " + tick);
            }
            assertEquals(byIndex.includedCount(), byNull.includedCount());
            assertArrayEquals(Arrays.copyOf(byIndex.includedObjects(), count), Arrays.copyOf(byNull.includedObjects(), count));
            assertEquals(byIndex.lastCandidateCount(), byNull.lastCandidateCount());
            assertEquals(byIndex.perfectPredictions(), byNull.perfectPredictions());
            if (tick > 3 && random.nextInt(4) != 0)
            {
                byNull.onAcked(tick - 3);
                byIndex.onAcked(tick - 3);
            }
        }
    }

    /** The plan's objects in index order: the ascending shortcut and the marks give the sorted distinct list. */
    @Property(tries = 300)
    void objectsInIndexOrderSortsAsTheMarksDo(@ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int objectCount = 1 + random.nextInt(300);
        final PacketPlan plan = new PacketPlan(objectCount, 3);
        final int[] source = new int[objectCount];
        int count = 0;
        final int density = random.nextInt(101);
        for (int object = 0; object < objectCount; object++)
        {
            if (random.nextInt(100) < density)
            {
                source[count++] = object;
            }
        }
        final int[] expected = Arrays.copyOf(source, count);
        final int shape = random.nextInt(3);
        if (shape == 1)
        {
            for (int i = count - 1; i > 0; i--)
            {
                final int j = random.nextInt(i + 1);
                final int t = source[i];
                source[i] = source[j];
                source[j] = t;
            }
        }
        else if (shape == 2 && count > 1)
        {
            // Ascending but for one swapped pair: only the marks sort it.
            final int i = random.nextInt(count - 1);
            final int t = source[i];
            source[i] = source[i + 1];
            source[i + 1] = t;
        }
        plan.objectsInIndexOrder(source, count);
        assertEquals(count, plan.count);
        assertArrayEquals(expected, Arrays.copyOf(plan.objects, plan.count));
        // The marks are left clear: a second, shuffled list sorts alone.
        plan.objectsInIndexOrder(new int[]{objectCount - 1, 0}, objectCount > 1 ? 2 : 1);
        assertArrayEquals(objectCount > 1 ? new int[]{0, objectCount - 1} : new int[]{0}, Arrays.copyOf(plan.objects, plan.count));
    }

    /** The resend scan finds the first object whose record differs from the last sent, as a record-by-record scan. */
    @Property(tries = 200)
    void firstDifferingIsTheFirstChangedRecord(
        @ForAll final long seed, @ForAll @IntRange(min = 1, max = 60) final int objects)
    {
        final StateSchema schema = RandomStates.schema((int)Math.floorMod(seed, 3L));
        final int stride = schema.stride();
        final SplittableRandom random = new SplittableRandom(seed);
        final ResendPolicy resend = new ResendPolicy(new StateRing(schema, objects, 32), stride, objects, new SnapshotConfig());
        final QuantizedStates current = new QuantizedStates(schema, objects);
        final int[] sent = current.array();
        for (int object = 0; object < objects; object++)
        {
            RandomStates.randomRecord(schema, random, sent, object * stride);
            resend.onSent(object, 1, sent, object * stride);
        }
        // Change runs of neighbours (as objects moving in groups), single objects, and one field anywhere in a record.
        final boolean[] changed = new boolean[objects];
        final int changes = random.nextInt(objects + 1);
        for (int c = 0; c < changes; c++)
        {
            final int object = random.nextInt(objects);
            final int run = 1 + random.nextInt(3);
            for (int o = object; o < Math.min(objects, object + run); o++)
            {
                final int field = random.nextInt(stride);
                sent[o * stride + field] += 1 + random.nextInt(5);
                changed[o] = true;
            }
        }
        for (int from = 0; from <= objects; from++)
        {
            int expected = from;
            while (expected < objects && !changed[expected])
            {
                expected++;
            }
            assertEquals(expected, resend.firstDiffering(from, current), "from " + from);
        }
    }

    /** Perfect predictions are counted record by record as the ranged {@code Arrays.equals} counted them. */
    @Property(tries = 200)
    void perfectPredictionsAreCountedAsByArraysEquals(@ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int stride = 1 + random.nextInt(16);
        final int objectCount = 1 + random.nextInt(50);
        final PacketPlan plan = new PacketPlan(objectCount, stride);
        plan.states = new int[objectCount * stride];
        plan.predictions = new int[(objectCount + 3) * stride];
        plan.tableSize = 2;
        long expectedPerfect = 0;
        long expectedAbsolute = 0;
        plan.count = objectCount;
        for (int i = 0; i < objectCount; i++)
        {
            plan.stateOffset[i] = i * stride;
            plan.predictionOffset[i] = random.nextInt(objectCount + 3) * stride;
            plan.newestRef[i] = random.nextInt(3);
            for (int f = 0; f < stride; f++)
            {
                plan.states[i * stride + f] = random.nextInt(3);
            }
        }
        for (int i = 0; i < objectCount; i++)
        {
            // Some predictions equal the state, some differ in one field.
            if (random.nextBoolean())
            {
                System.arraycopy(plan.states, i * stride, plan.predictions, plan.predictionOffset[i], stride);
                if (random.nextBoolean())
                {
                    plan.predictions[plan.predictionOffset[i] + random.nextInt(stride)] += 1;
                }
            }
        }
        for (int i = 0; i < objectCount; i++)
        {
            if (plan.newestRef[i] == plan.tableSize)
            {
                expectedAbsolute++;
            }
            else if (Arrays.equals(plan.states, plan.stateOffset[i], plan.stateOffset[i] + stride,
                plan.predictions, plan.predictionOffset[i], plan.predictionOffset[i] + stride))
            {
                expectedPerfect++;
            }
        }
        final SenderStatistics statistics = new SenderStatistics();
        statistics.recordPacket(plan, stride);
        assertEquals(objectCount, statistics.objectsSent());
        assertEquals(expectedAbsolute, statistics.absoluteObjects());
        assertEquals(expectedPerfect, statistics.perfectPredictions());
    }
}
