/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.AckListener;
import dev.statesync.sync.reliable.LinkKeys;
import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.PacketProcessor;
import dev.statesync.sync.reliable.PacketTransmitter;
import dev.statesync.sync.reliable.ReliableConnection;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.reliable.ReliableEndpoint;
import org.agrona.DirectBuffer;
import org.agrona.collections.Object2IntHashMap;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.security.KeyPair;
import java.security.SecureRandom;

import static dev.statesync.sync.udp.HandshakePackets.*;
import static dev.statesync.sync.udp.UdpServerCounters.*;

/**
 * Serves many clients on one non-blocking UDP socket, one authenticated {@link ReliableEndpoint} per connected
 * client address. A client gets a slot only through the connection handshake (src/site/wire-format.md, "Connection
 * handshake"), in the spirit of netcode.io:
 * <ol>
 * <li>REQUEST (256 bytes, padded): protocol id, version, the client's ephemeral X25519 public key and its settings
 * fingerprint ({@link UdpServerConfig#settingsFingerprint}): one that differs from the server's is answered with a
 * DENIED naming {@link DeniedReason#SETTINGS_MISMATCH}, before any cookie.</li>
 * <li>CHALLENGE (89 bytes): the server's X25519 public key and a cookie, an HmacSHA256 tag under a secret of this
 * server instance over the client's address, both keys and an expiry. The server keeps nothing: no memory is
 * committed to an address that has not shown it receives what is sent to it, and the reply is smaller than the
 * request, so spoofed requests cannot make the server an amplifier.</li>
 * <li>RESPONSE (57 bytes): the client's key and the echoed cookie. Only a cookie that matches the address it comes
 * from, unexpired and never used, makes the server do the expensive part: X25519, then the link keys, then a slot
 * whose endpoint signs and checks every datagram with them (SipHash-2-4, 8 bytes).</li>
 * <li>KEEP_ALIVE (19 bytes, MAC'd): confirms the slot, then keeps a quiet connection alive.</li>
 * </ol>
 * Anything else from an address without a slot is dropped and counted, without a reply or any memory. REQUEST and
 * RESPONSE packets pass a per-IP and a global token bucket first. Every datagram read is counted under exactly one
 * {@link UdpServerCounters} outcome; a refused one changes nothing else.
 * <p>
 * What this protects against: spoofed source addresses (no slot, no amplification), replayed handshake and data
 * datagrams, forged or altered datagrams of a connection, passive eavesdroppers (the link keys come from an X25519
 * exchange they only see the public halves of). What it does not: the server has no long-term identity key, so an
 * active man in the middle can run one handshake with each side and relay; netcode.io closes that with connect
 * tokens issued by an authenticated web backend, which is outside this library. Payloads are authenticated, not
 * encrypted.
 * <p>
 * Memory is bounded and allocated up front: {@code maxClients} slots with their endpoints, reused through
 * {@link ReliableEndpoint#reset(long, LinkKeys)}, the rate-limit table and the used-cookie ring. Answering a
 * REQUEST allocates only the 32-byte result inside the JDK's {@code Mac.doFinal}, plus, when the sender differs
 * from the previous datagram's, the 4-byte copy {@code InetAddress.getAddress()} makes (the channel has then
 * allocated that sender's address objects already). A connected client's traffic allocates nothing in this class;
 * the JDK's {@code DatagramChannel.receive} caches only the last sender's address, so with several clients it builds
 * a new one (about 120 bytes, measured) for each datagram whose sender differs from the previous one's. Drive it
 * from your loop: {@link #poll(long)}, {@link #send}, {@link #update(long)}. Not thread safe.
 */
public final class UdpServer implements AutoCloseable
{
    private static final int NO_SLOT = -1;

    private final UdpServerHandler handler;
    private final DatagramChannel channel;
    private final DatagramSocketBuffer sendBuffer;
    private final DatagramSocketBuffer receiveBuffer;
    private final UnsafeBuffer packet;
    private final ClientSlot[] slots;
    private final Object2IntHashMap<InetSocketAddress> slotByAddress;
    private final long idleTimeoutNs;
    private final long keepAliveIntervalNs;
    private final long cookieLifetimeMs;
    private final long protocolId;
    /** {@link UdpServerConfig#settingsFingerprint}: a REQUEST naming another is denied. */
    private final long settingsFingerprint;
    private final int maxDatagramsPerPoll;
    private final int disconnectPacketCount;

    private final KeyExchange keyExchange = new KeyExchange();
    private final KeyPair serverKeyPair;
    private final byte[] serverPublicKey;
    private final HandshakeCookie cookie;
    private final HandshakeRateLimiter rateLimiter;
    private final UsedCookies usedCookies;
    private final SenderAddress sender = new SenderAddress();
    private final byte[] clientPublicKey = new byte[PUBLIC_KEY_BYTES];
    private final long[] counters = new long[UdpServerCounters.values().length];
    private int connectedCount;

    /**
     * @param bindAddress address and port to listen on (port 0 for any).
     * @param config      limits and endpoint settings; validated, then read once.
     * @param handler     told about clients, payloads and acks.
     * @param nowNs       current time, nanoseconds.
     * @throws IOException when the socket cannot be opened.
     */
    public UdpServer(
        final InetSocketAddress bindAddress,
        final UdpServerConfig config,
        final UdpServerHandler handler,
        final long nowNs) throws IOException
    {
        config.validate();
        if (handler == null)
        {
            throw new IllegalArgumentException("handler is required");
        }
        this.handler = handler;
        this.idleTimeoutNs = config.idleTimeoutMs() * 1_000_000L;
        this.keepAliveIntervalNs = config.keepAliveIntervalMs() * 1_000_000L;
        this.cookieLifetimeMs = config.cookieLifetimeMs();
        this.protocolId = config.protocolId();
        this.settingsFingerprint = config.settingsFingerprint();
        this.maxDatagramsPerPoll = config.maxDatagramsPerPoll();
        this.disconnectPacketCount = config.disconnectPacketCount();

        final SecureRandom random = new SecureRandom();
        this.serverKeyPair = keyExchange.generate();
        this.serverPublicKey = KeyExchange.encode(serverKeyPair.getPublic());
        this.cookie = new HandshakeCookie(protocolId, serverPublicKey, random);
        this.rateLimiter = new HandshakeRateLimiter(config.rateLimitBuckets(),
            config.addressHandshakesPerSecond(), config.addressHandshakeBurst(),
            config.globalHandshakesPerSecond(), config.globalHandshakeBurst(), random.nextLong(), nowNs);
        this.usedCookies = new UsedCookies(config.usedCookieCapacity());

        this.sendBuffer = new DatagramSocketBuffer(DatagramSocketBuffer.MAX_UDP_PAYLOAD_BYTES);
        this.receiveBuffer = new DatagramSocketBuffer(DatagramSocketBuffer.MAX_UDP_PAYLOAD_BYTES);
        this.packet = receiveBuffer.buffer;
        this.slots = new ClientSlot[config.maxClients()];
        this.slotByAddress = new Object2IntHashMap<>(Math.max(8, config.maxClients() * 2), 0.65f, NO_SLOT);
        for (int i = 0; i < slots.length; i++)
        {
            // Keys nobody knows until a handshake gives the slot its own.
            slots[i] = new ClientSlot(i, config, nowNs);
        }
        this.channel = DatagramChannel.open(StandardProtocolFamily.INET);
        try
        {
            channel.configureBlocking(false);
            channel.bind(bindAddress);
        }
        catch (final IOException ex)
        {
            channel.close();
            throw ex;
        }
    }

    /**
     * Read waiting datagrams (at most maxDatagramsPerPoll): answer handshakes and route the rest to their clients.
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
            counters[route((InetSocketAddress)from, receiveBuffer.byteBuffer.position(), nowNs).id()]++;
        }
        return count;
    }

    /**
     * Drop clients silent past the idle timeout, refresh every client's estimates and send keep-alives on quiet
     * connections.
     *
     * @param nowNs current time, nanoseconds.
     */
    public void update(final long nowNs)
    {
        for (final ClientSlot slot : slots)
        {
            if (!slot.connected)
            {
                continue;
            }
            if (nowNs - slot.lastReceiveNs > idleTimeoutNs)
            {
                counters[CLIENTS_TIMED_OUT.id()]++;
                close(slot, DisconnectReason.TIMED_OUT);
                continue;
            }
            slot.endpoint.update(nowNs);
            if (nowNs - slot.lastSendNs >= keepAliveIntervalNs)
            {
                slot.sendControl(KEEP_ALIVE, nowNs);
            }
        }
    }

    /**
     * Send a payload to a connected client.
     *
     * @param clientIndex the client's slot.
     * @param payload     holds the payload.
     * @param offset      where it starts.
     * @param length      payload bytes.
     * @param nowNs       current time, nanoseconds.
     * @return the packet's sequence on that client's connection.
     * @throws IllegalStateException when the slot has no client.
     */
    public int send(
        final int clientIndex, final DirectBuffer payload, final int offset, final int length, final long nowNs)
    {
        return connectedSlot(clientIndex).sendPacket(payload, offset, length, nowNs);
    }

    /**
     * The connection of a client slot, for a layer that attaches to it (a snapshot authority per slot, see
     * {@code SnapshotServer}). The object is the slot's for the server's lifetime and serves every client the slot
     * holds in turn: attach once, then sending on it while the slot is free throws {@link IllegalStateException}.
     * Its endpoint is reset with fresh keys at each connect; route {@link UdpServerHandler#onPacket} and
     * {@link UdpServerHandler#onAcked} for the slot to the attached layer.
     *
     * @param clientIndex slot in [0, maxClients).
     * @return that slot's connection.
     */
    public ReliableConnection connection(final int clientIndex)
    {
        checkIndex(clientIndex);
        return slots[clientIndex];
    }

    /**
     * @param clientIndex slot in [0, maxClients).
     * @return UDP payload bytes sent to the slot's current (or last) client (reliable packets with their header and
     *         MAC, keep-alives, disconnects) since it connected. Add the IP and UDP headers per
     *         datagram ({@link #datagramsSent(int)}) for bytes on the wire.
     */
    public long bytesSent(final int clientIndex)
    {
        checkIndex(clientIndex);
        return slots[clientIndex].bytesSent;
    }

    /**
     * @param clientIndex slot in [0, maxClients).
     * @return datagrams sent to the slot's current (or last) client since it connected.
     */
    public long datagramsSent(final int clientIndex)
    {
        checkIndex(clientIndex);
        return slots[clientIndex].datagramsSent;
    }

    /**
     * @param clientIndex slot in [0, maxClients).
     * @return when the slot's current (or, once it left, last) client connected, nanoseconds on the clock passed
     *         in; 0 for a slot that never served one.
     */
    public long connectedSinceNs(final int clientIndex)
    {
        checkIndex(clientIndex);
        return slots[clientIndex].connectedSinceNs;
    }

    /**
     * End a client's connection: send it {@code disconnectPacketCount} authenticated DISCONNECTs, free the slot and
     * tell the handler ({@link DisconnectReason#BY_SERVER}).
     *
     * @param clientIndex a connected slot.
     * @param nowNs       current time, nanoseconds.
     * @throws IllegalStateException when the slot has no client.
     */
    public void disconnect(final int clientIndex, final long nowNs)
    {
        final ClientSlot slot = connectedSlot(clientIndex);
        for (int i = 0; i < disconnectPacketCount; i++)
        {
            slot.sendControl(DISCONNECT, nowNs);
        }
        counters[CLIENTS_KICKED.id()]++;
        close(slot, DisconnectReason.BY_SERVER);
    }

    /**
     * @param clientIndex slot in [0, maxClients).
     * @return true when a client holds the slot.
     */
    public boolean isConnected(final int clientIndex)
    {
        checkIndex(clientIndex);
        return slots[clientIndex].connected;
    }

    /**
     * @param clientIndex a connected slot.
     * @return that client's endpoint, for estimates and counters.
     */
    public ReliableEndpoint endpoint(final int clientIndex)
    {
        return connectedSlot(clientIndex).endpoint;
    }

    /**
     * @param clientIndex a connected slot.
     * @return the keys the client's handshake derived, for layers that authenticate their own datagrams with them
     *         (a snapshot link over this connection, see {@code SnapshotLinkConfig.linkKeys}).
     */
    public LinkKeys linkKeys(final int clientIndex)
    {
        return connectedSlot(clientIndex).keys;
    }

    /**
     * @param clientIndex a connected slot.
     * @return the client's address.
     */
    public InetSocketAddress clientAddress(final int clientIndex)
    {
        return connectedSlot(clientIndex).address;
    }

    /**
     * A fingerprint of everything a received datagram can change: each slot (connected, address, the cookie that
     * opened it, the control sequence it expects, when it last heard from its client, its endpoint's digest) and the
     * cookies still live at {@code nowNs}. It leaves out the counters and the rate-limit buckets, which exist to
     * move on refused traffic, and the send-side sequences. Two equal digests around a datagram prove a refused one
     * changed nothing else: for tests, fuzzing and diagnostics; it walks every slot, so keep it off hot paths.
     *
     * @param nowNs the time the datagram was (or is about to be) handled at.
     * @return hash of that state.
     */
    public long stateDigest(final long nowNs)
    {
        long h = 17;
        h = h * 31 + connectedCount;
        for (final ClientSlot slot : slots)
        {
            h = h * 31 + (slot.connected ? 1 : 2);
            if (slot.connected)
            {
                h = h * 31 + slot.address.hashCode();
                h = (h * 31 + slot.cookieTag0) * 31 + slot.cookieTag1;
                h = (h * 31 + slot.nextControlSequenceIn) * 31 + slot.lastReceiveNs;
                h = h * 31 + slot.endpoint.stateDigest();
            }
        }
        return usedCookies.digest(h, nowMs(nowNs));
    }

    /**
     * @return clients connected now.
     */
    public int connectedCount()
    {
        return connectedCount;
    }

    /**
     * @param counter one of this server's counters.
     * @return its value.
     */
    public long counter(final UdpServerCounters counter)
    {
        return counters[counter.id()];
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
     * Close the socket. Clients are not told; they time out.
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

    private UdpServerCounters route(final InetSocketAddress from, final int length, final long nowNs)
    {
        if (length == 0)
        {
            return REFUSED_WRONG_SIZE;
        }
        final byte first = packet.getByte(0);
        if (!isControl(first))
        {
            final int slotIndex = slotByAddress.getValue(from);
            return slotIndex == NO_SLOT ? REFUSED_UNKNOWN_ADDRESS : slots[slotIndex].receive(length, nowNs);
        }
        switch (first & 0xFF)
        {
            case REQUEST:
                return onRequest(from, length, nowNs);
            case RESPONSE:
                return onResponse(from, length, nowNs);
            case KEEP_ALIVE:
            case DISCONNECT:
                return onControl(first & 0xFF, from, length, nowNs);
            default:
                return REFUSED_UNKNOWN_TYPE;
        }
    }

    /**
     * Stateless: checks, then one MAC and a reply no larger than the request. Nothing about the sender is kept.
     */
    private UdpServerCounters onRequest(final InetSocketAddress from, final int length, final long nowNs)
    {
        if (length != REQUEST_BYTES)
        {
            return REFUSED_WRONG_SIZE;
        }
        if (packet.getLong(REQUEST_PROTOCOL_ID_OFFSET, ByteOrder.LITTLE_ENDIAN) != protocolId ||
            (packet.getByte(REQUEST_VERSION_OFFSET) & 0xFF) != VERSION)
        {
            return REFUSED_WRONG_PROTOCOL;
        }
        if (!isZero(packet, REQUEST_PADDING_OFFSET, REQUEST_BYTES))
        {
            return REFUSED_BAD_PADDING;
        }
        sender.set(from);
        final UdpServerCounters limited = rateLimited(nowNs);
        if (limited != null)
        {
            return limited;
        }
        if (packet.getLong(REQUEST_SETTINGS_OFFSET, ByteOrder.LITTLE_ENDIAN) != settingsFingerprint)
        {
            sendDenied(from, REQUEST_KEY_OFFSET, DeniedReason.SETTINGS_MISMATCH);
            return REFUSED_SETTINGS_MISMATCH;
        }
        if (connectedCount == slots.length)
        {
            sendDenied(from, REQUEST_KEY_OFFSET, DeniedReason.SERVER_FULL);
            return REFUSED_SERVER_FULL;
        }
        final long expiryMs = nowMs(nowNs) + cookieLifetimeMs;
        cookie.compute(sender, packet, REQUEST_KEY_OFFSET, expiryMs);
        final UnsafeBuffer out = sendBuffer.buffer;
        out.putByte(0, (byte)CHALLENGE);
        out.putBytes(CHALLENGE_CLIENT_KEY_OFFSET, packet, REQUEST_KEY_OFFSET, PUBLIC_KEY_BYTES);
        out.putBytes(CHALLENGE_SERVER_KEY_OFFSET, serverPublicKey);
        out.putLong(CHALLENGE_EXPIRY_OFFSET, expiryMs, ByteOrder.LITTLE_ENDIAN);
        out.putLong(CHALLENGE_TAG_OFFSET, cookie.tag0(), ByteOrder.LITTLE_ENDIAN);
        out.putLong(CHALLENGE_TAG_OFFSET + 8, cookie.tag1(), ByteOrder.LITTLE_ENDIAN);
        sendTo(from, CHALLENGE_BYTES);
        return CHALLENGES_SENT;
    }

    /**
     * Cheap checks, rate limits, the cookie MAC; only a proven address reaches X25519 and a slot.
     */
    private UdpServerCounters onResponse(final InetSocketAddress from, final int length, final long nowNs)
    {
        if (length != RESPONSE_BYTES)
        {
            return REFUSED_WRONG_SIZE;
        }
        final long nowMs = nowMs(nowNs);
        final long expiryMs = packet.getLong(RESPONSE_EXPIRY_OFFSET, ByteOrder.LITTLE_ENDIAN);
        if (expiryMs < nowMs)
        {
            return REFUSED_EXPIRED_COOKIE;
        }
        sender.set(from);
        final UdpServerCounters limited = rateLimited(nowNs);
        if (limited != null)
        {
            return limited;
        }
        if (expiryMs - nowMs > cookieLifetimeMs)
        {
            return REFUSED_BAD_COOKIE; // no cookie of ours expires that late
        }
        cookie.compute(sender, packet, RESPONSE_KEY_OFFSET, expiryMs);
        if (!cookie.matches(packet, RESPONSE_TAG_OFFSET))
        {
            return REFUSED_BAD_COOKIE;
        }
        final long tag0 = cookie.tag0();
        final long tag1 = cookie.tag1();
        final int existing = slotByAddress.getValue(from);
        if (existing != NO_SLOT)
        {
            final ClientSlot slot = slots[existing];
            if (slot.cookieTag0 == tag0 && slot.cookieTag1 == tag1)
            {
                slot.sendControl(KEEP_ALIVE, nowNs); // its confirmation was lost: confirm again, same slot
                return CONNECTIONS_CONFIRMED_AGAIN;
            }
            return REFUSED_ADDRESS_IN_USE;
        }
        if (usedCookies.contains(tag0, nowMs))
        {
            return REFUSED_REPLAYED_COOKIE;
        }
        if (connectedCount == slots.length)
        {
            sendDenied(from, RESPONSE_KEY_OFFSET, DeniedReason.SERVER_FULL);
            return REFUSED_SERVER_FULL;
        }
        if (!usedCookies.hasRoom(nowMs))
        {
            return REFUSED_COOKIE_GUARD_FULL;
        }
        packet.getBytes(RESPONSE_KEY_OFFSET, clientPublicKey);
        final byte[] sharedSecret = keyExchange.agree(serverKeyPair.getPrivate(), clientPublicKey);
        if (sharedSecret == null)
        {
            return REFUSED_BAD_PUBLIC_KEY;
        }
        final LinkKeys keys = keyExchange.derive(sharedSecret, clientPublicKey, serverPublicKey, expiryMs, tag0, tag1);
        usedCookies.add(tag0, expiryMs, nowMs);
        final ClientSlot slot = freeSlot();
        slot.open(from, keys, tag0, tag1, nowNs);
        slotByAddress.put(from, slot.index);
        connectedCount++;
        slot.sendControl(KEEP_ALIVE, nowNs);
        handler.onClientConnected(slot.index, from);
        return CLIENTS_CONNECTED;
    }

    private UdpServerCounters onControl(final int type, final InetSocketAddress from, final int length, final long nowNs)
    {
        final int slotIndex = slotByAddress.getValue(from);
        if (slotIndex == NO_SLOT)
        {
            return REFUSED_UNKNOWN_ADDRESS;
        }
        if (length != CONTROL_BYTES)
        {
            return REFUSED_WRONG_SIZE;
        }
        final ClientSlot slot = slots[slotIndex];
        if (!verifyControl(packet, slot.receiveK0, slot.receiveK1))
        {
            return REFUSED_FORGED_CONTROL;
        }
        final long sequence = controlSequence(packet);
        if (Long.compareUnsigned(sequence, slot.nextControlSequenceIn) < 0)
        {
            return REFUSED_REPLAYED_CONTROL;
        }
        slot.nextControlSequenceIn = sequence + 1;
        if (type == DISCONNECT)
        {
            close(slot, DisconnectReason.BY_CLIENT);
            return CLIENTS_DISCONNECTED;
        }
        slot.lastReceiveNs = nowNs;
        return KEEP_ALIVES_RECEIVED;
    }

    /** @return the refusal when the sender is over a handshake rate limit, else null. */
    private UdpServerCounters rateLimited(final long nowNs)
    {
        switch (rateLimiter.acquire(sender.ipKey, nowNs))
        {
            case HandshakeRateLimiter.ADDRESS_LIMITED:
                return REFUSED_RATE_LIMITED_ADDRESS;
            case HandshakeRateLimiter.GLOBAL_LIMITED:
                return REFUSED_RATE_LIMITED_GLOBAL;
            default:
                return null;
        }
    }

    private void sendDenied(final InetSocketAddress to, final int keyOffset, final DeniedReason reason)
    {
        final UnsafeBuffer out = sendBuffer.buffer;
        out.putByte(0, (byte)DENIED);
        out.putBytes(DENIED_KEY_OFFSET, packet, keyOffset, DENIED_KEY_BYTES);
        out.putByte(DENIED_REASON_OFFSET, (byte)reason.wireCode());
        sendTo(to, DENIED_BYTES);
        counters[DENIALS_SENT.id()]++;
    }

    private boolean sendTo(final InetSocketAddress to, final int length)
    {
        try
        {
            if (channel.send(sendBuffer.prepareSend(length), to) == length)
            {
                return true;
            }
            counters[SEND_FAILURES.id()]++;
        }
        catch (final IOException ex)
        {
            counters[SEND_FAILURES.id()]++;
        }
        return false;
    }

    private void close(final ClientSlot slot, final DisconnectReason reason)
    {
        slotByAddress.removeKey(slot.address);
        slot.connected = false;
        slot.address = null;
        slot.keys = null;
        connectedCount--;
        handler.onClientDisconnected(slot.index, reason);
    }

    private ClientSlot freeSlot()
    {
        for (final ClientSlot slot : slots)
        {
            if (!slot.connected)
            {
                return slot;
            }
        }
        throw new IllegalStateException("connectedCount below maxClients but no free slot");
    }

    private ClientSlot connectedSlot(final int clientIndex)
    {
        checkIndex(clientIndex);
        final ClientSlot slot = slots[clientIndex];
        if (!slot.connected)
        {
            throw new IllegalStateException("no client in slot " + clientIndex);
        }
        return slot;
    }

    private void checkIndex(final int clientIndex)
    {
        if (clientIndex < 0 || clientIndex >= slots.length)
        {
            throw new IllegalArgumentException("client index must be in [0, " + slots.length + "): " + clientIndex);
        }
    }

    private static long nowMs(final long nowNs)
    {
        return Math.floorDiv(nowNs, 1_000_000L);
    }

    private static boolean isZero(final DirectBuffer buffer, final int from, final int to)
    {
        long bits = 0;
        int index = from;
        for (; index + 8 <= to; index += 8)
        {
            bits |= buffer.getLong(index);
        }
        for (; index < to; index++)
        {
            bits |= buffer.getByte(index);
        }
        return bits == 0;
    }

    private final class ClientSlot implements PacketTransmitter, PacketProcessor, AckListener, ReliableConnection
    {
        final int index;
        final ReliableEndpoint endpoint;
        InetSocketAddress address;
        LinkKeys keys;
        boolean connected;
        long sendK0;
        long sendK1;
        long receiveK0;
        long receiveK1;
        long cookieTag0;
        long cookieTag1;
        long lastReceiveNs;
        long lastSendNs;
        long nextControlSequenceOut;
        long nextControlSequenceIn;
        long connectedSinceNs;
        long bytesSent;
        long datagramsSent;

        ClientSlot(final int index, final UdpServerConfig config, final long nowNs)
        {
            this.index = index;
            this.endpoint = new ReliableEndpoint(
                config.endpointConfig().copy().authenticate(LinkKeys.random(), LinkSide.SERVER), this, this, this, nowNs);
        }

        void open(
            final InetSocketAddress address,
            final LinkKeys keys,
            final long cookieTag0,
            final long cookieTag1,
            final long nowNs)
        {
            this.address = address;
            this.keys = keys;
            this.connected = true;
            this.sendK0 = keys.sendK0(LinkSide.SERVER);
            this.sendK1 = keys.sendK1(LinkSide.SERVER);
            this.receiveK0 = keys.receiveK0(LinkSide.SERVER);
            this.receiveK1 = keys.receiveK1(LinkSide.SERVER);
            this.cookieTag0 = cookieTag0;
            this.cookieTag1 = cookieTag1;
            this.lastReceiveNs = nowNs;
            this.lastSendNs = nowNs;
            this.nextControlSequenceOut = 0;
            this.nextControlSequenceIn = 0;
            this.connectedSinceNs = nowNs;
            this.bytesSent = 0;
            this.datagramsSent = 0;
            endpoint.reset(nowNs, keys);
        }

        UdpServerCounters receive(final int length, final long nowNs)
        {
            final ReliableCounters result = endpoint.receivePacket(packet, 0, length, nowNs);
            if (result.isRefusal())
            {
                return REFUSED_BY_ENDPOINT;
            }
            lastReceiveNs = nowNs;
            return DATAGRAMS_ROUTED;
        }

        void sendControl(final int type, final long nowNs)
        {
            writeControl(sendBuffer.buffer, type, index, nextControlSequenceOut++, sendK0, sendK1);
            if (sendTo(address, CONTROL_BYTES))
            {
                bytesSent += CONTROL_BYTES;
                datagramsSent++;
            }
            lastSendNs = nowNs;
            counters[(type == KEEP_ALIVE ? KEEP_ALIVES_SENT : DISCONNECTS_SENT).id()]++;
        }

        @Override
        public void transmit(final DirectBuffer buffer, final int offset, final int length)
        {
            try
            {
                if (channel.send(sendBuffer.prepareSend(buffer, offset, length), address) != length)
                {
                    counters[SEND_FAILURES.id()]++;
                    return;
                }
                bytesSent += length;
                datagramsSent++;
            }
            catch (final IOException ex)
            {
                counters[SEND_FAILURES.id()]++;
            }
        }

        @Override
        public ReliableEndpoint endpoint()
        {
            return endpoint;
        }

        @Override
        public int sendPacket(final DirectBuffer payload, final int offset, final int length, final long nowNs)
        {
            if (!connected)
            {
                throw new IllegalStateException("no client in slot " + index);
            }
            final int sequence = endpoint.sendPacket(payload, offset, length, nowNs);
            lastSendNs = nowNs;
            return sequence;
        }

        @Override
        public boolean process(final int sequence, final DirectBuffer buffer, final int offset, final int length)
        {
            return handler.onPacket(index, sequence, buffer, offset, length);
        }

        @Override
        public void onAcked(final int sequence)
        {
            handler.onAcked(index, sequence);
        }
    }
}
