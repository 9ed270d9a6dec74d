/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.sim;

/**
 * Link conditions and limits of a {@link NetworkSimulator}. Times in milliseconds, chances as fractions in
 * [0, 1], rates in kilobits per second. Defaults describe a perfect network (no delay, loss or cap).
 */
public final class NetworkSimulatorConfig
{
    private double latencyMs = 0.0;
    private double jitterMs = 0.0;
    private double lossFraction = 0.0;
    private double duplicateFraction = 0.0;
    private double reorderFraction = 0.0;
    private double reorderDelayMs = 0.0;
    private double bandwidthKbps = 0.0;
    private double maxQueueDelayMs = 250.0;
    private int capacityPackets = 1024;
    private int maxPacketBytes = 1500;
    private int maxEndpoints = 16;
    private long seed = 0x5EEDL;

    /**
     * One-way delay added to every datagram (default 0 ms).
     *
     * @param ms milliseconds, &gt;= 0.
     * @return this.
     */
    public NetworkSimulatorConfig latencyMs(final double ms)
    {
        this.latencyMs = ms;
        return this;
    }

    /**
     * @return one-way latency, milliseconds.
     */
    public double latencyMs()
    {
        return latencyMs;
    }

    /**
     * Each datagram's delay varies uniformly by up to this much either way, clamped at 0 (default 0 ms).
     * Jitter alone already reorders datagrams sent closer together than it.
     *
     * @param ms milliseconds, &gt;= 0.
     * @return this.
     */
    public NetworkSimulatorConfig jitterMs(final double ms)
    {
        this.jitterMs = ms;
        return this;
    }

    /**
     * @return jitter, milliseconds.
     */
    public double jitterMs()
    {
        return jitterMs;
    }

    /**
     * Chance each datagram is dropped (default 0).
     *
     * @param fraction in [0, 1].
     * @return this.
     */
    public NetworkSimulatorConfig lossFraction(final double fraction)
    {
        this.lossFraction = fraction;
        return this;
    }

    /**
     * @return loss chance.
     */
    public double lossFraction()
    {
        return lossFraction;
    }

    /**
     * Chance a datagram that is not lost also arrives a second time, with its own delay (default 0).
     *
     * @param fraction in [0, 1].
     * @return this.
     */
    public NetworkSimulatorConfig duplicateFraction(final double fraction)
    {
        this.duplicateFraction = fraction;
        return this;
    }

    /**
     * @return duplication chance.
     */
    public double duplicateFraction()
    {
        return duplicateFraction;
    }

    /**
     * Chance a datagram is held back an extra {@link #reorderDelayMs(double)} so later ones overtake it
     * (default 0).
     *
     * @param fraction in [0, 1].
     * @return this.
     */
    public NetworkSimulatorConfig reorderFraction(final double fraction)
    {
        this.reorderFraction = fraction;
        return this;
    }

    /**
     * @return reorder chance.
     */
    public double reorderFraction()
    {
        return reorderFraction;
    }

    /**
     * Extra delay of a reordered datagram (default 0 ms).
     *
     * @param ms milliseconds, &gt;= 0.
     * @return this.
     */
    public NetworkSimulatorConfig reorderDelayMs(final double ms)
    {
        this.reorderDelayMs = ms;
        return this;
    }

    /**
     * @return reorder delay, milliseconds.
     */
    public double reorderDelayMs()
    {
        return reorderDelayMs;
    }

    /**
     * Rate of each sender's uplink, 0 for unlimited (default). Datagrams queue behind each other at this
     * rate; one that would wait longer than {@link #maxQueueDelayMs(double)} is dropped, as a router would.
     *
     * @param kbps kilobits per second, &gt;= 0.
     * @return this.
     */
    public NetworkSimulatorConfig bandwidthKbps(final double kbps)
    {
        this.bandwidthKbps = kbps;
        return this;
    }

    /**
     * @return uplink rate, kilobits per second (0 unlimited).
     */
    public double bandwidthKbps()
    {
        return bandwidthKbps;
    }

    /**
     * Longest a datagram may queue on a capped uplink before it is dropped (default 250 ms).
     *
     * @param ms milliseconds, &gt;= 0.
     * @return this.
     */
    public NetworkSimulatorConfig maxQueueDelayMs(final double ms)
    {
        this.maxQueueDelayMs = ms;
        return this;
    }

    /**
     * @return queue limit, milliseconds.
     */
    public double maxQueueDelayMs()
    {
        return maxQueueDelayMs;
    }

    /**
     * Datagrams in flight at once; slots are allocated up front and a datagram arriving when all are busy
     * is dropped and counted (default 1024).
     *
     * @param packets slots.
     * @return this.
     */
    public NetworkSimulatorConfig capacityPackets(final int packets)
    {
        this.capacityPackets = packets;
        return this;
    }

    /**
     * @return slots.
     */
    public int capacityPackets()
    {
        return capacityPackets;
    }

    /**
     * Largest datagram carried (default 1500 bytes); larger ones are dropped and counted.
     *
     * @param bytes slot size.
     * @return this.
     */
    public NetworkSimulatorConfig maxPacketBytes(final int bytes)
    {
        this.maxPacketBytes = bytes;
        return this;
    }

    /**
     * @return slot size in bytes.
     */
    public int maxPacketBytes()
    {
        return maxPacketBytes;
    }

    /**
     * Addresses are ints in [0, maxEndpoints) (default 16).
     *
     * @param count addresses.
     * @return this.
     */
    public NetworkSimulatorConfig maxEndpoints(final int count)
    {
        this.maxEndpoints = count;
        return this;
    }

    /**
     * @return number of addresses.
     */
    public int maxEndpoints()
    {
        return maxEndpoints;
    }

    /**
     * Seed of the random choices; a run is reproduced exactly from it (default 0x5EED).
     *
     * @param value seed.
     * @return this.
     */
    public NetworkSimulatorConfig seed(final long value)
    {
        this.seed = value;
        return this;
    }

    /**
     * @return seed.
     */
    public long seed()
    {
        return seed;
    }

    /**
     * @return this, when every setting is in range.
     * @throws IllegalArgumentException naming the first that is not.
     */
    public NetworkSimulatorConfig validate()
    {
        require(latencyMs >= 0.0 && jitterMs >= 0.0 && reorderDelayMs >= 0.0 && maxQueueDelayMs >= 0.0,
            "times must be >= 0 ms");
        require(isFraction(lossFraction) && isFraction(duplicateFraction) && isFraction(reorderFraction),
            "fractions must be in [0, 1]");
        require(bandwidthKbps >= 0.0, "bandwidthKbps >= 0");
        require(capacityPackets >= 1 && capacityPackets <= 1 << 20, "capacityPackets in [1, 2^20]");
        require(maxPacketBytes >= 1 && maxPacketBytes <= 65536, "maxPacketBytes in [1, 65536]");
        require(maxEndpoints >= 1 && maxEndpoints <= 65536, "maxEndpoints in [1, 65536]");
        return this;
    }

    private static boolean isFraction(final double value)
    {
        return value >= 0.0 && value <= 1.0;
    }

    private static void require(final boolean condition, final String message)
    {
        if (!condition)
        {
            throw new IllegalArgumentException("NetworkSimulatorConfig: " + message);
        }
    }
}
