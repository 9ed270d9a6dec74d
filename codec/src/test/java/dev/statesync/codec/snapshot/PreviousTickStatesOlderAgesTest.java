package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.entropy.RangeBitReader;
import dev.statesync.codec.entropy.RangeBitWriter;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.state.StateSchema;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Previous-tick states of ages 3 .. {@link PreviousTickStates#OLDEST_AGE} (the resent corners of lost packets) read
 * back exactly with both layouts, and every malformation of the section (a cut, an age beyond the oldest, too many
 * groups, a count above the entries or the plan's capacity, "any" with none) is refused before the receiver changes
 * anything.
 */
class PreviousTickStatesOlderAgesTest
{
    /** Written after the section: a reader that consumed a bit too many or too few reads something else. */
    private static final int SENTINEL = 0xA5C3E1;
    private static final int SENTINEL_BITS = 24;

    /** The entries of a packet, their states, and previous-tick states of a random set of (entry, age). */
    private static PacketPlan randomSection(
        final StateSchema schema, final int objectCount, final int entries, final SplittableRandom random, final int mode)
    {
        final int stride = schema.stride();
        final PacketPlan plan = new PacketPlan(objectCount, stride);
        final int[] chosen = new int[objectCount];
        int count = 0;
        for (int object = 0; object < objectCount && count < entries; object++)
        {
            // Keep enough objects after this one to fill the entries.
            if (objectCount - object <= entries - count || random.nextBoolean())
            {
                chosen[count++] = object;
            }
        }
        plan.objectsInIndexOrder(chosen, count);
        plan.states = new int[objectCount * stride];
        for (int i = 0; i < plan.count; i++)
        {
            plan.stateOffset[i] = i * stride;
            RandomStates.randomRecord(schema, random, plan.states, i * stride);
        }
        // mode 0: sparse over all ages; 1: dense, up to the capacity; 2: only ages 3..32; 3: one old age only.
        final int capacity = plan.previousCapacity();
        final int onlyAge = 3 + random.nextInt(PreviousTickStates.OLDEST_AGE - 2);
        final int density = mode == 1 ? 50 + random.nextInt(51) : 1 + random.nextInt(20);
        int k = 0;
        for (int age = 1; age <= PreviousTickStates.OLDEST_AGE; age++)
        {
            final boolean allowed = mode < 2 || (mode == 2 ? age > PreviousTickStates.FIXED_AGES : age == onlyAge);
            for (int i = 0; i < plan.count && k < capacity && allowed; i++)
            {
                if (random.nextInt(100) < density)
                {
                    plan.previousEntry[k] = i;
                    plan.previousAge[k] = age;
                    System.arraycopy(plan.states, i * stride, plan.previousStates, k * stride, stride);
                    if (random.nextInt(3) != 0)
                    {
                        RandomStates.evolve(schema, random, plan.previousStates, k * stride);
                    }
                    k++;
                }
            }
        }
        if (k == 0 && mode >= 2)
        {
            plan.previousEntry[0] = random.nextInt(plan.count);
            plan.previousAge[0] = onlyAge;
            System.arraycopy(plan.states, plan.previousEntry[0] * stride, plan.previousStates, 0, stride);
            k = 1;
        }
        plan.previousCount = k;
        return plan;
    }

    /** A plan to read {@code written}'s section into: same entries and states, nothing of the section. */
    private static PacketPlan readerOf(final PacketPlan written, final int objectCount, final int stride)
    {
        final PacketPlan read = new PacketPlan(objectCount, stride);
        System.arraycopy(written.objects, 0, read.objects, 0, written.count);
        read.count = written.count;
        read.states = written.states.clone();
        System.arraycopy(written.stateOffset, 0, read.stateOffset, 0, written.count);
        return read;
    }

    private static PacketLayout layout(final boolean rangeCoded, final int objectCount)
    {
        final IndexCoding indexCoding = new IndexCoding(objectCount);
        return rangeCoded ? new ModeledLayout(indexCoding, null, 0) : new BitpackedLayout(indexCoding);
    }

    @Property(tries = 300)
    void olderAgesReadBackExactlyWithBothLayouts(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 40) final int entries,
        @ForAll @IntRange(max = 12) final int extraObjects,
        @ForAll @IntRange(max = 3) final int mode,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int stride = schema.stride();
        final int objectCount = entries + extraObjects;
        final PacketPlan written = randomSection(schema, objectCount, entries, new SplittableRandom(seed), mode);
        assertTrue(written.previousCount <= PreviousTickStates.capacity(objectCount));
        final ObjectCodec codec = new ObjectCodec(schema);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[1024 + PreviousTickStates.capacity(objectCount) * 64]);
        for (final boolean rangeCoded : new boolean[] {false, true})
        {
            final PacketLayout layout = layout(rangeCoded, objectCount);
            final BitStream reader;
            int bitsWritten = -1;
            if (rangeCoded)
            {
                final RangeBitWriter writer = new RangeBitWriter().wrap(buffer, 0, buffer.capacity());
                assertEquals(DecodeResult.OK, PreviousTickStates.serialize(writer, layout, codec, written, stride));
                writer.serializeBits(SENTINEL, SENTINEL_BITS);
                reader = new RangeBitReader().wrap(buffer, 0, writer.finish());
            }
            else
            {
                final BitWriter writer = new BitWriter().wrap(buffer, 0, buffer.capacity());
                assertEquals(DecodeResult.OK, PreviousTickStates.serialize(writer, layout, codec, written, stride));
                bitsWritten = writer.bitsWritten();
                final BitMeasure measure = new BitMeasure();
                PreviousTickStates.serialize(measure, layout, codec, written, stride);
                assertEquals(bitsWritten, measure.bits(), "a measure counts the bits written");
                writer.serializeBits(SENTINEL, SENTINEL_BITS);
                reader = new BitReader().wrap(buffer, 0, writer.flush());
            }
            final PacketPlan read = readerOf(written, objectCount, stride);
            assertEquals(DecodeResult.OK, PreviousTickStates.serialize(reader, layout, codec, read, stride),
                rangeCoded ? "range-coded" : "bitpacked");
            if (!rangeCoded)
            {
                assertEquals(bitsWritten, ((BitReader)reader).bitsRead(), "bits read = bits written");
            }
            assertEquals(SENTINEL, reader.serializeBits(0, SENTINEL_BITS), "the section consumed exactly its bits");
            assertEquals(written.previousCount, read.previousCount);
            for (int k = 0; k < written.previousCount; k++)
            {
                assertEquals(written.previousEntry[k], read.previousEntry[k], "entry of state " + k);
                assertEquals(written.previousAge[k], read.previousAge[k], "age of state " + k);
                assertArrayEquals(Arrays.copyOfRange(written.previousStates, k * stride, k * stride + stride),
                    Arrays.copyOfRange(read.previousStates, k * stride, k * stride + stride), "state " + k);
            }
        }
    }

    @Property(tries = 100)
    void everyCutOfASectionWithOlderAgesIsMalformed(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 40) final int entries,
        @ForAll @IntRange(max = 3) final int mode,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int stride = schema.stride();
        final PacketPlan written = randomSection(schema, entries, entries, new SplittableRandom(seed), mode);
        final ObjectCodec codec = new ObjectCodec(schema);
        final PacketLayout layout = layout(false, entries);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[1024 + PreviousTickStates.capacity(entries) * 64]);
        final BitWriter writer = new BitWriter().wrap(buffer, 0, buffer.capacity());
        assertEquals(DecodeResult.OK, PreviousTickStates.serialize(writer, layout, codec, written, stride));
        final int length = writer.flush();
        for (int cut = 0; cut < length; cut++)
        {
            final PacketPlan read = readerOf(written, entries, stride);
            assertEquals(DecodeResult.MALFORMED, PreviousTickStates.serialize(
                new BitReader().wrap(buffer, 0, cut), layout, codec, read, stride), "cut to " + cut + " of " + length);
        }
    }

    /**
     * A range coder pads a cut message with zero bytes, so a cut may decode to other values: whatever it decodes to,
     * the reader neither throws nor goes past the plan's capacity.
     */
    @Property(tries = 50)
    void aCutRangeCodedSectionNeverOverflows(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 40) final int entries,
        @ForAll @IntRange(max = 3) final int mode,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int stride = schema.stride();
        final PacketPlan written = randomSection(schema, entries, entries, new SplittableRandom(seed), mode);
        final ObjectCodec codec = new ObjectCodec(schema);
        final PacketLayout layout = layout(true, entries);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[1024 + PreviousTickStates.capacity(entries) * 64]);
        final RangeBitWriter writer = new RangeBitWriter().wrap(buffer, 0, buffer.capacity());
        assertEquals(DecodeResult.OK, PreviousTickStates.serialize(writer, layout, codec, written, stride));
        final int length = writer.finish();
        for (int cut = 0; cut < length; cut++)
        {
            final PacketPlan read = readerOf(written, entries, stride);
            final DecodeResult result = PreviousTickStates.serialize(
                new RangeBitReader().wrap(buffer, 0, cut), layout, codec, read, stride);
            assertTrue(result == DecodeResult.OK || result == DecodeResult.MALFORMED, result.toString());
            assertTrue(read.previousCount <= read.previousCapacity());
        }
    }

    /** Hostile sections written field by field (every state a copy of its entry's, so only the fields are wrong). */
    enum Hostile
    {
        /** "any" set, both fixed counts 0, no older ages. */
        ANY_WITH_NONE,
        /** A fixed count one above the entries. */
        FIXED_COUNT_ABOVE_ENTRIES,
        /** An older group of one more state than entries. */
        OLDER_COUNT_ABOVE_ENTRIES,
        /** One group more than ages 3..32 hold. */
        TOO_MANY_GROUPS,
        /** A first older age of 33. */
        AGE_ABOVE_OLDEST,
        /** Thirty groups whose gaps climb past 32 at the last one. */
        AGES_CLIMB_PAST_OLDEST,
        /** Groups of every entry at each of ages 3..32: more states than the capacity. */
        ABOVE_CAPACITY
    }

    /** Write a hostile section for a plan of {@code entries} entries whose capacity is {@code capacity}. */
    private static void writeHostile(
        final Hostile hostile, final BitStream stream, final PacketLayout layout, final ObjectCodec codec,
        final PacketPlan plan, final int stride)
    {
        final int entries = plan.count;
        stream.serializeBool(true);
        stream.serializeLadder(hostile == Hostile.FIXED_COUNT_ABOVE_ENTRIES ? entries + 1 : 0, PreviousTickStates.LADDER);
        if (hostile == Hostile.FIXED_COUNT_ABOVE_ENTRIES)
        {
            writeStates(stream, layout, codec, plan, stride, entries + 1);
        }
        stream.serializeLadder(0, PreviousTickStates.LADDER);
        stream.serializeBool(hostile != Hostile.ANY_WITH_NONE && hostile != Hostile.FIXED_COUNT_ABOVE_ENTRIES);
        switch (hostile)
        {
            case OLDER_COUNT_ABOVE_ENTRIES ->
            {
                writeGroup(stream, layout, codec, plan, stride, 0, entries + 1);
            }
            case TOO_MANY_GROUPS ->
            {
                stream.serializeLadder(PreviousTickStates.OLDEST_AGE - PreviousTickStates.FIXED_AGES, PreviousTickStates.LADDER);
                for (int group = 0; group <= PreviousTickStates.OLDEST_AGE - PreviousTickStates.FIXED_AGES; group++)
                {
                    writeGroupBody(stream, layout, codec, plan, stride, 0, 1);
                }
            }
            case AGE_ABOVE_OLDEST -> writeGroup(stream, layout, codec, plan, stride, PreviousTickStates.OLDEST_AGE - 2, 1);
            case AGES_CLIMB_PAST_OLDEST ->
            {
                final int groups = PreviousTickStates.OLDEST_AGE - PreviousTickStates.FIXED_AGES;
                stream.serializeLadder(groups - 1, PreviousTickStates.LADDER);
                for (int group = 0; group < groups; group++)
                {
                    writeGroupBody(stream, layout, codec, plan, stride, group == groups - 1 ? 1 : 0, 1);
                }
            }
            case ABOVE_CAPACITY ->
            {
                final int groups = PreviousTickStates.OLDEST_AGE - PreviousTickStates.FIXED_AGES;
                stream.serializeLadder(groups - 1, PreviousTickStates.LADDER);
                for (int group = 0; group < groups; group++)
                {
                    writeGroupBody(stream, layout, codec, plan, stride, 0, entries);
                }
            }
            default ->
            {
            }
        }
    }

    private static void writeGroup(
        final BitStream stream, final PacketLayout layout, final ObjectCodec codec, final PacketPlan plan,
        final int stride, final int ageGap, final int count)
    {
        stream.serializeLadder(0, PreviousTickStates.LADDER);
        writeGroupBody(stream, layout, codec, plan, stride, ageGap, count);
    }

    private static void writeGroupBody(
        final BitStream stream, final PacketLayout layout, final ObjectCodec codec, final PacketPlan plan,
        final int stride, final int ageGap, final int count)
    {
        stream.serializeLadder(ageGap, PreviousTickStates.LADDER);
        stream.serializeLadder(count - 1, PreviousTickStates.LADDER);
        writeStates(stream, layout, codec, plan, stride, count);
    }

    /** {@code count} states at entries 0, 1, 2, ... (gap 0), each a copy of its entry's state (the last entry's beyond). */
    private static void writeStates(
        final BitStream stream, final PacketLayout layout, final ObjectCodec codec, final PacketPlan plan,
        final int stride, final int count)
    {
        final int[] copy = new int[stride];
        for (int k = 0; k < count; k++)
        {
            final int entry = Math.min(k, plan.count - 1);
            stream.serializeLadder(0, PreviousTickStates.LADDER);
            System.arraycopy(plan.states, plan.stateOffset[entry], copy, 0, stride);
            layout.serializeObject(codec, stream, copy, 0, plan.states, plan.stateOffset[entry], MotionContext.INTRA_PACKET);
        }
    }

    /** Every hostile section is malformed at the section's routine, with either layout. */
    @Property(tries = 100)
    void handBuiltHostileSectionsAreMalformed(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 40) final int entries,
        @ForAll final Hostile hostile,
        @ForAll final boolean rangeCoded,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int stride = schema.stride();
        final PacketPlan plan = randomSection(schema, entries, entries, new SplittableRandom(seed), 0);
        final ObjectCodec codec = new ObjectCodec(schema);
        final PacketLayout layout = layout(rangeCoded, entries);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096 + 32 * entries * 64]);
        final BitStream reader;
        if (rangeCoded)
        {
            final RangeBitWriter writer = new RangeBitWriter().wrap(buffer, 0, buffer.capacity());
            writeHostile(hostile, writer, layout, codec, plan, stride);
            reader = new RangeBitReader().wrap(buffer, 0, writer.finish());
        }
        else
        {
            final BitWriter writer = new BitWriter().wrap(buffer, 0, buffer.capacity());
            writeHostile(hostile, writer, layout, codec, plan, stride);
            reader = new BitReader().wrap(buffer, 0, writer.flush());
        }
        final PacketPlan read = readerOf(plan, entries, stride);
        if (hostile == Hostile.ABOVE_CAPACITY && 30 * entries <= read.previousCapacity())
        {
            // Too few entries to exceed the capacity this way: then it is a well-formed section.
            assertEquals(DecodeResult.OK, PreviousTickStates.serialize(reader, layout, codec, read, stride));
            return;
        }
        assertEquals(DecodeResult.MALFORMED, PreviousTickStates.serialize(reader, layout, codec, read, stride));
    }

    @Test
    void aWriterRefusesAgesOutOfOrderOrBeyondTheOldest()
    {
        final StateSchema schema = RandomStates.schema(0);
        final int stride = schema.stride();
        final PacketPlan plan = randomSection(schema, 4, 4, new SplittableRandom(7), 0);
        final ObjectCodec codec = new ObjectCodec(schema);
        final PacketLayout layout = layout(false, 4);
        plan.previousCount = 2;
        plan.previousEntry[0] = 0;
        plan.previousEntry[1] = 1;
        plan.previousAge[0] = 5;
        plan.previousAge[1] = 4;
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[4096]);
        assertThrows(RuntimeException.class, () -> PreviousTickStates.serialize(
            new BitWriter().wrap(buffer, 0, buffer.capacity()), layout, codec, plan, stride));
        plan.previousCount = 1;
        plan.previousAge[0] = PreviousTickStates.OLDEST_AGE + 1;
        assertEquals(DecodeResult.MALFORMED, PreviousTickStates.serialize(
            new BitWriter().wrap(buffer, 0, buffer.capacity()), layout, codec, plan, stride));
    }

    // ---- The receiver: a whole packet with older ages applies; a hostile one changes nothing. ----

    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final int OBJECTS = 24;

    /**
     * A whole keyframe packet (no baselines) of {@code plan} whose previous-tick section is {@code hostile}'s, or the
     * plan's own for null: the packet's bits up to its section are what {@link SnapshotPacket} writes.
     */
    private static int packet(
        final SnapshotPacket packet, final PacketPlan plan, final Hostile hostile, final UnsafeBuffer buffer)
    {
        final int stride = SCHEMA.stride();
        final PacketLayout layout = layout(false, OBJECTS);
        final BitWriter writer = new BitWriter().wrap(buffer, 0, buffer.capacity());
        if (hostile == null)
        {
            assertEquals(DecodeResult.OK, packet.serialize(writer, layout, plan, PacketBaselines.PLANNED));
            return writer.flush();
        }
        // The section starts at the packet's last bool ("any previous-tick states"): write the packet without one
        // and note where that bool went, then copy the bits before it and write the hostile section there.
        final int previousCount = plan.previousCount;
        plan.previousCount = 0;
        final UnsafeBuffer prefix = new UnsafeBuffer(new byte[buffer.capacity()]);
        final BitWriter prefixWriter = new BitWriter().wrap(prefix, 0, prefix.capacity());
        final int[] lastBoolAt = {-1};
        final BitStream watched = (BitStream)Proxy.newProxyInstance(BitStream.class.getClassLoader(),
            new Class<?>[] {BitStream.class}, (proxy, method, args) ->
            {
                if (method.getName().equals("serializeBool"))
                {
                    lastBoolAt[0] = prefixWriter.bitsWritten();
                }
                try
                {
                    return method.invoke(prefixWriter, args);
                }
                catch (final InvocationTargetException e)
                {
                    throw e.getCause();
                }
            });
        assertEquals(DecodeResult.OK, packet.serialize(watched, layout, plan, PacketBaselines.PLANNED));
        plan.previousCount = previousCount;
        final int prefixLength = prefixWriter.flush();
        final BitReader copy = new BitReader().wrap(prefix, 0, prefixLength);
        for (int left = lastBoolAt[0]; left > 0; left -= Math.min(left, 16))
        {
            final int bits = Math.min(left, 16);
            writer.serializeBits(copy.readBits(bits), bits);
        }
        writeHostile(hostile, writer, layout, new ObjectCodec(SCHEMA), plan, stride);
        writer.serializeAlign();
        return writer.flush();
    }

    /** A keyframe plan of tick {@code tick}: every object, none against a baseline, with states of older ages. */
    private static PacketPlan keyframe(final int tick, final SplittableRandom random, final boolean onlyOlder)
    {
        final int stride = SCHEMA.stride();
        final PacketPlan plan = randomSection(SCHEMA, OBJECTS, OBJECTS, random, onlyOlder ? 2 : 0);
        plan.tick = tick;
        plan.anchorDistance = 0;
        plan.tableSize = 0;
        plan.predictions = new int[OBJECTS * stride];
        for (int i = 0; i < plan.count; i++)
        {
            plan.newestRef[i] = 0;
            plan.olderRef[i] = 0;
            plan.alternative[i] = 0;
            plan.predictionOffset[i] = 0;
        }
        return plan;
    }

    @Test
    void aPacketOfOnlyOlderAgesAppliesWithItsTicksOldestLast()
    {
        final LinearExtrapolationPredictor predictor = new LinearExtrapolationPredictor(true);
        final SnapshotConfig config = new SnapshotConfig();
        final SnapshotReceiver receiver = new SnapshotReceiver(SCHEMA, OBJECTS, predictor, new ObjectCodec(SCHEMA), config);
        final SnapshotPacket packet = new SnapshotPacket(
            OBJECTS, predictor.baselineCount(), predictor.alternativeCount(), new ObjectCodec(SCHEMA));
        final SplittableRandom random = new SplittableRandom(13);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64 * 1024]);
        for (int tick = 1000; tick < 1020; tick++)
        {
            final PacketPlan plan = keyframe(tick, random, true);
            final int length = packet(packet, plan, null, buffer);
            assertEquals(DecodeResult.OK, receiver.decode(new BitReader().wrap(buffer, 0, length), tick - 999));
            assertEquals(plan.previousCount, receiver.previousStateCount());
            final int stride = SCHEMA.stride();
            for (int k = 0; k < plan.previousCount; k++)
            {
                assertEquals(plan.objects[plan.previousEntry[k]], receiver.previousStateObject(k));
                assertEquals(tick - plan.previousAge[k], receiver.previousStateTick(k));
                assertTrue(tick - receiver.previousStateTick(k) > PreviousTickStates.FIXED_AGES, "only older ages");
                assertTrue(k == 0 || receiver.previousStateTick(k) <= receiver.previousStateTick(k - 1), "oldest last");
                assertArrayEquals(Arrays.copyOfRange(plan.previousStates, k * stride, k * stride + stride),
                    Arrays.copyOfRange(receiver.previousStates(), k * stride, k * stride + stride));
            }
        }
    }

    @Property(tries = 60)
    void aHostileSectionInAWholePacketChangesNothingAtTheReceiver(
        @ForAll final Hostile hostile,
        @ForAll @IntRange(max = 40) final int cutPercent,
        @ForAll final boolean cutInstead,
        @ForAll final long seed)
    {
        final LinearExtrapolationPredictor predictor = new LinearExtrapolationPredictor(true);
        final SnapshotReceiver receiver =
            new SnapshotReceiver(SCHEMA, OBJECTS, predictor, new ObjectCodec(SCHEMA), new SnapshotConfig());
        final SnapshotPacket packet = new SnapshotPacket(
            OBJECTS, predictor.baselineCount(), predictor.alternativeCount(), new ObjectCodec(SCHEMA));
        final SplittableRandom random = new SplittableRandom(seed);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64 * 1024]);
        final int length = packet(packet, keyframe(500, random, false), null, buffer);
        assertEquals(DecodeResult.OK, receiver.decode(new BitReader().wrap(buffer, 0, length), 1));
        final long digest = receiver.stateDigest();
        final long malformed = receiver.malformedPackets();

        final PacketPlan next = keyframe(501, random, random.nextBoolean());
        final int hostileLength;
        if (cutInstead)
        {
            // A well-formed packet with older ages, cut short (within its last 40%, where the section is).
            final int whole = packet(packet, next, null, buffer);
            hostileLength = whole - 1 - (whole - 1) * cutPercent / 100;
        }
        else
        {
            hostileLength = packet(packet, next, hostile, buffer);
        }
        assertEquals(DecodeResult.MALFORMED, receiver.decode(new BitReader().wrap(buffer, 0, hostileLength), 2),
            cutInstead ? "cut to " + hostileLength : hostile.toString());
        assertEquals(digest, receiver.stateDigest(), "the refused packet changed nothing");
        assertEquals(malformed + 1, receiver.malformedPackets(), "and was counted");

        // The honest packet of that tick still applies afterwards.
        final int honest = packet(packet, next, null, buffer);
        assertEquals(DecodeResult.OK, receiver.decode(new BitReader().wrap(buffer, 0, honest), 3));
        assertEquals(next.previousCount, receiver.previousStateCount());
    }
}
