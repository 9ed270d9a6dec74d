/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.AckListener;
import dev.statesync.sync.reliable.PacketProcessor;
import dev.statesync.sync.reliable.PacketTransmitter;
import dev.statesync.sync.reliable.ReliableConfig;
import dev.statesync.sync.reliable.ReliableEndpoint;
import org.agrona.DirectBuffer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.channels.DatagramChannel;

/**
 * One reliable endpoint over a non-blocking UDP socket connected to a server address. Connecting means
 * the kernel drops datagrams from anyone else, and reads need no per-datagram address object, so the
 * client's receive path does not allocate. Drive it from your loop: {@link #poll(long)},
 * {@link #send}, {@link #update(long)}. Not thread safe.
 */
public final class UdpClient implements AutoCloseable
{
    /** Default protocol id mixed into the CRC32C of the default UDP configuration. */
    public static final long DEFAULT_PROTOCOL_ID = 0x5354415445535943L;

    private final DatagramChannel channel;
    private final DatagramSocketBuffer sendBuffer;
    private final DatagramSocketBuffer receiveBuffer;
    private final ReliableEndpoint endpoint;
    private final int maxDatagramsPerPoll;
    private long sendFailures;
    private long receiveFailures;

    /**
     * @return reliable.io defaults with the CRC32C integrity trailer on, the recommended UDP settings.
     */
    public static ReliableConfig defaultEndpointConfig()
    {
        return new ReliableConfig().integrityEnabled(true).protocolId(DEFAULT_PROTOCOL_ID);
    }

    /**
     * @param localAddress        address to bind (port 0 for any).
     * @param serverAddress       the server; datagrams from elsewhere are dropped by the kernel.
     * @param endpointConfig      endpoint settings (see {@link #defaultEndpointConfig()}).
     * @param processor           receives each new payload once.
     * @param ackListener         told once per acked packet.
     * @param maxDatagramsPerPoll most datagrams read per poll.
     * @param nowNs               current time, nanoseconds.
     * @throws IOException when the socket cannot be opened.
     */
    public UdpClient(
        final InetSocketAddress localAddress,
        final InetSocketAddress serverAddress,
        final ReliableConfig endpointConfig,
        final PacketProcessor processor,
        final AckListener ackListener,
        final int maxDatagramsPerPoll,
        final long nowNs) throws IOException
    {
        if (maxDatagramsPerPoll < 1)
        {
            throw new IllegalArgumentException("maxDatagramsPerPoll >= 1");
        }
        this.maxDatagramsPerPoll = maxDatagramsPerPoll;
        this.sendBuffer = new DatagramSocketBuffer(DatagramSocketBuffer.MAX_UDP_PAYLOAD_BYTES);
        this.receiveBuffer = new DatagramSocketBuffer(DatagramSocketBuffer.MAX_UDP_PAYLOAD_BYTES);
        this.channel = DatagramChannel.open(StandardProtocolFamily.INET);
        try
        {
            channel.configureBlocking(false);
            channel.bind(localAddress);
            channel.connect(serverAddress);
        }
        catch (final IOException ex)
        {
            channel.close();
            throw ex;
        }
        final PacketTransmitter transmitter = this::transmit;
        this.endpoint = new ReliableEndpoint(endpointConfig, transmitter, processor, ackListener, nowNs);
    }

    /**
     * Send one payload to the server.
     *
     * @param payload holds it.
     * @param offset  where it starts.
     * @param length  payload bytes, at most the endpoint's maximum packet size.
     * @param nowNs   current time, nanoseconds.
     * @return the packet's sequence.
     */
    public int send(final DirectBuffer payload, final int offset, final int length, final long nowNs)
    {
        return endpoint.sendPacket(payload, offset, length, nowNs);
    }

    /**
     * Read waiting datagrams (at most maxDatagramsPerPoll) into the endpoint.
     *
     * @param nowNs current time, nanoseconds.
     * @return datagrams read.
     */
    public int poll(final long nowNs)
    {
        int count = 0;
        while (count < maxDatagramsPerPoll)
        {
            final int length;
            try
            {
                length = channel.read(receiveBuffer.prepareReceive());
            }
            catch (final IOException ex)
            {
                receiveFailures++;
                break;
            }
            if (length <= 0)
            {
                break;
            }
            count++;
            endpoint.receivePacket(receiveBuffer.buffer, 0, length, nowNs);
        }
        return count;
    }

    /**
     * Refresh the endpoint's estimates.
     *
     * @param nowNs current time, nanoseconds.
     */
    public void update(final long nowNs)
    {
        endpoint.update(nowNs);
    }

    /**
     * @return the endpoint, for its estimates and counters.
     */
    public ReliableEndpoint endpoint()
    {
        return endpoint;
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
     * @return datagrams the socket refused or failed to send (full buffer, unreachable port).
     */
    public long sendFailures()
    {
        return sendFailures;
    }

    /**
     * @return socket read errors (for example an ICMP port unreachable).
     */
    public long receiveFailures()
    {
        return receiveFailures;
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

    private void transmit(final DirectBuffer buffer, final int offset, final int length)
    {
        try
        {
            if (channel.write(sendBuffer.prepareSend(buffer, offset, length)) != length)
            {
                sendFailures++;
            }
        }
        catch (final IOException ex)
        {
            sendFailures++;
        }
    }
}
