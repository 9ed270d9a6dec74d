/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * An 8-byte {@link SipHash24} tag (little-endian) over the whole datagram, under the sending direction's key of
 * the connection's {@link LinkKeys}. Checking it is the first thing a receiving endpoint does, so a datagram from
 * anyone without the key — random bytes, a mutated real datagram, a forged sequence or ack — is refused before any
 * state is read or written. The tag covers the datagram's sequence epoch too (how many times the sender's 16-bit
 * sequence had wrapped: 8 little-endian bytes before the datagram, not sent), as SRTP's rollover counter does: a
 * datagram replayed from an earlier epoch, whose 16-bit sequence would pass the window as a new packet's, fails
 * the tag. Replays within the epoch pass the tag and are refused by the sequence window.
 * <p>
 * Comparison is constant-time. Allocation-free; one owner thread.
 */
public final class KeyedMacIntegrity implements PacketIntegrity
{
    /** Size of the tag in bytes. */
    public static final int TRAILER_BYTES = 8;

    // Not final: a server reuses one endpoint per client slot and rekeys it for each connection (rekey).
    private long sendK0;
    private long sendK1;
    private long receiveK0;
    private long receiveK1;

    /**
     * @param keys the connection's keys.
     * @param side which end this is: it signs with its own direction's key and checks with the other's.
     */
    public KeyedMacIntegrity(final LinkKeys keys, final LinkSide side)
    {
        rekey(keys, side);
    }

    /**
     * Take the keys of a new connection, so an endpoint built up front can serve it without allocating.
     *
     * @param keys the new connection's keys.
     * @param side which end this is.
     */
    void rekey(final LinkKeys keys, final LinkSide side)
    {
        this.sendK0 = keys.sendK0(side);
        this.sendK1 = keys.sendK1(side);
        this.receiveK0 = keys.receiveK0(side);
        this.receiveK1 = keys.receiveK1(side);
    }

    @Override
    public int trailerBytes()
    {
        return TRAILER_BYTES;
    }

    /** Sign as the first sequence epoch (0). */
    @Override
    public int append(final MutableDirectBuffer buffer, final int offset, final int length)
    {
        return append(buffer, offset, length, 0);
    }

    @Override
    public int append(final MutableDirectBuffer buffer, final int offset, final int length, final long epoch)
    {
        final long tag = SipHash24.hashPrefixed(sendK0, sendK1, epoch, buffer, offset, length);
        buffer.putLong(offset + length, tag, ByteOrder.LITTLE_ENDIAN);
        return length + TRAILER_BYTES;
    }

    /** Check as the first sequence epoch (0). */
    @Override
    public boolean verify(final DirectBuffer buffer, final int offset, final int length)
    {
        return verify(buffer, offset, length, 0);
    }

    @Override
    public boolean verify(final DirectBuffer buffer, final int offset, final int length, final long epoch)
    {
        if (length < TRAILER_BYTES)
        {
            return false;
        }
        final int bodyLength = length - TRAILER_BYTES;
        final long expected = SipHash24.hashPrefixed(receiveK0, receiveK1, epoch, buffer, offset, bodyLength);
        // Constant time: no early exit that would tell an attacker how many tag bytes were right.
        return (expected ^ buffer.getLong(offset + bodyLength, ByteOrder.LITTLE_ENDIAN)) == 0;
    }
}
