package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.priority.PriorityAccumulator;
import dev.statesync.codec.entropy.RangeBitWriter;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Framed snapshots under a budget are filled by their range-coded size, and never exceed their capacity.
 */
class BudgetedFramingTest
{
    /**
     * The simulation throws if any frame exceeds its tick's budget, or if the receiver decodes an object to
     * anything but what was sent; the budget changes every tick, so the sender's range/bitpacked ratio
     * estimate is often wrong.
     */
    @Property(tries = 200)
    void framesNeverExceedTheirCapacityUnderRandomBudgetsSchemasAndLoss(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(max = TestPredictors.KINDS - 1) final int predictorIndex,
        @ForAll @IntRange(min = 1, max = 150) final int objectCount,
        @ForAll @IntRange(max = 40) final int lossPercent,
        @ForAll @IntRange(max = 6) final int maxDelayTicks,
        @ForAll @IntRange(min = 16, max = 600) final int budgetBytes,
        @ForAll @IntRange(max = 100) final int spreadPercent,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SnapshotLinkSimulation link =
            new SnapshotLinkSimulation(schema, objectCount, TestPredictors.of(schema, predictorIndex), seed, 16, true);
        link.budgetSpreadBytes = (budgetBytes - 16) * spreadPercent / 100;
        link.run(100, lossPercent / 100.0, maxDelayTicks, budgetBytes, 1);

        assertEquals(100, link.snapshotsSent);
        assertEquals(0, link.receiver.baselineMisses());
        assertEquals(0, link.receiver.malformedPackets());
        Statistics.label("filled by range-coded size").collect(link.sender.fittedPackets() > 0);
        Statistics.label("filled by range-coded size").coverage(checker -> checker.check(true).percentage(p -> p > 30));
    }

    /**
     * 300 cubes slide and spin, so a 200-byte frame binds: filled by range-coded size it carries
     * far more objects than when objects are chosen by their bitpacked sizes (the sender before budgets were
     * fitted), and comes within a few bytes of the capacity. The sent bytes are those the packet reserializes
     * to, so trial codings left the packet's table and refs as the receiver decodes them.
     */
    @Example
    void aBindingBudgetIsFilledByRangeCodedSize()
    {
        final int objects = 300;
        final int capacity = 200;
        final StateSchema schema = StateSchema.snapshot3d();
        final SnapshotConfig config = new SnapshotConfig().rangeCoded(true);
        final Predictor predictor = new LinearExtrapolationPredictor(false);
        final SnapshotSender fitted = new SnapshotSender(schema, objects, predictor, new ObjectCodec(schema), config);
        final SnapshotSender bitpackedChoice = new SnapshotSender(schema, objects, predictor, new ObjectCodec(schema), config);
        final SnapshotReceiver receiver = new SnapshotReceiver(schema, objects, predictor, new ObjectCodec(schema), config);
        final PriorityAccumulator fittedPriorities = priorities(objects);
        final PriorityAccumulator bitpackedPriorities = priorities(objects);
        final QuantizedStates states = new QuantizedStates(schema, objects);
        final UnsafeBuffer frame = new UnsafeBuffer(new byte[capacity]);
        final UnsafeBuffer reserialized = new UnsafeBuffer(new byte[capacity]);
        final RangeBitWriter rangeWriter = new RangeBitWriter();
        final int[] order = new int[objects];
        long fittedBytes = 0;
        long fittedObjects = 0;
        long bitpackedChoiceObjects = 0;
        for (int tick = 1; tick <= 300; tick++)
        {
            slideAndSpin(schema, states, tick);
            fittedPriorities.accumulate();
            final int length = fitted.encodeFramed(
                tick, states, order, fittedPriorities.order(order), frame, 0, capacity, tick);
            fittedPriorities.markSent(fitted.includedObjects(), fitted.includedCount());
            assertTrue(length <= capacity);
            assertEquals(DecodeResult.OK, receiver.decodeFramed(frame, 0, length, tick));
            if (SnapshotFormat.isRangeCoded(frame.getByte(0)))
            {
                rangeWriter.wrap(reserialized, 0, capacity).startAboveZeroByte();
                fitted.serializeLastPacket(rangeWriter);
                final int again = rangeWriter.finish();
                final byte[] sent = new byte[length];
                final byte[] copy = new byte[again];
                frame.getBytes(0, sent);
                reserialized.getBytes(0, copy);
                assertArrayEquals(sent, copy, "tick " + tick);
            }

            bitpackedPriorities.accumulate();
            bitpackedChoice.prepare(tick, states, (capacity - 1) * 8);
            final int count = bitpackedPriorities.select(
                bitpackedChoice, (capacity - 1) * 8 - bitpackedChoice.headerBits(), order);
            bitpackedChoice.writeFramed(order, count, frame, 0, capacity, tick);
            bitpackedPriorities.markSent(order, count);
            if (tick > 60)
            {
                fittedBytes += length;
                fittedObjects += fitted.includedCount();
                bitpackedChoiceObjects += count;
            }
            if (tick > 3)
            {
                fitted.onAcked(tick - 3);
                bitpackedChoice.onAcked(tick - 3);
            }
        }
        final double fill = fittedBytes / (240.0 * capacity);
        assertTrue(fill > 0.97, "fill " + fill);
        assertTrue(fittedObjects > 3 * bitpackedChoiceObjects, fittedObjects + " vs " + bitpackedChoiceObjects);
        assertTrue(fitted.fitTrials() < 300 * 3, "trials " + fitted.fitTrials());
    }

    private static PriorityAccumulator priorities(final int objects)
    {
        final PriorityAccumulator priorities = new PriorityAccumulator(objects);
        for (int i = 0; i < objects; i++)
        {
            priorities.setPriorityFactor(i, i % 3 == 0 ? 100f : 1f);
        }
        return priorities;
    }

    private static void slideAndSpin(final StateSchema schema, final QuantizedStates states, final int tick)
    {
        for (int i = 0; i < states.objectCount(); i++)
        {
            final int phase = (tick + i) % 120;
            states.set(i, 0, (phase < 60 ? phase : 120 - phase) * 40);
            states.set(i, 1, i * 7);
            states.set(i, schema.rotationOffset() + 1, (tick * 3 + i) % 200);
        }
    }

    /** A set that fits neither bitpacked nor range-coded is refused, and nothing is written past the capacity. */
    @Example
    void aFrameThatFitsNeitherWayIsRefusedWithoutWritingPastTheCapacity()
    {
        final StateSchema schema = StateSchema.fiedler3d();
        final int objects = 40;
        final SnapshotSender sender = new SnapshotSender(schema, objects, HoldPredictor.INSTANCE, new ObjectCodec(schema),
            new SnapshotConfig().rangeCoded(true));
        final QuantizedStates states = new QuantizedStates(schema, objects);
        final SplittableRandom random = new SplittableRandom(3);
        final int[] all = new int[objects];
        for (int i = 0; i < objects; i++)
        {
            RandomStates.randomRecord(schema, random, states.array(), states.offsetOf(i));
            all[i] = i;
        }
        final byte[] bytes = new byte[512];
        Arrays.fill(bytes, (byte)0x5A);
        final int offset = 7;
        final int capacity = 64;
        sender.prepare(1, states);
        assertThrows(IllegalStateException.class,
            () -> sender.writeFramed(all, objects, new UnsafeBuffer(bytes), offset, capacity, 1));
        for (int i = 0; i < bytes.length; i++)
        {
            if (i < offset || i >= offset + capacity)
            {
                assertEquals((byte)0x5A, bytes[i], "byte " + i);
            }
        }
    }
}
