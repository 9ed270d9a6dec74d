package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** {@link IndexCoding#serialize} is one routine: what a writer codes, a reader reads back and a measure sizes. */
class IndexCodingProperties
{
    @Property(tries = 300)
    void serializeReadsBackTheIndicesItWroteInTheBitsItMeasured(
        @ForAll @IntRange(min = 1, max = 1200) final int objectCount,
        @ForAll @IntRange(min = 0, max = 100) final int densityPercent,
        @ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] indices = new int[objectCount];
        int count = 0;
        for (int object = 0; object < objectCount; object++)
        {
            if (random.nextInt(100) < densityPercent)
            {
                indices[count++] = object;
            }
        }
        final IndexCoding coding = new IndexCoding(objectCount);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[objectCount / 8 + 4096]);
        final BitWriter writer = new BitWriter().wrap(buffer, 0, buffer.capacity());
        coding.serialize(writer, indices, count);
        final BitMeasure measure = new BitMeasure();
        coding.serialize(measure, indices, count);
        final int written = writer.bitsWritten();
        writer.flush();

        final int[] decoded = new int[objectCount];
        final BitReader reader = new BitReader().wrap(buffer, 0, writer.bytesWritten());
        coding.serialize(reader, decoded, count);

        assertFalse(reader.isFailed());
        assertEquals(written, measure.bits());
        assertEquals(written, reader.bitsProcessed());
        assertArrayEquals(Arrays.copyOf(indices, count), Arrays.copyOf(decoded, count));
        // The writer codes the cheapest mode: never more than the bitmask.
        assertTrue(written <= 2 + objectCount, "bits " + written);
    }

    @Property(tries = 300)
    void hostileBytesFailTheReaderOrYieldAscendingIndicesInRange(
        @ForAll @IntRange(min = 1, max = 600) final int objectCount,
        @ForAll @IntRange(min = 0, max = 600) final int claimedCount,
        @ForAll @IntRange(min = 0, max = 200) final int length,
        @ForAll final long seed)
    {
        final int count = Math.min(claimedCount, objectCount);
        final byte[] bytes = new byte[length];
        new SplittableRandom(seed).nextBytes(bytes);
        final int[] decoded = new int[objectCount];
        final BitReader reader = new BitReader().wrap(new UnsafeBuffer(bytes), 0, length);

        new IndexCoding(objectCount).serialize(reader, decoded, count);

        if (!reader.isFailed())
        {
            for (int i = 0; i < count; i++)
            {
                assertTrue(decoded[i] >= 0 && decoded[i] < objectCount, "index " + decoded[i]);
                assertTrue(i == 0 || decoded[i] > decoded[i - 1], "ascending");
            }
        }
    }
}
