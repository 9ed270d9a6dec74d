/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.ReliableConfig;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.reliable.ReliableEndpoint;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import static dev.statesync.sync.udp.HandshakePackets.*;
import static dev.statesync.sync.udp.LoopbackRig.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seeded random datagrams of every type byte and many sizes, at the server from strangers and from a connected
 * address, and at the client in every state: nothing throws, nothing gets a slot or changes state, every datagram is
 * counted under one outcome, the server never sends an unproven address more bytes than it received from it, and
 * an honest client connects and exchanges payloads afterwards. 127.0.0.1 only.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class UdpHostileDatagramsTest
{
    private static final long SEED = 0x5EED_10L;
    /** Sizes that hit every control layout, around it, and a few large ones. */
    private static final int[] SIZES = {
        0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 13, 16, 17, 18, 19, 20, 42, 56, 57, 58, 88, 89, 90, 255, 256, 257, 1024, 1200,
        4096, 65507,
    };

    private final LoopbackRig rig = new LoopbackRig();
    private final SplittableRandom random = new SplittableRandom(SEED);

    @AfterEach
    void close() throws IOException
    {
        rig.close();
    }

    /** Every type byte at every size in {@link #SIZES}, plus every size 0..300 with a random first byte. */
    private List<byte[]> junk(final long nowMs)
    {
        final List<byte[]> datagrams = new ArrayList<>();
        for (int type = 0; type < 256; type++)
        {
            for (final int size : SIZES)
            {
                if (size > 0 && (size < 300 || type % 32 == 0))
                {
                    datagrams.add(randomDatagram(type, size, nowMs));
                }
            }
        }
        for (int size = 0; size <= 300; size++)
        {
            datagrams.add(randomDatagram(random.nextInt(256), size, nowMs));
        }
        for (int i = 0; i < 64; i++) // shaped like real control packets, to get past the first checks
        {
            datagrams.add(randomDatagram(REQUEST, REQUEST_BYTES, nowMs));
            datagrams.add(randomDatagram(RESPONSE, RESPONSE_BYTES, nowMs));
            datagrams.add(randomDatagram(CHALLENGE, CHALLENGE_BYTES, nowMs));
            datagrams.add(randomDatagram(KEEP_ALIVE, CONTROL_BYTES, nowMs));
            datagrams.add(randomDatagram(DISCONNECT, CONTROL_BYTES, nowMs));
            datagrams.add(randomDatagram(DENIED, DENIED_BYTES, nowMs));
        }
        return datagrams;
    }

    /** Random bytes, made more plausible half the time: right protocol id, zero padding, a live expiry. */
    private byte[] randomDatagram(final int type, final int size, final long nowMs)
    {
        final byte[] datagram = new byte[size];
        random.nextBytes(datagram);
        if (size == 0)
        {
            return datagram;
        }
        datagram[0] = (byte)type;
        final UnsafeBuffer buffer = new UnsafeBuffer(datagram);
        if (random.nextBoolean() && type == REQUEST && size == REQUEST_BYTES)
        {
            buffer.putLong(REQUEST_PROTOCOL_ID_OFFSET, UdpClientConfig.DEFAULT_PROTOCOL_ID, ByteOrder.LITTLE_ENDIAN);
            buffer.putByte(REQUEST_VERSION_OFFSET, (byte)VERSION);
            if (random.nextBoolean())
            {
                buffer.setMemory(REQUEST_PADDING_OFFSET, REQUEST_BYTES - REQUEST_PADDING_OFFSET, (byte)0);
            }
        }
        if (random.nextBoolean() && type == RESPONSE && size == RESPONSE_BYTES)
        {
            buffer.putLong(RESPONSE_EXPIRY_OFFSET, nowMs + 1000, ByteOrder.LITTLE_ENDIAN);
        }
        return datagram;
    }

    private static UdpServerConfig unlimited()
    {
        return new UdpServerConfig()
            .addressHandshakesPerSecond(1_000_000).addressHandshakeBurst(1_000_000)
            .globalHandshakesPerSecond(1_000_000).globalHandshakeBurst(1_000_000);
    }

    /** Send in batches and wait for each, so no socket buffer overflows and every datagram is read. */
    private static void sendAll(
        final DatagramChannel from, final List<byte[]> datagrams, final InetSocketAddress to, final LongSupplier readCount,
        final Runnable poll) throws IOException
    {
        final long before = readCount.getAsLong();
        for (int i = 0; i < datagrams.size(); i++)
        {
            send(from, datagrams.get(i), to);
            if (i % 32 == 31 || i == datagrams.size() - 1)
            {
                final long expected = before + i + 1;
                final long deadlineNs = System.nanoTime() + WAIT_NS;
                while (readCount.getAsLong() < expected && System.nanoTime() < deadlineNs)
                {
                    poll.run();
                }
                assertEquals(expected, readCount.getAsLong(), "datagrams read");
            }
        }
    }

    @Test
    void shouldCountEveryRandomDatagramFromStrangersGiveNoSlotAndNeverAmplify() throws IOException
    {
        final UdpServer server = rig.server(unlimited(), 0);
        final DatagramChannel stranger = rig.rawSocket();
        final List<byte[]> datagrams = junk(0);
        datagrams.add(new RawPeers.Client().request()); // and a few real requests, which are answered
        datagrams.add(new RawPeers.Client().request());
        long sentBytes = 0;
        for (final byte[] datagram : datagrams)
        {
            sentBytes += datagram.length;
        }

        sendAll(stranger, datagrams, server.localAddress(), () -> server.counter(UdpServerCounters.DATAGRAMS_RECEIVED),
            () -> server.poll(0));

        assertEquals(datagrams.size(), server.counter(UdpServerCounters.DATAGRAMS_RECEIVED));
        assertEquals(datagrams.size(), sumOfOutcomes(server), "one outcome per datagram");
        assertEquals(0, server.connectedCount());
        assertEquals(0, server.counter(UdpServerCounters.CLIENTS_CONNECTED));
        assertTrue(rig.events.isEmpty(), rig.events.toString());
        assertTrue(server.counter(UdpServerCounters.CHALLENGES_SENT) >= 2);
        long repliedBytes = 0;
        for (final byte[] reply : receiveAll(stranger))
        {
            assertTrue(reply.length <= CHALLENGE_BYTES, "reply of " + reply.length);
            repliedBytes += reply.length;
        }
        assertTrue(repliedBytes > 0 && repliedBytes <= sentBytes, repliedBytes + " bytes out for " + sentBytes + " in");
        int reasons = 0;
        for (final UdpServerCounters counter : UdpServerCounters.values())
        {
            reasons += counter.isRefusal() && server.counter(counter) > 0 ? 1 : 0;
        }
        assertTrue(reasons >= 7, "the junk reached many different checks: " + reasons);

        honestClientConnectsAndExchanges(server, 0);
    }

    @Test
    void shouldRefuseRandomDatagramsFromAConnectedAddressAndKeepItsConnection() throws IOException
    {
        final UdpServer server = rig.server(unlimited(), 0);
        final DatagramChannel socket = rig.rawSocket();
        final RawPeers.Client raw = new RawPeers.Client();
        send(socket, raw.request(), server.localAddress());
        serverReads(server, 0, 1, 0);
        send(socket, raw.response(receive(socket)), server.localAddress());
        serverReads(server, 1, 1, 0);
        assertEquals(1, server.connectedCount());
        final long connectedBefore = server.counter(UdpServerCounters.DATAGRAMS_ROUTED);

        final List<byte[]> datagrams = junk(0);
        sendAll(socket, datagrams, server.localAddress(), () -> server.counter(UdpServerCounters.DATAGRAMS_RECEIVED),
            () -> server.poll(0));

        assertEquals(1, server.connectedCount());
        assertEquals(List.of("connected 0"), rig.events);
        assertEquals(connectedBefore, server.counter(UdpServerCounters.DATAGRAMS_ROUTED), "nothing got past the MAC");
        assertEquals(server.counter(UdpServerCounters.DATAGRAMS_RECEIVED), sumOfOutcomes(server));
        assertEquals(raw.keys, server.linkKeys(0));

        // The connection still works: an authenticated datagram from the raw client is delivered.
        final ReliableEndpoint endpoint = new ReliableEndpoint(new ReliableConfig().authenticate(raw.keys, LinkSide.CLIENT),
            (buffer, offset, length) ->
            {
                final byte[] copy = new byte[length];
                buffer.getBytes(offset, copy);
                try
                {
                    send(socket, copy, server.localAddress());
                }
                catch (final IOException ex)
                {
                    throw new IllegalStateException(ex);
                }
            },
            (sequence, buffer, offset, length) -> true, sequence -> { }, 0);
        endpoint.sendPacket(new UnsafeBuffer(new byte[]{ 9, 9 }), 0, 2, 0);
        pumpUntil("authentic payload", () -> rig.serverPayloads.size() == 1, server, 0);
    }

    @Test
    void shouldCountEveryRandomDatagramAtTheClientInEveryStateWithoutChangingIt() throws IOException
    {
        final DatagramChannel serverSocket = rig.rawSocket();
        final List<byte[]> payloads = new ArrayList<>();
        final UdpClient client = rig.client(
            (InetSocketAddress)serverSocket.getLocalAddress(), new UdpClientConfig(), payloads, 0);
        final InetSocketAddress clientAddress = client.localAddress();
        final RawPeers.Server fake = new RawPeers.Server();

        client.connect(0);
        final byte[] request = receive(serverSocket);
        junkAtClient(serverSocket, client, clientAddress, UdpClientState.SENDING_REQUEST);
        sendAll(serverSocket, List.of(fake.challenge(request, 5_000)), clientAddress,
            () -> client.counter(UdpClientCounters.DATAGRAMS_RECEIVED), () -> client.poll(0));
        assertEquals(UdpClientState.SENDING_RESPONSE, client.state());
        junkAtClient(serverSocket, client, clientAddress, UdpClientState.SENDING_RESPONSE);
        assertEquals(fake.keys, client.linkKeys());
        sendAll(serverSocket, List.of(fake.control(KEEP_ALIVE, 0)), clientAddress,
            () -> client.counter(UdpClientCounters.DATAGRAMS_RECEIVED), () -> client.poll(0));
        assertEquals(UdpClientState.CONNECTED, client.state());
        junkAtClient(serverSocket, client, clientAddress, UdpClientState.CONNECTED);
        assertEquals(1, receiveAll(serverSocket).size(), "the client sent only its RESPONSE meanwhile");

        assertEquals(client.counter(UdpClientCounters.DATAGRAMS_RECEIVED), sumOfOutcomes(client));
        assertEquals(0, client.counter(UdpClientCounters.DATAGRAMS_ROUTED));
        assertTrue(payloads.isEmpty());
        client.sendPacket(new UnsafeBuffer(new byte[]{ 1 }), 0, 1, 0);
        final byte[] datagram = receive(serverSocket);
        final ReliableEndpoint serverEndpoint = new ReliableEndpoint(
            new ReliableConfig().authenticate(fake.keys, LinkSide.SERVER), (buffer, offset, length) -> { },
            (sequence, buffer, offset, length) -> true, sequence -> { }, 0);
        assertEquals(ReliableCounters.PACKETS_DELIVERED,
            serverEndpoint.receivePacket(new UnsafeBuffer(datagram), 0, datagram.length, 0), "still under the derived keys");
    }

    private void junkAtClient(
        final DatagramChannel serverSocket, final UdpClient client, final InetSocketAddress clientAddress,
        final UdpClientState state) throws IOException
    {
        sendAll(serverSocket, junk(0), clientAddress, () -> client.counter(UdpClientCounters.DATAGRAMS_RECEIVED),
            () -> client.poll(0));
        assertEquals(state, client.state());
    }

    private void honestClientConnectsAndExchanges(final UdpServer server, final long nowNs) throws IOException
    {
        final List<byte[]> payloads = new ArrayList<>();
        final UdpClient client = rig.client(server, new UdpClientConfig(), payloads, nowNs);
        connect(client, server, nowNs);
        client.sendPacket(new UnsafeBuffer(new byte[]{ 7 }), 0, 1, nowNs);
        server.send(client.clientIndex(), new UnsafeBuffer(new byte[]{ 8 }), 0, 1, nowNs);
        pumpUntil("payloads both ways", () -> payloads.size() == 1 && rig.serverPayloads.size() == 1, server, nowNs, client);
    }
}
