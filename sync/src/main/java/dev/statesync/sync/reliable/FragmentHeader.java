/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;

/**
 * The reliable.io fragment header: {@code [prefix 0x01][u16 sequence LE][u8 fragment id][u8 count - 1]}.
 * Fragment 0 then carries the regular {@link PacketHeader} of the whole packet before its slice of payload.
 * <p>
 * Reading only checks the layout; the limits (id below count, count within the configured maximum) are the
 * endpoint's job because each is counted as its own rejection reason.
 */
public final class FragmentHeader
{
    /** Size of the fragment header in bytes. */
    public static final int BYTES = 5;

    /** The prefix byte of every fragment. */
    public static final int PREFIX = 0x01;

    /** Most fragments the format can express (count - 1 is one byte). */
    public static final int MAX_FRAGMENT_COUNT = 256;

    /** Read result: fewer than {@link #BYTES} bytes. */
    public static final int TRUNCATED = -1;

    /** Read result: prefix is not exactly 0x01. */
    public static final int MALFORMED = -3;

    private int sequence;
    private int fragmentId;
    private int fragmentCount;

    /**
     * @param buffer        destination.
     * @param offset        where the prefix goes.
     * @param sequence      sequence of the packet the fragment belongs to, in [0, 65535].
     * @param fragmentId    index of this fragment, in [0, fragmentCount).
     * @param fragmentCount fragments in the packet, in [1, 256].
     * @return {@link #BYTES}.
     * @throws IllegalArgumentException on out-of-range values or when the header does not fit.
     */
    public static int write(
        final MutableDirectBuffer buffer,
        final int offset,
        final int sequence,
        final int fragmentId,
        final int fragmentCount)
    {
        SequenceNumbers.checkSequence(sequence, "sequence");
        if (fragmentCount < 1 || fragmentCount > MAX_FRAGMENT_COUNT || fragmentId < 0 || fragmentId >= fragmentCount)
        {
            throw new IllegalArgumentException("fragment " + fragmentId + " of " + fragmentCount);
        }
        if (offset < 0 || offset > buffer.capacity() - BYTES)
        {
            throw new IllegalArgumentException("fragment header does not fit at " + offset);
        }
        buffer.putByte(offset, (byte)PREFIX);
        buffer.putShort(offset + 1, (short)sequence, ByteOrder.LITTLE_ENDIAN);
        buffer.putByte(offset + 3, (byte)fragmentId);
        buffer.putByte(offset + 4, (byte)(fragmentCount - 1));
        return BYTES;
    }

    /**
     * Read a fragment header from untrusted bytes; fields change only on success.
     *
     * @param buffer source.
     * @param offset where the prefix is.
     * @param length bytes available from {@code offset}.
     * @return {@link #BYTES}, {@link #TRUNCATED} or {@link #MALFORMED}.
     */
    public int read(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < BYTES)
        {
            return TRUNCATED;
        }
        if ((buffer.getByte(offset) & 0xFF) != PREFIX)
        {
            return MALFORMED;
        }
        sequence = buffer.getShort(offset + 1, ByteOrder.LITTLE_ENDIAN) & 0xFFFF;
        fragmentId = buffer.getByte(offset + 3) & 0xFF;
        fragmentCount = (buffer.getByte(offset + 4) & 0xFF) + 1;
        return BYTES;
    }

    /**
     * @return packet sequence of the last successful read.
     */
    public int sequence()
    {
        return sequence;
    }

    /**
     * @return fragment id of the last successful read, in [0, 255].
     */
    public int fragmentId()
    {
        return fragmentId;
    }

    /**
     * @return fragment count of the last successful read, in [1, 256].
     */
    public int fragmentCount()
    {
        return fragmentCount;
    }
}
