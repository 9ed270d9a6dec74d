package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.entropy.RangeBitReader;
import dev.statesync.codec.entropy.RangeBitWriter;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The context-modeled (range-coded) object, index and packet coding. */
class ModeledSnapshotTest
{
    private static final int OBJECTS = 12;

    @Property(tries = 1500)
    void modeledObjectsDecodeToWhatWasEncoded(@ForAll @IntRange(max = 5) final int schemaIndex, @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int stride = schema.stride();
        final int[] predictions = new int[OBJECTS * stride];
        final int[] states = new int[OBJECTS * stride];
        final int[] motion = new int[OBJECTS];
        final boolean[] predicted = new boolean[OBJECTS];
        for (int i = 0; i < OBJECTS; i++)
        {
            RandomStates.randomRecord(schema, random, predictions, i * stride);
            System.arraycopy(predictions, i * stride, states, i * stride, stride);
            RandomStates.evolve(schema, random, states, i * stride);
            motion[i] = MotionContext.pack(random.nextInt(MotionContext.CLASSES), random.nextInt(MotionContext.CLASSES)) |
                (random.nextInt(64) << MotionContext.DIRECTION_SHIFT);
            predicted[i] = random.nextInt(5) != 0;
        }
        final ObjectCodec codec = new ObjectCodec(schema);
        final byte[] storage = new byte[4096];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        for (int i = 0; i < OBJECTS; i++)
        {
            codec.serialize(writer, states, i * stride, predicted[i] ? predictions : null, i * stride, motion[i]);
        }
        final int length = writer.finish();
        assertFalse(writer.isFailed());

        final int[] decoded = new int[OBJECTS * stride];
        Arrays.fill(decoded, 777);
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(storage), 0, length);
        for (int i = 0; i < OBJECTS; i++)
        {
            codec.serialize(reader, decoded, i * stride, predicted[i] ? predictions : null, i * stride, motion[i]);
        }
        assertFalse(reader.isFailed());
        assertArrayEquals(states, decoded);
    }

    /**
     * Position and rotation residuals drawn from every earlier-magnitude level the rotation contexts tell apart (up
     * to 2, 10, 40, more) decode to what was encoded, with any previous alternative and alternative folded into the
     * motion context.
     */
    @Property(tries = 1000)
    void residualsOfEveryEarlierMagnitudeLevelDecodeToWhatWasEncoded(
        @ForAll @IntRange(max = 5) final int schemaIndex, @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int stride = schema.stride();
        final int[] predictions = new int[OBJECTS * stride];
        final int[] states = new int[OBJECTS * stride];
        final int[] motion = new int[OBJECTS];
        final int[] levelTops = {2, 10, 40, 3000};
        for (int i = 0; i < OBJECTS; i++)
        {
            RandomStates.randomRecord(schema, random, predictions, i * stride);
            System.arraycopy(predictions, i * stride, states, i * stride, stride);
            final int first = schema.is3d() ? schema.rotationOffset() + 1 : schema.rotationOffset();
            for (int f = 0; f < stride; f++)
            {
                final boolean residualField = f < schema.positionAxes() || f >= first && f < first + 3 && schema.is3d();
                if (residualField)
                {
                    final int top = levelTops[random.nextInt(levelTops.length)];
                    final long value = (long)states[i * stride + f] + random.nextInt(-top, top + 1);
                    states[i * stride + f] = (int)Math.max(schema.fieldMin(f), Math.min(schema.fieldMax(f), value));
                }
            }
            motion[i] = MotionContext.withAlternative(MotionContext.withPreviousAlternative(
                MotionContext.pack(random.nextInt(MotionContext.CLASSES), random.nextInt(MotionContext.CLASSES)) |
                    (random.nextInt(64) << MotionContext.DIRECTION_SHIFT), random.nextInt(PreviousAlternative.VALUES)),
                random.nextInt(4));
        }
        final ObjectCodec codec = new ObjectCodec(schema);
        ModeledRoundTrip.assertDecodesToWhatWasSent(codec, new ObjectCodec(schema), states, predictions, motion, stride);
    }

    @Property(tries = 1500)
    void hostileBytesDecodeModeledObjectsToValidRecordsOrFail(
        @ForAll @IntRange(max = 5) final int schemaIndex, @ForAll final long seed, @ForAll @Size(max = 40) final byte[] garbage)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int[] prediction = new int[schema.stride()];
        RandomStates.randomRecord(schema, new SplittableRandom(seed), prediction, 0);
        final int[] decoded = new int[schema.stride()];
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(garbage), 0, garbage.length);
        new ObjectCodec(schema).serialize(reader, decoded, 0, prediction, 0, MotionContext.pack((int)(seed & 7), 2));
        if (!reader.isFailed())
        {
            assertTrue(schema.isValid(decoded, 0), Arrays.toString(decoded));
        }
    }

    @Property(tries = 1000)
    void modeledIndexSetsRoundTripWithAndWithoutAReference(
        @ForAll @IntRange(min = 1, max = 300) final int objectCount, @ForAll final long seed, @ForAll final boolean withReference)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int density = 1 + random.nextInt(100);
        final boolean[] reference = new boolean[objectCount + 5];
        final boolean[] resting = new boolean[objectCount + 5];
        final int[] indices = new int[objectCount];
        int count = 0;
        for (int object = 0; object < objectCount; object++)
        {
            reference[5 + object] = random.nextInt(100) < density;
            resting[5 + object] = reference[5 + object] && random.nextInt(4) == 0;
            final boolean carried = random.nextInt(10) == 0 ? !reference[5 + object] : reference[5 + object];
            if (carried)
            {
                indices[count++] = object;
            }
        }
        final IndexCoding coding = new IndexCoding(objectCount);
        final byte[] storage = new byte[2048];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        assertEquals(count, coding.serializeModeled(
            writer, indices, count, withReference ? reference : null, withReference ? resting : null, 5));
        final int length = writer.finish();

        final int[] decoded = new int[objectCount];
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(storage), 0, length);
        // The reader is not told the count: the set's "more" flags end it.
        final int decodedCount = coding.serializeModeled(
            reader, decoded, 0, withReference ? reference : null, withReference ? resting : null, 5);
        assertFalse(reader.isFailed());
        assertEquals(count, decodedCount);
        assertArrayEquals(Arrays.copyOf(indices, count), Arrays.copyOf(decoded, count));
    }

    @Example
    void anIndexSetThatOverflowsTheWriterFailsTheWriterInsteadOfThrowing()
    {
        // writeFramed replays a packet range-coded into room for its bitpacked form only; when the object set
        // alone does not fit, the writer fails and the bitpacked form is sent. That must not throw.
        final int objectCount = 400;
        final int[] indices = new int[objectCount];
        int count = 0;
        for (int object = 0; object < objectCount; object += 1 + object % 3)
        {
            indices[count++] = object;
        }
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(new byte[64]), 0, 4);
        new IndexCoding(objectCount).serializeModeled(writer, indices, count, null, null, 0);
        writer.finish();
        assertTrue(writer.isFailed());
    }

    @Example
    void aPacketContinuingFromAModelTheReceiverNeverStoredIsRefusedAndChangesNothing()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final int objects = 100;
        final SnapshotConfig config = new SnapshotConfig().rangeCoded(true);
        final Predictor predictor = new LinearExtrapolationPredictor(false);
        final SnapshotSender sender = new SnapshotSender(schema, objects, predictor, new ObjectCodec(schema), config);
        final SnapshotReceiver receiver = new SnapshotReceiver(schema, objects, predictor, new ObjectCodec(schema), config);
        final QuantizedStates states = new QuantizedStates(schema, objects);
        final SplittableRandom random = new SplittableRandom(5);
        // All alike, so even the first, absolute snapshot range-codes smaller than it bitpacks.
        final int[] record = new int[schema.stride()];
        RandomStates.randomRecord(schema, random, record, 0);
        record[schema.atRestOffset()] = 0;
        for (int i = 0; i < objects; i++)
        {
            states.copyFrom(i, record, 0);
        }
        final UnsafeBuffer first = new UnsafeBuffer(new byte[8192]);
        final int firstLength = sender.encodeFramed(1, states, null, 0, first, 0, first.capacity(), 1);
        assertTrue(SnapshotFormat.isRangeCoded(first.getByte(0)));
        assertEquals(DecodeResult.OK, receiver.decodeFramed(first, 0, firstLength, 1));
        // Another receiver gets the same snapshot bitpacked: the same baselines, but no coder model for tick 1.
        final UnsafeBuffer firstBitpacked = new UnsafeBuffer(new byte[8192]);
        final BitWriter writer = new BitWriter(firstBitpacked, 1, firstBitpacked.capacity() - 1);
        sender.serializeLastPacket(writer);
        writer.flush();
        final SnapshotReceiver other = new SnapshotReceiver(schema, objects, predictor, new ObjectCodec(schema), config);
        assertEquals(DecodeResult.OK, other.decodeFramed(firstBitpacked, 0, 1 + writer.bytesWritten(), 1));
        sender.onAcked(1);

        for (int i = 0; i < objects; i++)
        {
            states.set(i, 0, states.get(i, 0) + (states.get(i, 0) < schema.fieldMax(0) ? 1 : -1));
        }
        final UnsafeBuffer second = new UnsafeBuffer(new byte[8192]);
        final int secondLength = sender.encodeFramed(2, states, null, 0, second, 0, second.capacity(), 2);
        assertTrue(SnapshotFormat.isRangeCoded(second.getByte(0)));

        final int[] before = other.states().array().clone();
        assertEquals(DecodeResult.BASELINE_MISSING, other.decodeFramed(second, 0, secondLength, 2));
        assertEquals(1, other.baselineMisses());
        assertArrayEquals(before, other.states().array());

        assertEquals(DecodeResult.OK, receiver.decodeFramed(second, 0, secondLength, 2));
        assertArrayEquals(states.array(), receiver.states().array());
    }

    @Example
    void theBaselineTableStaysNewestTickFirstAfterUnusedEntriesAreDropped()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final SnapshotConfig config = new SnapshotConfig().rangeCoded(true);
        final SnapshotSender sender = new SnapshotSender(schema, 2, HoldPredictor.INSTANCE, new ObjectCodec(schema), config);
        final QuantizedStates states = new QuantizedStates(schema, 2);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[1024]);
        sender.encodeFramed(1, states, null, 0, buffer, 0, buffer.capacity(), 1);
        sender.onAcked(1);
        states.set(1, 0, 10);
        sender.encodeFramed(2, states, null, 0, buffer, 0, buffer.capacity(), 2);
        sender.onAcked(2);
        // Object 0 is first in index order and names tick 1; object 1 names the newer tick 2.
        states.set(0, 0, 20);
        states.set(1, 0, 30);
        sender.encodeFramed(3, states, null, 0, buffer, 0, buffer.capacity(), 3);
        assertEquals(2, sender.lastTableSize());
        assertEquals(2, sender.lastTableTick(0));
        assertEquals(1, sender.lastTableTick(1));
    }

    @Example
    void theModelRingCoversTheReorderWindowUnlessSetExplicitly()
    {
        assertEquals(32, new SnapshotConfig().modelRingDepth());
        assertEquals(15, new SnapshotConfig().maxModelRefAgeTicks());
        final SnapshotConfig deepRing = new SnapshotConfig().ringDepthTicks(128);
        assertEquals(64, deepRing.modelRingDepth());
        assertEquals(64 - 32 - 1, deepRing.maxModelRefAgeTicks());
        assertEquals(8, new SnapshotConfig().modelRingDepth(8).modelRingDepth());
        assertEquals(0, new SnapshotConfig().modelRingDepth(8).maxModelRefAgeTicks());
    }

    @Property(tries = 300)
    void mutatedRangeCodedPacketsNeverThrowAndFailedDecodesChangeNothing(
        @ForAll @IntRange(max = 5) final int schemaIndex, @ForAll final long seed, @ForAll @IntRange(max = 3) final int mutation)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SnapshotLinkSimulation link =
            new SnapshotLinkSimulation(schema, 20, new LinearExtrapolationPredictor(false), seed, 16, true);
        link.run(30, 0.1, 2, 0, 1);
        final SplittableRandom random = new SplittableRandom(seed);
        RandomStates.evolve(schema, random, link.states.array(), 0);
        final byte[] bytes = new byte[4096];
        int length = link.sender.encodeFramed(31, link.states, null, 0, new UnsafeBuffer(bytes), 0, bytes.length, 31);
        switch (mutation)
        {
            case 0 -> random.nextBytes(bytes);
            case 1 -> bytes[1 + random.nextInt(length - 1)] ^= (byte)(1 << random.nextInt(8));
            case 2 -> length = random.nextInt(length);
            default ->
            {
                for (int i = 0; i < 4; i++)
                {
                    bytes[random.nextInt(length)] = (byte)random.nextInt();
                }
            }
        }
        final int[] statesBefore = link.receiver.states().array().clone();
        final long appliedBefore = link.receiver.packetsApplied();
        final DecodeResult result = link.receiver.decodeFramed(new UnsafeBuffer(bytes), 0, length, 31);
        if (result != DecodeResult.OK)
        {
            assertArrayEquals(statesBefore, link.receiver.states().array());
            assertEquals(appliedBefore, link.receiver.packetsApplied());
        }
        for (int i = 0; i < 20; i++)
        {
            assertTrue(schema.isValid(link.receiver.states().array(), i * schema.stride()));
        }
    }
}
