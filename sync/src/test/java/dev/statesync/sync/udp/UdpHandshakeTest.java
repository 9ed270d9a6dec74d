/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.IntegrityMode;
import dev.statesync.sync.reliable.LinkSide;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.statesync.sync.udp.HandshakePackets.*;
import static dev.statesync.sync.udp.LoopbackRig.*;
import static dev.statesync.sync.udp.UdpServerCounters.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server's side of the handshake over real sockets on 127.0.0.1: who gets a slot, who does not, and that every
 * refusal is counted and changes nothing. Protocol time is passed in, so expiry and timeouts cost no waiting.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class UdpHandshakeTest
{
    private static final long MS = 1_000_000L;
    private final LoopbackRig rig = new LoopbackRig();

    @AfterEach
    void close() throws IOException
    {
        rig.close();
    }

    /** Rate limits out of the way, for tests that send many handshake packets from 127.0.0.1. */
    private static UdpServerConfig unlimited()
    {
        return new UdpServerConfig()
            .addressHandshakesPerSecond(1_000_000).addressHandshakeBurst(1_000_000)
            .globalHandshakesPerSecond(1_000_000).globalHandshakeBurst(1_000_000);
    }

    /** Send a datagram from a raw socket and wait until the server has read it. */
    private static void deliver(final UdpServer server, final DatagramChannel from, final byte[] datagram, final long nowNs)
        throws IOException
    {
        final long before = server.counter(DATAGRAMS_RECEIVED);
        send(from, datagram, server.localAddress());
        serverReads(server, before, 1, nowNs);
    }

    /** Run a raw client's handshake to the end; returns the response it sent. */
    private static byte[] connectRaw(
        final UdpServer server, final DatagramChannel socket, final RawPeers.Client raw, final long nowNs) throws IOException
    {
        deliver(server, socket, raw.request(), nowNs);
        final byte[] response = raw.response(receive(socket));
        deliver(server, socket, response, nowNs);
        final byte[] confirmation = receive(socket);
        assertNotNull(confirmation, "KEEP_ALIVE confirming the slot");
        assertEquals(CONTROL_BYTES, confirmation.length);
        assertTrue(verifyControl(new UnsafeBuffer(confirmation), raw.keys.receiveK0(LinkSide.CLIENT),
            raw.keys.receiveK1(LinkSide.CLIENT)), "signed with the server-to-client key both ends derived");
        return response;
    }

    @Test
    void shouldConnectAndExchangePayloadsBothWaysUnderTheDerivedKeys() throws IOException
    {
        final UdpServer server = rig.server(new UdpServerConfig(), 0);
        final List<byte[]> clientPayloads = new ArrayList<>();
        final UdpClient client = rig.client(server, new UdpClientConfig(), clientPayloads, 0);
        assertEquals(UdpClientState.DISCONNECTED, client.state());

        connect(client, server, 0);

        assertEquals(List.of("connected 0"), rig.events);
        assertEquals(0, client.clientIndex());
        assertEquals(client.linkKeys(), server.linkKeys(0), "both ends derived the same keys");
        assertEquals(IntegrityMode.KEYED_MAC, client.endpoint().config().integrityMode());
        assertEquals(IntegrityMode.KEYED_MAC, server.endpoint(0).config().integrityMode());
        assertEquals(client.linkKeys(), server.endpoint(0).config().linkKeys());
        assertEquals(client.localAddress(), server.clientAddress(0));
        assertEquals(1, server.counter(CHALLENGES_SENT));
        assertEquals(1, server.counter(CLIENTS_CONNECTED));
        assertEquals(1, client.counter(UdpClientCounters.REQUESTS_SENT));
        assertEquals(1, client.counter(UdpClientCounters.RESPONSES_SENT));

        final UnsafeBuffer payload = new UnsafeBuffer("hello server".getBytes());
        client.sendPacket(payload, 0, payload.capacity(), MS);
        pumpUntil("payload at the server", () -> rig.serverPayloads.size() == 1, server, MS, client);
        assertArrayEquals("hello server".getBytes(), rig.serverPayloads.get(0));
        final UnsafeBuffer reply = new UnsafeBuffer("hello client".getBytes());
        server.send(0, reply, 0, reply.capacity(), 2 * MS);
        pumpUntil("payload at the client", () -> clientPayloads.size() == 1, server, 2 * MS, client);
        assertArrayEquals("hello client".getBytes(), clientPayloads.get(0));
        assertEquals(0, server.counter(REFUSED_BY_ENDPOINT));
        assertEquals(sumOfOutcomes(server), server.counter(DATAGRAMS_RECEIVED), "every datagram has one outcome");
        assertEquals(sumOfOutcomes(client), client.counter(UdpClientCounters.DATAGRAMS_RECEIVED));
    }

    @Test
    void shouldGiveNoSlotToARequestOrResponseReplayedFromAnotherPort() throws IOException
    {
        final UdpServer server = rig.server(new UdpServerConfig(), 0);
        final DatagramChannel honest = rig.rawSocket();
        final DatagramChannel replayer = rig.rawSocket();
        final RawPeers.Client raw = new RawPeers.Client();
        final byte[] request = raw.request();
        deliver(server, honest, request, 0);
        final byte[] response = raw.response(receive(honest));

        deliver(server, replayer, request, 0);
        assertEquals(CHALLENGE_BYTES, receive(replayer).length, "a request is answered statelessly wherever it comes from");
        deliver(server, replayer, response, 0);
        assertEquals(1, server.counter(REFUSED_BAD_COOKIE), "the cookie is bound to the honest client's port");
        assertEquals(0, server.connectedCount());
        assertTrue(receiveAll(replayer).isEmpty(), "no reply to a bad cookie");

        deliver(server, honest, response, 0);
        assertEquals(1, server.connectedCount());
        deliver(server, replayer, response, 0);
        assertEquals(2, server.counter(REFUSED_BAD_COOKIE));
        assertEquals(List.of("connected 0"), rig.events);
        assertEquals(2, server.counter(CHALLENGES_SENT));
        assertEquals(1, server.counter(CLIENTS_CONNECTED));
    }

    @Test
    void shouldRefuseACookieFromAddressAPresentedFromAddressBBeforeAUsesIt() throws IOException
    {
        final UdpServer server = rig.server(new UdpServerConfig(), 0);
        final DatagramChannel a = rig.rawSocket();
        final DatagramChannel b = rig.rawSocket();
        final RawPeers.Client raw = new RawPeers.Client();
        deliver(server, a, raw.request(), 0);
        final byte[] response = raw.response(receive(a));
        deliver(server, b, response, 0);
        assertEquals(1, server.counter(REFUSED_BAD_COOKIE));
        assertEquals(0, server.connectedCount());
        deliver(server, a, response, 0);
        assertEquals(1, server.connectedCount(), "the refusal changed nothing for the rightful owner");
    }

    @Test
    void shouldRefuseAnExpiredCookieAndStillAcceptAFreshOne() throws IOException
    {
        final UdpServer server = rig.server(new UdpServerConfig(), 0);
        final DatagramChannel socket = rig.rawSocket();
        final RawPeers.Client raw = new RawPeers.Client();
        deliver(server, socket, raw.request(), 0);
        final byte[] response = raw.response(receive(socket));
        final long afterExpiryNs = (UdpServerConfig.DEFAULT_COOKIE_LIFETIME_MS + 1) * MS;

        deliver(server, socket, response, afterExpiryNs);

        assertEquals(1, server.counter(REFUSED_EXPIRED_COOKIE));
        assertEquals(0, server.connectedCount());
        final RawPeers.Client again = new RawPeers.Client();
        connectRaw(server, socket, again, afterExpiryNs);
        assertEquals(1, server.connectedCount());
    }

    @Test
    void shouldConfirmARepeatedResponseAgainWithoutASecondSlotAndRefuseANewCookieForAConnectedAddress()
        throws IOException
    {
        final UdpServer server = rig.server(new UdpServerConfig(), 0);
        final DatagramChannel socket = rig.rawSocket();
        final RawPeers.Client raw = new RawPeers.Client();
        final byte[] response = connectRaw(server, socket, raw, 0);

        deliver(server, socket, response, MS);
        final byte[] confirmation = receive(socket);
        assertEquals(KEEP_ALIVE, confirmation[0] & 0xFF, "lost confirmations are resent");
        assertEquals(1, server.counter(CONNECTIONS_CONFIRMED_AGAIN));
        assertEquals(1, server.connectedCount());

        final RawPeers.Client restarted = new RawPeers.Client();
        deliver(server, socket, restarted.request(), 2 * MS);
        deliver(server, socket, restarted.response(receive(socket)), 2 * MS);
        assertEquals(1, server.counter(REFUSED_ADDRESS_IN_USE));
        assertEquals(List.of("connected 0"), rig.events);
    }

    @Test
    void shouldRefuseAResponseReplayedAfterItsConnectionEnded() throws IOException
    {
        final UdpServer server = rig.server(new UdpServerConfig(), 0);
        final DatagramChannel socket = rig.rawSocket();
        final RawPeers.Client raw = new RawPeers.Client();
        final byte[] response = connectRaw(server, socket, raw, 0);
        deliver(server, socket, raw.control(DISCONNECT, 0), MS);
        assertEquals(List.of("connected 0", "disconnected 0 BY_CLIENT"), rig.events);

        deliver(server, socket, response, 2 * MS);

        assertEquals(1, server.counter(REFUSED_REPLAYED_COOKIE));
        assertEquals(0, server.connectedCount());
        assertTrue(receiveAll(socket).isEmpty());
    }

    @Test
    void shouldRefuseEveryBitFlipOfAResponseKeepAliveAndDisconnect() throws IOException
    {
        final UdpServer server = rig.server(unlimited(), 0);
        final DatagramChannel socket = rig.rawSocket();
        final RawPeers.Client raw = new RawPeers.Client();
        deliver(server, socket, raw.request(), 0);
        final byte[] response = raw.response(receive(socket));

        assertEveryBitFlipRefused(server, socket, response);
        assertEquals(0, server.connectedCount());
        assertEquals(0, server.counter(CLIENTS_CONNECTED));

        deliver(server, socket, response, 0);
        assertEquals(1, server.connectedCount(), "the flips changed nothing: the real response still works");
        final byte[] keepAlive = raw.control(KEEP_ALIVE, 1);
        final byte[] disconnect = raw.control(DISCONNECT, 2);
        assertEveryBitFlipRefused(server, socket, keepAlive);
        assertEveryBitFlipRefused(server, socket, disconnect);
        assertTrue(server.counter(REFUSED_FORGED_CONTROL) > 2 * 64, "most flips fail the MAC");
        assertEquals(0, server.counter(KEEP_ALIVES_RECEIVED));
        assertEquals(List.of("connected 0"), rig.events);

        deliver(server, socket, keepAlive, 0);
        assertEquals(1, server.counter(KEEP_ALIVES_RECEIVED));
        deliver(server, socket, keepAlive, 0);
        assertEquals(1, server.counter(REFUSED_REPLAYED_CONTROL), "a replayed keep-alive");
        deliver(server, socket, disconnect, 0);
        assertEquals(List.of("connected 0", "disconnected 0 BY_CLIENT"), rig.events);
    }

    private static void assertEveryBitFlipRefused(final UdpServer server, final DatagramChannel socket, final byte[] genuine)
        throws IOException
    {
        final long receivedBefore = server.counter(DATAGRAMS_RECEIVED);
        final long refusedBefore = refusals(server);
        final int bits = genuine.length * 8;
        for (int bit = 0; bit < bits; bit++)
        {
            send(socket, RawPeers.flipBit(genuine, bit), server.localAddress());
            if (bit % 64 == 63)
            {
                serverReads(server, receivedBefore, bit + 1, 0); // keep the socket buffer from overflowing
            }
        }
        serverReads(server, receivedBefore, bits, 0);
        assertEquals(refusedBefore + bits, refusals(server), "every flipped datagram refused");
    }

    private static long refusals(final UdpServer server)
    {
        long sum = 0;
        for (final UdpServerCounters counter : UdpServerCounters.values())
        {
            if (counter.isRefusal())
            {
                sum += server.counter(counter);
            }
        }
        return sum;
    }

    @Test
    void shouldLimitHandshakesPerAddressAndRecover() throws IOException
    {
        final UdpServer server = rig.server(new UdpServerConfig(), 0);
        final DatagramChannel socket = rig.rawSocket();
        final byte[] request = new RawPeers.Client().request();
        final int burst = UdpServerConfig.DEFAULT_ADDRESS_HANDSHAKE_BURST;

        for (int i = 0; i < burst + 10; i++)
        {
            send(socket, request, server.localAddress());
        }
        serverReads(server, 0, burst + 10, 0);
        assertEquals(burst, server.counter(CHALLENGES_SENT));
        assertEquals(10, server.counter(REFUSED_RATE_LIMITED_ADDRESS));

        final long oneSecondLaterNs = 1_000 * MS;
        for (int i = 0; i < 15; i++)
        {
            send(socket, request, server.localAddress());
        }
        serverReads(server, burst + 10, 15, oneSecondLaterNs);
        assertEquals(burst + UdpServerConfig.DEFAULT_ADDRESS_HANDSHAKES_PER_SECOND, server.counter(CHALLENGES_SENT),
            "refilled at 10 per second");
        assertEquals(15, server.counter(REFUSED_RATE_LIMITED_ADDRESS));
        assertEquals(0, server.counter(REFUSED_RATE_LIMITED_GLOBAL));

        final UdpClient client = rig.client(server, new UdpClientConfig(), new ArrayList<>(), 10_000 * MS);
        connect(client, server, 10_000 * MS);
    }

    @Test
    void shouldLimitHandshakesGloballyAndRecover() throws IOException
    {
        final UdpServer server = rig.server(unlimited().globalHandshakesPerSecond(5).globalHandshakeBurst(5), 0);
        final DatagramChannel socket = rig.rawSocket();
        final byte[] request = new RawPeers.Client().request();
        for (int i = 0; i < 8; i++)
        {
            send(socket, request, server.localAddress());
        }
        serverReads(server, 0, 8, 0);
        assertEquals(5, server.counter(CHALLENGES_SENT));
        assertEquals(3, server.counter(REFUSED_RATE_LIMITED_GLOBAL));

        for (int i = 0; i < 8; i++)
        {
            send(socket, request, server.localAddress());
        }
        serverReads(server, 8, 8, 1_000 * MS);
        assertEquals(10, server.counter(CHALLENGES_SENT));
        assertEquals(6, server.counter(REFUSED_RATE_LIMITED_GLOBAL));
        assertEquals(0, server.counter(REFUSED_RATE_LIMITED_ADDRESS));
    }

    @Test
    void shouldDenyWhenEverySlotIsTakenWithRepliesNoLargerThanTheirRequests() throws IOException
    {
        final UdpServer server = rig.server(new UdpServerConfig().maxClients(1), 0);
        final DatagramChannel late = rig.rawSocket();
        final RawPeers.Client lateRaw = new RawPeers.Client();
        deliver(server, late, lateRaw.request(), 0);
        final byte[] lateResponse = lateRaw.response(receive(late)); // cookie taken while a slot was free

        final UdpClient first = rig.client(server, new UdpClientConfig(), new ArrayList<>(), 0);
        connect(first, server, 0);

        final DatagramChannel requester = rig.rawSocket();
        final RawPeers.Client requesterRaw = new RawPeers.Client();
        final byte[] request = requesterRaw.request();
        deliver(server, requester, request, MS);
        final byte[] denied = receive(requester);
        assertArrayEquals(RawPeers.Server.denied(request), denied, "DENIED echoes the first 16 bytes of the key");
        assertTrue(denied.length <= request.length);

        deliver(server, late, lateResponse, MS);
        final byte[] deniedLate = receive(late);
        assertEquals(DENIED_BYTES, deniedLate.length);
        assertTrue(deniedLate.length <= lateResponse.length);
        assertEquals(2, server.counter(REFUSED_SERVER_FULL));
        assertEquals(2, server.counter(DENIALS_SENT));

        final UdpClient second = rig.client(server, new UdpClientConfig(), new ArrayList<>(), MS);
        second.connect(MS);
        pumpUntil("denied", () -> second.state() == UdpClientState.DENIED, server, MS, first, second);
        assertEquals(1, server.connectedCount());
        assertEquals(List.of("connected 0"), rig.events);
    }

    @Test
    void shouldDenyARequestWhoseSettingsDifferWithoutASlotACookieOrALargerReply() throws IOException
    {
        final long serverSettings = 0x5E77_1465_0000_0001L;
        final UdpServer server = rig.server(new UdpServerConfig().maxClients(1).settingsFingerprint(serverSettings), 0);

        final DatagramChannel raw = rig.rawSocket();
        final RawPeers.Client rawClient = new RawPeers.Client();
        final byte[] request = RawPeers.request(UdpClientConfig.DEFAULT_PROTOCOL_ID, rawClient.publicKey, serverSettings ^ 1);
        deliver(server, raw, request, 0);
        final byte[] denied = receive(raw);
        assertArrayEquals(RawPeers.Server.denied(request, DeniedReason.SETTINGS_MISMATCH.wireCode()), denied,
            "DENIED echoes the key and names the mismatch");
        assertTrue(denied.length <= request.length);
        assertEquals(1, server.counter(REFUSED_SETTINGS_MISMATCH));
        assertEquals(0, server.counter(CHALLENGES_SENT));

        final UdpClient other = rig.client(server, new UdpClientConfig().settingsFingerprint(serverSettings + 1),
            new ArrayList<>(), 0);
        other.connect(0);
        pumpUntil("denied", () -> other.state() == UdpClientState.DENIED, server, 0, other);
        assertEquals(DeniedReason.SETTINGS_MISMATCH, other.deniedReason());
        assertEquals(2, server.counter(REFUSED_SETTINGS_MISMATCH));
        assertEquals(2, server.counter(DENIALS_SENT));
        assertEquals(0, server.connectedCount());
        assertTrue(rig.events.isEmpty(), rig.events.toString());

        final UdpClient same = rig.client(server, new UdpClientConfig().settingsFingerprint(serverSettings),
            new ArrayList<>(), MS);
        connect(same, server, MS);
        assertEquals(DeniedReason.NONE, same.deniedReason());
        assertEquals(1, server.connectedCount());

        // A full server still tells a client with other settings why it will never fit, not that it is full.
        final UdpClient late = rig.client(server, new UdpClientConfig().settingsFingerprint(serverSettings + 2),
            new ArrayList<>(), 2 * MS);
        late.connect(2 * MS);
        pumpUntil("denied", () -> late.state() == UdpClientState.DENIED, server, 2 * MS, same, late);
        assertEquals(DeniedReason.SETTINGS_MISMATCH, late.deniedReason());
        assertEquals(0, server.counter(REFUSED_SERVER_FULL));
    }

    @Test
    void shouldFreeTheSlotOfAnIdleClientAndLetTheClientSeeTheSilence() throws IOException
    {
        final UdpServer server = rig.server(new UdpServerConfig(), 0);
        final UdpClient client = rig.client(server, new UdpClientConfig(), new ArrayList<>(), 0);
        connect(client, server, 0);
        final long timeoutNs = UdpServerConfig.DEFAULT_IDLE_TIMEOUT_MS * MS;

        server.update(timeoutNs);
        assertTrue(server.isConnected(0), "not idle past the timeout yet");
        server.update(timeoutNs + 1);
        assertFalse(server.isConnected(0));
        assertEquals(List.of("connected 0", "disconnected 0 TIMED_OUT"), rig.events);
        assertEquals(1, server.counter(CLIENTS_TIMED_OUT));

        client.update(UdpClientConfig.DEFAULT_IDLE_TIMEOUT_MS * MS + 1);
        assertEquals(UdpClientState.TIMED_OUT, client.state());
        assertEquals(1, client.counter(UdpClientCounters.IDLE_TIMEOUTS));

        final long laterNs = 2 * timeoutNs;
        connect(client, server, laterNs);
        assertEquals(0, client.clientIndex());
        assertEquals(List.of("connected 0", "disconnected 0 TIMED_OUT", "connected 0"), rig.events);
    }

    @Test
    void shouldKeepAQuietButHealthyConnectionAliveWithKeepAlives() throws IOException
    {
        final UdpServer server = rig.server(new UdpServerConfig(), 0);
        final UdpClient client = rig.client(server, new UdpClientConfig(), new ArrayList<>(), 0);
        connect(client, server, 0);
        final long stepNs = 50 * MS;
        final long endNs = 2 * UdpServerConfig.DEFAULT_IDLE_TIMEOUT_MS * MS;
        for (long nowNs = stepNs; nowNs <= endNs; nowNs += stepNs)
        {
            server.update(nowNs);
            client.update(nowNs);
            pumpUntil("keep-alives delivered",
                () -> server.counter(KEEP_ALIVES_RECEIVED) == client.counter(UdpClientCounters.KEEP_ALIVES_SENT) &&
                    client.counter(UdpClientCounters.KEEP_ALIVES_RECEIVED) == server.counter(KEEP_ALIVES_SENT),
                server, nowNs, client);
        }
        assertTrue(server.isConnected(0));
        assertTrue(client.isConnected());
        assertTrue(server.counter(KEEP_ALIVES_RECEIVED) >= 90, "about one per 100 ms: " + server.counter(KEEP_ALIVES_RECEIVED));
        assertTrue(client.counter(UdpClientCounters.KEEP_ALIVES_RECEIVED) >= 90);
        assertEquals(List.of("connected 0"), rig.events);
    }

    @Test
    void shouldDisconnectCleanlyEitherWayAndReconnect() throws IOException
    {
        final UdpServer server = rig.server(new UdpServerConfig(), 0);
        final List<byte[]> clientPayloads = new ArrayList<>();
        final UdpClient client = rig.client(server, new UdpClientConfig(), clientPayloads, 0);
        connect(client, server, 0);

        client.disconnect(MS);
        assertEquals(UdpClientState.DISCONNECTED, client.state());
        pumpUntil("server saw the disconnect", () -> server.connectedCount() == 0, server, MS, client);
        drain(server, MS, client);
        assertEquals(List.of("connected 0", "disconnected 0 BY_CLIENT"), rig.events);
        assertEquals(UdpClientConfig.DEFAULT_DISCONNECT_PACKET_COUNT, client.counter(UdpClientCounters.DISCONNECTS_SENT));
        assertEquals(1, server.counter(CLIENTS_DISCONNECTED));
        assertEquals(UdpClientConfig.DEFAULT_DISCONNECT_PACKET_COUNT - 1, server.counter(REFUSED_UNKNOWN_ADDRESS),
            "the redundant copies arrive after the slot is gone");

        connect(client, server, 2 * MS);
        server.disconnect(0, 3 * MS);
        pumpUntil("client saw the disconnect", () -> client.state() == UdpClientState.DISCONNECTED_BY_SERVER,
            server, 3 * MS, client);
        assertEquals(1, client.counter(UdpClientCounters.DISCONNECTS_RECEIVED));
        assertEquals(1, server.counter(CLIENTS_KICKED));
        assertEquals(0, server.connectedCount());

        connect(client, server, 4 * MS);
        final UnsafeBuffer payload = new UnsafeBuffer(new byte[]{ 1, 2, 3 });
        server.send(0, payload, 0, 3, 5 * MS);
        pumpUntil("payload after reconnecting", () -> clientPayloads.size() == 1, server, 5 * MS, client);
        assertEquals(List.of("connected 0", "disconnected 0 BY_CLIENT", "connected 0", "disconnected 0 BY_SERVER",
            "connected 0"), rig.events);
    }

    @Test
    void shouldGiveUpAConnectNobodyAnswersAfterTheConnectTimeout() throws IOException
    {
        final DatagramChannel silent = rig.rawSocket();
        final UdpClient client = rig.client(
            (InetSocketAddress)silent.getLocalAddress(), new UdpClientConfig(), new ArrayList<>(), 0);
        client.connect(0);
        final long timeoutNs = UdpClientConfig.DEFAULT_CONNECT_TIMEOUT_MS * MS;
        for (long nowNs = 0; nowNs < timeoutNs; nowNs += UdpClientConfig.DEFAULT_RESEND_INTERVAL_MS * MS)
        {
            client.update(nowNs);
            assertEquals(UdpClientState.SENDING_REQUEST, client.state());
        }
        client.update(timeoutNs);
        assertEquals(UdpClientState.CONNECT_TIMED_OUT, client.state());
        assertEquals(1, client.counter(UdpClientCounters.CONNECT_TIMEOUTS));
        final long resends = UdpClientConfig.DEFAULT_CONNECT_TIMEOUT_MS / UdpClientConfig.DEFAULT_RESEND_INTERVAL_MS;
        assertEquals(resends, client.counter(UdpClientCounters.REQUESTS_SENT), "one at connect, then every 100 ms");
        final List<byte[]> requests = receiveAll(silent);
        assertEquals(resends, requests.size());
        assertEquals(REQUEST_BYTES, requests.get(0).length);
    }
}
