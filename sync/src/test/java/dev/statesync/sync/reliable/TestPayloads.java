package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;

/**
 * Self-validating payloads, like reliable.io's soak test: the bytes are derived from an index written
 * at the front, so a receiver can tell a corrupted, truncated or mixed-up payload from a good one.
 */
public final class TestPayloads
{
    public static final int MIN_LENGTH = 12;

    private TestPayloads()
    {
    }

    public static int lengthFor(final long index, final int maxLength)
    {
        return MIN_LENGTH + (int)((index * 7919L) % (maxLength - MIN_LENGTH + 1));
    }

    public static int write(final MutableDirectBuffer buffer, final long index, final int length)
    {
        buffer.putLong(0, index, ByteOrder.LITTLE_ENDIAN);
        buffer.putInt(8, length, ByteOrder.LITTLE_ENDIAN);
        for (int i = MIN_LENGTH; i < length; i++)
        {
            buffer.putByte(i, valueAt(index, i));
        }
        return length;
    }

    /**
     * @return the payload's index, or -1 when it is not a valid payload.
     */
    public static long verify(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < MIN_LENGTH)
        {
            return -1;
        }
        final long index = buffer.getLong(offset, ByteOrder.LITTLE_ENDIAN);
        if (index < 0 || buffer.getInt(offset + 8, ByteOrder.LITTLE_ENDIAN) != length)
        {
            return -1;
        }
        for (int i = MIN_LENGTH; i < length; i++)
        {
            if (buffer.getByte(offset + i) != valueAt(index, i))
            {
                return -1;
            }
        }
        return index;
    }

    private static byte valueAt(final long index, final int position)
    {
        return (byte)(index * 31 + position * 7);
    }
}
