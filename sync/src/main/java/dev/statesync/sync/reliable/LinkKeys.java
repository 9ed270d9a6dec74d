/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import java.security.SecureRandom;

/**
 * The secret keys of one authenticated connection: a 128-bit {@link SipHash24} key per direction. Both ends hold
 * the same {@code LinkKeys}; the {@link LinkSide} of each end picks which key it signs with and which it checks.
 * <p>
 * Where keys come from: the UDP handshake derives fresh ones for every connection (see {@code UdpClient} and
 * {@code UdpServer}); a process that carries both ends of a link, like the network simulator, can use
 * {@link #random()}. Immutable; {@link #toString()} never prints the keys.
 */
public final class LinkKeys
{
    /** Size of the keys in bytes: two 16-byte keys. */
    public static final int BYTES = 32;

    private static final SecureRandom RANDOM = new SecureRandom();

    private final long clientToServerK0;
    private final long clientToServerK1;
    private final long serverToClientK0;
    private final long serverToClientK1;

    /**
     * @param clientToServerK0 low half of the key signing datagrams from the client.
     * @param clientToServerK1 high half of that key.
     * @param serverToClientK0 low half of the key signing datagrams from the server.
     * @param serverToClientK1 high half of that key.
     */
    public LinkKeys(
        final long clientToServerK0, final long clientToServerK1, final long serverToClientK0, final long serverToClientK1)
    {
        this.clientToServerK0 = clientToServerK0;
        this.clientToServerK1 = clientToServerK1;
        this.serverToClientK0 = serverToClientK0;
        this.serverToClientK1 = serverToClientK1;
    }

    /**
     * @return fresh keys from a {@link SecureRandom}.
     */
    public static LinkKeys random()
    {
        synchronized (RANDOM)
        {
            return new LinkKeys(RANDOM.nextLong(), RANDOM.nextLong(), RANDOM.nextLong(), RANDOM.nextLong());
        }
    }

    /**
     * @param bytes  holds {@link #BYTES} key bytes: client-to-server key then server-to-client key, each 16 bytes
     *               read as two little-endian longs (the SipHash reference's key byte order).
     * @param offset where they start.
     * @return the keys.
     */
    public static LinkKeys fromBytes(final byte[] bytes, final int offset)
    {
        if (offset < 0 || offset > bytes.length - BYTES)
        {
            throw new IllegalArgumentException("need " + BYTES + " key bytes at " + offset + " of " + bytes.length);
        }
        return new LinkKeys(
            readLong(bytes, offset), readLong(bytes, offset + 8), readLong(bytes, offset + 16), readLong(bytes, offset + 24));
    }

    /**
     * @param side the end that sends.
     * @return low half of the key that end signs with.
     */
    public long sendK0(final LinkSide side)
    {
        return side == LinkSide.CLIENT ? clientToServerK0 : serverToClientK0;
    }

    /**
     * @param side the end that sends.
     * @return high half of the key that end signs with.
     */
    public long sendK1(final LinkSide side)
    {
        return side == LinkSide.CLIENT ? clientToServerK1 : serverToClientK1;
    }

    /**
     * @param side the end that receives.
     * @return low half of the key that end checks with (the other end's sending key).
     */
    public long receiveK0(final LinkSide side)
    {
        return sendK0(side == LinkSide.CLIENT ? LinkSide.SERVER : LinkSide.CLIENT);
    }

    /**
     * @param side the end that receives.
     * @return high half of the key that end checks with.
     */
    public long receiveK1(final LinkSide side)
    {
        return sendK1(side == LinkSide.CLIENT ? LinkSide.SERVER : LinkSide.CLIENT);
    }

    @Override
    public boolean equals(final Object other)
    {
        if (!(other instanceof LinkKeys))
        {
            return false;
        }
        final LinkKeys that = (LinkKeys)other;
        // Constant-time in spirit: fold every difference before deciding.
        return ((clientToServerK0 ^ that.clientToServerK0) | (clientToServerK1 ^ that.clientToServerK1) |
            (serverToClientK0 ^ that.serverToClientK0) | (serverToClientK1 ^ that.serverToClientK1)) == 0;
    }

    @Override
    public int hashCode()
    {
        return Long.hashCode(clientToServerK0 ^ serverToClientK1);
    }

    @Override
    public String toString()
    {
        return "LinkKeys[secret]";
    }

    private static long readLong(final byte[] bytes, final int offset)
    {
        long value = 0;
        for (int i = 7; i >= 0; i--)
        {
            value = (value << 8) | (bytes[offset + i] & 0xFFL);
        }
        return value;
    }
}
