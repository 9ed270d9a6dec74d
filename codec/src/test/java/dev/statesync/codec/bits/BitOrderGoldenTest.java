package dev.statesync.codec.bits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * Byte vectors worked out by hand from the serialize.h format (LSB-first, little-endian 32-bit words), so
 * a change of bit order cannot pass by being consistent with itself.
 */
class BitOrderGoldenTest
{
    private final byte[] bytes = new byte[16];
    private final UnsafeBuffer buffer = new UnsafeBuffer(bytes);

    private byte[] written(final BitWriter writer)
    {
        return Arrays.copyOf(bytes, writer.flush());
    }

    private static byte[] bytesOf(final int... values)
    {
        final byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++)
        {
            out[i] = (byte)values[i];
        }
        return out;
    }

    @Test
    void shouldPackMixedWidthsLowBitsFirst()
    {
        // 5 in bits 0..2, 1000 in bits 3..12, 0xABCDEF in bits 13..36:
        //   5 | 1000 << 3 | 0xABCDEF << 13 = 0x0005 + 0x1F40 + 0x15_79BD_E000 = 0x15_79BD_FF45
        // little-endian bytes: 45 FF BD 79 15 (37 bits -> 5 bytes).
        final BitWriter writer = new BitWriter(buffer, 0, bytes.length);
        writer.writeBits(5, 3);
        writer.writeBits(1000, 10);
        writer.writeBits(0xABCDEF, 24);

        assertEquals(37, writer.bitsWritten());
        assertArrayEquals(bytesOf(0x45, 0xFF, 0xBD, 0x79, 0x15), written(writer));

        final BitReader reader = new BitReader(buffer, 0, 5);
        assertEquals(5, reader.readBits(3));
        assertEquals(1000, reader.readBits(10));
        assertEquals(0xABCDEF, reader.readBits(24));
        reader.readTrailingPadding();
        assertEquals(false, reader.isFailed());
    }

    @Test
    void shouldPutFirstBoolInLowestBitOfFirstByte()
    {
        final BitWriter writer = new BitWriter(buffer, 0, bytes.length);
        writer.writeBool(true);
        writer.writeBool(false);
        writer.writeBool(true);
        writer.writeBool(true);

        assertArrayEquals(bytesOf(0b1101), written(writer));
    }

    @Test
    void shouldWriteFullWordLittleEndianThenContinueInNextWord()
    {
        final BitWriter writer = new BitWriter(buffer, 0, bytes.length);
        writer.writeBits(0x12345678, 32);
        writer.writeBits(1, 1);

        assertArrayEquals(bytesOf(0x78, 0x56, 0x34, 0x12, 0x01), written(writer));
    }

    @Test
    void shouldSplitValueAcrossWordBoundary()
    {
        // 30 zero bits then 0b1111 (4 bits): bits 30..33 set -> byte 3 = 0xC0, byte 4 = 0x03.
        final BitWriter writer = new BitWriter(buffer, 0, bytes.length);
        writer.writeBits(0, 30);
        writer.writeBits(0xF, 4);

        assertArrayEquals(bytesOf(0, 0, 0, 0xC0, 0x03), written(writer));
    }

    @Test
    void shouldWriteBoundedIntAsOffsetFromMin()
    {
        // [-256, 255] needs 9 bits; -1 is written as 255 = 0x0FF: bytes FF 00.
        final BitWriter writer = new BitWriter(buffer, 0, bytes.length);
        writer.writeInt(-1, -256, 255);

        assertEquals(9, writer.bitsWritten());
        assertArrayEquals(bytesOf(0xFF, 0x00), written(writer));
    }

    @Test
    void shouldAlignWithZeroBitsBeforeBytes()
    {
        // 1 bit, 7 zero padding bits, then bytes 0xAB 0xCD.
        final BitWriter writer = new BitWriter(buffer, 0, bytes.length);
        writer.writeBool(true);
        writer.writeBytes(bytesOf(0xAB, 0xCD), 0, 2);

        assertArrayEquals(bytesOf(0x01, 0xAB, 0xCD), written(writer));
    }

    @Test
    void shouldWriteAtRegionOffsetOnly()
    {
        Arrays.fill(bytes, (byte)0x55);
        final BitWriter writer = new BitWriter(buffer, 3, 4);
        writer.writeBits(0x1FF, 9);
        writer.flush();

        assertArrayEquals(bytesOf(0x55, 0x55, 0x55, 0xFF, 0x01, 0x55), Arrays.copyOf(bytes, 6));
    }

    @Test
    void shouldCodeZigZagAsProtocolBuffersDo()
    {
        assertEquals(0, Bits.zigZagEncode(0));
        assertEquals(1, Bits.zigZagEncode(-1));
        assertEquals(2, Bits.zigZagEncode(1));
        assertEquals(3, Bits.zigZagEncode(-2));
        assertEquals(0xFFFF_FFFE, Bits.zigZagEncode(Integer.MAX_VALUE));
        assertEquals(0xFFFF_FFFF, Bits.zigZagEncode(Integer.MIN_VALUE));
    }

    @Test
    void shouldComputeBitsRequiredAsSerializeH()
    {
        assertEquals(0, Bits.bitsRequired(7, 7));
        assertEquals(1, Bits.bitsRequired(0, 1));
        assertEquals(2, Bits.bitsRequired(0, 2));
        assertEquals(9, Bits.bitsRequired(-256, 255));
        assertEquals(18, Bits.bitsRequired(0, 261_632));
        assertEquals(32, Bits.bitsRequired(Integer.MIN_VALUE, Integer.MAX_VALUE));
        assertEquals(31, Bits.bitsRequired(0, Integer.MAX_VALUE));
    }
}
