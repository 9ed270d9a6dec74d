/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import java.net.InetSocketAddress;

/**
 * The address bytes and port of a datagram's sender, in the form the cookie MAC and the rate limiter read.
 * <p>
 * {@code InetAddress.getAddress()} copies its bytes into a new array on every call; the sender of consecutive
 * datagrams is usually the same {@link InetSocketAddress} object (the JDK's channel caches it), so the bytes are
 * only re-read when the object changes. Reused; one owner thread.
 */
final class SenderAddress
{
    /** Largest address: IPv6. */
    static final int MAX_IP_BYTES = 16;

    final byte[] ip = new byte[MAX_IP_BYTES];
    int ipLength;
    int port;
    /** The IP folded to 64 bits: the whole address for IPv4. Port excluded: one host, one rate limit. */
    long ipKey;
    private InetSocketAddress current;

    /**
     * @param address the sender, as the channel returned it.
     */
    void set(final InetSocketAddress address)
    {
        if (address == current)
        {
            return;
        }
        final byte[] raw = address.getAddress().getAddress();
        ipLength = raw.length;
        System.arraycopy(raw, 0, ip, 0, raw.length);
        port = address.getPort();
        long key = 0;
        for (final byte b : raw)
        {
            key = raw.length == 4 ? (key << 8) | (b & 0xFF) : (key ^ (b & 0xFF)) * 0x100000001B3L; // IPv6: FNV-1a fold
        }
        ipKey = key;
        current = address;
    }
}
