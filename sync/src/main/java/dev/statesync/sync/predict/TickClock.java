package dev.statesync.sync.predict;

/**
 * Fixed-timestep clock ("fix your timestep"): turns variable frame times into a whole number of fixed ticks
 * plus a remainder used for render interpolation.
 *
 * <p>Time is passed in, never read: the caller hands {@link #advance(long)} its own monotonic clock (for
 * example {@code System.nanoTime()}), so tests and replays drive it with synthetic time. Elapsed time goes
 * into an accumulator; every whole tick duration in it is a tick to run. A long stall (debugger, GC, a
 * minimised window) would otherwise demand hundreds of ticks at once and make the next frame slower still
 * (the "spiral of death"), so at most {@code maxTicksPerAdvance} ticks are returned and the excess time is
 * dropped and counted.
 *
 * <p>Tick numbers are ints: at 60 Hz they last 414 days.
 */
public final class TickClock
{
    private final long tickDurationNs;
    private final int maxTicksPerAdvance;

    private boolean started;
    private long lastNowNs;
    private long accumulatorNs;
    private int tick;
    private long droppedNs;
    private double rateScale = 1.0;

    /**
     * @param tickDurationNs     length of one fixed tick, e.g. {@code 1_000_000_000L / 60}.
     * @param maxTicksPerAdvance most ticks one {@link #advance(long)} returns; time beyond is dropped.
     */
    public TickClock(final long tickDurationNs, final int maxTicksPerAdvance)
    {
        if (tickDurationNs <= 0)
        {
            throw new IllegalArgumentException("tickDurationNs must be > 0, got " + tickDurationNs);
        }
        if (maxTicksPerAdvance < 1)
        {
            throw new IllegalArgumentException("maxTicksPerAdvance must be >= 1, got " + maxTicksPerAdvance);
        }
        this.tickDurationNs = tickDurationNs;
        this.maxTicksPerAdvance = maxTicksPerAdvance;
    }

    /** A clock at {@code tickRateHz} that runs at most 8 ticks per frame. */
    public static TickClock ofRateHz(final int tickRateHz)
    {
        return new TickClock(1_000_000_000L / tickRateHz, 8);
    }

    /**
     * Account for the time elapsed since the previous call and say how many ticks to run now. The first
     * call only sets the time origin and returns 0.
     *
     * @param nowNs the caller's monotonic time; a value earlier than the previous one counts as no time.
     * @return ticks to run now, 0..maxTicksPerAdvance; {@link #tick()} has already advanced by that many.
     */
    public int advance(final long nowNs)
    {
        if (!started)
        {
            started = true;
            lastNowNs = nowNs;
            return 0;
        }
        final long elapsedNs = nowNs - lastNowNs;
        lastNowNs = nowNs;
        if (elapsedNs > 0)
        {
            accumulatorNs += rateScale == 1.0 ? elapsedNs : Math.round(elapsedNs * rateScale);
        }
        long ticks = accumulatorNs / tickDurationNs;
        accumulatorNs -= ticks * tickDurationNs;
        if (ticks > maxTicksPerAdvance)
        {
            droppedNs += (ticks - maxTicksPerAdvance) * tickDurationNs;
            ticks = maxTicksPerAdvance;
        }
        tick += (int)ticks;
        return (int)ticks;
    }

    /**
     * Run the simulation slightly faster ({@code > 1}) or slower ({@code < 1}) than real time, e.g. a client
     * keeping just ahead of its server (see {@link TickRateController}). Time is scaled as it is accumulated.
     *
     * @param rateScale in [0.5, 2].
     */
    public void rateScale(final double rateScale)
    {
        if (!(rateScale >= 0.5 && rateScale <= 2.0))
        {
            throw new IllegalArgumentException("rateScale must be in [0.5, 2], got " + rateScale);
        }
        this.rateScale = rateScale;
    }

    /** @return the current rate scale, 1 for real time. */
    public double rateScale()
    {
        return rateScale;
    }

    /** @return the number of ticks handed out so far: the number of the next tick to run is this value. */
    public int tick()
    {
        return tick;
    }

    /**
     * @return how far the present lies between the last tick run and the next one, in [0, 1): render
     * {@code lerp(previousState, currentState, alpha)} to hide the tick/frame beat.
     */
    public double alpha()
    {
        return (double)accumulatorNs / tickDurationNs;
    }

    /** @return the fixed tick length in nanoseconds. */
    public long tickDurationNs()
    {
        return tickDurationNs;
    }

    /** @return time thrown away because a frame demanded more than {@code maxTicksPerAdvance} ticks. */
    public long droppedNs()
    {
        return droppedNs;
    }
}
