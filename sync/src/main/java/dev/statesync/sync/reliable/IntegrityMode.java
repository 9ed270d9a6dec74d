/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

/**
 * What guards a link's datagrams (see {@link ReliableConfig#authenticate} and
 * {@link ReliableConfig#integrityEnabled(boolean)}).
 */
public enum IntegrityMode
{
    /** No trailer: reliable.io's own wire format. Anyone who can reach the port can move the receive window. */
    NONE,
    /**
     * 4-byte CRC32C over the protocol id and the datagram ({@link Crc32cIntegrity}): drops corrupt datagrams and
     * other programs' traffic. Not a defence: anyone who knows the protocol id can compute it.
     */
    CRC32C,
    /**
     * 8-byte SipHash-2-4 tag under a per-connection secret key per direction ({@link KeyedMacIntegrity}): only the
     * peer holding the key can produce a datagram this end accepts, so no window, buffer or clock moves on a
     * forged one.
     */
    KEYED_MAC
}
