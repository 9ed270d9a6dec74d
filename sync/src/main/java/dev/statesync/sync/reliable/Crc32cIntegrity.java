/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * A 4-byte CRC32C trailer (little-endian) over {@code protocolId (u64 LE) || datagram bytes}.
 * <p>
 * Why: UDP's 16-bit checksum lets corrupted datagrams through, and strangers' traffic on the same port
 * should be dropped before it can advance the received window. Mixing the protocol id in means
 * packets of another game or version fail the check without the id costing bytes on the wire. It is
 * not a defence against anyone who knows the protocol id: use {@link KeyedMacIntegrity} for that.
 * <p>
 * Reuses one {@link CRC32C} and scratch arrays, so checking does not allocate. One owner thread.
 */
public final class Crc32cIntegrity implements PacketIntegrity
{
    /** Size of the trailer in bytes. */
    public static final int TRAILER_BYTES = 4;

    private final CRC32C crc = new CRC32C();
    private final byte[] protocolIdBytes = new byte[8];
    private byte[] scratch;

    /**
     * @param protocolId     64-bit id of the protocol and its version; both ends must agree.
     * @param maxPacketBytes largest datagram checked, excluding the trailer (sizes the scratch copy used
     *                       when a buffer is not backed by a byte array).
     */
    public Crc32cIntegrity(final long protocolId, final int maxPacketBytes)
    {
        for (int i = 0; i < 8; i++)
        {
            protocolIdBytes[i] = (byte)(protocolId >>> (8 * i));
        }
        scratch = new byte[maxPacketBytes];
    }

    @Override
    public int trailerBytes()
    {
        return TRAILER_BYTES;
    }

    /**
     * Append the trailer after {@code length} bytes at {@code offset}.
     *
     * @param buffer holds the datagram with room for 4 more bytes.
     * @param offset start of the datagram.
     * @param length datagram size without the trailer.
     * @return the new size, {@code length + 4}.
     */
    @Override
    public int append(final MutableDirectBuffer buffer, final int offset, final int length)
    {
        final int checksum = compute(buffer, offset, length);
        buffer.putInt(offset + length, checksum, ByteOrder.LITTLE_ENDIAN);
        return length + TRAILER_BYTES;
    }

    /**
     * @param buffer holds the datagram including the trailer.
     * @param offset start of the datagram.
     * @param length datagram size including the trailer.
     * @return true when the trailer is present and matches.
     */
    @Override
    public boolean verify(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < TRAILER_BYTES || length - TRAILER_BYTES > scratch.length)
        {
            return false;
        }
        final int bodyLength = length - TRAILER_BYTES;
        final int expected = buffer.getInt(offset + bodyLength, ByteOrder.LITTLE_ENDIAN);
        return compute(buffer, offset, bodyLength) == expected;
    }

    /**
     * @param buffer holds the bytes.
     * @param offset start.
     * @param length bytes covered.
     * @return CRC32C over the protocol id then the bytes.
     */
    public int compute(final DirectBuffer buffer, final int offset, final int length)
    {
        crc.reset();
        crc.update(protocolIdBytes, 0, 8);
        final byte[] array = buffer.byteArray();
        if (array != null)
        {
            crc.update(array, buffer.wrapAdjustment() + offset, length);
        }
        else
        {
            if (length > scratch.length)
            {
                scratch = new byte[length];
            }
            buffer.getBytes(offset, scratch, 0, length);
            crc.update(scratch, 0, length);
        }
        return (int)crc.getValue();
    }
}
