package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntPredicate;

/**
 * A test-only relay between one UDP client and a server on 127.0.0.1 that decides, in ticks of simulated time, when
 * each datagram arrives: the client talks to {@link #clientFacingAddress()}, the server sees the relay's other socket
 * as the client. Datagrams from the client are held {@code clientToServerDelayTicks} ticks; datagrams from the server
 * go on at once, except those of the ticks {@code dropToClient} names, which are dropped.
 *
 * <p>Why: on loopback the kernel delivers within a tick, so how late an ack arrives (and whether a packet is lost)
 * would otherwise depend on scheduling. The test tells the relay how many datagrams each end has sent (from the ends'
 * own counters) and the relay reads exactly that many before it moves on, waiting at most {@link #WAIT_NS} of wall
 * time for the kernel; so every datagram is handled at the tick it was sent in, whatever the machine's load, and the
 * run is the same every time.
 */
final class TickRelay implements AutoCloseable
{
    /** Longest wall-clock wait for loopback datagrams in any one step. */
    static final long WAIT_NS = TimeUnit.SECONDS.toNanos(2);

    private final DatagramChannel clientFacing;
    private final DatagramChannel serverFacing;
    private final int clientToServerDelayTicks;
    private final IntPredicate dropToClient;
    private final ArrayDeque<Held> held = new ArrayDeque<>();
    private final ByteBuffer buffer = ByteBuffer.allocate(65536);
    private SocketAddress clientAddress;
    private long fromClient;
    private long fromServer;
    private long toClient;
    private long dropped;

    /** A datagram from the client and the tick it goes on to the server. */
    private record Held(int releaseTick, byte[] datagram)
    {
    }

    /**
     * @param serverAddress            the server.
     * @param clientToServerDelayTicks ticks each datagram from the client is held before it goes on.
     * @param dropToClient             ticks whose datagrams from the server are dropped.
     * @throws IOException when a socket cannot be opened.
     */
    TickRelay(final InetSocketAddress serverAddress, final int clientToServerDelayTicks, final IntPredicate dropToClient)
        throws IOException
    {
        this.clientToServerDelayTicks = clientToServerDelayTicks;
        this.dropToClient = dropToClient;
        final InetSocketAddress anyPort = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        clientFacing = DatagramChannel.open();
        serverFacing = DatagramChannel.open();
        clientFacing.bind(anyPort).configureBlocking(false);
        serverFacing.bind(anyPort).configureBlocking(false);
        serverFacing.connect(serverAddress);
    }

    /**
     * @return where the client sends, its "server".
     * @throws IOException when the socket is closed.
     */
    InetSocketAddress clientFacingAddress() throws IOException
    {
        return (InetSocketAddress)clientFacing.getLocalAddress();
    }

    /**
     * Forward whatever is waiting, both ways, at once and without drops: for the handshake, before the ticks start.
     *
     * @return datagrams forwarded.
     * @throws IOException on a socket error.
     */
    int passThrough() throws IOException
    {
        int moved = 0;
        byte[] datagram;
        while ((datagram = receiveFromClient()) != null)
        {
            send(serverFacing, datagram, null);
            moved++;
        }
        while ((datagram = receive(serverFacing)) != null)
        {
            fromServer++;
            send(clientFacing, datagram, clientAddress);
            toClient++;
            moved++;
        }
        return moved;
    }

    /**
     * Read the client's datagrams until {@code sentByClient} have arrived and hold them until {@code tick} plus the
     * delay.
     *
     * @param sentByClient datagrams the client has sent in all (relay counts included the handshake's).
     * @param tick         the tick they were sent in.
     * @throws IOException on a socket error.
     */
    void collectFromClient(final long sentByClient, final int tick) throws IOException
    {
        final long deadlineNs = System.nanoTime() + WAIT_NS;
        while (fromClient < sentByClient)
        {
            final byte[] datagram = receiveFromClient();
            if (datagram != null)
            {
                held.addLast(new Held(tick + clientToServerDelayTicks, datagram));
                continue;
            }
            assertTrue(System.nanoTime() < deadlineNs, "the client's datagrams within " + WAIT_NS + " ns");
            LockSupport.parkNanos(20_000L);
        }
        assertEquals(sentByClient, fromClient, "the client sent no more than it counted");
    }

    /**
     * Send on to the server the client's datagrams due at {@code tick}.
     *
     * @param tick the current tick.
     * @return datagrams sent on.
     * @throws IOException on a socket error.
     */
    int releaseToServer(final int tick) throws IOException
    {
        int released = 0;
        while (!held.isEmpty() && held.peekFirst().releaseTick() <= tick)
        {
            send(serverFacing, held.pollFirst().datagram(), null);
            released++;
        }
        return released;
    }

    /**
     * Read the server's datagrams until {@code sentByServer} have arrived, and send each on to the client at once
     * unless {@code tick} is one whose datagrams are dropped.
     *
     * @param sentByServer datagrams the server has sent in all to this client (relay counts, handshake included).
     * @param tick         the tick they were sent in.
     * @throws IOException on a socket error.
     */
    void forwardFromServer(final long sentByServer, final int tick) throws IOException
    {
        final long deadlineNs = System.nanoTime() + WAIT_NS;
        while (fromServer < sentByServer)
        {
            final byte[] datagram = receive(serverFacing);
            if (datagram == null)
            {
                assertTrue(System.nanoTime() < deadlineNs, "the server's datagrams within " + WAIT_NS + " ns");
                LockSupport.parkNanos(20_000L);
                continue;
            }
            fromServer++;
            if (dropToClient.test(tick))
            {
                dropped++;
            }
            else
            {
                send(clientFacing, datagram, clientAddress);
                toClient++;
            }
        }
        assertEquals(sentByServer, fromServer, "the server sent no more than it counted");
    }

    /** @return datagrams read from the client. */
    long fromClient()
    {
        return fromClient;
    }

    /** @return datagrams read from the server. */
    long fromServer()
    {
        return fromServer;
    }

    /** @return datagrams sent on to the client. */
    long toClient()
    {
        return toClient;
    }

    /** @return datagrams from the server dropped. */
    long dropped()
    {
        return dropped;
    }

    /** @return datagrams from the client not yet sent on. */
    int heldCount()
    {
        return held.size();
    }

    private byte[] receiveFromClient() throws IOException
    {
        buffer.clear();
        final SocketAddress from = clientFacing.receive(buffer);
        if (from == null)
        {
            return null;
        }
        if (clientAddress == null)
        {
            clientAddress = from;
        }
        assertEquals(clientAddress, from, "one client per relay");
        fromClient++;
        return copy();
    }

    private byte[] receive(final DatagramChannel channel) throws IOException
    {
        buffer.clear();
        return channel.receive(buffer) == null ? null : copy();
    }

    private byte[] copy()
    {
        buffer.flip();
        final byte[] datagram = new byte[buffer.remaining()];
        buffer.get(datagram);
        return datagram;
    }

    private static void send(final DatagramChannel channel, final byte[] datagram, final SocketAddress to)
        throws IOException
    {
        final int sent = to == null ? channel.write(ByteBuffer.wrap(datagram)) : channel.send(ByteBuffer.wrap(datagram), to);
        assertEquals(datagram.length, sent, "a whole datagram sent");
    }

    @Override
    public void close() throws IOException
    {
        try
        {
            clientFacing.close();
        }
        finally
        {
            serverFacing.close();
        }
    }
}
