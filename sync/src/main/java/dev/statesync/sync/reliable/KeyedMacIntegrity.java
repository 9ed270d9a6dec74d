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
 * state is read or written. Replays of real datagrams pass the tag and are refused by the sequence window (and
 * by the snapshot tick window above it).
 * <p>
 * Comparison is constant-time. Allocation-free; one owner thread.
 */
public final class KeyedMacIntegrity implements PacketIntegrity
{
    /** Size of the tag in bytes. */
    public static final int TRAILER_BYTES = 8;

    private final long sendK0;
    private final long sendK1;
    private final long receiveK0;
    private final long receiveK1;

    /**
     * @param keys the connection's keys.
     * @param side which end this is: it signs with its own direction's key and checks with the other's.
     */
    public KeyedMacIntegrity(final LinkKeys keys, final LinkSide side)
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

    @Override
    public int append(final MutableDirectBuffer buffer, final int offset, final int length)
    {
        final long tag = SipHash24.hash(sendK0, sendK1, buffer, offset, length);
        buffer.putLong(offset + length, tag, ByteOrder.LITTLE_ENDIAN);
        return length + TRAILER_BYTES;
    }

    @Override
    public boolean verify(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < TRAILER_BYTES)
        {
            return false;
        }
        final int bodyLength = length - TRAILER_BYTES;
        final long expected = SipHash24.hash(receiveK0, receiveK1, buffer, offset, bodyLength);
        // Constant time: no early exit that would tell an attacker how many tag bytes were right.
        return (expected ^ buffer.getLong(offset + bodyLength, ByteOrder.LITTLE_ENDIAN)) == 0;
    }
}
