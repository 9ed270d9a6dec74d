/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.AckListener;
import dev.statesync.sync.reliable.PacketProcessor;
import dev.statesync.sync.reliable.PacketTransmitter;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.reliable.ReliableEndpoint;
import org.agrona.DirectBuffer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.channels.DatagramChannel;

/**
 * Serves many clients on one non-blocking UDP socket, one {@link ReliableEndpoint} per client address.
 * <p>
 * Memory is bounded: {@code maxClients} slots with their endpoints are built up front and reused. A new
 * address gets a slot only if its first datagram passes every endpoint check (with the default CRC32C
 * integrity, strangers' traffic does not), and loses it after the idle timeout. This is not a secure
 * connection protocol: there is no handshake, so a spoofed address with valid packets can take a slot.
 * Not thread safe.
 */
public final class UdpServer implements AutoCloseable
{
    private final UdpServerConfig config;
    private final UdpServerHandler handler;
    private final DatagramChannel channel;
    private final DatagramSocketBuffer sendBuffer;
    private final DatagramSocketBuffer receiveBuffer;
    private final ClientSlot[] slots;
    private final long idleTimeoutNs;
    private int connectedCount;
    private long droppedNoFreeSlot;
    private long droppedRejectedFirstDatagram;
    private long sendFailures;
    private long receiveFailures;

    /**
     * @param bindAddress address and port to listen on (port 0 for any).
     * @param config      limits and endpoint settings; validated.
     * @param handler     told about clients, payloads and acks.
     * @param nowNs       current time, nanoseconds.
     * @throws IOException when the socket cannot be opened.
     */
    public UdpServer(
        final InetSocketAddress bindAddress,
        final UdpServerConfig config,
        final UdpServerHandler handler,
        final long nowNs) throws IOException
    {
        this.config = config.validate();
        if (handler == null)
        {
            throw new IllegalArgumentException("handler is required");
        }
        this.handler = handler;
        this.idleTimeoutNs = config.idleTimeoutMs() * 1_000_000L;
        this.sendBuffer = new DatagramSocketBuffer(DatagramSocketBuffer.MAX_UDP_PAYLOAD_BYTES);
        this.receiveBuffer = new DatagramSocketBuffer(DatagramSocketBuffer.MAX_UDP_PAYLOAD_BYTES);
        this.slots = new ClientSlot[config.maxClients()];
        for (int i = 0; i < slots.length; i++)
        {
            slots[i] = new ClientSlot(i, nowNs);
        }
        this.channel = DatagramChannel.open(StandardProtocolFamily.INET);
        try
        {
            channel.configureBlocking(false);
            channel.bind(bindAddress);
        }
        catch (final IOException ex)
        {
            channel.close();
            throw ex;
        }
    }

    /**
     * Read waiting datagrams (at most maxDatagramsPerPoll) and route each to its client's endpoint.
     *
     * @param nowNs current time, nanoseconds.
     * @return datagrams read.
     */
    public int poll(final long nowNs)
    {
        int count = 0;
        while (count < config.maxDatagramsPerPoll())
        {
            final SocketAddress from;
            try
            {
                from = channel.receive(receiveBuffer.prepareReceive());
            }
            catch (final IOException ex)
            {
                receiveFailures++;
                break;
            }
            if (from == null)
            {
                break;
            }
            count++;
            final int length = receiveBuffer.byteBuffer.position();
            route(from, length, nowNs);
        }
        return count;
    }

    /**
     * Refresh every client's estimates and drop clients idle past the timeout.
     *
     * @param nowNs current time, nanoseconds.
     */
    public void update(final long nowNs)
    {
        for (final ClientSlot slot : slots)
        {
            if (!slot.connected)
            {
                continue;
            }
            if (nowNs - slot.lastReceiveNs > idleTimeoutNs)
            {
                slot.connected = false;
                slot.address = null;
                connectedCount--;
                handler.onClientTimedOut(slot.index);
                continue;
            }
            slot.endpoint.update(nowNs);
        }
    }

    /**
     * Send a payload to a connected client.
     *
     * @param clientIndex the client's slot.
     * @param payload     holds the payload.
     * @param offset      where it starts.
     * @param length      payload bytes.
     * @param nowNs       current time, nanoseconds.
     * @return the packet's sequence on that client's connection.
     * @throws IllegalStateException when the slot has no client.
     */
    public int send(
        final int clientIndex, final DirectBuffer payload, final int offset, final int length, final long nowNs)
    {
        final ClientSlot slot = connectedSlot(clientIndex);
        return slot.endpoint.sendPacket(payload, offset, length, nowNs);
    }

    /**
     * @param clientIndex slot in [0, maxClients).
     * @return true when a client holds the slot.
     */
    public boolean isConnected(final int clientIndex)
    {
        checkIndex(clientIndex);
        return slots[clientIndex].connected;
    }

    /**
     * @param clientIndex a connected slot.
     * @return that client's endpoint, for estimates and counters.
     */
    public ReliableEndpoint endpoint(final int clientIndex)
    {
        return connectedSlot(clientIndex).endpoint;
    }

    /**
     * @return clients connected now.
     */
    public int connectedCount()
    {
        return connectedCount;
    }

    /**
     * @return datagrams from new addresses dropped because every slot was taken.
     */
    public long droppedNoFreeSlot()
    {
        return droppedNoFreeSlot;
    }

    /**
     * @return first datagrams from new addresses that failed the endpoint's checks (no slot given).
     */
    public long droppedRejectedFirstDatagram()
    {
        return droppedRejectedFirstDatagram;
    }

    /**
     * @return datagrams the socket refused or failed to send.
     */
    public long sendFailures()
    {
        return sendFailures;
    }

    /**
     * @return socket read errors.
     */
    public long receiveFailures()
    {
        return receiveFailures;
    }

    /**
     * @return the bound local address.
     * @throws IOException when the socket is closed.
     */
    public InetSocketAddress localAddress() throws IOException
    {
        return (InetSocketAddress)channel.getLocalAddress();
    }

    /**
     * Close the socket.
     */
    @Override
    public void close()
    {
        try
        {
            channel.close();
        }
        catch (final IOException ignore)
        {
            // closing a UDP socket has nothing to flush; nothing useful to report
        }
    }

    private void route(final SocketAddress from, final int length, final long nowNs)
    {
        ClientSlot free = null;
        for (final ClientSlot slot : slots)
        {
            if (slot.connected)
            {
                if (from.equals(slot.address))
                {
                    final int result = slot.endpoint.receivePacket(receiveBuffer.buffer, 0, length, nowNs);
                    if (!ReliableCounters.isRejection(result))
                    {
                        slot.lastReceiveNs = nowNs;
                    }
                    return;
                }
            }
            else if (free == null)
            {
                free = slot;
            }
        }
        if (free == null)
        {
            droppedNoFreeSlot++;
            return;
        }
        free.endpoint.reset(nowNs);
        free.address = from;
        free.lastReceiveNs = nowNs;
        final int result = free.endpoint.receivePacket(receiveBuffer.buffer, 0, length, nowNs);
        if (ReliableCounters.isRejection(result))
        {
            free.address = null;
            droppedRejectedFirstDatagram++;
            return;
        }
        free.lastReceiveNs = nowNs;
        connect(free);
    }

    private void connect(final ClientSlot slot)
    {
        if (!slot.connected)
        {
            slot.connected = true;
            connectedCount++;
            handler.onClientConnected(slot.index, (InetSocketAddress)slot.address);
        }
    }

    private ClientSlot connectedSlot(final int clientIndex)
    {
        checkIndex(clientIndex);
        final ClientSlot slot = slots[clientIndex];
        if (!slot.connected)
        {
            throw new IllegalStateException("no client in slot " + clientIndex);
        }
        return slot;
    }

    private void checkIndex(final int clientIndex)
    {
        if (clientIndex < 0 || clientIndex >= slots.length)
        {
            throw new IllegalArgumentException("client index must be in [0, " + slots.length + "): " + clientIndex);
        }
    }

    private final class ClientSlot implements PacketTransmitter, PacketProcessor, AckListener
    {
        final int index;
        final ReliableEndpoint endpoint;
        SocketAddress address;
        boolean connected;
        long lastReceiveNs;

        ClientSlot(final int index, final long nowNs)
        {
            this.index = index;
            this.endpoint = new ReliableEndpoint(config.endpointConfig(), this, this, this, nowNs);
        }

        @Override
        public void transmit(final DirectBuffer buffer, final int offset, final int length)
        {
            try
            {
                if (channel.send(sendBuffer.prepareSend(buffer, offset, length), address) != length)
                {
                    sendFailures++;
                }
            }
            catch (final IOException ex)
            {
                sendFailures++;
            }
        }

        @Override
        public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
        {
            connect(this);
            return handler.onPacket(index, sequence, buffer, offset, length);
        }

        @Override
        public void onAcked(final int sequence)
        {
            handler.onAcked(index, sequence);
        }
    }
}
