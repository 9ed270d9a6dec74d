package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.entropy.RangeBitWriter;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A framed snapshot is whichever of its bitpacked and range-coded packets is smaller, although the frame writer
 * writes the bitpacked one only when a lower bound of its size does not already prove the range-coded one smaller:
 * both forms are re-coded here from the sent packet and the frame's choice checked against them, and the lower
 * bound against the bitpacked coding it bounds.
 */
class FrameChoiceTest
{
    /**
     * Scenes from all random (bitpacked usually wins) to nearly still (range-coded wins), so both choices are made
     * and checked.
     */
    @Property(tries = 40)
    void everyFrameIsTheSmallerOfItsTwoForms(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(max = TestPredictors.KINDS - 1) final int predictorKind,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int objects = 1 + random.nextInt(60);
        final Predictor predictor = TestPredictors.of(schema, predictorKind);
        final SnapshotSender sender = new SnapshotSender(schema, objects, predictor, new ObjectCodec(schema),
            new SnapshotConfig().rangeCoded(true));
        final QuantizedStates states = new QuantizedStates(schema, objects);
        for (int i = 0; i < objects; i++)
        {
            RandomStates.randomRecord(schema, random, states.array(), states.offsetOf(i));
        }
        final UnsafeBuffer frame = new UnsafeBuffer(new byte[16384]);
        final UnsafeBuffer recoded = new UnsafeBuffer(new byte[16384]);
        final RangeBitWriter rangeWriter = new RangeBitWriter();
        final int stillPercent = random.nextInt(100);
        int rangeCodedFrames = 0;
        int bitpackedFrames = 0;
        for (int tick = 1; tick <= 30; tick++)
        {
            for (int i = 0; i < objects; i++)
            {
                if (random.nextInt(8) == 0)
                {
                    RandomStates.randomRecord(schema, random, states.array(), states.offsetOf(i));
                }
                else
                {
                    RandomStates.drift(schema, random, states.array(), states.offsetOf(i), stillPercent);
                }
            }
            final int length = sender.encodeFramed(tick, states, null, 0, frame, 0, frame.capacity(), tick);
            if (random.nextInt(4) != 0)
            {
                sender.onAcked(tick);
            }
            final BitMeasure bitpacked = new BitMeasure();
            sender.serializeLastPacket(bitpacked);
            final int bitpackedBytes = (bitpacked.bits() + 7) / 8;
            sender.serializeLastPacket(rangeWriter.wrap(recoded, 0, recoded.capacity()).startAboveZeroByte());
            final int rangeBytes = rangeWriter.finish();
            // A range-coded frame is the coder's bytes alone; a bitpacked one has the format byte in front.
            final boolean rangeCoded = rangeBytes < 1 + bitpackedBytes;
            assertEquals(rangeCoded, SnapshotFormat.isRangeCoded(frame.getByte(0)),
                "tick " + tick + ": range-coded " + rangeBytes + " B, bitpacked " + bitpackedBytes);
            if (!rangeCoded)
            {
                assertEquals(SnapshotFormat.FORMAT_BITPACKED, frame.getByte(0), "tick " + tick);
            }
            assertEquals(rangeCoded ? rangeBytes : 1 + bitpackedBytes, length, "tick " + tick);
            if (rangeCoded)
            {
                rangeCodedFrames++;
            }
            else
            {
                bitpackedFrames++;
            }
        }
        assertEquals(30, rangeCodedFrames + bitpackedFrames);
    }

    /** Over many scenes both choices happen, so the property above checks both branches of the frame writer. */
    @Property(tries = 1)
    void bothFormatsAreChosenSomewhere()
    {
        int rangeCoded = 0;
        int bitpacked = 0;
        for (int scene = 0; scene < 12; scene++)
        {
            final StateSchema schema = RandomStates.schema(scene % 6);
            final SplittableRandom random = new SplittableRandom(scene);
            final int objects = 40;
            final SnapshotSender sender = new SnapshotSender(schema, objects, TestPredictors.of(schema, scene % 3),
                new ObjectCodec(schema), new SnapshotConfig().rangeCoded(true));
            final QuantizedStates states = new QuantizedStates(schema, objects);
            final UnsafeBuffer frame = new UnsafeBuffer(new byte[16384]);
            for (int tick = 1; tick <= 10; tick++)
            {
                for (int i = 0; i < objects; i++)
                {
                    if (scene < 6)
                    {
                        RandomStates.randomRecord(schema, random, states.array(), states.offsetOf(i));
                    }
                    else
                    {
                        RandomStates.drift(schema, random, states.array(), states.offsetOf(i), 90);
                    }
                }
                sender.encodeFramed(tick, states, null, 0, frame, 0, frame.capacity(), tick);
                sender.onAcked(tick);
                if (SnapshotFormat.isRangeCoded(frame.getByte(0)))
                {
                    rangeCoded++;
                }
                else
                {
                    bitpacked++;
                }
            }
        }
        assertTrue(rangeCoded > 0 && bitpacked > 0, "range-coded " + rangeCoded + ", bitpacked " + bitpacked);
    }

    /** The size the frame writer compares against is exactly what the bitpacked coding writes, object by object. */
    @Property(tries = 3000)
    void bitpackedBitsAreExactlyWhatTheBitpackedCodingWrites(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll final long seed,
        @ForAll final boolean withPrediction,
        @ForAll @IntRange(max = 2) final int motion)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int stride = schema.stride();
        final int[] records = new int[2 * stride];
        RandomStates.randomRecord(schema, random, records, 0);
        System.arraycopy(records, 0, records, stride, stride);
        switch (motion)
        {
            case 0 -> RandomStates.evolve(schema, random, records, stride);
            case 1 -> RandomStates.drift(schema, random, records, stride, 10);
            default -> RandomStates.randomRecord(schema, random, records, stride);
        }
        final ObjectCodec codec = new ObjectCodec(schema);
        final BitMeasure measure = new BitMeasure();
        codec.serialize(measure, new StateRecord(schema, records, stride),
            withPrediction ? new StateRecord(schema, records, 0) : null);
        assertEquals(measure.bits(), codec.bitpackedBits(records, stride, withPrediction ? records : null, 0));
    }
}
