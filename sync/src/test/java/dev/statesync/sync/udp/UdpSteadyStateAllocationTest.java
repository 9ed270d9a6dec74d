/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.codec.AllocationMeter;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A connected client and server exchanging payloads, keep-alives included, allocate nothing once warm: MAC on
 * every datagram, routing by address, and the JDK channel's sender address (cached for a repeated sender) included.
 * Measured with the thread's allocated-bytes counter over real loopback sockets.
 */
class UdpSteadyStateAllocationTest
{
    private static final long MS = 1_000_000L;
    private final LoopbackRig rig = new LoopbackRig();

    @AfterEach
    void close() throws IOException
    {
        rig.close();
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void shouldNotAllocateWhenConnectedPeersExchangeOnceWarm() throws IOException
    {
        final long[] delivered = new long[2];
        final UdpServerHandler handler = new UdpServerHandler()
        {
            @Override
            public void onClientConnected(final int clientIndex, final InetSocketAddress address)
            {
            }

            @Override
            public void onClientDisconnected(final int clientIndex, final DisconnectReason reason)
            {
            }

            @Override
            public boolean onPacket(
                final int clientIndex, final int sequence, final DirectBuffer buffer, final int offset, final int length)
            {
                delivered[0]++;
                return true;
            }

            @Override
            public void onAcked(final int clientIndex, final int sequence)
            {
            }
        };
        final UdpServer server = rig.add(new UdpServer(LoopbackRig.ANY_LOOPBACK_PORT, new UdpServerConfig(), handler, 0));
        final UdpClient client = rig.add(new UdpClient(LoopbackRig.ANY_LOOPBACK_PORT, server.localAddress(),
            new UdpClientConfig(), (sequence, buffer, offset, length) -> ++delivered[1] > 0, sequence -> { }, 0));
        LoopbackRig.connect(client, server, 0);
        final UnsafeBuffer payload = new UnsafeBuffer(new byte[100]);

        final long[] nowNs = { 0 };
        exchange(server, client, payload, nowNs, 2_000);
        final long before = AllocationMeter.allocatedBytes();
        final int exchanged = exchange(server, client, payload, nowNs, 2_000);
        final long allocated = AllocationMeter.allocatedBytes() - before;

        assertEquals(2_000, exchanged, "every exchange completed within the wall-clock bound");
        assertEquals(3_000, delivered[0], "3 of every 4 exchanges carry a payload each way");
        assertEquals(3_000, delivered[1]);
        assertTrue(server.counter(UdpServerCounters.KEEP_ALIVES_RECEIVED) > 0, "keep-alives were part of it");
        assertTrue(client.isConnected());
        // Any allocation per exchange would be at least 16 B x 2000 = 32 KB. Below that, a few KB of slack for code
        // still being compiled: measured, the transients stop after about 10,000 exchanges and it is 0 B after.
        assertTrue(allocated < 4096, "allocated " + allocated + " bytes in 2000 exchanges");
    }

    /**
     * One exchange: a payload each way, both read, both updated (every 4th quiet, long enough that keep-alives go instead).
     *
     * @return exchanges completed.
     */
    private static int exchange(
        final UdpServer server, final UdpClient client, final UnsafeBuffer payload, final long[] nowNs, final int count)
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(8);
        for (int i = 0; i < count; i++)
        {
            final boolean quiet = i % 4 == 0;
            nowNs[0] += quiet ? 150 * MS : 10 * MS; // quiet long enough for a keep-alive each way
            int expected = 0;
            if (!quiet)
            {
                client.sendPacket(payload, 0, payload.capacity(), nowNs[0]);
                server.send(0, payload, 0, payload.capacity(), nowNs[0]);
                expected = 2;
            }
            server.update(nowNs[0]);
            client.update(nowNs[0]);
            int read = 0;
            while (read < expected && System.nanoTime() < deadlineNs)
            {
                read += server.poll(nowNs[0]);
                read += client.poll(nowNs[0]);
            }
            if (System.nanoTime() >= deadlineNs)
            {
                return i;
            }
        }
        return count;
    }
}
