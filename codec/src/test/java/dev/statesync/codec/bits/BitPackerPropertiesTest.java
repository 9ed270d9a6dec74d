package dev.statesync.codec.bits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Invariants of the bitpacker over generated field scripts: the unified routine written, read and measured
 * agrees with itself and with a bit-at-a-time encoder of the format; hostile bytes never escape the region or
 * throw; writes past capacity are caught.
 */
class BitPackerPropertiesTest
{
    @Provide
    Arbitrary<List<BitOps.Op>> scripts()
    {
        return BitOps.ops().list().ofMaxSize(60);
    }

    @Property(tries = 2000)
    void readEqualsWrittenAndMeasureEqualsWrittenAndBytesMatchReference(
        @ForAll("scripts") final List<BitOps.Op> ops)
    {
        final byte[] storage = new byte[4096];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(storage), 0, storage.length);
        BitOps.serialize(writer, ops, BitOps.values(ops), BitOps.bytes(ops));
        final int length = writer.flush();
        assertFalse(writer.isFailed());

        final BitMeasure measure = new BitMeasure();
        BitOps.serialize(measure, ops, BitOps.values(ops), BitOps.bytes(ops));
        assertEquals(writer.bitsWritten(), measure.bits(), "measured bits == written bits");

        final BitOps.ReferenceEncoder reference = new BitOps.ReferenceEncoder().encode(ops);
        assertEquals(reference.bit, writer.bitsWritten());
        assertArrayEquals(Arrays.copyOf(reference.out, reference.bytesWritten()), Arrays.copyOf(storage, length));

        // Read from a buffer of exactly the written length: any read beyond it would throw.
        final byte[] packet = Arrays.copyOf(storage, length);
        final BitReader reader = new BitReader(new UnsafeBuffer(packet), 0, length);
        final int[] read = new int[ops.size()];
        final byte[][] readBytes = BitOps.emptyBytesLike(ops);
        BitOps.serialize(reader, ops, read, readBytes);
        reader.readTrailingPadding();

        assertFalse(reader.isFailed());
        assertEquals(length * 8, reader.bitsRead(), "read up to the end of the last written byte");
        BitOps.assertReadBack(ops, read, readBytes);
    }

    @Property(tries = 2000)
    void hostileBytesNeverThrowAndNeverReadOutsideTheRegion(
        @ForAll("scripts") final List<BitOps.Op> ops,
        @ForAll @Size(max = 64) final byte[] garbage,
        @ForAll @IntRange(max = 7) final int offset)
    {
        // The region sits at an offset in a buffer that ends exactly where the region ends.
        final byte[] storage = new byte[offset + garbage.length];
        System.arraycopy(garbage, 0, storage, offset, garbage.length);
        final BitReader reader = new BitReader(new UnsafeBuffer(storage), offset, garbage.length);

        final int[] read = new int[ops.size()];
        final byte[][] readBytes = BitOps.emptyBytesLike(ops);
        BitOps.serialize(reader, ops, read, readBytes);

        assertTrue(reader.bitsRead() <= garbage.length * 8L);
        for (int i = 0; i < ops.size(); i++)
        {
            final BitOps.Op op = ops.get(i);
            if (op.kind() == BitOps.Kind.INT)
            {
                assertTrue(read[i] >= op.a() && read[i] <= op.b(), "bounded read stays in range even when failed");
            }
        }
        if (reader.isFailed())
        {
            assertEquals(0, reader.readBits(32), "a failed reader returns 0");
            assertEquals(-5, reader.readInt(-5, 5), "a failed bounded read returns min");
        }
    }

    @Property(tries = 1000)
    void plainFieldsFailExactlyWhenTheyRunPastTheEnd(
        @ForAll @Size(max = 40) final List<@IntRange(min = 1, max = 32) Integer> widths,
        @ForAll @Size(max = 40) final byte[] garbage)
    {
        final BitReader reader = new BitReader(new UnsafeBuffer(garbage), 0, garbage.length);
        long needed = 0;
        for (final int width : widths)
        {
            reader.readBits(width);
            needed += width;
        }
        assertEquals(needed > garbage.length * 8L, reader.isFailed());
    }

    @Property(tries = 1000)
    void writerOverflowIsDetectedAndNeverTouchesBytesPastCapacity(
        @ForAll("scripts") final List<BitOps.Op> ops,
        @ForAll @IntRange(max = 40) final int capacity)
    {
        final byte canary = (byte)0xA5;
        final byte[] storage = new byte[capacity + 8];
        Arrays.fill(storage, canary);
        final BitWriter writer = new BitWriter(new UnsafeBuffer(storage), 0, capacity);
        BitOps.serialize(writer, ops, BitOps.values(ops), BitOps.bytes(ops));
        writer.flush();

        final BitMeasure measure = new BitMeasure();
        BitOps.serialize(measure, ops, BitOps.values(ops), BitOps.bytes(ops));

        assertEquals(measure.bits() > capacity * 8, writer.hasOverflowed());
        assertTrue(writer.bytesWritten() <= capacity);
        for (int i = capacity; i < storage.length; i++)
        {
            assertEquals(canary, storage[i], "byte " + i + " past capacity was written");
        }
    }

    @Property(tries = 300)
    void ladderCodesEveryValueInItsMeasuredSize(@ForAll @IntRange(min = 0, max = 4132) final int value)
    {
        final byte[] storage = new byte[8];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(storage), 0, storage.length);
        writer.writeLadder(value, BitOps.LADDER);
        assertEquals(BitOps.LADDER.bitsFor(value), writer.bitsWritten());
        writer.flush();
        final BitReader reader = new BitReader(new UnsafeBuffer(storage), 0, writer.bytesWritten());
        assertEquals(value, reader.readLadder(BitOps.LADDER));
        assertFalse(reader.isFailed());
    }

    @Property(tries = 1000)
    void zigZagRoundTripsAndFitsExactlyTheSignedRangeOfItsWidth(
        @ForAll final int value, @ForAll @IntRange(min = 1, max = 32) final int bits)
    {
        assertEquals(value, Bits.zigZagDecode(Bits.zigZagEncode(value)));
        final boolean inSignedRange = value >= -(1L << (bits - 1)) && value <= (1L << (bits - 1)) - 1;
        final boolean codeFits = bits == 32 || (Bits.zigZagEncode(value) >>> bits) == 0;
        assertEquals(inSignedRange, codeFits);
    }

    @Example
    void floatsKeepEveryBitPatternIncludingQuietNanPayloads()
    {
        final int[] patterns = {
            Float.floatToRawIntBits(Float.NaN), 0x7FC0_0001, 0xFFC0_0001, 0x8000_0000, 0x0000_0001, 0x7F80_0000,
            0xFF80_0000, 0x7F7F_FFFF, 0x0080_0000
        };
        final byte[] storage = new byte[64];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(storage), 0, storage.length);
        writer.writeBool(true);
        for (final int pattern : patterns)
        {
            writer.writeFloat(Float.intBitsToFloat(pattern));
        }
        writer.flush();
        final BitReader reader = new BitReader(new UnsafeBuffer(storage), 0, writer.bytesWritten());
        reader.readBool();
        for (final int pattern : patterns)
        {
            assertEquals(pattern, Float.floatToRawIntBits(reader.readFloat()));
        }
    }
}
