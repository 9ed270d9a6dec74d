package dev.statesync.sync.reliable;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PacketHeaderTest
{
    private static byte[] bytes(final int... values)
    {
        final byte[] result = new byte[values.length];
        for (int i = 0; i < values.length; i++)
        {
            result[i] = (byte)values[i];
        }
        return result;
    }

    private static byte[] write(final int sequence, final int ack, final int ackBits)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[16]);
        final int length = PacketHeader.write(buffer, 0, sequence, ack, ackBits);
        assertEquals(length, PacketHeader.encodedLength(sequence, ack, ackBits));
        return Arrays.copyOf(buffer.byteArray(), length);
    }

    private static void assertReads(final byte[] wire, final int sequence, final int ack, final int ackBits)
    {
        final PacketHeader header = new PacketHeader();
        assertEquals(wire.length, header.read(new UnsafeBuffer(wire), 0, wire.length));
        assertEquals(sequence, header.sequence());
        assertEquals(ack, header.ack());
        assertEquals(ackBits, header.ackBits());
    }

    @Test
    void shouldWriteMinimalHeaderWithAckDifferenceAndAllAckBitsFull()
    {
        final byte[] golden = bytes(0x20, 0x0A, 0x00, 0x05);
        assertArrayEquals(golden, write(10, 5, 0xFFFFFFFF));
        assertReads(golden, 10, 5, 0xFFFFFFFF);
    }

    @Test
    void shouldWriteFullAckAndOnlyAckBitsBytesThatAreNotFF()
    {
        // ack_bits bytes (low first): FF 00 FF 00 -> bytes 1 and 3 present, prefix bits 2 and 4
        final byte[] golden = bytes(0x14, 0xE8, 0x03, 0x64, 0x00, 0x00, 0x00);
        assertArrayEquals(golden, write(1000, 100, 0x00FF00FF));
        assertReads(golden, 1000, 100, 0x00FF00FF);
    }

    @Test
    void shouldSendAckAsDifferenceAcrossSequenceWrap()
    {
        final byte[] golden = bytes(0x3E, 0x02, 0x00, 0x04, 0x78, 0x56, 0x34, 0x12);
        assertArrayEquals(golden, write(2, 65534, 0x12345678));
        assertReads(golden, 2, 65534, 0x12345678);
    }

    @Test
    void shouldWriteNineByteHeaderWhenEverythingIsPresent()
    {
        final byte[] golden = bytes(0x1E, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00);
        assertArrayEquals(golden, write(0x8000, 0, 0));
        assertReads(golden, 0x8000, 0, 0);
    }

    @Test
    void shouldUseOneByteAckUpToDifference255Only()
    {
        assertArrayEquals(bytes(0x20, 0x2C, 0x01, 0xFF), write(300, 45, -1));
        assertArrayEquals(bytes(0x00, 0x2D, 0x01, 0x2D, 0x00), write(301, 45, -1));
        // ack newer than sequence: difference wraps to 65535, so the ack goes in full
        assertArrayEquals(bytes(0x00, 0x05, 0x00, 0x06, 0x00), write(5, 6, -1));
    }

    @Test
    void shouldReportTruncationAtEveryLength()
    {
        final byte[] full = write(0x8000, 0, 0x01020304);
        final PacketHeader header = new PacketHeader();
        for (int length = 0; length < full.length; length++)
        {
            assertEquals(PacketHeader.TRUNCATED, header.read(new UnsafeBuffer(full), 0, length), "length " + length);
        }
    }

    @Test
    void shouldKeepPreviousFieldsWhenReadFails()
    {
        final PacketHeader header = new PacketHeader();
        final byte[] good = write(10, 5, -1);
        header.read(new UnsafeBuffer(good), 0, good.length);
        final byte[] truncated = bytes(0x1E, 0x00, 0x80, 0x00, 0x00);
        assertEquals(PacketHeader.TRUNCATED, header.read(new UnsafeBuffer(truncated), 0, truncated.length));
        assertEquals(10, header.sequence());
        assertEquals(5, header.ack());
    }

    @Test
    void shouldRefuseFragmentPrefixAndReservedBits()
    {
        final PacketHeader header = new PacketHeader();
        assertEquals(PacketHeader.NOT_REGULAR, header.read(new UnsafeBuffer(bytes(0x21, 0, 0, 0)), 0, 4));
        assertEquals(PacketHeader.MALFORMED, header.read(new UnsafeBuffer(bytes(0x60, 0, 0, 0)), 0, 4));
        assertEquals(PacketHeader.MALFORMED, header.read(new UnsafeBuffer(bytes(0xA0, 0, 0, 0)), 0, 4));
    }

    @Test
    void shouldReadAtOffset()
    {
        final byte[] wire = bytes(0x99, 0x99, 0x20, 0x0A, 0x00, 0x05, 0x77);
        final PacketHeader header = new PacketHeader();
        assertEquals(4, header.read(new UnsafeBuffer(wire), 2, 5));
        assertEquals(10, header.sequence());
        assertEquals(5, header.ack());
    }

    @Test
    void shouldRejectOutOfRangeValuesAndTooSmallBufferAsMisuse()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[16]);
        assertThrows(IllegalArgumentException.class, () -> PacketHeader.write(buffer, 0, 65536, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> PacketHeader.write(buffer, 0, 0, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> PacketHeader.write(buffer, 10, 0x8000, 0, 0));
    }
}
