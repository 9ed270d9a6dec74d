/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;

/**
 * One reliable connection as a layer above sees it: the {@link ReliableEndpoint} that numbers, acks and times its
 * packets, and a way to send the next packet on it. A {@link ReliableEndpoint} is one (it sends straight to its
 * transmitter); so is a {@code UdpClient} and each client slot of a {@code UdpServer}, which send through their
 * endpoint and also note that the connection was used, so they skip the next keep-alive. Layers such as the
 * snapshot ends attach to a connection instead of building an endpoint of their own, so the same code runs over
 * the network simulator and over real sockets.
 * <p>
 * Whoever owns the connection feeds the endpoint its datagrams and routes its {@link PacketProcessor} and
 * {@link AckListener} callbacks to the attached layer.
 */
public interface ReliableConnection
{
    /**
     * @return the endpoint of this connection: RTT, loss, bandwidth, counters, the next sequence.
     */
    ReliableEndpoint endpoint();

    /**
     * Send one payload as the connection's next packet; see {@link ReliableEndpoint#sendPacket}.
     *
     * @param payload holds the payload.
     * @param offset  where it starts.
     * @param length  payload bytes, in [0, maxPacketSizeBytes].
     * @param nowNs   current time, nanoseconds.
     * @return the sequence given to this packet, {@link ReliableEndpoint#nextSequence()} before the call.
     * @throws IllegalStateException when the connection is closed (a free server slot, a disconnected client).
     */
    int sendPacket(DirectBuffer payload, int offset, int length, long nowNs);
}
