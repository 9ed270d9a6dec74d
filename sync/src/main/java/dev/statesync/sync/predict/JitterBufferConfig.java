package dev.statesync.sync.predict;

/**
 * Settings of a {@link RemoteObjectInterpolator}. Fluent setters; defaults in the field docs.
 */
public final class JitterBufferConfig
{
    private long sendIntervalNs = 1_000_000_000L / 60;
    private double sendIntervalMultiplier = 3.0;
    private long maxExtrapolationNs = 100_000_000L;
    private int capacity = 32;
    private double jitterDecayPerSample = 0.995;
    private double baseTransitCreepPerSample = 0.001;

    /** Interval between the sender's updates of this object; default 1/60 s. */
    public JitterBufferConfig sendIntervalNs(final long sendIntervalNs)
    {
        this.sendIntervalNs = sendIntervalNs;
        return this;
    }

    /**
     * The playback delay is this many send intervals plus the measured jitter; default 3 (Fiedler's buffer of
     * about 3x the send interval plus jitter), so one or two lost updates still leave samples on both sides.
     */
    public JitterBufferConfig sendIntervalMultiplier(final double sendIntervalMultiplier)
    {
        this.sendIntervalMultiplier = sendIntervalMultiplier;
        return this;
    }

    /** When starved, extrapolate with the newest velocity for at most this long, then hold; default 100 ms. */
    public JitterBufferConfig maxExtrapolationNs(final long maxExtrapolationNs)
    {
        this.maxExtrapolationNs = maxExtrapolationNs;
        return this;
    }

    /** Samples kept, >= 4; default 32 (half a second at 60 Hz). */
    public JitterBufferConfig capacity(final int capacity)
    {
        if (capacity < 4)
        {
            throw new IllegalArgumentException("capacity must be >= 4, got " + capacity);
        }
        this.capacity = capacity;
        return this;
    }

    /**
     * The jitter estimate is a peak that decays by this factor per sample, so a burst raises the delay at once
     * and it relaxes over a few seconds; default 0.995.
     */
    public JitterBufferConfig jitterDecayPerSample(final double jitterDecayPerSample)
    {
        this.jitterDecayPerSample = jitterDecayPerSample;
        return this;
    }

    /**
     * The base transit time (the fastest sample seen) creeps toward later samples by this fraction per sample,
     * so clock drift and route changes are followed; default 0.001.
     */
    public JitterBufferConfig baseTransitCreepPerSample(final double baseTransitCreepPerSample)
    {
        this.baseTransitCreepPerSample = baseTransitCreepPerSample;
        return this;
    }

    /** @return see {@link #sendIntervalNs(long)}. */
    public long sendIntervalNs()
    {
        return sendIntervalNs;
    }

    /** @return see {@link #sendIntervalMultiplier(double)}. */
    public double sendIntervalMultiplier()
    {
        return sendIntervalMultiplier;
    }

    /** @return see {@link #maxExtrapolationNs(long)}. */
    public long maxExtrapolationNs()
    {
        return maxExtrapolationNs;
    }

    /** @return see {@link #capacity(int)}. */
    public int capacity()
    {
        return capacity;
    }

    /** @return see {@link #jitterDecayPerSample(double)}. */
    public double jitterDecayPerSample()
    {
        return jitterDecayPerSample;
    }

    /** @return see {@link #baseTransitCreepPerSample(double)}. */
    public double baseTransitCreepPerSample()
    {
        return baseTransitCreepPerSample;
    }
}
