package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.entropy.RangeBitReader;
import dev.statesync.codec.entropy.RangeBitWriter;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The range-coded object set carries its own count ({@link IndexCoding#serializeModeled}: a "more" flag after each
 * carried object instead of a count field): the edge sets round-trip, the reader learns the count from the flags, and
 * hostile bytes decode to at most one index per object, ascending and in range, never an exception.
 */
class ModeledIndexSetTest
{
    @Property(tries = 400)
    void edgeSetsRoundTripAndTheReaderLearnsTheirCount(
        @ForAll @IntRange(min = 1, max = 200) final int objectCount,
        @ForAll @IntRange(max = 5) final int shape,
        @ForAll final boolean withReference)
    {
        final int[] indices = new int[objectCount];
        int count = 0;
        for (int object = 0; object < objectCount; object++)
        {
            final boolean carried = switch (shape)
            {
                case 0 -> false;
                case 1 -> true;
                case 2 -> object == objectCount - 1;
                case 3 -> object == 0;
                case 4 -> object >= objectCount / 2;
                default -> object % 3 == 1;
            };
            if (carried)
            {
                indices[count++] = object;
            }
        }
        final boolean[] reference = new boolean[objectCount];
        final boolean[] resting = new boolean[objectCount];
        for (int object = 0; object < objectCount; object++)
        {
            reference[object] = object % 2 == 0;
            resting[object] = object % 4 == 0;
        }
        final IndexCoding coding = new IndexCoding(objectCount);
        final byte[] storage = new byte[1024];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        assertEquals(count, coding.serializeModeled(
            writer, indices, count, withReference ? reference : null, withReference ? resting : null, 0));
        final int length = writer.finish();

        final int[] decoded = new int[objectCount];
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(storage), 0, length);
        assertEquals(count, coding.serializeModeled(
            reader, decoded, 0, withReference ? reference : null, withReference ? resting : null, 0));
        assertFalse(reader.isFailed());
        assertArrayEquals(Arrays.copyOf(indices, count), Arrays.copyOf(decoded, count));
    }

    @Property(tries = 2000)
    void hostileBytesDecodeToAscendingIndicesInRange(
        @ForAll @IntRange(min = 1, max = 300) final int objectCount,
        @ForAll @Size(max = 64) final byte[] garbage,
        @ForAll final boolean withReference)
    {
        final boolean[] reference = new boolean[objectCount];
        final boolean[] resting = new boolean[objectCount];
        for (int object = 0; object < objectCount; object += 3)
        {
            reference[object] = true;
            resting[object] = object % 2 == 0;
        }
        final int[] decoded = new int[objectCount];
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(garbage), 0, garbage.length);
        final int count = new IndexCoding(objectCount).serializeModeled(
            reader, decoded, 0, withReference ? reference : null, withReference ? resting : null, 0);
        assertTrue(count >= 0 && count <= objectCount, "count " + count);
        for (int i = 0; i < count; i++)
        {
            assertTrue(decoded[i] >= 0 && decoded[i] < objectCount);
            assertTrue(i == 0 || decoded[i] > decoded[i - 1], "ascending");
        }
    }

    /** All-ones bytes say "carried, more follow" at every flag: the reader stops at the last object, not past it. */
    @Example
    void aReaderToldMoreFollowAtEveryObjectStopsAtTheLast()
    {
        final int objectCount = 50;
        final byte[] ones = new byte[256];
        Arrays.fill(ones, (byte)0xFF);
        final int[] decoded = new int[objectCount];
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(ones), 0, ones.length);
        final int count = new IndexCoding(objectCount).serializeModeled(reader, decoded, 0, null, null, 0);
        assertTrue(count <= objectCount);
        for (int i = 0; i < count; i++)
        {
            assertTrue(i == 0 || decoded[i] > decoded[i - 1]);
        }
    }
}
