/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A direct {@link ByteBuffer} for the socket and an {@link UnsafeBuffer} over the same memory for the
 * codecs, so a datagram is read and written without copying through the heap.
 */
final class DatagramSocketBuffer
{
    /** Largest UDP payload over IPv4. */
    static final int MAX_UDP_PAYLOAD_BYTES = 65507;

    final ByteBuffer byteBuffer;
    final UnsafeBuffer buffer;

    DatagramSocketBuffer(final int capacityBytes)
    {
        byteBuffer = ByteBuffer.allocateDirect(capacityBytes).order(ByteOrder.LITTLE_ENDIAN);
        buffer = new UnsafeBuffer(byteBuffer);
    }

    /**
     * Copy a datagram in and set position and limit for a channel write.
     */
    ByteBuffer prepareSend(final DirectBuffer source, final int offset, final int length)
    {
        buffer.putBytes(0, source, offset, length);
        byteBuffer.clear();
        byteBuffer.limit(length);
        return byteBuffer;
    }

    /**
     * Set position and limit for a channel write of a datagram already written into {@link #buffer}.
     */
    ByteBuffer prepareSend(final int length)
    {
        byteBuffer.clear();
        byteBuffer.limit(length);
        return byteBuffer;
    }

    ByteBuffer prepareReceive()
    {
        byteBuffer.clear();
        return byteBuffer;
    }
}
