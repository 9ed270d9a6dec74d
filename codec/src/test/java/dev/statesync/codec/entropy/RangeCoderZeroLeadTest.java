package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitOps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * A message started with {@link RangeBitWriter#startAboveZeroByte()} never begins with the byte 0 and is never empty
 * (a range-coded snapshot frame relies on it to need no format byte), decodes to what was coded, costs almost
 * nothing, and a reader refuses a region that starts with 0 or is empty.
 */
class RangeCoderZeroLeadTest
{
    @Provide
    Arbitrary<List<BitOps.Op>> scripts()
    {
        return BitOps.ops().list().ofMaxSize(80);
    }

    @Property(tries = 3000)
    void firstByteIsNeverZeroAndEveryFieldDecodes(@ForAll("scripts") final List<BitOps.Op> ops)
    {
        final byte[] storage = new byte[8192];
        final RangeBitWriter writer =
            new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length).startAboveZeroByte();
        BitOps.serialize(writer, ops, BitOps.values(ops), BitOps.bytes(ops));
        final int length = writer.finish();
        assertFalse(writer.isFailed());
        assertTrue(length >= 1, "never empty");
        assertNotEquals(0, storage[0], "first byte");

        final byte[] message = Arrays.copyOf(storage, length);
        final RangeBitReader reader =
            new RangeBitReader().wrap(new UnsafeBuffer(message), 0, length).startAboveZeroByte();
        final int[] read = new int[ops.size()];
        final byte[][] readBytes = BitOps.emptyBytesLike(ops);
        BitOps.serialize(reader, ops, read, readBytes);
        assertFalse(reader.isFailed());
        BitOps.assertReadBack(ops, read, readBytes);
    }

    /** The start costs 0.0056 bits: at most one byte more than the same message started at 0, and mostly none. */
    @Property(tries = 2000)
    void costsAtMostOneByteMoreThanAPlainStart(@ForAll("scripts") final List<BitOps.Op> ops)
    {
        final byte[] storage = new byte[8192];
        final RangeBitWriter plain = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        BitOps.serialize(plain, ops, BitOps.values(ops), BitOps.bytes(ops));
        final int plainLength = plain.finish();
        final RangeBitWriter above =
            new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length).startAboveZeroByte();
        BitOps.serialize(above, ops, BitOps.values(ops), BitOps.bytes(ops));
        final int aboveLength = above.finish();
        assertTrue(aboveLength <= plainLength + 1 && aboveLength >= plainLength - 1,
            aboveLength + " against " + plainLength);
    }

    @Example
    void anEmptyMessageIsOneNonZeroByte()
    {
        final byte[] storage = new byte[8];
        final RangeBitWriter writer =
            new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length).startAboveZeroByte();
        assertEquals(1, writer.finish());
        assertNotEquals(0, storage[0]);
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(storage), 0, 1).startAboveZeroByte();
        assertFalse(reader.isFailed());
    }

    @Property(tries = 2000)
    void aReaderRefusesARegionStartingWithZero(
        @ForAll("scripts") final List<BitOps.Op> ops, @ForAll @Size(max = 48) final byte[] garbage)
    {
        final byte[] region = garbage.clone();
        if (region.length > 0)
        {
            region[0] = 0;
        }
        final RangeBitReader reader =
            new RangeBitReader().wrap(new UnsafeBuffer(region), 0, region.length).startAboveZeroByte();
        assertTrue(reader.isFailed(), "a first byte of 0 (or nothing) is not a message started above it");
        // Failed readers stay failed and in range, never throw.
        final int[] read = new int[ops.size()];
        BitOps.serialize(reader, ops, read, BitOps.emptyBytesLike(ops));
        assertTrue(reader.isFailed());
        for (int i = 0; i < ops.size(); i++)
        {
            final BitOps.Op op = ops.get(i);
            if (op.kind() == BitOps.Kind.INT)
            {
                assertTrue(read[i] >= op.a() && read[i] <= op.b());
            }
        }
    }

    @Property(tries = 1000)
    void hostileNonZeroRegionsNeverThrowOrLeaveTheirRanges(
        @ForAll("scripts") final List<BitOps.Op> ops, @ForAll @Size(min = 1, max = 48) final byte[] garbage)
    {
        final byte[] region = garbage.clone();
        region[0] |= 1;
        final RangeBitReader reader =
            new RangeBitReader().wrap(new UnsafeBuffer(region), 0, region.length).startAboveZeroByte();
        final int[] read = new int[ops.size()];
        BitOps.serialize(reader, ops, read, BitOps.emptyBytesLike(ops));
        for (int i = 0; i < ops.size(); i++)
        {
            final BitOps.Op op = ops.get(i);
            if (op.kind() == BitOps.Kind.INT)
            {
                assertTrue(read[i] >= op.a() && read[i] <= op.b());
            }
        }
    }

    @Example
    void aWriterThatAlreadyCodedCannotStartAboveZero()
    {
        final byte[] storage = new byte[64];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        writer.serializeBool(true);
        assertThrows(IllegalStateException.class, writer::startAboveZeroByte);
    }
}
