package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import dev.statesync.codec.entropy.RangeBitReader;
import dev.statesync.codec.entropy.RangeBitWriter;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.agrona.concurrent.UnsafeBuffer;

/** {@link BaselineRefs#serializeTableAge}: the range-coded table's ages as a first age and gaps. */
class BaselineTableAgesTest
{
    private static final int MAX_AGE = SnapshotFormat.AGE_LADDER.maxValue();

    /** Strictly increasing ages, from consecutive ticks to the ladder's largest, decode to what was written. */
    @Property(tries = 1000)
    void increasingAgesRoundTrip(@ForAll final long seed, @ForAll @IntRange(max = 31) final int count)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] ages = new int[count];
        int age = -1;
        for (int i = 0; i < count; i++)
        {
            final int room = MAX_AGE - age - (count - i) + 1;
            age += 1 + (random.nextInt(4) == 0 ? random.nextInt(Math.max(1, room)) : random.nextInt(Math.max(1, Math.min(3, room))));
            ages[i] = age;
        }
        if (count > 0 && random.nextBoolean())
        {
            ages[count - 1] = Math.max(ages[count - 1], MAX_AGE);
        }
        final byte[] storage = new byte[4096];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        int previous = -1;
        for (int i = 0; i < count; i++)
        {
            previous = BaselineRefs.serializeTableAge(writer, ages[i], previous);
        }
        final int length = writer.finish();
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(Arrays.copyOf(storage, length)), 0, length);
        previous = -1;
        for (int i = 0; i < count; i++)
        {
            previous = BaselineRefs.serializeTableAge(reader, 0, previous);
            assertEquals(ages[i], previous, "age " + i);
        }
        assertFalse(reader.isFailed());
        assertTrue(writer.model().sameAs(reader.model()));
    }

    /** Bytes naming an age beyond the ladder's largest fail the reader (a counted refusal, never an exception). */
    @Property(tries = 300)
    void agesBeyondTheLadderFailTheReader(
        @ForAll @IntRange(min = 1, max = 100_000) final int beyond, @ForAll final boolean asGap)
    {
        final byte[] storage = new byte[256];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        // What a hostile sender could put on the wire: the raw residuals, past the ladder's largest age.
        if (asGap)
        {
            writer.serializeResidual(MAX_AGE - 10, BaselineRefs.TABLE_FIRST_CONTEXT);
            writer.serializeResidual(9 + beyond, BaselineRefs.TABLE_GAP_CONTEXT);
        }
        else
        {
            writer.serializeResidual(MAX_AGE + beyond, BaselineRefs.TABLE_FIRST_CONTEXT);
        }
        final int length = writer.finish();
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(Arrays.copyOf(storage, length)), 0, length);
        int previous = BaselineRefs.serializeTableAge(reader, 0, -1);
        if (asGap)
        {
            assertFalse(reader.isFailed());
            previous = BaselineRefs.serializeTableAge(reader, 0, previous);
        }
        assertTrue(reader.isFailed());
        assertTrue(previous >= 0 && previous <= MAX_AGE, "a failed read still returns an age in range");
    }

    /** A negative first age or gap on the wire fails the reader too. */
    @Example
    void negativeAgesFailTheReader()
    {
        final byte[] storage = new byte[256];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        writer.serializeResidual(5, BaselineRefs.TABLE_FIRST_CONTEXT);
        writer.serializeResidual(-1, BaselineRefs.TABLE_GAP_CONTEXT);
        final int length = writer.finish();
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(Arrays.copyOf(storage, length)), 0, length);
        assertEquals(5, BaselineRefs.serializeTableAge(reader, 0, -1));
        assertFalse(reader.isFailed());
        BaselineRefs.serializeTableAge(reader, 0, 5);
        assertTrue(reader.isFailed());
    }

    /** The sender orders its table newest first; a writer handed ages out of order is a programming error. */
    @Example
    void writerRefusesAgesOutOfOrder()
    {
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(new byte[64]), 0, 64);
        assertThrows(IllegalArgumentException.class, () -> BaselineRefs.serializeTableAge(writer, 4, 4));
        assertThrows(IllegalArgumentException.class, () -> BaselineRefs.serializeTableAge(writer, 3, 4));
    }
}
