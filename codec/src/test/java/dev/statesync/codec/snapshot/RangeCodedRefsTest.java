package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.entropy.RangeBitReader;
import dev.statesync.codec.entropy.RangeBitWriter;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The range-coded refs ({@link BaselineRefs#serializeNewest}: from the table's start or, for an object neither
 * snapshot carried, from its end; {@link BaselineRefs#serializeOlder}: a "has one" flag, then the distance from the
 * newest): every (newest, older) a sorted table allows round-trips, "none" included for both, and hostile bytes
 * decode to indices in {@code [0, tableSize]} or fail the reader, never an exception.
 */
class RangeCodedRefsTest
{
    @Property(tries = 500)
    void newestRefsRoundTripNoneIncluded(
        @ForAll @IntRange(max = 31) final int tableSize, @ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int refs = 1 + random.nextInt(60);
        final int[] newest = new int[refs];
        final int[] carried = new int[refs];
        for (int i = 0; i < refs; i++)
        {
            newest[i] = random.nextInt(tableSize + 1);
            carried[i] = random.nextInt(4);
        }
        final byte[] storage = new byte[4096];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        for (int i = 0; i < refs; i++)
        {
            assertEquals(newest[i], BaselineRefs.serializeNewest(writer, newest[i], tableSize, carried[i]));
        }
        final int length = writer.finish();
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(storage), 0, length);
        for (int i = 0; i < refs; i++)
        {
            assertEquals(newest[i], BaselineRefs.serializeNewest(reader, 0, tableSize, carried[i]), "ref " + i);
        }
        assertFalse(reader.isFailed());
    }

    @Property(tries = 500)
    void olderRefsRoundTripNoneIncluded(@ForAll @IntRange(min = 1, max = 31) final int tableSize, @ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int refs = 1 + random.nextInt(60);
        final int[] newest = new int[refs];
        final int[] older = new int[refs];
        final int[] carried = new int[refs];
        final int[] ages = new int[refs];
        final boolean[] twos = new boolean[refs];
        for (int i = 0; i < refs; i++)
        {
            newest[i] = random.nextInt(tableSize);
            // Older than the newest in a newest-first table, or none (tableSize); the last entry has no older one.
            older[i] = newest[i] + 1 + random.nextInt(tableSize - newest[i]);
            carried[i] = random.nextInt(4);
            ages[i] = 1 + random.nextInt(random.nextBoolean() ? 20 : 2000);
            twos[i] = random.nextBoolean();
        }
        final byte[] storage = new byte[4096];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        for (int i = 0; i < refs; i++)
        {
            assertEquals(older[i], BaselineRefs.serializeOlder(writer, older[i], newest[i], tableSize, carried[i], ages[i], twos[i]));
        }
        final int length = writer.finish();
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(storage), 0, length);
        for (int i = 0; i < refs; i++)
        {
            assertEquals(older[i], BaselineRefs.serializeOlder(reader, 0, newest[i], tableSize, carried[i], ages[i], twos[i]), "ref " + i);
        }
        assertFalse(reader.isFailed());
    }

    @Property(tries = 2000)
    void hostileBytesGiveAnIndexInTheTableOrNone(
        @ForAll @Size(max = 32) final byte[] garbage,
        @ForAll @IntRange(min = 1, max = 31) final int tableSize,
        @ForAll @IntRange(max = 30) final int newestDrawn,
        @ForAll @IntRange(max = 3) final int carried)
    {
        final int newest = newestDrawn % tableSize;
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(garbage), 0, garbage.length);
        for (int i = 0; i < 8; i++)
        {
            final int newestRead = BaselineRefs.serializeNewest(reader, 0, tableSize, (carried + i) & 3);
            assertTrue(newestRead >= 0 && newestRead <= tableSize, "newest " + newestRead);
            final int older = BaselineRefs.serializeOlder(reader, 0, newest, tableSize, carried, 1 + i * 17, (i & 1) == 0);
            assertTrue(older >= 0 && older <= tableSize, "older " + older);
        }
    }
}
