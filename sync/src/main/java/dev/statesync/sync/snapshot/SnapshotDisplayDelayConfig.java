package dev.statesync.sync.snapshot;

/**
 * Settings of a {@link SnapshotDisplayDelay}, with documented defaults. Mutable builder-style setters, validated as
 * they are set; the delay copies the values at construction.
 */
public final class SnapshotDisplayDelayConfig
{
    /**
     * Default {@link #sparePackets}: 1 lost packet ridden out. At a snapshot every tick this is the two spare ticks
     * the display always had; measured at 128 kbps (results.md) it is what brings the largest error down, where 2
     * costs a further send interval of latency.
     */
    public static final int DEFAULT_SPARE_PACKETS = 1;
    /** Default {@link #intervalSampleGaps}: the shortest of the last 4 gaps between snapshots is the interval. */
    public static final int DEFAULT_INTERVAL_SAMPLE_GAPS = 4;
    /** Default {@link #lowerAfterSnapshots}: 30 snapshots at a shorter interval before the delay falls. */
    public static final int DEFAULT_LOWER_AFTER_SNAPSHOTS = 30;
    /** Default {@link #maxIntervalTicks}: 4 ticks, the rate controller's longest interval. */
    public static final int DEFAULT_MAX_INTERVAL_TICKS = SnapshotRateControlConfig.DEFAULT_MAX_SEND_INTERVAL_TICKS;

    private int tickRateHz = SnapshotLinkConfig.DEFAULT_TICK_RATE_HZ;
    private int sparePackets = DEFAULT_SPARE_PACKETS;
    private int intervalSampleGaps = DEFAULT_INTERVAL_SAMPLE_GAPS;
    private int lowerAfterSnapshots = DEFAULT_LOWER_AFTER_SNAPSHOTS;
    private int maxIntervalTicks = DEFAULT_MAX_INTERVAL_TICKS;

    /**
     * @param hz ticks per second of the snapshots, >= 1 (default {@link SnapshotLinkConfig#DEFAULT_TICK_RATE_HZ}).
     * @return this.
     */
    public SnapshotDisplayDelayConfig tickRateHz(final int hz)
    {
        if (hz < 1)
        {
            throw new IllegalArgumentException("tickRateHz must be >= 1, got " + hz);
        }
        tickRateHz = hz;
        return this;
    }

    /** @return ticks per second. */
    public int tickRateHz()
    {
        return tickRateHz;
    }

    /**
     * @param packets lost packets in a row the display rides out without starving, 0..16: each costs one send
     *                interval of latency.
     * @return this.
     */
    public SnapshotDisplayDelayConfig sparePackets(final int packets)
    {
        if (packets < 0 || packets > 16)
        {
            throw new IllegalArgumentException("sparePackets must be 0..16, got " + packets);
        }
        sparePackets = packets;
        return this;
    }

    /** @return lost packets in a row ridden out. */
    public int sparePackets()
    {
        return sparePackets;
    }

    /**
     * @param gaps gaps between consecutive snapshots sampled, 1..64: the shortest is the send interval (a loss
     *             lengthens one gap; k losses in a row among the last {@code gaps} gaps read as a longer interval).
     * @return this.
     */
    public SnapshotDisplayDelayConfig intervalSampleGaps(final int gaps)
    {
        if (gaps < 1 || gaps > 64)
        {
            throw new IllegalArgumentException("intervalSampleGaps must be 1..64, got " + gaps);
        }
        intervalSampleGaps = gaps;
        return this;
    }

    /** @return gaps sampled for the interval. */
    public int intervalSampleGaps()
    {
        return intervalSampleGaps;
    }

    /**
     * @param snapshots snapshots at a shorter interval before the delay is lowered to it, >= 1 (it is raised at
     *                  once).
     * @return this.
     */
    public SnapshotDisplayDelayConfig lowerAfterSnapshots(final int snapshots)
    {
        if (snapshots < 1)
        {
            throw new IllegalArgumentException("lowerAfterSnapshots must be >= 1, got " + snapshots);
        }
        lowerAfterSnapshots = snapshots;
        return this;
    }

    /** @return snapshots at a shorter interval before the delay falls. */
    public int lowerAfterSnapshots()
    {
        return lowerAfterSnapshots;
    }

    /**
     * @param ticks longest send interval counted, 1..64 ticks: a longer gap (an outage) counts as this, so one outage
     *              cannot raise the delay without bound.
     * @return this.
     */
    public SnapshotDisplayDelayConfig maxIntervalTicks(final int ticks)
    {
        if (ticks < 1 || ticks > 64)
        {
            throw new IllegalArgumentException("maxIntervalTicks must be 1..64, got " + ticks);
        }
        maxIntervalTicks = ticks;
        return this;
    }

    /** @return longest send interval counted, ticks. */
    public int maxIntervalTicks()
    {
        return maxIntervalTicks;
    }
}
