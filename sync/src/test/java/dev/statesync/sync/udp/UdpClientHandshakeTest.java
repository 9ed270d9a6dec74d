/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.ReliableConfig;
import dev.statesync.sync.reliable.ReliableEndpoint;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.statesync.sync.udp.HandshakePackets.*;
import static dev.statesync.sync.udp.LoopbackRig.*;
import static dev.statesync.sync.udp.UdpClientCounters.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The client's side against a server played by hand on a raw socket (127.0.0.1): what it accepts at each step,
 * and that every forged, altered or replayed packet is counted and leaves its state, keys and endpoint unchanged.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class UdpClientHandshakeTest
{
    private final LoopbackRig rig = new LoopbackRig();
    private final List<byte[]> payloads = new ArrayList<>();
    private final RawPeers.Server fake = new RawPeers.Server();
    private DatagramChannel serverSocket;
    private UdpClient client;

    @BeforeEach
    void open() throws IOException
    {
        serverSocket = rig.rawSocket();
        client = rig.client((InetSocketAddress)serverSocket.getLocalAddress(), new UdpClientConfig(), payloads, 0);
    }

    @AfterEach
    void close() throws IOException
    {
        rig.close();
    }

    /** Send to the client and wait until it has read it. */
    private void deliver(final byte[] datagram) throws IOException
    {
        final long before = client.counter(DATAGRAMS_RECEIVED);
        send(serverSocket, datagram, client.localAddress());
        pumpUntil("client read it", () -> client.counter(DATAGRAMS_RECEIVED) == before + 1, null, 0, client);
    }

    private void assertRefused(final byte[] datagram, final UdpClientCounters reason) throws IOException
    {
        final UdpClientState state = client.state();
        final long before = client.counter(reason);
        deliver(datagram);
        assertEquals(before + 1, client.counter(reason), reason.label());
        assertEquals(state, client.state());
    }

    private void assertRefusedForSomeReason(final byte[] datagram) throws IOException
    {
        final UdpClientState state = client.state();
        final long before = refusals(client);
        deliver(datagram);
        assertEquals(before + 1, refusals(client));
        assertEquals(state, client.state());
    }

    private byte[] requestOnTheWire() throws IOException
    {
        client.connect(0);
        final byte[] request = receive(serverSocket);
        assertNotNull(request);
        assertEquals(REQUEST_BYTES, request.length);
        return request;
    }

    @Test
    void shouldAcceptOnlyAChallengeThatNamesItsKey() throws IOException
    {
        final byte[] request = requestOnTheWire();
        final byte[] challenge = fake.challenge(request, 5_000);

        assertRefused(new RawPeers.Server().challenge(new RawPeers.Client().request(), 5_000), REFUSED_FORGED_CHALLENGE);
        for (int bit = 0; bit < 8; bit++)
        {
            assertRefusedForSomeReason(RawPeers.flipBit(challenge, bit)); // another type, or not a control packet
        }
        for (int bit = 8 * CHALLENGE_CLIENT_KEY_OFFSET; bit < 8 * CHALLENGE_SERVER_KEY_OFFSET; bit++)
        {
            assertRefused(RawPeers.flipBit(challenge, bit), REFUSED_FORGED_CHALLENGE);
        }
        final byte[] clientKey = new byte[PUBLIC_KEY_BYTES];
        System.arraycopy(request, REQUEST_KEY_OFFSET, clientKey, 0, PUBLIC_KEY_BYTES);
        assertRefused(fake.challengeFor(clientKey, new byte[PUBLIC_KEY_BYTES], 5_000), REFUSED_FORGED_CHALLENGE);
        assertRefused(java.util.Arrays.copyOf(challenge, CHALLENGE_BYTES - 1), REFUSED_WRONG_SIZE);
        assertNull(client.linkKeys(), "no refused challenge derived keys");
        assertEquals(0, client.counter(RESPONSES_SENT));

        deliver(fake.challenge(request, 5_000));
        assertEquals(UdpClientState.SENDING_RESPONSE, client.state());
        assertEquals(fake.keys, client.linkKeys(), "derived exactly as the server does");
        final byte[] response = receive(serverSocket);
        assertEquals(RESPONSE_BYTES, response.length);
        assertArrayEquals(java.util.Arrays.copyOfRange(challenge, CHALLENGE_TAG_OFFSET, CHALLENGE_BYTES),
            java.util.Arrays.copyOfRange(response, RESPONSE_TAG_OFFSET, RESPONSE_BYTES), "cookie echoed");
        assertRefused(fake.challenge(request, 5_000), REFUSED_UNEXPECTED);
    }

    @Test
    void shouldConnectOnlyOnAnAuthenticKeepAliveAndDisconnectOnlyOnAnAuthenticDisconnect() throws IOException
    {
        final byte[] request = requestOnTheWire();
        final byte[] earlyKeepAlive = new byte[CONTROL_BYTES];
        earlyKeepAlive[0] = (byte)KEEP_ALIVE;
        assertRefused(earlyKeepAlive, REFUSED_UNEXPECTED);
        deliver(fake.challenge(request, 5_000));

        final byte[] keepAlive = fake.control(KEEP_ALIVE, 7);
        for (int bit = 0; bit < 8 * CONTROL_BYTES; bit++)
        {
            assertRefusedForSomeReason(RawPeers.flipBit(keepAlive, bit));
        }
        assertEquals(fake.keys, client.linkKeys());
        assertEquals(UdpClientState.SENDING_RESPONSE, client.state());

        deliver(keepAlive);
        assertEquals(UdpClientState.CONNECTED, client.state());
        assertEquals(7, client.clientIndex());
        assertRefused(keepAlive, REFUSED_REPLAYED_CONTROL);

        final byte[] disconnect = fake.control(DISCONNECT, 7);
        assertRefused(RawPeers.flipBit(disconnect, 8 * CONTROL_TAG_OFFSET + 3), REFUSED_FORGED_CONTROL);
        assertRefused(RawPeers.flipBit(disconnect, 8 * CONTROL_SEQUENCE_OFFSET), REFUSED_FORGED_CONTROL);
        assertEquals(UdpClientState.CONNECTED, client.state());

        deliver(disconnect);
        assertEquals(UdpClientState.DISCONNECTED_BY_SERVER, client.state());
        assertEquals(1, client.counter(DISCONNECTS_RECEIVED));
        assertEquals(sumOfOutcomes(client), client.counter(DATAGRAMS_RECEIVED));
    }

    @Test
    void shouldAcceptOnlyADenialThatNamesItsKey() throws IOException
    {
        final byte[] request = requestOnTheWire();
        assertRefused(RawPeers.Server.denied(new RawPeers.Client().request()), REFUSED_FORGED_DENIED);
        assertRefused(RawPeers.flipBit(RawPeers.Server.denied(request), 8 * DENIED_KEY_OFFSET + 5), REFUSED_FORGED_DENIED);
        assertRefused(RawPeers.Server.denied(request, 0), REFUSED_UNKNOWN_DENIED_REASON);
        assertRefused(RawPeers.Server.denied(request, 3), REFUSED_UNKNOWN_DENIED_REASON);
        assertEquals(DeniedReason.NONE, client.deniedReason());
        deliver(RawPeers.Server.denied(request));
        assertEquals(UdpClientState.DENIED, client.state());
        assertEquals(DeniedReason.SERVER_FULL, client.deniedReason());
        assertEquals(1, client.counter(DENIALS_RECEIVED));
    }

    @Test
    void shouldSendItsSettingsFingerprintAndTellASettingsMismatchFromAFullServer() throws IOException
    {
        client = rig.client((InetSocketAddress)serverSocket.getLocalAddress(),
            new UdpClientConfig().settingsFingerprint(0x0123_4567_89AB_CDEFL), payloads, 0);
        final byte[] request = requestOnTheWire();
        assertEquals(0x0123_4567_89AB_CDEFL,
            new UnsafeBuffer(request).getLong(REQUEST_SETTINGS_OFFSET, ByteOrder.LITTLE_ENDIAN));
        deliver(RawPeers.Server.denied(request, DeniedReason.SETTINGS_MISMATCH.wireCode()));
        assertEquals(UdpClientState.DENIED, client.state());
        assertEquals(DeniedReason.SETTINGS_MISMATCH, client.deniedReason());
    }

    @Test
    void shouldBecomeConnectedByAnAuthenticDatagramWhenTheConfirmationIsLost() throws IOException
    {
        final byte[] request = requestOnTheWire();
        deliver(fake.challenge(request, 5_000));
        final List<byte[]> wire = new ArrayList<>();
        final ReliableEndpoint serverEndpoint = new ReliableEndpoint(new ReliableConfig().authenticate(fake.keys, LinkSide.SERVER),
            (buffer, offset, length) ->
            {
                final byte[] copy = new byte[length];
                buffer.getBytes(offset, copy);
                wire.add(copy);
            },
            (sequence, buffer, offset, length) -> true, sequence -> { }, 0);
        final UnsafeBuffer forged = new UnsafeBuffer(new byte[]{ 0, 0, 0, 0, 42, 1, 2, 3, 4, 5, 6, 7, 8 });
        assertRefused(forged.byteArray(), REFUSED_BY_ENDPOINT);

        serverEndpoint.sendPacket(new UnsafeBuffer(new byte[]{ 42 }), 0, 1, 0);
        deliver(wire.get(0));

        assertEquals(UdpClientState.CONNECTED, client.state());
        assertEquals(1, payloads.size());
        assertEquals(-1, client.clientIndex(), "not told yet");
        serverSocket.send(ByteBuffer.wrap(fake.control(KEEP_ALIVE, 3)), client.localAddress());
        pumpUntil("keep-alive", () -> client.clientIndex() == 3, null, 0, client);
    }

    private static long refusals(final UdpClient client)
    {
        long sum = 0;
        for (final UdpClientCounters counter : UdpClientCounters.values())
        {
            if (counter.isRefusal())
            {
                sum += client.counter(counter);
            }
        }
        return sum;
    }
}
