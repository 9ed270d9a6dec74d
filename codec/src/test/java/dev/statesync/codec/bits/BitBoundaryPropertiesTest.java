package dev.statesync.codec.bits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The checks the bitpacker makes once per 64-bit word, or once per read the scratch cannot serve, instead of once
 * per call, must fail at exactly the call a per-call check would: every region length is tried, short ones
 * included, at every region offset, on array-backed and direct buffers (the two store and load paths).
 */
class BitBoundaryPropertiesTest
{
    private static final byte CANARY = (byte)0xA5;

    /**
     * Writing plain fields into a region of every capacity from 0 to past the needed size: exactly the fields that
     * fit are written (a per-call check's answer), the first that does not fit and all after it are dropped, the
     * region's bytes are those of an unbounded write cut at that field, and no byte outside the region changes.
     */
    @Property(tries = 300)
    void writerOverflowsAtExactlyTheFirstFieldThatDoesNotFit(
        @ForAll @Size(max = 40) final List<@IntRange(min = 1, max = 32) Integer> widths,
        @ForAll final long seed,
        @ForAll @IntRange(max = 7) final int offset,
        @ForAll final boolean direct)
    {
        final int[] values = values(widths, seed);
        final long needed = widths.stream().mapToLong(Integer::longValue).sum();
        final byte[] unbounded = new byte[(int)(needed / 8) + 9];
        final BitWriter reference = new BitWriter(new UnsafeBuffer(unbounded), 0, unbounded.length);

        for (int capacity = 0; capacity <= (needed + 7) / 8 + 8; capacity++)
        {
            final MutableDirectBuffer buffer = buffer(offset + capacity + 8, direct);
            fill(buffer, CANARY);
            final BitWriter writer = new BitWriter(buffer, offset, capacity);
            reference.reset();
            long fitting = 0;
            boolean overflowExpected = false;
            for (int i = 0; i < widths.size(); i++)
            {
                writer.writeBits(values[i], widths.get(i));
                if (!overflowExpected && fitting + widths.get(i) <= capacity * 8L)
                {
                    fitting += widths.get(i);
                    reference.writeBits(values[i], widths.get(i));
                }
                else
                {
                    overflowExpected = true;
                }
                assertEquals(overflowExpected, writer.hasOverflowed(), "overflow state after field " + i);
                assertEquals(fitting, writer.bitsWritten(), "bits written after field " + i);
            }
            final int length = writer.flush();
            final int referenceLength = reference.flush();
            assertEquals(referenceLength, length);
            assertTrue(length <= capacity);
            for (int i = 0; i < buffer.capacity(); i++)
            {
                final boolean inRegion = i >= offset && i < offset + length;
                final byte expected = inRegion ? unbounded[i - offset] : i >= offset && i < offset + capacity ?
                    buffer.getByte(i) : CANARY;
                assertEquals(expected, buffer.getByte(i), "byte " + i + " of a region at " + offset + " of " + capacity);
            }
        }
    }

    /**
     * Reading plain fields from a region of every length: each field that ends inside the region reads what was
     * written, the first that does not fails the reader, and it and every later read return 0 while bits read stays
     * at the failing field's start.
     */
    @Property(tries = 300)
    void readerFailsAtExactlyTheFirstFieldPastTheEnd(
        @ForAll @Size(max = 40) final List<@IntRange(min = 1, max = 32) Integer> widths,
        @ForAll final long seed,
        @ForAll @IntRange(max = 7) final int offset,
        @ForAll final boolean direct)
    {
        final int[] values = values(widths, seed);
        final long needed = widths.stream().mapToLong(Integer::longValue).sum();
        final int written = (int)((needed + 7) / 8);
        final MutableDirectBuffer buffer = buffer(offset + written, direct);
        final BitWriter writer = new BitWriter(buffer, offset, written);
        for (int i = 0; i < widths.size(); i++)
        {
            writer.writeBits(values[i], widths.get(i));
        }
        writer.flush();

        for (int length = 0; length <= written; length++)
        {
            final BitReader reader = new BitReader(buffer, offset, length);
            long position = 0;
            boolean failed = false;
            for (int i = 0; i < widths.size(); i++)
            {
                final int bits = widths.get(i);
                failed |= position + bits > length * 8L;
                final int read = reader.readBits(bits);
                assertEquals(failed, reader.isFailed(), "failed state after field " + i + " of a " + length + "-byte region");
                assertEquals(failed ? 0 : values[i], read, "field " + i + " of a " + length + "-byte region");
                if (!failed)
                {
                    position += bits;
                }
                assertEquals(position, reader.bitsRead());
            }
            assertEquals(failed ? 0 : length * 8L - position, reader.bitsRemaining());
        }
    }

    /** The unified routine over every field kind writes the same bytes to a direct buffer as to an array. */
    @Property(tries = 500)
    void directAndArrayBuffersHoldTheSameBytes(
        @ForAll("scripts") final List<BitOps.Op> ops,
        @ForAll @IntRange(max = 7) final int offset)
    {
        final byte[] array = new byte[4096];
        final BitWriter arrayWriter = new BitWriter(new UnsafeBuffer(array), offset, array.length - offset);
        BitOps.serialize(arrayWriter, ops, BitOps.values(ops), BitOps.bytes(ops));
        final int length = arrayWriter.flush();

        final MutableDirectBuffer direct = buffer(4096, true);
        final BitWriter directWriter = new BitWriter(direct, offset, direct.capacity() - offset);
        BitOps.serialize(directWriter, ops, BitOps.values(ops), BitOps.bytes(ops));
        assertEquals(length, directWriter.flush());
        final byte[] directBytes = new byte[length];
        direct.getBytes(offset, directBytes);
        assertArrayEquals(Arrays.copyOfRange(array, offset, offset + length), directBytes);

        final BitReader reader = new BitReader(direct, offset, length);
        final int[] read = new int[ops.size()];
        BitOps.serialize(reader, ops, read, BitOps.emptyBytesLike(ops));
        reader.readTrailingPadding();
        assertFalse(reader.isFailed());
        assertEquals(length * 8, reader.bitsRead());
    }

    @Provide
    Arbitrary<List<BitOps.Op>> scripts()
    {
        return BitOps.ops().list().ofMaxSize(60);
    }

    private static int[] values(final List<Integer> widths, final long seed)
    {
        final java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        final int[] values = new int[widths.size()];
        for (int i = 0; i < values.length; i++)
        {
            values[i] = (int)(random.nextLong() & Bits.lowMask(widths.get(i)));
        }
        return values;
    }

    private static MutableDirectBuffer buffer(final int capacity, final boolean direct)
    {
        return direct ? new UnsafeBuffer(ByteBuffer.allocateDirect(capacity)) : new UnsafeBuffer(new byte[capacity]);
    }

    private static void fill(final MutableDirectBuffer buffer, final byte value)
    {
        buffer.setMemory(0, buffer.capacity(), value);
    }
}
