package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.AckListener;
import dev.statesync.sync.reliable.PacketProcessor;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.reliable.TestPayloads;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.statesync.sync.udp.LoopbackRig.ANY_LOOPBACK_PORT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Payloads over real sockets on 127.0.0.1 only, after the handshake, bounded in packets and in time.
 */
class UdpLoopbackTest
{
    private final List<AutoCloseable> closeables = new ArrayList<>();

    @AfterEach
    void close() throws Exception
    {
        for (final AutoCloseable closeable : closeables)
        {
            closeable.close();
        }
    }

    /** Validates payloads and acks for one direction's receiving and sending side. */
    private static final class Tracker
    {
        final long[] indexBySequence = new long[65536];
        final BitSet delivered = new BitSet();
        final BitSet acked = new BitSet();
        final UnsafeBuffer scratch = new UnsafeBuffer(new byte[8192]);
        long sent;
        long invalid;
        long duplicateDeliveries;
        long duplicateAcks;

        boolean deliver(final DirectBuffer buffer, final int offset, final int length)
        {
            final long index = TestPayloads.verify(buffer, offset, length);
            if (index < 0)
            {
                invalid++;
                return false;
            }
            if (delivered.get((int)index))
            {
                duplicateDeliveries++;
            }
            delivered.set((int)index);
            return true;
        }

        void acked(final int sequence)
        {
            final int index = (int)indexBySequence[sequence];
            if (acked.get(index))
            {
                duplicateAcks++;
            }
            acked.set(index);
        }

        int nextLength()
        {
            // every 10th packet is fragmented (above 1024 bytes)
            return sent % 10 == 0 ? 1025 + (int)(sent % 3000) : TestPayloads.lengthFor(sent, 300);
        }

        int ackedBelow(final int count)
        {
            return acked.get(0, count).cardinality();
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void shouldExchangeThousandsOfSelfValidatingPacketsWithEveryAckExactlyOnce() throws IOException
    {
        final int packets = 3000;
        final Tracker clientSide = new Tracker();
        final Tracker serverSide = new Tracker();
        final int[] connectedClient = { -1 };

        final UdpServerHandler handler = new UdpServerHandler()
        {
            @Override
            public void onClientConnected(final int clientIndex, final InetSocketAddress address)
            {
                connectedClient[0] = clientIndex;
            }

            @Override
            public void onClientDisconnected(final int clientIndex, final DisconnectReason reason)
            {
                connectedClient[0] = -1;
            }

            @Override
            public boolean onPacket(
                final int clientIndex, final int sequence, final DirectBuffer buffer, final int offset, final int length)
            {
                return serverSide.deliver(buffer, offset, length);
            }

            @Override
            public void onAcked(final int clientIndex, final int sequence)
            {
                serverSide.acked(sequence);
            }
        };
        final long startNs = System.nanoTime();
        final UdpServer server = new UdpServer(ANY_LOOPBACK_PORT, new UdpServerConfig(), handler, startNs);
        closeables.add(server);
        final PacketProcessor clientProcessor = (sequence, buffer, offset, length) ->
            clientSide.deliver(buffer, offset, length);
        final AckListener clientAcks = clientSide::acked;
        final UdpClient client = new UdpClient(ANY_LOOPBACK_PORT, server.localAddress(),
            new UdpClientConfig().maxDatagramsPerPoll(256), clientProcessor, clientAcks, startNs);
        closeables.add(client);
        LoopbackRig.connect(client, server, startNs);

        final long deadlineNs = startNs + TimeUnit.SECONDS.toNanos(20);
        long nowNs = startNs;
        while (nowNs < deadlineNs &&
            (clientSide.ackedBelow(packets) < packets || serverSide.ackedBelow(packets) < packets))
        {
            nowNs = System.nanoTime();
            final int clientLength = clientSide.nextLength();
            TestPayloads.write(clientSide.scratch, clientSide.sent, clientLength);
            clientSide.indexBySequence[client.sendPacket(clientSide.scratch, 0, clientLength, nowNs)] = clientSide.sent++;
            if (connectedClient[0] >= 0)
            {
                final int serverLength = serverSide.nextLength();
                TestPayloads.write(serverSide.scratch, serverSide.sent, serverLength);
                final int sequence = server.send(connectedClient[0], serverSide.scratch, 0, serverLength, nowNs);
                serverSide.indexBySequence[sequence] = serverSide.sent++;
            }
            for (int spin = 0; spin < 3; spin++)
            {
                server.poll(nowNs);
                client.poll(nowNs);
            }
            server.update(nowNs);
            client.update(nowNs);
        }

        assertEquals(packets, clientSide.ackedBelow(packets), "client packets acked");
        assertEquals(packets, serverSide.ackedBelow(packets), "server packets acked");
        assertEquals(0, clientSide.duplicateAcks + serverSide.duplicateAcks);
        assertEquals(0, clientSide.invalid + serverSide.invalid);
        assertEquals(0, clientSide.duplicateDeliveries + serverSide.duplicateDeliveries);
        assertTrue(serverSide.delivered.get(0, packets).cardinality() == packets, "server got every client packet");
        assertEquals(1, server.connectedCount());
        assertTrue(client.endpoint().counter(ReliableCounters.FRAGMENTS_RECEIVED) > 0, "fragments crossed the socket");
        assertTrue(client.endpoint().rttMs() > 0.0);
        assertEquals(0, client.endpoint().counter(ReliableCounters.REJECTED_INTEGRITY));
        assertEquals(0, server.counter(UdpServerCounters.REFUSED_BY_ENDPOINT));
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void shouldServeSeveralClientsKeyedByAddress() throws IOException
    {
        final int clients = 3;
        final int packetsEach = 200;
        final int[][] payloadOwnerCount = new int[clients][clients];
        final int[] serverAcks = new int[clients];
        final int[] clientOfSlot = { -1, -1, -1, -1 };
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
                final int owner = buffer.getByte(offset);
                clientOfSlot[clientIndex] = owner;
                payloadOwnerCount[clientIndex][owner]++;
                return true;
            }

            @Override
            public void onAcked(final int clientIndex, final int sequence)
            {
                serverAcks[clientIndex]++;
            }
        };
        final UdpServer server = new UdpServer(ANY_LOOPBACK_PORT, new UdpServerConfig().maxClients(4), handler, 0L);
        closeables.add(server);
        final UdpClient[] udpClients = new UdpClient[clients];
        final int[] clientAcks = new int[clients];
        for (int c = 0; c < clients; c++)
        {
            final int self = c;
            udpClients[c] = new UdpClient(ANY_LOOPBACK_PORT, server.localAddress(), new UdpClientConfig(),
                (sequence, buffer, offset, length) -> true, sequence -> clientAcks[self]++, 0L);
            closeables.add(udpClients[c]);
            LoopbackRig.connect(udpClients[c], server, 0L);
        }
        final UnsafeBuffer payload = new UnsafeBuffer(new byte[32]);
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(8);
        for (int i = 0; i < packetsEach + 40 && System.nanoTime() < deadlineNs; i++)
        {
            final long nowNs = i * 1_000_000L;
            for (int c = 0; c < clients; c++)
            {
                payload.putByte(0, (byte)c);
                udpClients[c].sendPacket(payload, 0, 32, nowNs);
            }
            for (int spin = 0; spin < 3; spin++)
            {
                server.poll(nowNs);
            }
            for (int slot = 0; slot < 4; slot++)
            {
                if (server.isConnected(slot))
                {
                    server.send(slot, payload, 0, 8, nowNs);
                }
            }
            for (int c = 0; c < clients; c++)
            {
                udpClients[c].poll(nowNs);
            }
        }
        assertEquals(clients, server.connectedCount());
        for (int slot = 0; slot < clients; slot++)
        {
            final int owner = clientOfSlot[slot];
            assertTrue(owner >= 0, "slot " + slot + " served a client");
            assertEquals(slot, udpClients[owner].clientIndex(), "the client knows its slot");
            assertTrue(payloadOwnerCount[slot][owner] >= packetsEach, "slot " + slot + " got its client's packets");
            for (int other = 0; other < clients; other++)
            {
                if (other != owner)
                {
                    assertEquals(0, payloadOwnerCount[slot][other], "no mix-up between clients");
                }
            }
            assertTrue(serverAcks[slot] >= packetsEach, "server packets acked by client " + owner);
        }
        for (int c = 0; c < clients; c++)
        {
            assertTrue(clientAcks[c] >= packetsEach, "client " + c + " acks " + clientAcks[c]);
        }
    }
}
