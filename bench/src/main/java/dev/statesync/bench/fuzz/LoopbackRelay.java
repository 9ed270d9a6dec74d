/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The fuzzer's sockets around a real UDP server on 127.0.0.1: a relay a client talks to instead of the server (it
 * forwards each datagram on and back, recording it), and a stranger's socket. The server sees the relay's port as
 * that client's address, so hostile bytes sent from the relay arrive exactly as if the connected client sent them;
 * the stranger's arrive from an address with no connection. Shared by the UDP fuzz sessions; non-blocking, one
 * thread.
 */
final class LoopbackRelay implements AutoCloseable
{
    static final int MAX_DATAGRAM_BYTES = 65_507;

    private final DatagramChannel clientSide;
    private final DatagramChannel serverSide;
    private final DatagramChannel stranger;
    private final FuzzCorpus toServer;
    /** Records what the server sends the relayed client, or null. */
    private final FuzzCorpus toClient;
    private final ByteBuffer relayBuffer = ByteBuffer.allocateDirect(MAX_DATAGRAM_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private final UnsafeBuffer relayView = new UnsafeBuffer(relayBuffer);
    private final ByteBuffer hostileBuffer = ByteBuffer.allocateDirect(MAX_DATAGRAM_BYTES);
    private InetSocketAddress serverAddress;
    /** The relayed client's address, learnt from its first datagram; null until then. */
    private SocketAddress clientAddress;

    /**
     * @param loopback the loopback address to bind the three sockets to.
     * @param toServer records every datagram relayed to the server.
     * @param toClient records every datagram relayed to the client, or null.
     * @throws IOException if a socket cannot be opened.
     */
    LoopbackRelay(final InetAddress loopback, final FuzzCorpus toServer, final FuzzCorpus toClient) throws IOException
    {
        this.toServer = toServer;
        this.toClient = toClient;
        clientSide = open(loopback);
        serverSide = open(loopback);
        stranger = open(loopback);
    }

    private static DatagramChannel open(final InetAddress loopback) throws IOException
    {
        final DatagramChannel channel = DatagramChannel.open(StandardProtocolFamily.INET);
        channel.configureBlocking(false);
        channel.bind(new InetSocketAddress(loopback, 0));
        return channel;
    }

    /**
     * @return the address the relayed client must send to (instead of the server's).
     * @throws IOException if the socket's address cannot be read.
     */
    InetSocketAddress clientFacingAddress() throws IOException
    {
        return (InetSocketAddress)clientSide.getLocalAddress();
    }

    /** @param address the server the relay forwards to (set once the server is bound). */
    void serverAddress(final InetSocketAddress address)
    {
        this.serverAddress = address;
    }

    /** @return the server's address. */
    InetSocketAddress serverAddress()
    {
        return serverAddress;
    }

    /** @return the relayed client's address, or null before it sent anything. */
    SocketAddress clientAddress()
    {
        return clientAddress;
    }

    /**
     * Forward everything waiting, each way, recording it.
     *
     * @return datagrams moved.
     */
    int relay()
    {
        int moved = 0;
        try
        {
            SocketAddress from;
            while ((from = receive(clientSide)) != null)
            {
                clientAddress = from;
                toServer.record(relayView, 0, relayBuffer.limit());
                serverSide.send(relayBuffer, serverAddress);
                moved++;
            }
            while (receive(serverSide) != null)
            {
                if (toClient != null)
                {
                    toClient.record(relayView, 0, relayBuffer.limit());
                }
                if (clientAddress != null)
                {
                    clientSide.send(relayBuffer, clientAddress);
                }
                moved++;
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("loopback relay failed", ex);
        }
        return moved;
    }

    /**
     * Send hostile bytes to the server, from the relayed client's address or from the stranger's.
     *
     * @param fromClient true: from the relay (the connected client's address); false: from the stranger.
     */
    void sendToServer(final boolean fromClient, final DirectBuffer buffer, final int offset, final int length)
    {
        send(fromClient ? serverSide : stranger, serverAddress, buffer, offset, length);
    }

    /** Send hostile bytes to the relayed client from the relay (the only address its connected socket hears). */
    void sendToClient(final DirectBuffer buffer, final int offset, final int length)
    {
        send(clientSide, clientAddress, buffer, offset, length);
    }

    private void send(
        final DatagramChannel from, final SocketAddress to, final DirectBuffer buffer, final int offset, final int length)
    {
        hostileBuffer.clear();
        buffer.getBytes(offset, hostileBuffer, Math.min(length, MAX_DATAGRAM_BYTES));
        hostileBuffer.flip();
        try
        {
            from.send(hostileBuffer, to);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("loopback send failed", ex);
        }
    }

    /** Read and drop what the server answered the stranger (challenges, denials): not the fuzzer's concern. */
    void drainStranger()
    {
        try
        {
            while (receive(stranger) != null)
            {
                // dropped
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("loopback drain failed", ex);
        }
    }

    private SocketAddress receive(final DatagramChannel channel) throws IOException
    {
        relayBuffer.clear();
        final SocketAddress from = channel.receive(relayBuffer);
        relayBuffer.flip();
        return from;
    }

    @Override
    public void close()
    {
        for (final DatagramChannel channel : new DatagramChannel[]{ clientSide, serverSide, stranger })
        {
            try
            {
                channel.close();
            }
            catch (final IOException ignore)
            {
                // a UDP socket has nothing to flush
            }
        }
    }
}
