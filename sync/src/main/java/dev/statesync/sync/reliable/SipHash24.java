/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;

/**
 * SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed 64-bit pseudorandom function built for short inputs,
 * used here as the message authentication code of every datagram on an authenticated link.
 * <p>
 * Why SipHash and not HMAC-SHA256: a datagram is short (at most ~1.2 KB on a snapshot link), so SipHash's
 * cost is about one pass over the bytes with no setup, and this implementation allocates nothing; the JDK's
 * {@code Mac.doFinal} allocates its result on every call, which the receive path must not. A 64-bit tag means
 * a blind forgery succeeds with probability 2^-64 per attempt. Reads the buffer with 8-byte little-endian
 * loads; stateless and thread safe.
 */
public final class SipHash24
{
    private SipHash24()
    {
    }

    /**
     * @param k0     low 64 bits of the 128-bit key (key bytes 0..7, little-endian).
     * @param k1     high 64 bits of the key (key bytes 8..15, little-endian).
     * @param buffer holds the message.
     * @param offset start of the message.
     * @param length message bytes, >= 0; the caller guarantees the range lies in the buffer.
     * @return the 64-bit tag; its little-endian bytes are the reference implementation's output bytes.
     */
    public static long hash(final long k0, final long k1, final DirectBuffer buffer, final int offset, final int length)
    {
        return hash(k0, k1, false, 0, buffer, offset, length);
    }

    /**
     * SipHash-2-4 of the message {@code prefix} (8 bytes, little-endian) followed by the buffer's bytes: what
     * {@link #hash(long, long, DirectBuffer, int, int)} gives for those {@code length + 8} bytes, without copying them.
     *
     * @param k0     low 64 bits of the key.
     * @param k1     high 64 bits of the key.
     * @param prefix the message's first 8 bytes, as a little-endian long.
     * @param buffer holds the rest of the message.
     * @param offset start of the rest.
     * @param length bytes of the rest, >= 0; the caller guarantees the range lies in the buffer.
     * @return the 64-bit tag.
     */
    public static long hashPrefixed(
        final long k0, final long k1, final long prefix, final DirectBuffer buffer, final int offset, final int length)
    {
        return hash(k0, k1, true, prefix, buffer, offset, length);
    }

    private static long hash(
        final long k0,
        final long k1,
        final boolean prefixed,
        final long prefix,
        final DirectBuffer buffer,
        final int offset,
        final int length)
    {
        long v0 = 0x736f6d6570736575L ^ k0;
        long v1 = 0x646f72616e646f6dL ^ k1;
        long v2 = 0x6c7967656e657261L ^ k0;
        long v3 = 0x7465646279746573L ^ k1;

        final int words = length >>> 3;
        final int tailStart = offset + (words << 3);
        long last = ((long)(prefixed ? length + 8 : length) & 0xFF) << 56;
        for (int i = 0, tail = length & 7; i < tail; i++)
        {
            last |= (buffer.getByte(tailStart + i) & 0xFFL) << (8 * i);
        }
        for (int word = prefixed ? -1 : 0; word <= words; word++)
        {
            final long m = word < 0 ? prefix :
                word < words ? buffer.getLong(offset + (word << 3), ByteOrder.LITTLE_ENDIAN) : last;
            v3 ^= m;
            for (int round = 0; round < 2; round++)
            {
                v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
                v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
                v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
                v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
            }
            v0 ^= m;
        }

        v2 ^= 0xFF;
        for (int round = 0; round < 4; round++)
        {
            v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
            v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
            v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
            v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
        }
        return v0 ^ v1 ^ v2 ^ v3;
    }
}
