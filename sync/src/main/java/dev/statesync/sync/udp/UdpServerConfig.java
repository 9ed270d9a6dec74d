/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.ReliableConfig;

/**
 * Limits of a {@link UdpServer}, with documented defaults. Memory is bounded and allocated up front:
 * {@code maxClients} endpoints (plus each endpoint's lazily used reassembly slots), {@code rateLimitBuckets} token
 * buckets and {@code usedCookieCapacity} remembered cookies; work per poll is bounded by {@code maxDatagramsPerPoll}
 * and handshake CPU by the rate limits.
 */
public final class UdpServerConfig
{
    /** Default slots: 64. */
    public static final int DEFAULT_MAX_CLIENTS = 64;
    /** Default idle timeout: 5000 ms. */
    public static final long DEFAULT_IDLE_TIMEOUT_MS = 5_000L;
    /** Default keep-alive interval: 100 ms. */
    public static final long DEFAULT_KEEP_ALIVE_INTERVAL_MS = 100L;
    /** Default datagrams per poll: 1024. */
    public static final int DEFAULT_MAX_DATAGRAMS_PER_POLL = 1024;
    /** Default cookie lifetime: 5000 ms. */
    public static final long DEFAULT_COOKIE_LIFETIME_MS = 5_000L;
    /** Default cookies remembered against replay: 1024. */
    public static final int DEFAULT_USED_COOKIE_CAPACITY = 1024;
    /** Default REQUEST + RESPONSE packets per second per source IP: 10. */
    public static final int DEFAULT_ADDRESS_HANDSHAKES_PER_SECOND = 10;
    /** Default per-IP burst: 20 packets. */
    public static final int DEFAULT_ADDRESS_HANDSHAKE_BURST = 20;
    /** Default REQUEST + RESPONSE packets per second for the whole server: 2000. */
    public static final int DEFAULT_GLOBAL_HANDSHAKES_PER_SECOND = 2000;
    /** Default global burst: 500 packets. */
    public static final int DEFAULT_GLOBAL_HANDSHAKE_BURST = 500;
    /** Default per-IP token buckets: 4096. */
    public static final int DEFAULT_RATE_LIMIT_BUCKETS = 4096;
    /** Default DISCONNECT copies sent per disconnect: 3. */
    public static final int DEFAULT_DISCONNECT_PACKET_COUNT = 3;

    private int maxClients = DEFAULT_MAX_CLIENTS;
    private long idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS;
    private long keepAliveIntervalMs = DEFAULT_KEEP_ALIVE_INTERVAL_MS;
    private int maxDatagramsPerPoll = DEFAULT_MAX_DATAGRAMS_PER_POLL;
    private long protocolId = UdpClientConfig.DEFAULT_PROTOCOL_ID;
    private long settingsFingerprint;
    private long cookieLifetimeMs = DEFAULT_COOKIE_LIFETIME_MS;
    private int usedCookieCapacity = DEFAULT_USED_COOKIE_CAPACITY;
    private int addressHandshakesPerSecond = DEFAULT_ADDRESS_HANDSHAKES_PER_SECOND;
    private int addressHandshakeBurst = DEFAULT_ADDRESS_HANDSHAKE_BURST;
    private int globalHandshakesPerSecond = DEFAULT_GLOBAL_HANDSHAKES_PER_SECOND;
    private int globalHandshakeBurst = DEFAULT_GLOBAL_HANDSHAKE_BURST;
    private int rateLimitBuckets = DEFAULT_RATE_LIMIT_BUCKETS;
    private int disconnectPacketCount = DEFAULT_DISCONNECT_PACKET_COUNT;
    private ReliableConfig endpointConfig = new ReliableConfig();

    /**
     * Clients served at once (default 64, at most 4096). A handshake that finds every slot taken is answered with a
     * DENIED and counted.
     *
     * @param count slots.
     * @return this.
     */
    public UdpServerConfig maxClients(final int count)
    {
        this.maxClients = count;
        return this;
    }

    /**
     * @return slots.
     */
    public int maxClients()
    {
        return maxClients;
    }

    /**
     * A client from which nothing authentic arrived for this long is dropped and its slot freed (default 5000 ms).
     * Keep it several keep-alive intervals long.
     *
     * @param ms milliseconds, positive.
     * @return this.
     */
    public UdpServerConfig idleTimeoutMs(final long ms)
    {
        this.idleTimeoutMs = ms;
        return this;
    }

    /**
     * @return idle timeout, milliseconds.
     */
    public long idleTimeoutMs()
    {
        return idleTimeoutMs;
    }

    /**
     * A KEEP_ALIVE goes to a client the server has sent nothing to for this long (default 100 ms), so a connection
     * on which the application is quiet does not time out at the client. 19 bytes plus IP and UDP headers each.
     *
     * @param ms milliseconds, positive and below the idle timeout.
     * @return this.
     */
    public UdpServerConfig keepAliveIntervalMs(final long ms)
    {
        this.keepAliveIntervalMs = ms;
        return this;
    }

    /**
     * @return keep-alive interval, milliseconds.
     */
    public long keepAliveIntervalMs()
    {
        return keepAliveIntervalMs;
    }

    /**
     * Most datagrams read per {@link UdpServer#poll(long)} (default 1024), so a flood cannot starve the caller's
     * frame.
     *
     * @param count datagrams.
     * @return this.
     */
    public UdpServerConfig maxDatagramsPerPoll(final int count)
    {
        this.maxDatagramsPerPoll = count;
        return this;
    }

    /**
     * @return datagrams per poll.
     */
    public int maxDatagramsPerPoll()
    {
        return maxDatagramsPerPoll;
    }

    /**
     * 64-bit id of the application and its version (default {@link UdpClientConfig#DEFAULT_PROTOCOL_ID}). A REQUEST
     * carrying another id is refused, and the id is inside every cookie.
     *
     * @param id protocol id; clients must use the same.
     * @return this.
     */
    public UdpServerConfig protocolId(final long id)
    {
        this.protocolId = id;
        return this;
    }

    /**
     * @return protocol id.
     */
    public long protocolId()
    {
        return protocolId;
    }

    /**
     * A digest of the settings both ends must share beyond the protocol (default 0): for snapshots, the codec's
     * ({@code SnapshotLinkConfig.wireFingerprint}, which {@code SnapshotServer} and {@code SnapshotClient} set
     * here themselves). The client sends it in its REQUEST; a server whose own differs answers with a DENIED
     * naming {@link DeniedReason#SETTINGS_MISMATCH}, so a client built with other settings is refused before it
     * receives a byte, instead of decoding snapshots against the wrong predictor.
     *
     * @param fingerprint the digest; any 64-bit value.
     * @return this.
     */
    public UdpServerConfig settingsFingerprint(final long fingerprint)
    {
        this.settingsFingerprint = fingerprint;
        return this;
    }

    /**
     * @return the settings fingerprint.
     */
    public long settingsFingerprint()
    {
        return settingsFingerprint;
    }

    /**
     * How long a CHALLENGE's cookie stays valid (default 5000 ms, server clock): long enough for a client's
     * RESPONSE and its resends over a slow path, short enough that used cookies are forgotten soon (see
     * {@link #usedCookieCapacity(int)}).
     *
     * @param ms milliseconds, positive.
     * @return this.
     */
    public UdpServerConfig cookieLifetimeMs(final long ms)
    {
        this.cookieLifetimeMs = ms;
        return this;
    }

    /**
     * @return cookie lifetime, milliseconds.
     */
    public long cookieLifetimeMs()
    {
        return cookieLifetimeMs;
    }

    /**
     * Cookies that opened a connection, remembered until they expire so a replayed RESPONSE gets no second
     * connection (default 1024, 16 bytes each). When full of unexpired cookies new connections are refused, so this
     * divided by the cookie lifetime is the highest sustained connection rate (default about 200 per second).
     *
     * @param count cookies.
     * @return this.
     */
    public UdpServerConfig usedCookieCapacity(final int count)
    {
        this.usedCookieCapacity = count;
        return this;
    }

    /**
     * @return cookies remembered.
     */
    public int usedCookieCapacity()
    {
        return usedCookieCapacity;
    }

    /**
     * REQUEST and RESPONSE packets accepted per second from one IP address, all its ports together (default 10,
     * what one client resending every 100 ms needs). Clients behind one NAT share it.
     *
     * @param packets refill rate, positive.
     * @return this.
     */
    public UdpServerConfig addressHandshakesPerSecond(final int packets)
    {
        this.addressHandshakesPerSecond = packets;
        return this;
    }

    /**
     * @return per-IP refill rate, packets per second.
     */
    public int addressHandshakesPerSecond()
    {
        return addressHandshakesPerSecond;
    }

    /**
     * REQUEST and RESPONSE packets one IP address may send at once after a quiet period (default 20).
     *
     * @param packets bucket capacity, positive.
     * @return this.
     */
    public UdpServerConfig addressHandshakeBurst(final int packets)
    {
        this.addressHandshakeBurst = packets;
        return this;
    }

    /**
     * @return per-IP burst, packets.
     */
    public int addressHandshakeBurst()
    {
        return addressHandshakeBurst;
    }

    /**
     * REQUEST and RESPONSE packets accepted per second from everyone together (default 2000): bounds the server's
     * handshake CPU (about 2 µs per REQUEST, 0.3 to 1 ms per connecting RESPONSE) even against spoofed sources.
     *
     * @param packets refill rate, positive.
     * @return this.
     */
    public UdpServerConfig globalHandshakesPerSecond(final int packets)
    {
        this.globalHandshakesPerSecond = packets;
        return this;
    }

    /**
     * @return global refill rate, packets per second.
     */
    public int globalHandshakesPerSecond()
    {
        return globalHandshakesPerSecond;
    }

    /**
     * REQUEST and RESPONSE packets accepted at once from everyone after a quiet period (default 500).
     *
     * @param packets bucket capacity, positive.
     * @return this.
     */
    public UdpServerConfig globalHandshakeBurst(final int packets)
    {
        this.globalHandshakeBurst = packets;
        return this;
    }

    /**
     * @return global burst, packets.
     */
    public int globalHandshakeBurst()
    {
        return globalHandshakeBurst;
    }

    /**
     * Per-IP token buckets (default 4096, a power of two, 16 bytes each); IPs whose salted hashes collide share one.
     *
     * @param count buckets.
     * @return this.
     */
    public UdpServerConfig rateLimitBuckets(final int count)
    {
        this.rateLimitBuckets = count;
        return this;
    }

    /**
     * @return per-IP buckets.
     */
    public int rateLimitBuckets()
    {
        return rateLimitBuckets;
    }

    /**
     * DISCONNECT copies sent when the server drops a client (default 3): the keys are forgotten right after, so
     * there is no resending, only redundancy against loss.
     *
     * @param count copies, in [1, 16].
     * @return this.
     */
    public UdpServerConfig disconnectPacketCount(final int count)
    {
        this.disconnectPacketCount = count;
        return this;
    }

    /**
     * @return DISCONNECT copies per disconnect.
     */
    public int disconnectPacketCount()
    {
        return disconnectPacketCount;
    }

    /**
     * Settings of each client's endpoint (default: reliable.io defaults). Its integrity setting is replaced: every
     * connection is authenticated with the keys its handshake derived.
     *
     * @param config endpoint settings; copied by each endpoint.
     * @return this.
     */
    public UdpServerConfig endpointConfig(final ReliableConfig config)
    {
        this.endpointConfig = config;
        return this;
    }

    /**
     * @return endpoint settings.
     */
    public ReliableConfig endpointConfig()
    {
        return endpointConfig;
    }

    /**
     * @return this when valid.
     * @throws IllegalArgumentException naming the first bad setting.
     */
    public UdpServerConfig validate()
    {
        require(maxClients >= 1 && maxClients <= 4096, "maxClients in [1, 4096]");
        require(idleTimeoutMs >= 1, "idleTimeoutMs >= 1");
        require(keepAliveIntervalMs >= 1 && keepAliveIntervalMs < idleTimeoutMs,
            "keepAliveIntervalMs in [1, idleTimeoutMs)");
        require(maxDatagramsPerPoll >= 1, "maxDatagramsPerPoll >= 1");
        require(cookieLifetimeMs >= 1, "cookieLifetimeMs >= 1");
        require(usedCookieCapacity >= 1, "usedCookieCapacity >= 1");
        require(addressHandshakesPerSecond >= 1, "addressHandshakesPerSecond >= 1");
        require(addressHandshakeBurst >= 1, "addressHandshakeBurst >= 1");
        require(globalHandshakesPerSecond >= 1, "globalHandshakesPerSecond >= 1");
        require(globalHandshakeBurst >= 1, "globalHandshakeBurst >= 1");
        require(rateLimitBuckets >= 1 && rateLimitBuckets <= (1 << 24) && Integer.bitCount(rateLimitBuckets) == 1,
            "rateLimitBuckets a power of two in [1, 2^24]");
        require(disconnectPacketCount >= 1 && disconnectPacketCount <= 16, "disconnectPacketCount in [1, 16]");
        require(endpointConfig != null, "endpointConfig is required");
        endpointConfig.validate();
        return this;
    }

    private static void require(final boolean condition, final String message)
    {
        if (!condition)
        {
            throw new IllegalArgumentException("UdpServerConfig: " + message);
        }
    }
}
