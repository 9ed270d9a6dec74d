/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.counter.CounterKind;
import org.agrona.DirectBuffer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Servers, clients and raw sockets on 127.0.0.1 only, with the protocol's time passed in by the test (so timeouts,
 * expiries and rate limits need no waiting) and every wait for the kernel bounded in wall time.
 */
final class LoopbackRig implements AutoCloseable
{
    static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    /** Longest wall-clock wait for loopback datagrams in any one step. */
    static final long WAIT_NS = TimeUnit.SECONDS.toNanos(2);

    final List<String> events = new ArrayList<>();
    final List<byte[]> serverPayloads = new ArrayList<>();
    private final List<AutoCloseable> closeables = new ArrayList<>();

    UdpServer server(final UdpServerConfig config, final long nowNs) throws IOException
    {
        final UdpServerHandler handler = new UdpServerHandler()
        {
            @Override
            public void onClientConnected(final int clientIndex, final InetSocketAddress address)
            {
                events.add("connected " + clientIndex);
            }

            @Override
            public void onClientDisconnected(final int clientIndex, final DisconnectReason reason)
            {
                events.add("disconnected " + clientIndex + " " + reason);
            }

            @Override
            public boolean onPacket(
                final int clientIndex, final int sequence, final DirectBuffer buffer, final int offset, final int length)
            {
                final byte[] copy = new byte[length];
                buffer.getBytes(offset, copy);
                serverPayloads.add(copy);
                events.add("packet " + clientIndex + " " + sequence);
                return true;
            }

            @Override
            public void onAcked(final int clientIndex, final int sequence)
            {
                events.add("acked " + clientIndex + " " + sequence);
            }
        };
        return add(new UdpServer(ANY_LOOPBACK_PORT, config, handler, nowNs));
    }

    UdpClient client(final UdpServer server, final UdpClientConfig config, final List<byte[]> payloads, final long nowNs)
        throws IOException
    {
        return client(server.localAddress(), config, payloads, nowNs);
    }

    UdpClient client(
        final InetSocketAddress serverAddress, final UdpClientConfig config, final List<byte[]> payloads, final long nowNs)
        throws IOException
    {
        return add(new UdpClient(ANY_LOOPBACK_PORT, serverAddress, config,
            (sequence, buffer, offset, length) ->
            {
                final byte[] copy = new byte[length];
                buffer.getBytes(offset, copy);
                payloads.add(copy);
                return true;
            },
            sequence -> { }, nowNs));
    }

    DatagramChannel rawSocket() throws IOException
    {
        final DatagramChannel channel = add(DatagramChannel.open());
        channel.bind(ANY_LOOPBACK_PORT);
        channel.configureBlocking(false);
        return channel;
    }

    /**
     * Poll the server and clients at {@code nowNs} until done, or fail after {@link #WAIT_NS} of wall time.
     */
    static void pumpUntil(
        final String what, final BooleanSupplier done, final UdpServer server, final long nowNs, final UdpClient... clients)
    {
        assertTrue(pump(done, server, nowNs, clients), "timed out waiting for: " + what);
    }

    static boolean pump(final BooleanSupplier done, final UdpServer server, final long nowNs, final UdpClient... clients)
    {
        final long deadlineNs = System.nanoTime() + WAIT_NS;
        while (!done.getAsBoolean())
        {
            if (System.nanoTime() > deadlineNs)
            {
                return false;
            }
            int read = server == null ? 0 : server.poll(nowNs);
            for (final UdpClient client : clients)
            {
                read += client.poll(nowNs);
            }
            if (read == 0)
            {
                LockSupport.parkNanos(50_000L);
            }
        }
        return true;
    }

    /**
     * Poll for a short quiet period so that datagrams in flight are read (for asserting that nothing happened).
     */
    static void drain(final UdpServer server, final long nowNs, final UdpClient... clients)
    {
        final long endNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(30);
        while (System.nanoTime() < endNs)
        {
            if (server != null)
            {
                server.poll(nowNs);
            }
            for (final UdpClient client : clients)
            {
                client.poll(nowNs);
            }
            LockSupport.parkNanos(100_000L);
        }
    }

    static void connect(final UdpClient client, final UdpServer server, final long nowNs)
    {
        client.connect(nowNs);
        pumpUntil("connected", client::isConnected, server, nowNs, client);
        assertEquals(UdpClientState.CONNECTED, client.state());
    }

    /**
     * Poll the server until it counted {@code count} more datagrams than {@code before}.
     */
    static void serverReads(final UdpServer server, final long before, final long count, final long nowNs)
    {
        pumpUntil(count + " datagrams at the server",
            () -> server.counter(UdpServerCounters.DATAGRAMS_RECEIVED) >= before + count, server, nowNs);
    }

    static void send(final DatagramChannel channel, final byte[] datagram, final SocketAddress to) throws IOException
    {
        assertEquals(datagram.length, channel.send(ByteBuffer.wrap(datagram), to));
    }

    /**
     * @return the next datagram within {@link #WAIT_NS}, or null.
     */
    static byte[] receive(final DatagramChannel channel) throws IOException
    {
        final ByteBuffer buffer = ByteBuffer.allocate(65536);
        final long deadlineNs = System.nanoTime() + WAIT_NS;
        while (System.nanoTime() < deadlineNs)
        {
            buffer.clear();
            if (channel.receive(buffer) != null)
            {
                buffer.flip();
                final byte[] datagram = new byte[buffer.remaining()];
                buffer.get(datagram);
                return datagram;
            }
            LockSupport.parkNanos(50_000L);
        }
        return null;
    }

    /**
     * @return every datagram that arrives within a short quiet period.
     */
    static List<byte[]> receiveAll(final DatagramChannel channel) throws IOException
    {
        final List<byte[]> datagrams = new ArrayList<>();
        final ByteBuffer buffer = ByteBuffer.allocate(65536);
        long quietUntilNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(30);
        while (System.nanoTime() < quietUntilNs)
        {
            buffer.clear();
            if (channel.receive(buffer) != null)
            {
                buffer.flip();
                final byte[] datagram = new byte[buffer.remaining()];
                buffer.get(datagram);
                datagrams.add(datagram);
                quietUntilNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(30);
            }
            else
            {
                LockSupport.parkNanos(100_000L);
            }
        }
        return datagrams;
    }

    static long sumOfOutcomes(final UdpServer server)
    {
        long sum = 0;
        for (final UdpServerCounters counter : UdpServerCounters.values())
        {
            if (counter.kind() != CounterKind.EVENT)
            {
                sum += server.counter(counter);
            }
        }
        return sum;
    }

    static long sumOfOutcomes(final UdpClient client)
    {
        long sum = 0;
        for (final UdpClientCounters counter : UdpClientCounters.values())
        {
            if (counter.kind() != CounterKind.EVENT)
            {
                sum += client.counter(counter);
            }
        }
        return sum;
    }

    <T extends AutoCloseable> T add(final T closeable)
    {
        closeables.add(closeable);
        return closeable;
    }

    @Override
    public void close() throws IOException
    {
        for (final AutoCloseable closeable : closeables)
        {
            try
            {
                closeable.close();
            }
            catch (final IOException ex)
            {
                throw ex;
            }
            catch (final Exception ex)
            {
                throw new IOException(ex);
            }
        }
    }
}
