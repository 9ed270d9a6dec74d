/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import org.agrona.DirectBuffer;

import java.net.InetSocketAddress;

/**
 * What a {@link UdpServer} tells the application, per client slot. Client indices are in [0, maxClients) and are
 * reused after a client leaves. Called from {@link UdpServer#poll}, {@link UdpServer#update} and
 * {@link UdpServer#disconnect}, on the caller's thread.
 */
public interface UdpServerHandler
{
    /**
     * A client completed the handshake and took a free slot; its link is authenticated with fresh keys.
     *
     * @param clientIndex slot given to the client.
     * @param address     the client's address, proven to receive what is sent to it.
     */
    void onClientConnected(int clientIndex, InetSocketAddress address);

    /**
     * A client's slot is free again.
     *
     * @param clientIndex the slot released.
     * @param reason      why.
     */
    void onClientDisconnected(int clientIndex, DisconnectReason reason);

    /**
     * A new payload from a client, delivered once (see {@link dev.statesync.sync.reliable.PacketProcessor}).
     *
     * @param clientIndex sender's slot.
     * @param sequence    packet sequence.
     * @param buffer      holds the payload, valid during the call only.
     * @param offset      where it starts.
     * @param length      payload bytes.
     * @return true to accept and ack it.
     */
    boolean onPacket(int clientIndex, int sequence, DirectBuffer buffer, int offset, int length);

    /**
     * The client acked a packet we sent it; called once per packet.
     *
     * @param clientIndex the client.
     * @param sequence    sequence returned by {@link UdpServer#send}.
     */
    void onAcked(int clientIndex, int sequence);
}
