/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.udp;

import dev.statesync.sync.reliable.ReliableConfig;

/**
 * Limits of a {@link UdpServer}. Memory is bounded by {@code maxClients} endpoints, allocated up front
 * (plus each endpoint's lazily used reassembly slots); work per poll by {@code maxDatagramsPerPoll}.
 */
public final class UdpServerConfig
{
    private int maxClients = 64;
    private long idleTimeoutMs = 5_000L;
    private int maxDatagramsPerPoll = 1024;
    private ReliableConfig endpointConfig = UdpClient.defaultEndpointConfig();

    /**
     * Clients served at once (default 64); datagrams from further addresses are dropped and counted.
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
     * A client silent this long is dropped and its slot freed (default 5000 ms).
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
     * Most datagrams read per {@link UdpServer#poll(long)} (default 1024), so a flood cannot starve the
     * caller's frame.
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
     * Settings of each client's endpoint (default: reliable.io defaults with the CRC32C integrity check on).
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
        if (maxClients < 1 || maxClients > 4096)
        {
            throw new IllegalArgumentException("UdpServerConfig: maxClients in [1, 4096]");
        }
        if (idleTimeoutMs < 1)
        {
            throw new IllegalArgumentException("UdpServerConfig: idleTimeoutMs >= 1");
        }
        if (maxDatagramsPerPoll < 1)
        {
            throw new IllegalArgumentException("UdpServerConfig: maxDatagramsPerPoll >= 1");
        }
        endpointConfig.validate();
        return this;
    }
}
