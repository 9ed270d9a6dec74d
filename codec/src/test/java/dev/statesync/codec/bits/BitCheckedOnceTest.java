package dev.statesync.codec.bits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * The writer checks capacity once per 64-bit word and the reader checks the bits left only in a region's last 7
 * bytes; both must still fail at exactly the call a per-call check would, sticky, without throwing and without
 * touching a byte outside the region: tried exhaustively for every width 1..32, every short region length and
 * every offset, on array-backed and direct buffers. A region is given a buffer that ends where it ends, so any
 * load or store past it would throw (the JVM's and Agrona's own range checks), and hostile bytes around and inside
 * it.
 */
class BitCheckedOnceTest
{
    private static final byte CANARY = (byte)0xA5;
    private static final int MAX_REGION_BYTES = 20;

    @Test
    void readerFailsStickyAtExactlyTheFirstReadPastTheEndAtEveryWidthLengthAndOffset()
    {
        final SplittableRandom random = new SplittableRandom(12);
        for (final boolean direct : new boolean[]{false, true})
        {
            for (int offset = 0; offset < 8; offset++)
            {
                for (int length = 0; length <= MAX_REGION_BYTES; length++)
                {
                    final MutableDirectBuffer buffer = buffer(offset + length, direct);
                    final byte[] region = new byte[length];
                    for (int i = 0; i < buffer.capacity(); i++)
                    {
                        buffer.putByte(i, (byte)random.nextInt());
                    }
                    buffer.getBytes(offset, region);
                    for (int bits = 1; bits <= 32; bits++)
                    {
                        readUntilFailure(buffer, offset, region, bits);
                    }
                }
            }
        }
    }

    private static void readUntilFailure(final MutableDirectBuffer buffer, final int offset, final byte[] region,
        final int bits)
    {
        final String where = bits + "-bit reads of a " + region.length + "-byte region at " + offset;
        final BitReader reader = new BitReader(buffer, offset, region.length);
        final long lengthBits = region.length * 8L;
        long position = 0;
        while (position + bits <= lengthBits)
        {
            assertEquals(expected(region, position, bits), reader.readBits(bits), where + ", bit " + position);
            position += bits;
            assertFalse(reader.isFailed(), where);
        }
        assertEquals(0, reader.readBits(bits), where + ": the read past the end");
        assertTrue(reader.isFailed(), where);
        assertEquals(position, reader.bitsRead(), where + ": a failed read consumes nothing");
        assertEquals(0, reader.bitsRemaining(), where);
        // Sticky, even for a read that would fit what is left.
        assertEquals(0, reader.readBits(1), where);
        assertFalse(reader.readBool(), where);
        assertEquals(-3, reader.readInt(-3, 100), where);
        assertEquals(0f, reader.readFloat(), where);
        assertTrue(reader.isFailed(), where);
        assertEquals(position, reader.bitsRead(), where);
    }

    /** Bits {@code [position, position + bits)} of the region, LSB-first, from the definition of the format. */
    private static int expected(final byte[] region, final long position, final int bits)
    {
        long value = 0;
        for (int i = 0; i < bits; i++)
        {
            final long bit = position + i;
            value |= (long)((region[(int)(bit >>> 3)] >>> (bit & 7)) & 1) << i;
        }
        return (int)value;
    }

    @Test
    void writerOverflowsStickyAtExactlyTheFirstWritePastCapacityAtEveryWidthCapacityAndOffset()
    {
        final SplittableRandom random = new SplittableRandom(13);
        for (final boolean direct : new boolean[]{false, true})
        {
            for (int offset = 0; offset < 8; offset++)
            {
                for (int capacity = 0; capacity <= MAX_REGION_BYTES; capacity++)
                {
                    for (int bits = 1; bits <= 32; bits++)
                    {
                        writeUntilOverflow(random, direct, offset, capacity, bits);
                    }
                }
            }
        }
    }

    private static void writeUntilOverflow(final SplittableRandom random, final boolean direct, final int offset,
        final int capacity, final int bits)
    {
        final String where = bits + "-bit writes into a " + capacity + "-byte region at " + offset;
        // Canaries before the region and, in a second buffer, after it: the region's own buffer ends with it.
        final MutableDirectBuffer buffer = buffer(offset + capacity, direct);
        buffer.setMemory(0, buffer.capacity(), CANARY);
        final byte[] expected = new byte[capacity + 8];
        final BitWriter writer = new BitWriter(buffer, offset, capacity);
        final long capacityBits = capacity * 8L;
        long position = 0;
        while (position + bits <= capacityBits)
        {
            final int value = (int)(random.nextLong() & Bits.lowMask(bits));
            writer.writeBits(value, bits);
            put(expected, position, value, bits);
            position += bits;
            assertFalse(writer.hasOverflowed(), where);
        }
        writer.writeBits(1, bits);
        assertTrue(writer.hasOverflowed(), where + ": the write past the capacity");
        assertEquals(position, writer.bitsWritten(), where + ": a dropped write writes nothing");
        writer.writeBits(0, 1);
        writer.writeBool(true);
        writer.writeFloat(1f);
        writer.writeAlign();
        assertTrue(writer.isFailed(), where);
        assertEquals(position, writer.bitsWritten(), where + ": sticky");
        assertEquals((int)((position + 7) >>> 3), writer.flush(), where);
        for (int i = 0; i < offset; i++)
        {
            assertEquals(CANARY, buffer.getByte(i), where + ": byte " + i + " before the region");
        }
        for (int i = 0; i < (int)((position + 7) >>> 3); i++)
        {
            assertEquals(expected[i], buffer.getByte(offset + i), where + ": region byte " + i);
        }
    }

    private static void put(final byte[] bytes, final long position, final int value, final int bits)
    {
        for (int i = 0; i < bits; i++)
        {
            if (((value >>> i) & 1) != 0)
            {
                final long bit = position + i;
                bytes[(int)(bit >>> 3)] |= (byte)(1 << (bit & 7));
            }
        }
    }

    @Test
    void aFailureInsideTheRegionIsStickyOnTheFastPathToo()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        buffer.setMemory(0, 64, (byte)0xFF);
        final BitReader reader = new BitReader(buffer, 0, 64);
        assertEquals(0, reader.readInt(0, 5), "7 in 3 bits is outside [0, 5]");
        assertTrue(reader.isFailed());
        assertEquals(0, reader.readBits(8), "the failure is sticky at the region's start, far from its end");
        assertEquals(0, reader.readBits(32));

        final BitReader validated = new BitReader(buffer, 0, 64);
        assertEquals(0xFF, validated.readBits(8));
        validated.validate(false);
        assertEquals(0, validated.readBits(8));
        assertTrue(validated.isFailed());
        assertEquals(8, validated.bitsRead());
    }

    @Test
    void shouldRejectReaderBitCountsOutside1To32()
    {
        final BitReader reader = new BitReader(new UnsafeBuffer(new byte[16]), 0, 16);
        for (final int bits : new int[]{0, 33, -1, 64, Integer.MIN_VALUE, Integer.MAX_VALUE})
        {
            assertThrows(IllegalArgumentException.class, () -> reader.readBits(bits), "bits " + bits);
        }
        assertEquals(0, reader.bitsRead(), "a rejected read consumes nothing");
        assertFalse(reader.isFailed(), "misuse is an exception, not a failed stream");
    }

    @Test
    void shouldRejectWriterBitCountsOutside1To32AndValuesTooWide()
    {
        final BitWriter writer = new BitWriter(new UnsafeBuffer(new byte[16]), 0, 16);
        for (final int bits : new int[]{0, 33, -1, 64, 65, Integer.MIN_VALUE, Integer.MAX_VALUE})
        {
            assertThrows(IllegalArgumentException.class, () -> writer.writeBits(0, bits), "bits " + bits);
        }
        for (int bits = 1; bits < 32; bits++)
        {
            final int tooWide = 1 << bits;
            final int width = bits;
            assertThrows(IllegalArgumentException.class, () -> writer.writeBits(tooWide, width), "width " + bits);
            assertThrows(IllegalArgumentException.class, () -> writer.writeBits(-1, width), "-1 in " + bits);
        }
        writer.writeBits(-1, 32);
        assertEquals(32, writer.bitsWritten(), "any int fits 32 bits; rejected writes wrote nothing");
    }

    /**
     * A failing read still loads a window (so the cursor is stored once on every path): an unwrapped reader has no
     * region at all, and its reads must fail there, sticky, without touching memory it does not own; an unwrapped
     * writer has no region either, and its writes overflow without storing anything.
     */
    @Test
    void unwrappedReaderAndWriterFailWithoutThrowing()
    {
        final BitReader reader = new BitReader();
        assertEquals(0, reader.readBits(32));
        assertTrue(reader.isFailed());
        assertEquals(0, reader.readBits(1));
        assertEquals(7, reader.readInt(7, 9));
        assertEquals(0, reader.bitsRead());

        final BitWriter writer = new BitWriter();
        writer.writeBits(5, 3);
        writer.writeBool(true);
        assertTrue(writer.hasOverflowed());
        assertEquals(0, writer.bitsWritten());
        assertEquals(0, writer.bitsAvailable());
    }

    private static MutableDirectBuffer buffer(final int capacity, final boolean direct)
    {
        return direct ? new UnsafeBuffer(ByteBuffer.allocateDirect(capacity)) : new UnsafeBuffer(new byte[capacity]);
    }
}
