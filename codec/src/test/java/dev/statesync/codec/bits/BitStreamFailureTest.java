package dev.statesync.codec.bits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class BitStreamFailureTest
{
    private final byte[] storage = new byte[32];
    private final UnsafeBuffer buffer = new UnsafeBuffer(storage);

    @Test
    void shouldFailBoundedReadOutsideRangeAndReturnMin()
    {
        final BitWriter writer = new BitWriter(buffer, 0, storage.length);
        writer.writeBits(7, 3);
        writer.flush();

        final BitReader reader = new BitReader(buffer, 0, 1);
        assertEquals(0, reader.readInt(0, 5));
        assertTrue(reader.isFailed());
    }

    @Test
    void shouldFailOnNonZeroAlignmentPadding()
    {
        storage[0] = 0b0000_0011;
        final BitReader reader = new BitReader(buffer, 0, 2);
        assertEquals(1, reader.readBits(1));
        reader.readAlign();
        assertTrue(reader.isFailed());
    }

    @Test
    void shouldLeaveDestinationUntouchedWhenBytesAreMissing()
    {
        final BitReader reader = new BitReader(buffer, 0, 3);
        final byte[] dst = {9, 9, 9, 9};
        reader.readBytes(dst, 0, 4);
        assertTrue(reader.isFailed());
        assertArrayEquals(new byte[]{9, 9, 9, 9}, dst);
    }

    @Test
    void shouldStayFailedAndReturnZeroAfterReadingPastEnd()
    {
        storage[0] = (byte)0xFF;
        final BitReader reader = new BitReader(buffer, 0, 1);
        assertEquals(0xFF, reader.readBits(8));
        assertEquals(0, reader.readBits(1));
        assertTrue(reader.isFailed());
        storage[1] = (byte)0xFF;
        assertEquals(0, reader.readBits(1), "still failed even though the buffer has more bytes");
        assertFalse(reader.readBool());
        assertEquals(0, reader.readLadder(BitLadder.smallUnsigned()));
    }

    @Test
    void shouldNotReadPastLengthWhenLadderSelectorIsAllOnes()
    {
        java.util.Arrays.fill(storage, (byte)0xFF);
        final BitLadder ladder = new BitLadder(1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
        final BitReader reader = new BitReader(buffer, 0, 1);
        reader.readLadder(ladder);
        assertTrue(reader.isFailed());
        assertEquals(8, reader.bitsRead());
    }

    @Test
    void shouldDropWritesPastCapacityAndReportOverflow()
    {
        final BitWriter writer = new BitWriter(buffer, 0, 2);
        writer.writeBits(0xFFF, 12);
        writer.writeBits(0x1F, 5);
        assertTrue(writer.hasOverflowed());
        assertTrue(writer.isFailed());
        assertEquals(12, writer.bitsWritten());
        writer.writeBits(1, 1);
        assertEquals(12, writer.bitsWritten(), "sticky: nothing written after an overflow");
        assertEquals(2, writer.flush());
        assertEquals(0, storage[2]);
    }

    @Test
    void shouldRejectProgrammerErrorsWithExceptions()
    {
        final BitWriter writer = new BitWriter(buffer, 0, storage.length);
        assertThrows(IllegalArgumentException.class, () -> writer.writeBits(0, 0));
        assertThrows(IllegalArgumentException.class, () -> writer.writeBits(0, 33));
        assertThrows(IllegalArgumentException.class, () -> writer.writeBits(8, 3));
        assertThrows(IllegalArgumentException.class, () -> writer.writeInt(6, 0, 5));
        assertThrows(IllegalArgumentException.class, () -> writer.writeZigZag(-5, 3));
        assertThrows(IllegalArgumentException.class, () -> writer.writeLadder(-1, BitLadder.smallUnsigned()));
        assertThrows(IllegalArgumentException.class, () -> new BitMeasure().serializeInt(6, 0, 5));
        assertThrows(IllegalArgumentException.class, () -> new BitReader(buffer, 30, 3));
        assertThrows(IllegalArgumentException.class, () -> new BitWriter(buffer, -1, 3));
        assertThrows(IllegalArgumentException.class, () -> new BitLadder());
        assertThrows(IllegalArgumentException.class, () -> new BitLadder(31, 31));
        assertThrows(IllegalArgumentException.class, () -> writer.writeBytes(new byte[2], 0, -1));
        assertThrows(IllegalArgumentException.class, () -> new BitMeasure().serializeBytes(new byte[2], 1, 2));
        assertEquals(35, BitLadder.smallUnsigned().bitsFor(BitLadder.smallUnsigned().maxValue()));
        assertEquals(0, writer.bitsWritten(), "rejected writes write nothing");
    }

    @Test
    void shouldContinueWritingAfterIntermediateFlush()
    {
        final BitWriter writer = new BitWriter(buffer, 0, storage.length);
        writer.writeBits(0x3, 2);
        assertEquals(1, writer.flush());
        writer.writeBits(0x3FFFFFFF, 30);
        writer.writeBits(0x5, 3);
        writer.flush();
        final BitReader reader = new BitReader(buffer, 0, writer.bytesWritten());
        assertEquals(0x3, reader.readBits(2));
        assertEquals(0x3FFFFFFF, reader.readBits(30));
        assertEquals(0x5, reader.readBits(3));
        assertFalse(reader.isFailed());
    }
}
