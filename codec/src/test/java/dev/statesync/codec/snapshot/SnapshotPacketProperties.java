package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.entropy.ContextModel;
import dev.statesync.codec.entropy.RangeBitReader;
import dev.statesync.codec.entropy.RangeBitWriter;
import dev.statesync.codec.state.StateSchema;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link SnapshotPacket#serialize} is the one packet routine of both ends: a plan written with either layout
 * reads back field for field, and a measure of the bitpacked layout counts exactly the bits written.
 */
class SnapshotPacketProperties
{
    @Property(tries = 200)
    void aPlanWrittenWithEitherLayoutReadsBackFieldForField(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 80) final int objectCount,
        @ForAll @IntRange(min = 1, max = 2) final int baselineCount,
        @ForAll @IntRange(min = 1, max = 3) final int alternatives,
        @ForAll final boolean rangeCoded,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int stride = schema.stride();
        final SplittableRandom random = new SplittableRandom(seed);
        final PacketPlan written = randomPlan(schema, objectCount, baselineCount, random);
        final IndexCoding indexCoding = new IndexCoding(objectCount);
        final PacketLayout layout = rangeCoded ? new ModeledLayout(indexCoding, null, 0) : new BitpackedLayout(indexCoding);
        final SnapshotPacket packet = new SnapshotPacket(objectCount, baselineCount, alternatives, new ObjectCodec(schema));
        for (int i = 0; i < written.count; i++)
        {
            written.alternative[i] = random.nextInt(alternatives);
        }

        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64 + objectCount * 256]);
        final int length;
        if (rangeCoded)
        {
            final RangeBitWriter writer = new RangeBitWriter().wrap(buffer, 0, buffer.capacity());
            assertEquals(DecodeResult.OK, packet.serialize(writer, layout, written, PacketBaselines.PLANNED));
            length = writer.finish();
        }
        else
        {
            final BitWriter writer = new BitWriter().wrap(buffer, 0, buffer.capacity());
            assertEquals(DecodeResult.OK, packet.serialize(writer, layout, written, PacketBaselines.PLANNED));
            final BitMeasure measure = new BitMeasure();
            packet.serialize(measure, layout, written, PacketBaselines.PLANNED);
            assertEquals(writer.bitsWritten(), measure.bits());
            length = writer.flush();
        }

        final PacketPlan read = new PacketPlan(objectCount, stride);
        read.states = new int[objectCount * stride];
        read.predictions = new int[stride];
        final BitStream reader = rangeCoded ? new RangeBitReader().wrap(buffer, 0, length) :
            new BitReader().wrap(buffer, 0, length);
        final PacketBaselines samePredictionsAsTheWriter = samePredictionsAs(written, stride);
        assertEquals(DecodeResult.OK, packet.serialize(reader, layout, read, samePredictionsAsTheWriter));

        assertReadsBack(written, read, stride);
    }

    @Property(tries = 200)
    void aTruncatedPacketWithPreviousTickStatesIsMalformedAndAPlanWithoutRoomRefusesThem(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 40) final int objectCount,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int stride = schema.stride();
        final SplittableRandom random = new SplittableRandom(seed);
        final PacketPlan written = randomPlan(schema, objectCount, 1, random);
        final IndexCoding indexCoding = new IndexCoding(objectCount);
        final PacketLayout layout = new BitpackedLayout(indexCoding);
        final SnapshotPacket packet = new SnapshotPacket(objectCount, 1, 1, new ObjectCodec(schema));
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64 + objectCount * 256]);
        final BitWriter writer = new BitWriter().wrap(buffer, 0, buffer.capacity());
        assertEquals(DecodeResult.OK, packet.serialize(writer, layout, written, PacketBaselines.PLANNED));
        final int length = writer.flush();
        final PacketBaselines predictions = samePredictionsAs(written, stride);
        final PacketPlan read = new PacketPlan(objectCount, stride);
        read.states = new int[objectCount * stride];
        read.predictions = new int[stride];
        final int cut = random.nextInt(length);
        assertEquals(DecodeResult.MALFORMED, packet.serialize(new BitReader().wrap(buffer, 0, cut), layout, read, predictions),
            "cut to " + cut + " of " + length + " bytes");
        final PacketPlan noRoom = new PacketPlan(objectCount);
        noRoom.states = new int[objectCount * stride];
        noRoom.predictions = new int[stride];
        assertEquals(written.previousCount > 0 ? DecodeResult.MALFORMED : DecodeResult.OK,
            packet.serialize(new BitReader().wrap(buffer, 0, length), layout, noRoom, predictions));
    }

    /**
     * The range-coded object set and refs are coded against the packet of the newest table entry when both ends hold
     * it range-coded and it is young enough (a flag says so), else against the model reference's; a reader told to use
     * a packet it does not hold refuses the packet as a missing baseline. Each end's {@link ModelRing} here holds a
     * random carried set for the newest entry's tick and, separately, for the model reference's.
     *
     * @param fallback 0: both ends hold the entry's packet and it is young enough; 1: held but older than the limit;
     *                 2: the writer never stored it (it went out bitpacked); 3: only the reader lacks it (lost).
     *                 The age limit is the entry's age, or one less for 1.
     */
    @Property(tries = 300)
    void aRangeCodedSetIsCodedAgainstTheNewestEntrysPacketWhenBothEndsHoldItOrFallsBack(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 80) final int objectCount,
        @ForAll @IntRange(min = 1, max = 2) final int baselineCount,
        @ForAll @IntRange(max = 3) final int fallback,
        @ForAll final boolean withModelReference,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int stride = schema.stride();
        final SplittableRandom random = new SplittableRandom(seed);
        final PacketPlan written = randomPlan(schema, objectCount, baselineCount, random);
        if (written.tableSize == 0)
        {
            written.tableSize = 1;
            written.tableTicks[0] = written.tick - 1 - random.nextInt(20);
            for (int i = 0; i < written.count; i++)
            {
                written.newestRef[i] = random.nextInt(2);
                written.olderRef[i] = 1;
            }
        }
        final int newestTick = written.tableTicks[0];
        final int newestAge = written.tick - newestTick;
        final boolean[] entryCarried = randomSet(objectCount, random);
        final ModelRing writerRing = new ModelRing(32, objectCount, 0);
        final ModelRing readerRing = new ModelRing(32, objectCount, 0);
        if (fallback != 2)
        {
            store(writerRing, newestTick, entryCarried);
        }
        if (fallback < 2)
        {
            store(readerRing, newestTick, entryCarried);
        }
        // A model reference a few ticks older than the entry (a slot of its own), when its age fits the field.
        final int modelRefAge = newestAge + 1 + random.nextInt(8);
        final boolean[] modelRefCarried = randomSet(objectCount, random);
        if (withModelReference && modelRefAge <= 255)
        {
            written.modelRefAge = modelRefAge;
            store(writerRing, written.tick - modelRefAge, modelRefCarried);
            store(readerRing, written.tick - modelRefAge, modelRefCarried);
        }
        // The limit exactly at the entry's age, or one below it.
        final int maxAge = fallback == 1 ? newestAge - 1 : newestAge;
        final IndexCoding indexCoding = new IndexCoding(objectCount);
        final SnapshotPacket packet = new SnapshotPacket(objectCount, baselineCount, 1, new ObjectCodec(schema));
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64 + objectCount * 256]);
        final RangeBitWriter writer = new RangeBitWriter().wrapWithoutModel(buffer, 0, buffer.capacity());
        assertEquals(DecodeResult.OK, packet.serialize(
            writer, new ModeledLayout(indexCoding, writerRing, maxAge), written, PacketBaselines.PLANNED));
        final int length = writer.finish();
        final boolean againstEntry = fallback == 0 || fallback == 3;
        assertEquals(againstEntry, written.newestEntryFlags != null);

        final PacketPlan read = new PacketPlan(objectCount, stride);
        read.states = new int[objectCount * stride];
        read.predictions = new int[stride];
        final DecodeResult result = packet.serialize(new RangeBitReader().wrapWithoutModel(buffer, 0, length),
            new ModeledLayout(indexCoding, readerRing, maxAge), read, samePredictionsAs(written, stride));
        if (fallback == 3)
        {
            assertEquals(DecodeResult.BASELINE_MISSING, result);
            return;
        }
        assertEquals(DecodeResult.OK, result);
        assertReadsBack(written, read, stride);
        assertEquals(againstEntry, read.newestEntryFlags != null);
        for (int object = 0; object < objectCount && againstEntry; object++)
        {
            assertEquals(entryCarried[object], read.newestEntryFlags[read.newestEntryFlagsOffset + object]);
        }
    }

    private static boolean[] randomSet(final int objectCount, final SplittableRandom random)
    {
        final boolean[] carried = new boolean[objectCount];
        final int density = random.nextInt(101);
        for (int object = 0; object < objectCount; object++)
        {
            carried[object] = random.nextInt(100) < density;
        }
        return carried;
    }

    /** Store a snapshot of {@code tick} carrying {@code carried}, with a fresh model, as both ends would. */
    private static void store(final ModelRing ring, final int tick, final boolean[] carried)
    {
        final int[] objects = new int[carried.length];
        int count = 0;
        for (int object = 0; object < carried.length; object++)
        {
            if (carried[object])
            {
                objects[count++] = object;
            }
        }
        // A plan of those objects, none at rest (state records of one zero field) and none against two baselines.
        final PacketPlan plan = new PacketPlan(carried.length);
        System.arraycopy(objects, 0, plan.objects, 0, count);
        plan.states = new int[carried.length];
        plan.tableSize = 0;
        ring.exchange(tick, new ContextModel(), plan, count);
    }

    /** Every field of {@code written} that the packet carries is in {@code read}. */
    private static void assertReadsBack(final PacketPlan written, final PacketPlan read, final int stride)
    {
        assertEquals(written.tick, read.tick);
        assertEquals(written.anchorDistance, read.anchorDistance, "anchor distance");
        assertEquals(written.modelRefAge, read.modelRefAge, "model reference age");
        assertEquals(written.count, read.count);
        assertArrayEquals(Arrays.copyOf(written.objects, written.count), Arrays.copyOf(read.objects, read.count));
        assertEquals(written.tableSize, read.tableSize);
        assertArrayEquals(Arrays.copyOf(written.tableTicks, written.tableSize), Arrays.copyOf(read.tableTicks, read.tableSize));
        for (int i = 0; i < written.count; i++)
        {
            assertEquals(written.newestRef[i], read.newestRef[i], "newest ref of entry " + i);
            if (written.newestRef[i] != written.tableSize)
            {
                assertEquals(written.olderRef[i], read.olderRef[i], "older ref of entry " + i);
                assertEquals(written.alternative[i], read.alternative[i], "alternative of entry " + i);
            }
            assertArrayEquals(Arrays.copyOfRange(written.states, i * stride, i * stride + stride),
                Arrays.copyOfRange(read.states, i * stride, i * stride + stride), "state of entry " + i);
        }
        assertEquals(written.previousCount, read.previousCount);
        for (int k = 0; k < written.previousCount; k++)
        {
            assertEquals(written.previousEntry[k], read.previousEntry[k], "entry of previous-tick state " + k);
            assertEquals(written.previousAge[k], read.previousAge[k], "age of previous-tick state " + k);
            assertArrayEquals(Arrays.copyOfRange(written.previousStates, k * stride, k * stride + stride),
                Arrays.copyOfRange(read.previousStates, k * stride, k * stride + stride), "previous-tick state " + k);
        }
    }

    /**
     * The receiver's hook predicts from its ring; here it hands over the writer's prediction (and motion context) of
     * each entry, so a read plan decodes against exactly what {@code written} was coded against.
     */
    private static PacketBaselines samePredictionsAs(final PacketPlan written, final int stride)
    {
        return new PacketBaselines()
        {
            @Override
            public DecodeResult acceptTick(final int tick)
            {
                return DecodeResult.OK;
            }

            @Override
            public boolean anchor(final PacketPlan plan)
            {
                // The receiver's lookup by sequence stands for itself in AppliedSequences' tests: the writer's anchor.
                plan.anchorTick = written.anchorTick;
                return true;
            }

            @Override
            public DecodeResult resolve(final PacketPlan plan, final int entry, final PacketLayout packetLayout)
            {
                plan.stateOffset[entry] = entry * stride;
                plan.predictionOffset[entry] = 0;
                plan.motionContext[entry] = written.motionContext[entry];
                return DecodeResult.OK;
            }

            @Override
            public void predict(final PacketPlan plan, final int entry)
            {
                System.arraycopy(written.predictions, written.predictionOffset[entry], plan.predictions, 0, stride);
            }
        };
    }

    /** A plan of random objects, table, refs, states and predictions (some exact, some near, some far). */
    private static PacketPlan randomPlan(
        final StateSchema schema, final int objectCount, final int baselineCount, final SplittableRandom random)
    {
        final int stride = schema.stride();
        final PacketPlan plan = new PacketPlan(objectCount, stride);
        final int[] chosen = new int[objectCount];
        int count = 0;
        final int density = random.nextInt(101);
        for (int object = 0; object < objectCount; object++)
        {
            if (random.nextInt(100) < density)
            {
                chosen[count++] = object;
            }
        }
        plan.objectsInIndexOrder(chosen, count);
        plan.tick = 100_000 + random.nextInt(1 << 20);
        // Half the plans anchor the tick: one tick per sequence, or any tick distance the header codes.
        if (random.nextBoolean())
        {
            plan.anchorDistance = 1 + random.nextInt(PacketTick.MAX_DISTANCE);
            plan.anchorTick = plan.tick - (random.nextBoolean() ? plan.anchorDistance : 1 + random.nextInt(PacketTick.MAX_DELTA));
        }
        plan.tableSize = random.nextInt(SnapshotFormat.MAX_BASELINES_PER_PACKET + 1);
        int age = 0;
        for (int t = 0; t < plan.tableSize; t++)
        {
            age += 1 + random.nextInt(random.nextInt(8) == 0 ? 3000 : 4);
            plan.tableTicks[t] = plan.tick - age;
        }
        plan.states = new int[objectCount * stride];
        plan.predictions = new int[objectCount * stride];
        for (int i = 0; i < plan.count; i++)
        {
            final int newest = random.nextInt(plan.tableSize + 1);
            plan.newestRef[i] = newest;
            plan.olderRef[i] = baselineCount == 2 && newest < plan.tableSize ?
                newest + 1 + random.nextInt(plan.tableSize - newest) : plan.tableSize;
            // Any motion context the baselines could give: the alternative and the residuals are coded in it.
            plan.motionContext[i] = MotionContext.pack(random.nextInt(MotionContext.CLASSES),
                random.nextInt(MotionContext.CLASSES)) | random.nextInt(64) << MotionContext.DIRECTION_SHIFT;
            plan.stateOffset[i] = i * stride;
            plan.predictionOffset[i] = i * stride;
            RandomStates.randomRecord(schema, random, plan.predictions, i * stride);
            System.arraycopy(plan.predictions, i * stride, plan.states, i * stride, stride);
            if (random.nextInt(4) != 0)
            {
                RandomStates.evolve(schema, random, plan.states, i * stride);
            }
        }
        // Previous-tick states: some entries at ages 1 and 2, a few at older ages (resends, sparser), ages then
        // entries ascending, never beyond the plan's capacity.
        final int previousDensity = random.nextInt(3) == 0 ? 0 : random.nextInt(101);
        final int olderDensity = random.nextInt(3) == 0 ? 0 : random.nextInt(6);
        final int capacity = plan.previousCapacity();
        int previous = 0;
        for (int previousAge = 1; previousAge <= PreviousTickStates.OLDEST_AGE; previousAge++)
        {
            final int ofAgeDensity = previousAge <= PreviousTickStates.FIXED_AGES ? previousDensity : olderDensity;
            for (int i = 0; i < plan.count && previous < capacity; i++)
            {
                if (random.nextInt(100) < ofAgeDensity)
                {
                    plan.previousEntry[previous] = i;
                    plan.previousAge[previous] = previousAge;
                    System.arraycopy(plan.states, i * stride, plan.previousStates, previous * stride, stride);
                    if (random.nextBoolean())
                    {
                        RandomStates.evolve(schema, random, plan.previousStates, previous * stride);
                    }
                    previous++;
                }
            }
        }
        plan.previousCount = previous;
        return plan;
    }
}
