/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.ReliableConfig;

/**
 * Settings of a {@link UdpClient}, with documented defaults.
 */
public final class UdpClientConfig
{
    /**
     * Default protocol id: the ASCII bytes of "STATESYC" read as a big-endian number. Servers and clients of one
     * application must agree; give yours its own.
     */
    public static final long DEFAULT_PROTOCOL_ID = 0x5354415445535943L;
    /** Default connect timeout: 5000 ms. */
    public static final long DEFAULT_CONNECT_TIMEOUT_MS = 5_000L;
    /** Default handshake resend interval: 100 ms. */
    public static final long DEFAULT_RESEND_INTERVAL_MS = 100L;
    /** Default idle timeout: 5000 ms. */
    public static final long DEFAULT_IDLE_TIMEOUT_MS = 5_000L;
    /** Default keep-alive interval: 100 ms. */
    public static final long DEFAULT_KEEP_ALIVE_INTERVAL_MS = 100L;
    /** Default datagrams per poll: 1024. */
    public static final int DEFAULT_MAX_DATAGRAMS_PER_POLL = 1024;
    /** Default DISCONNECT copies per disconnect: 3. */
    public static final int DEFAULT_DISCONNECT_PACKET_COUNT = 3;

    private long protocolId = DEFAULT_PROTOCOL_ID;
    private long settingsFingerprint;
    private long connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS;
    private long resendIntervalMs = DEFAULT_RESEND_INTERVAL_MS;
    private long idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS;
    private long keepAliveIntervalMs = DEFAULT_KEEP_ALIVE_INTERVAL_MS;
    private int maxDatagramsPerPoll = DEFAULT_MAX_DATAGRAMS_PER_POLL;
    private int disconnectPacketCount = DEFAULT_DISCONNECT_PACKET_COUNT;
    private ReliableConfig endpointConfig = new ReliableConfig();

    /**
     * 64-bit id of the application and its version (default {@link #DEFAULT_PROTOCOL_ID}); the server refuses a
     * REQUEST with another.
     *
     * @param id protocol id.
     * @return this.
     */
    public UdpClientConfig protocolId(final long id)
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
    public UdpClientConfig settingsFingerprint(final long fingerprint)
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
     * Give up on a handshake not confirmed this long after {@link UdpClient#connect(long)} (default 5000 ms).
     *
     * @param ms milliseconds, positive.
     * @return this.
     */
    public UdpClientConfig connectTimeoutMs(final long ms)
    {
        this.connectTimeoutMs = ms;
        return this;
    }

    /**
     * @return connect timeout, milliseconds.
     */
    public long connectTimeoutMs()
    {
        return connectTimeoutMs;
    }

    /**
     * Resend the REQUEST, then the RESPONSE, this often until the next step arrives (default 100 ms, within the
     * server's default per-IP rate of 10 per second).
     *
     * @param ms milliseconds, positive.
     * @return this.
     */
    public UdpClientConfig resendIntervalMs(final long ms)
    {
        this.resendIntervalMs = ms;
        return this;
    }

    /**
     * @return handshake resend interval, milliseconds.
     */
    public long resendIntervalMs()
    {
        return resendIntervalMs;
    }

    /**
     * Consider the connection lost when nothing authentic arrived from the server for this long (default 5000 ms).
     *
     * @param ms milliseconds, positive.
     * @return this.
     */
    public UdpClientConfig idleTimeoutMs(final long ms)
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
     * Send a KEEP_ALIVE when nothing was sent to the server for this long (default 100 ms), so a quiet but healthy
     * client is not dropped by the server's idle timeout.
     *
     * @param ms milliseconds, positive and below the idle timeout.
     * @return this.
     */
    public UdpClientConfig keepAliveIntervalMs(final long ms)
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
     * Most datagrams read per {@link UdpClient#poll(long)} (default 1024).
     *
     * @param count datagrams.
     * @return this.
     */
    public UdpClientConfig maxDatagramsPerPoll(final int count)
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
     * DISCONNECT copies sent by {@link UdpClient#disconnect(long)} (default 3), redundancy against loss.
     *
     * @param count copies, in [1, 16].
     * @return this.
     */
    public UdpClientConfig disconnectPacketCount(final int count)
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
     * Settings of the client's endpoint (default: reliable.io defaults); must match the server's on the settings that
     * touch the wire. Its integrity setting is replaced by the keys the handshake derives.
     *
     * @param config endpoint settings; copied.
     * @return this.
     */
    public UdpClientConfig endpointConfig(final ReliableConfig config)
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
    public UdpClientConfig validate()
    {
        require(connectTimeoutMs >= 1, "connectTimeoutMs >= 1");
        require(resendIntervalMs >= 1, "resendIntervalMs >= 1");
        require(idleTimeoutMs >= 1, "idleTimeoutMs >= 1");
        require(keepAliveIntervalMs >= 1 && keepAliveIntervalMs < idleTimeoutMs,
            "keepAliveIntervalMs in [1, idleTimeoutMs)");
        require(maxDatagramsPerPoll >= 1, "maxDatagramsPerPoll >= 1");
        require(disconnectPacketCount >= 1 && disconnectPacketCount <= 16, "disconnectPacketCount in [1, 16]");
        require(endpointConfig != null, "endpointConfig is required");
        endpointConfig.validate();
        return this;
    }

    private static void require(final boolean condition, final String message)
    {
        if (!condition)
        {
            throw new IllegalArgumentException("UdpClientConfig: " + message);
        }
    }
}
