/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;

/**
 * The reliable.io regular packet header, byte for byte, so other implementations can read us:
 * <pre>
 * byte 0  prefix: bit0 = 0 (1 marks a fragment); bit k+1 (k = 0..3) set when ack_bits byte k is not 0xFF
 *         and so is present; bit5 set when (sequence - ack) mod 65536 &lt;= 255, ack sent as that one byte
 * u16     sequence (little-endian)
 * u8|u16  ack as the one-byte difference, or in full
 * 0..4 B  the ack_bits bytes whose prefix bit is set, low byte first (an absent byte means 0xFF)
 * </pre>
 * Writing is a static call; reading fills this reusable instance and returns a result code instead of
 * throwing, because the bytes come from the network and are hostile: the length is checked before each
 * field and nothing is kept from a header that fails.
 */
public final class PacketHeader
{
    /** Smallest header: prefix, sequence, one-byte ack, every ack_bits byte 0xFF. */
    public static final int MIN_BYTES = 4;

    /** Largest header: prefix, sequence, u16 ack, four ack_bits bytes. */
    public static final int MAX_BYTES = 9;

    /** Read result: the bytes end before the header does. */
    public static final int TRUNCATED = -1;

    /** Read result: prefix marks a fragment, not a regular packet. */
    public static final int NOT_REGULAR = -2;

    /** Read result: prefix has bits 6 or 7 set, which no writer produces. */
    public static final int MALFORMED = -3;

    static final int FRAGMENT_BIT = 1;
    static final int ACK_IS_DIFFERENCE_BIT = 1 << 5;
    static final int RESERVED_BITS = 0xC0;

    private int sequence;
    private int ack;
    private int ackBits;

    /**
     * @param sequence this packet's sequence in [0, 65535].
     * @param ack      newest sequence received from the peer, in [0, 65535].
     * @param ackBits  bit i set when {@code ack - i} was received.
     * @return header size in bytes for these values, in [4, 9].
     */
    public static int encodedLength(final int sequence, final int ack, final int ackBits)
    {
        int length = 3 + (((sequence - ack) & 0xFFFF) <= 255 ? 1 : 2);
        for (int k = 0; k < 4; k++)
        {
            if (((ackBits >>> (8 * k)) & 0xFF) != 0xFF)
            {
                length++;
            }
        }
        return length;
    }

    /**
     * Write a header.
     *
     * @param buffer   destination.
     * @param offset   where the prefix byte goes.
     * @param sequence this packet's sequence in [0, 65535].
     * @param ack      newest sequence received from the peer, in [0, 65535].
     * @param ackBits  bit i set when {@code ack - i} was received.
     * @return bytes written, in [4, 9].
     * @throws IllegalArgumentException when a sequence is out of range or the header does not fit.
     */
    public static int write(
        final MutableDirectBuffer buffer, final int offset, final int sequence, final int ack, final int ackBits)
    {
        SequenceNumbers.checkSequence(sequence, "sequence");
        SequenceNumbers.checkSequence(ack, "ack");
        final int length = encodedLength(sequence, ack, ackBits);
        if (offset < 0 || offset > buffer.capacity() - length)
        {
            throw new IllegalArgumentException("header of " + length + " bytes does not fit at " + offset);
        }

        final int difference = (sequence - ack) & 0xFFFF;
        int prefix = 0;
        for (int k = 0; k < 4; k++)
        {
            if (((ackBits >>> (8 * k)) & 0xFF) != 0xFF)
            {
                prefix |= 1 << (k + 1);
            }
        }
        if (difference <= 255)
        {
            prefix |= ACK_IS_DIFFERENCE_BIT;
        }

        int index = offset;
        buffer.putByte(index++, (byte)prefix);
        buffer.putShort(index, (short)sequence, ByteOrder.LITTLE_ENDIAN);
        index += 2;
        if (difference <= 255)
        {
            buffer.putByte(index++, (byte)difference);
        }
        else
        {
            buffer.putShort(index, (short)ack, ByteOrder.LITTLE_ENDIAN);
            index += 2;
        }
        for (int k = 0; k < 4; k++)
        {
            final int b = (ackBits >>> (8 * k)) & 0xFF;
            if (b != 0xFF)
            {
                buffer.putByte(index++, (byte)b);
            }
        }
        return index - offset;
    }

    /**
     * Read a header from untrusted bytes. On success the fields of this instance hold the values; on
     * failure they are unchanged.
     *
     * @param buffer source.
     * @param offset where the prefix byte is.
     * @param length bytes available from {@code offset} (the caller guarantees they are in the buffer).
     * @return header bytes consumed (4 to 9), or {@link #TRUNCATED}, {@link #NOT_REGULAR}, {@link #MALFORMED}.
     */
    public int read(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < 3)
        {
            return TRUNCATED;
        }
        final int prefix = buffer.getByte(offset) & 0xFF;
        if ((prefix & FRAGMENT_BIT) != 0)
        {
            return NOT_REGULAR;
        }
        if ((prefix & RESERVED_BITS) != 0)
        {
            return MALFORMED;
        }
        int index = 1;
        final int readSequence = buffer.getShort(offset + index, ByteOrder.LITTLE_ENDIAN) & 0xFFFF;
        index += 2;

        final int readAck;
        if ((prefix & ACK_IS_DIFFERENCE_BIT) != 0)
        {
            if (length - index < 1)
            {
                return TRUNCATED;
            }
            readAck = (readSequence - (buffer.getByte(offset + index) & 0xFF)) & 0xFFFF;
            index += 1;
        }
        else
        {
            if (length - index < 2)
            {
                return TRUNCATED;
            }
            readAck = buffer.getShort(offset + index, ByteOrder.LITTLE_ENDIAN) & 0xFFFF;
            index += 2;
        }

        int readAckBits = 0xFFFFFFFF;
        for (int k = 0; k < 4; k++)
        {
            if ((prefix & (1 << (k + 1))) != 0)
            {
                if (length - index < 1)
                {
                    return TRUNCATED;
                }
                final int b = buffer.getByte(offset + index) & 0xFF;
                index += 1;
                readAckBits &= ~(0xFF << (8 * k));
                readAckBits |= b << (8 * k);
            }
        }

        sequence = readSequence;
        ack = readAck;
        ackBits = readAckBits;
        return index;
    }

    /**
     * @return sequence of the last successful read.
     */
    public int sequence()
    {
        return sequence;
    }

    /**
     * @return ack of the last successful read.
     */
    public int ack()
    {
        return ack;
    }

    /**
     * @return ack bits of the last successful read.
     */
    public int ackBits()
    {
        return ackBits;
    }
}
