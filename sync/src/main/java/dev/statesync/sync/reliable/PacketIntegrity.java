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
     * @param buffer holds the datagram including the trailer (hostile bytes).
     * @param offset start of the datagram.
     * @param length datagram size including the trailer.
     * @return true when the trailer is present and matches.
     */
    boolean verify(DirectBuffer buffer, int offset, int length);

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
