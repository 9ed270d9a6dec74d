package dev.statesync.bench.jmh.variants;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.bits.BitWriter;

/**
 * The zstd-style variant's figures in results.md mean something only if it is the same writer: the same bytes as
 * statesync's {@link BitWriter}, an overflow at the same call, nothing written outside the region. Tried for every
 * width 1..32, every region length 0..20 bytes (so every write lands at every distance from the region's end, on
 * both the unchecked 8-byte path and the exact tail path) and offset 0..7, in an array that ends with the region.
 */
class ByteStoreBitWriterTest
{
    private static final byte CANARY = (byte)0xA5;

    @Test
    void shouldWriteBitWritersBytesAndOverflowAtTheSameCallAtEveryWidthLengthAndOffset()
    {
        final SplittableRandom random = new SplittableRandom(4);
        for (int offset = 0; offset < 8; offset++)
        {
            for (int capacity = 0; capacity <= 20; capacity++)
            {
                for (int bits = 1; bits <= 32; bits++)
                {
                    final String where = bits + "-bit writes into " + capacity + " bytes at " + offset;
                    final byte[] variant = new byte[offset + capacity];
                    final byte[] expected = new byte[offset + capacity];
                    Arrays.fill(variant, CANARY);
                    Arrays.fill(expected, CANARY);
                    final ByteStoreBitWriter writer = new ByteStoreBitWriter().wrap(variant, offset, capacity);
                    final BitWriter reference = new BitWriter(new UnsafeBuffer(expected), offset, capacity);
                    while (!reference.hasOverflowed())
                    {
                        final int value = (int)(random.nextLong() & ((1L << bits) - 1));
                        writer.writeBits(value, bits);
                        reference.writeBits(value, bits);
                        assertEquals(reference.hasOverflowed(), writer.hasOverflowed(), where);
                        assertEquals(reference.bitsWritten(), writer.bitsWritten(), where);
                    }
                    writer.writeBits(1, 1);
                    assertTrue(writer.hasOverflowed(), where + ": sticky");
                    assertEquals(reference.bitsWritten(), writer.bitsWritten(), where + ": sticky");
                    reference.flush();
                    assertEquals(reference.bytesWritten(), writer.bytesWritten(), where);
                    // Past the written bytes the variant may leave zeros inside the region; up to them and before
                    // the region every byte must match (the canaries included).
                    final int end = offset + writer.bytesWritten();
                    assertArrayEquals(Arrays.copyOf(expected, end), Arrays.copyOf(variant, end), where);
                }
            }
        }
    }

    @Test
    void shouldRejectBitCountsOutside1To32AndValuesTooWide()
    {
        final ByteStoreBitWriter writer = new ByteStoreBitWriter().wrap(new byte[16], 0, 16);
        for (final int bits : new int[]{0, 33, -1, 64, Integer.MIN_VALUE})
        {
            assertThrows(IllegalArgumentException.class, () -> writer.writeBits(0, bits), "bits " + bits);
        }
        for (int bits = 1; bits < 32; bits++)
        {
            final int width = bits;
            assertThrows(IllegalArgumentException.class, () -> writer.writeBits(1 << width, width), "width " + width);
        }
        assertEquals(0, writer.bitsWritten(), "rejected writes write nothing");
        assertFalse(writer.hasOverflowed());
    }
}
