package dev.statesync.sync.reliable;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class FragmentHeaderTest
{
    @Test
    void shouldWriteGoldenFragmentHeader()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[8]);
        assertEquals(5, FragmentHeader.write(buffer, 0, 0xABCD, 2, 3));
        assertArrayEquals(
            new byte[]{ 0x01, (byte)0xCD, (byte)0xAB, 0x02, 0x02 }, Arrays.copyOf(buffer.byteArray(), 5));
    }

    @Test
    void shouldReadWhatWasWritten()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[8]);
        FragmentHeader.write(buffer, 1, 65535, 255, 256);
        final FragmentHeader header = new FragmentHeader();
        assertEquals(5, header.read(buffer, 1, 5));
        assertEquals(65535, header.sequence());
        assertEquals(255, header.fragmentId());
        assertEquals(256, header.fragmentCount());
    }

    @Test
    void shouldReportTruncatedAndWrongPrefix()
    {
        final FragmentHeader header = new FragmentHeader();
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[]{ 0x01, 0, 0, 0, 0 });
        for (int length = 0; length < 5; length++)
        {
            assertEquals(FragmentHeader.TRUNCATED, header.read(buffer, 0, length));
        }
        buffer.putByte(0, (byte)0x03);
        assertEquals(FragmentHeader.MALFORMED, header.read(buffer, 0, 5));
    }

    @Test
    void shouldRejectInvalidFragmentValuesAsMisuse()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[8]);
        assertThrows(IllegalArgumentException.class, () -> FragmentHeader.write(buffer, 0, 1, 3, 3));
        assertThrows(IllegalArgumentException.class, () -> FragmentHeader.write(buffer, 0, 1, 0, 257));
        assertThrows(IllegalArgumentException.class, () -> FragmentHeader.write(buffer, 4, 1, 0, 1));
    }
}
