/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A trailer appended to every datagram and checked before any byte of it is read, so that a datagram that fails
 * is refused ({@link ReliableCounters#REJECTED_INTEGRITY}) before it can touch any state. Implementations:
 * {@link Crc32cIntegrity} (corruption and strangers' traffic) and {@link KeyedMacIntegrity} (forgery).
 * Allocation-free; one owner thread.
 */
public interface PacketIntegrity
{
    /**
     * @return bytes the trailer adds to each datagram.
     */
    int trailerBytes();

    /**
     * Append the trailer after {@code length} bytes at {@code offset}.
     *
     * @param buffer holds the datagram with room for {@link #trailerBytes()} more bytes.
     * @param offset start of the datagram.
     * @param length datagram size without the trailer.
     * @return the new size, {@code length + trailerBytes()}.
     */
    int append(MutableDirectBuffer buffer, int offset, int length);

    /**
     * {@link #append(MutableDirectBuffer, int, int)} for a datagram of sequence epoch {@code epoch} (how many times
     * the sender's 16-bit sequence wrapped before this datagram's sequence): a check that covers it refuses a datagram
     * replayed from an earlier epoch, whose 16-bit sequence alone would pass for a new one. By default the epoch is
     * not covered.
     *
     * @param epoch the datagram's sequence epoch, >= 0.
     * @return the new size, {@code length + trailerBytes()}.
     */
    default int append(final MutableDirectBuffer buffer, final int offset, final int length, final long epoch)
    {
        return append(buffer, offset, length);
    }

    /**
     * @param buffer holds the datagram including the trailer (hostile bytes).
     * @param offset start of the datagram.
     * @param length datagram size including the trailer.
     * @return true when the trailer is present and matches.
     */
    boolean verify(DirectBuffer buffer, int offset, int length);

    /**
     * {@link #verify(DirectBuffer, int, int)} against the sequence epoch the receiver expects for the datagram's
     * sequence (see {@link #append(MutableDirectBuffer, int, int, long)}).
     *
     * @param epoch the expected sequence epoch, >= 0.
     * @return true when the trailer is present and matches.
     */
    default boolean verify(final DirectBuffer buffer, final int offset, final int length, final long epoch)
    {
        return verify(buffer, offset, length);
    }

    /**
     * @param config endpoint settings (validated).
     * @param maxDatagramBytes largest datagram the endpoint accepts, trailer excluded.
     * @return the integrity check the settings ask for, or null for none.
     */
    static PacketIntegrity forConfig(final ReliableConfig config, final int maxDatagramBytes)
    {
        switch (config.integrityMode())
        {
            case CRC32C:
                return new Crc32cIntegrity(config.protocolId(), maxDatagramBytes);
            case KEYED_MAC:
                return new KeyedMacIntegrity(config.linkKeys(), config.linkSide());
            default:
                return null;
        }
    }

    /**
     * @param mode an integrity mode.
     * @return the trailer size of that mode in bytes (0 for none).
     */
    static int trailerBytes(final IntegrityMode mode)
    {
        switch (mode)
        {
            case CRC32C:
                return Crc32cIntegrity.TRAILER_BYTES;
            case KEYED_MAC:
                return KeyedMacIntegrity.TRAILER_BYTES;
            default:
                return 0;
        }
    }
}
