/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.AckListener;
import dev.statesync.sync.reliable.LinkKeys;
import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.PacketProcessor;
import dev.statesync.sync.reliable.ReliableConnection;
import dev.statesync.sync.reliable.ReliableEndpoint;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.security.KeyPair;

import static dev.statesync.sync.udp.HandshakePackets.*;
import static dev.statesync.sync.udp.UdpClientCounters.*;

/**
 * One authenticated reliable endpoint over a non-blocking UDP socket connected to a {@link UdpServer}.
 * <p>
 * {@link #connect(long)} runs the server's handshake (src/site/wire-format.md, "Connection handshake"): a REQUEST
 * with a fresh X25519 key, resent every {@code resendIntervalMs} until a CHALLENGE naming that key arrives; then the
 * link keys are derived from X25519 and the challenge's cookie, and the RESPONSE is resent until the server's
 * authenticated KEEP_ALIVE (or any datagram signed with the new keys) confirms it, within {@code connectTimeoutMs}.
 * From then on every datagram either way carries an 8-byte SipHash-2-4 tag under those keys; the client sends a
 * KEEP_ALIVE when it has been quiet for {@code keepAliveIntervalMs}, and gives up when the server has been silent for
 * {@code idleTimeoutMs}. See {@link #state()}.
 * <p>
 * The socket is connected, so the kernel drops datagrams from anyone but the server's address. What still arrives is
 * hostile (anyone can spoof the server's address): each datagram is counted under exactly one
 * {@link UdpClientCounters} outcome and a refused one changes nothing. A CHALLENGE or DENIED must echo this
 * connection's public key, which an off-path attacker never sees. Connected, the receive and send paths allocate
 * nothing; a handshake allocates (key pair, agreement). Drive it from your loop: {@link #poll(long)},
 * {@link #sendPacket}, {@link #update(long)}. Not thread safe.
 */
public final class UdpClient implements ReliableConnection, AutoCloseable
{
    private final DatagramChannel channel;
    private final DatagramSocketBuffer sendBuffer;
    private final DatagramSocketBuffer receiveBuffer;
    private final UnsafeBuffer packet;
    private final ReliableEndpoint endpoint;
    private final KeyExchange keyExchange = new KeyExchange();
    private final long protocolId;
    /** {@link UdpClientConfig#settingsFingerprint}, sent in every REQUEST. */
    private final long settingsFingerprint;
    private final long connectTimeoutNs;
    private final long resendIntervalNs;
    private final long idleTimeoutNs;
    private final long keepAliveIntervalNs;
    private final int maxDatagramsPerPoll;
    private final int disconnectPacketCount;
    private final long[] counters = new long[UdpClientCounters.values().length];

    private UdpClientState state = UdpClientState.DISCONNECTED;
    private DeniedReason deniedReason = DeniedReason.NONE;
    private KeyPair keyPair;
    private final UnsafeBuffer publicKey = new UnsafeBuffer(new byte[PUBLIC_KEY_BYTES]);
    private final UnsafeBuffer response = new UnsafeBuffer(new byte[RESPONSE_BYTES]);
    private LinkKeys keys;
    private long sendK0;
    private long sendK1;
    private long receiveK0;
    private long receiveK1;
    private int clientIndex = -1;
    private long connectStartNs;
    private long lastHandshakeSendNs;
    private long lastReceiveNs;
    private long lastSendNs;
    private long nextControlSequenceOut;
    private long nextControlSequenceIn;

    /**
     * Opens the socket; sends nothing until {@link #connect(long)}.
     *
     * @param localAddress  address to bind (port 0 for any).
     * @param serverAddress the server; datagrams from elsewhere are dropped by the kernel.
     * @param config        handshake and endpoint settings; validated, then read once.
     * @param processor     receives each new payload from the server once.
     * @param ackListener   told once per acked packet.
     * @param nowNs         current time, nanoseconds.
     * @throws IOException when the socket cannot be opened.
     */
    public UdpClient(
        final InetSocketAddress localAddress,
        final InetSocketAddress serverAddress,
        final UdpClientConfig config,
        final PacketProcessor processor,
        final AckListener ackListener,
        final long nowNs) throws IOException
    {
        config.validate();
        this.protocolId = config.protocolId();
        this.settingsFingerprint = config.settingsFingerprint();
        this.connectTimeoutNs = config.connectTimeoutMs() * 1_000_000L;
        this.resendIntervalNs = config.resendIntervalMs() * 1_000_000L;
        this.idleTimeoutNs = config.idleTimeoutMs() * 1_000_000L;
        this.keepAliveIntervalNs = config.keepAliveIntervalMs() * 1_000_000L;
        this.maxDatagramsPerPoll = config.maxDatagramsPerPoll();
        this.disconnectPacketCount = config.disconnectPacketCount();
        this.sendBuffer = new DatagramSocketBuffer(DatagramSocketBuffer.MAX_UDP_PAYLOAD_BYTES);
        this.receiveBuffer = new DatagramSocketBuffer(DatagramSocketBuffer.MAX_UDP_PAYLOAD_BYTES);
        this.packet = receiveBuffer.buffer;
        // Keys nobody knows until a handshake derives the real ones (ReliableEndpoint.reset(nowNs, keys)).
        this.endpoint = new ReliableEndpoint(
            config.endpointConfig().copy().authenticate(LinkKeys.random(), LinkSide.CLIENT),
            this::transmit, processor, ackListener, nowNs);
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
    }

    /**
     * Start a handshake with a fresh X25519 key pair and send the first REQUEST. Poll and update until
     * {@link #state()} is {@link UdpClientState#CONNECTED} or a failure.
     *
     * @param nowNs current time, nanoseconds; the connect timeout runs from here.
     * @throws IllegalStateException when connecting or connected already.
     */
    public void connect(final long nowNs)
    {
        if (state.isConnecting() || state == UdpClientState.CONNECTED)
        {
            throw new IllegalStateException("already " + state);
        }
        keyPair = keyExchange.generate();
        publicKey.putBytes(0, KeyExchange.encode(keyPair.getPublic()));
        keys = null;
        deniedReason = DeniedReason.NONE;
        clientIndex = -1;
        nextControlSequenceOut = 0;
        nextControlSequenceIn = 0;
        connectStartNs = nowNs;
        state = UdpClientState.SENDING_REQUEST;
        sendRequest(nowNs);
    }

    /**
     * Send one payload to the server.
     *
     * @param payload holds it.
     * @param offset  where it starts.
     * @param length  payload bytes, at most the endpoint's maximum packet size.
     * @param nowNs   current time, nanoseconds.
     * @return the packet's sequence.
     * @throws IllegalStateException when not connected.
     */
    @Override
    public int sendPacket(final DirectBuffer payload, final int offset, final int length, final long nowNs)
    {
        if (state != UdpClientState.CONNECTED)
        {
            throw new IllegalStateException("not connected: " + state);
        }
        final int sequence = endpoint.sendPacket(payload, offset, length, nowNs);
        lastSendNs = nowNs;
        return sequence;
    }

    /**
     * Read waiting datagrams (at most maxDatagramsPerPoll): handshake replies, keep-alives and payloads.
     *
     * @param nowNs current time, nanoseconds.
     * @return datagrams read.
     */
    public int poll(final long nowNs)
    {
        int count = 0;
        while (count < maxDatagramsPerPoll)
        {
            final SocketAddress from;
            try
            {
                // receive, not read: read cannot tell an empty datagram from none. On a connected channel the JDK
                // returns its cached sender address, so this does not allocate.
                from = channel.receive(receiveBuffer.prepareReceive());
            }
            catch (final IOException ex)
            {
                counters[RECEIVE_FAILURES.id()]++;
                break;
            }
            if (from == null)
            {
                break;
            }
            count++;
            counters[DATAGRAMS_RECEIVED.id()]++;
            counters[route(receiveBuffer.byteBuffer.position(), nowNs).id()]++;
        }
        return count;
    }

    /**
     * Resend handshake packets, apply the connect and idle timeouts, refresh the endpoint's estimates and send a
     * keep-alive when the client has been quiet.
     *
     * @param nowNs current time, nanoseconds.
     */
    public void update(final long nowNs)
    {
        if (state.isConnecting())
        {
            if (nowNs - connectStartNs >= connectTimeoutNs)
            {
                counters[CONNECT_TIMEOUTS.id()]++;
                end(UdpClientState.CONNECT_TIMED_OUT);
            }
            else if (nowNs - lastHandshakeSendNs >= resendIntervalNs)
            {
                if (state == UdpClientState.SENDING_REQUEST)
                {
                    sendRequest(nowNs);
                }
                else
                {
                    sendResponse(nowNs);
                }
            }
            return;
        }
        if (state == UdpClientState.CONNECTED)
        {
            if (nowNs - lastReceiveNs > idleTimeoutNs)
            {
                counters[IDLE_TIMEOUTS.id()]++;
                end(UdpClientState.TIMED_OUT);
                return;
            }
            endpoint.update(nowNs);
            if (nowNs - lastSendNs >= keepAliveIntervalNs)
            {
                sendControl(KEEP_ALIVE, nowNs);
            }
        }
    }

    /**
     * Leave: when the server may hold a slot for us (keys derived), send it {@code disconnectPacketCount}
     * authenticated DISCONNECTs. The state becomes {@link UdpClientState#DISCONNECTED} either way.
     *
     * @param nowNs current time, nanoseconds.
     */
    public void disconnect(final long nowNs)
    {
        if (keys != null && (state == UdpClientState.CONNECTED || state == UdpClientState.SENDING_RESPONSE))
        {
            for (int i = 0; i < disconnectPacketCount; i++)
            {
                sendControl(DISCONNECT, nowNs);
            }
        }
        end(UdpClientState.DISCONNECTED);
    }

    /**
     * @return where the connection is.
     */
    public UdpClientState state()
    {
        return state;
    }

    /**
     * @return why the server refused this connection when {@link #state()} is {@link UdpClientState#DENIED}:
     *         {@link DeniedReason#SERVER_FULL} (try later) or {@link DeniedReason#SETTINGS_MISMATCH} (the two ends
     *         were built with different settings); {@link DeniedReason#NONE} otherwise.
     */
    public DeniedReason deniedReason()
    {
        return deniedReason;
    }

    /**
     * @return true when connected.
     */
    public boolean isConnected()
    {
        return state == UdpClientState.CONNECTED;
    }

    /**
     * @return the slot the server gave us, or -1 before its first KEEP_ALIVE told us.
     */
    public int clientIndex()
    {
        return clientIndex;
    }

    /**
     * @return the keys this connection's handshake derived (the server holds the same ones), or null before the
     *         challenge; for layers that authenticate their own datagrams (see {@code SnapshotLinkConfig.linkKeys}).
     */
    public LinkKeys linkKeys()
    {
        return keys;
    }

    /**
     * @return the endpoint, for its estimates and counters (reset at each handshake).
     */
    @Override
    public ReliableEndpoint endpoint()
    {
        return endpoint;
    }

    /**
     * @param counter one of this client's counters.
     * @return its value.
     */
    public long counter(final UdpClientCounters counter)
    {
        return counters[counter.id()];
    }

    /**
     * A fingerprint of everything a received datagram can change: the connection state, the slot index and link
     * keys the handshake gave, the control sequence expected next, when the server was last heard from, and the
     * endpoint's digest. It leaves out the counters, which exist to move on refused traffic, and what only sending
     * changes. Two equal digests around a datagram prove a refused one changed nothing else: for tests, fuzzing and
     * diagnostics, off hot paths.
     *
     * @return hash of that state.
     */
    public long stateDigest()
    {
        long h = 17;
        h = h * 31 + state.ordinal();
        h = h * 31 + clientIndex;
        h = h * 31 + (keys == null ? 0 : receiveK0 ^ Long.rotateLeft(receiveK1, 17));
        h = (h * 31 + nextControlSequenceIn) * 31 + lastReceiveNs;
        return h * 31 + endpoint.stateDigest();
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
     * Close the socket without telling the server (call {@link #disconnect(long)} first for that).
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

    private UdpClientCounters route(final int length, final long nowNs)
    {
        if (length == 0)
        {
            return REFUSED_WRONG_SIZE;
        }
        final byte first = packet.getByte(0);
        if (!isControl(first))
        {
            return onDatagram(length, nowNs);
        }
        switch (first & 0xFF)
        {
            case CHALLENGE:
                return onChallenge(length, nowNs);
            case KEEP_ALIVE:
            case DISCONNECT:
                return onControl(first & 0xFF, length, nowNs);
            case DENIED:
                return onDenied(length);
            default:
                return REFUSED_UNKNOWN_TYPE;
        }
    }

    private UdpClientCounters onDatagram(final int length, final long nowNs)
    {
        if (state != UdpClientState.CONNECTED && state != UdpClientState.SENDING_RESPONSE)
        {
            return REFUSED_UNEXPECTED;
        }
        if (endpoint.receivePacket(packet, 0, length, nowNs).isRefusal())
        {
            return REFUSED_BY_ENDPOINT;
        }
        lastReceiveNs = nowNs;
        if (state == UdpClientState.SENDING_RESPONSE)
        {
            becomeConnected(nowNs); // signed with the new keys: the server holds them, its KEEP_ALIVE was lost
        }
        return DATAGRAMS_ROUTED;
    }

    private UdpClientCounters onChallenge(final int length, final long nowNs)
    {
        if (length != CHALLENGE_BYTES)
        {
            return REFUSED_WRONG_SIZE;
        }
        if (state != UdpClientState.SENDING_REQUEST)
        {
            return REFUSED_UNEXPECTED;
        }
        if (!equalInConstantTime(packet, CHALLENGE_CLIENT_KEY_OFFSET, publicKey, 0, PUBLIC_KEY_BYTES))
        {
            return REFUSED_FORGED_CHALLENGE;
        }
        final byte[] serverKey = new byte[PUBLIC_KEY_BYTES];
        packet.getBytes(CHALLENGE_SERVER_KEY_OFFSET, serverKey);
        final byte[] sharedSecret = keyExchange.agree(keyPair.getPrivate(), serverKey);
        if (sharedSecret == null)
        {
            return REFUSED_FORGED_CHALLENGE;
        }
        final long expiryMs = packet.getLong(CHALLENGE_EXPIRY_OFFSET, ByteOrder.LITTLE_ENDIAN);
        final long tag0 = packet.getLong(CHALLENGE_TAG_OFFSET, ByteOrder.LITTLE_ENDIAN);
        final long tag1 = packet.getLong(CHALLENGE_TAG_OFFSET + 8, ByteOrder.LITTLE_ENDIAN);
        keys = keyExchange.derive(sharedSecret, publicKey.byteArray(), serverKey, expiryMs, tag0, tag1);
        sendK0 = keys.sendK0(LinkSide.CLIENT);
        sendK1 = keys.sendK1(LinkSide.CLIENT);
        receiveK0 = keys.receiveK0(LinkSide.CLIENT);
        receiveK1 = keys.receiveK1(LinkSide.CLIENT);
        endpoint.reset(nowNs, keys);
        keyPair = null; // the private key has done its one job

        response.putByte(0, (byte)RESPONSE);
        response.putBytes(RESPONSE_KEY_OFFSET, publicKey, 0, PUBLIC_KEY_BYTES);
        response.putLong(RESPONSE_EXPIRY_OFFSET, expiryMs, ByteOrder.LITTLE_ENDIAN);
        response.putLong(RESPONSE_TAG_OFFSET, tag0, ByteOrder.LITTLE_ENDIAN);
        response.putLong(RESPONSE_TAG_OFFSET + 8, tag1, ByteOrder.LITTLE_ENDIAN);
        state = UdpClientState.SENDING_RESPONSE;
        sendResponse(nowNs);
        return CHALLENGES_ACCEPTED;
    }

    private UdpClientCounters onControl(final int type, final int length, final long nowNs)
    {
        if (length != CONTROL_BYTES)
        {
            return REFUSED_WRONG_SIZE;
        }
        if (state != UdpClientState.CONNECTED && state != UdpClientState.SENDING_RESPONSE)
        {
            return REFUSED_UNEXPECTED;
        }
        if (!verifyControl(packet, receiveK0, receiveK1))
        {
            return REFUSED_FORGED_CONTROL;
        }
        final long sequence = controlSequence(packet);
        if (Long.compareUnsigned(sequence, nextControlSequenceIn) < 0)
        {
            return REFUSED_REPLAYED_CONTROL;
        }
        nextControlSequenceIn = sequence + 1;
        if (type == DISCONNECT)
        {
            end(UdpClientState.DISCONNECTED_BY_SERVER);
            return DISCONNECTS_RECEIVED;
        }
        lastReceiveNs = nowNs;
        clientIndex = controlClientIndex(packet);
        if (state == UdpClientState.SENDING_RESPONSE)
        {
            becomeConnected(nowNs);
        }
        return KEEP_ALIVES_RECEIVED;
    }

    private UdpClientCounters onDenied(final int length)
    {
        if (length != DENIED_BYTES)
        {
            return REFUSED_WRONG_SIZE;
        }
        if (!state.isConnecting())
        {
            return REFUSED_UNEXPECTED;
        }
        if (!equalInConstantTime(packet, DENIED_KEY_OFFSET, publicKey, 0, DENIED_KEY_BYTES))
        {
            return REFUSED_FORGED_DENIED;
        }
        final DeniedReason reason = DeniedReason.fromWireCode(packet.getByte(DENIED_REASON_OFFSET) & 0xFF);
        if (reason == null)
        {
            return REFUSED_UNKNOWN_DENIED_REASON;
        }
        deniedReason = reason;
        end(UdpClientState.DENIED);
        return DENIALS_RECEIVED;
    }

    private void becomeConnected(final long nowNs)
    {
        state = UdpClientState.CONNECTED;
        lastReceiveNs = nowNs;
        lastSendNs = nowNs;
    }

    private void end(final UdpClientState newState)
    {
        state = newState;
        keyPair = null;
    }

    private void sendRequest(final long nowNs)
    {
        final UnsafeBuffer out = sendBuffer.buffer;
        out.setMemory(0, REQUEST_BYTES, (byte)0);
        out.putByte(0, (byte)REQUEST);
        out.putLong(REQUEST_PROTOCOL_ID_OFFSET, protocolId, ByteOrder.LITTLE_ENDIAN);
        out.putByte(REQUEST_VERSION_OFFSET, (byte)VERSION);
        out.putBytes(REQUEST_KEY_OFFSET, publicKey, 0, PUBLIC_KEY_BYTES);
        out.putLong(REQUEST_SETTINGS_OFFSET, settingsFingerprint, ByteOrder.LITTLE_ENDIAN);
        write(REQUEST_BYTES);
        lastHandshakeSendNs = nowNs;
        counters[REQUESTS_SENT.id()]++;
    }

    private void sendResponse(final long nowNs)
    {
        sendBuffer.buffer.putBytes(0, response, 0, RESPONSE_BYTES);
        write(RESPONSE_BYTES);
        lastHandshakeSendNs = nowNs;
        counters[RESPONSES_SENT.id()]++;
    }

    private void sendControl(final int type, final long nowNs)
    {
        final int index = clientIndex < 0 ? UNKNOWN_CLIENT_INDEX : clientIndex;
        writeControl(sendBuffer.buffer, type, index, nextControlSequenceOut++, sendK0, sendK1);
        write(CONTROL_BYTES);
        lastSendNs = nowNs;
        counters[(type == KEEP_ALIVE ? KEEP_ALIVES_SENT : DISCONNECTS_SENT).id()]++;
    }

    private void write(final int length)
    {
        try
        {
            if (channel.write(sendBuffer.prepareSend(length)) != length)
            {
                counters[SEND_FAILURES.id()]++;
            }
        }
        catch (final IOException ex)
        {
            counters[SEND_FAILURES.id()]++;
        }
    }

    private void transmit(final DirectBuffer buffer, final int offset, final int length)
    {
        try
        {
            if (channel.write(sendBuffer.prepareSend(buffer, offset, length)) != length)
            {
                counters[SEND_FAILURES.id()]++;
            }
        }
        catch (final IOException ex)
        {
            counters[SEND_FAILURES.id()]++;
        }
    }
}
