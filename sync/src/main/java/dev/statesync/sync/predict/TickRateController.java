package dev.statesync.sync.predict;

/**
 * Keeps a predicting client just far enough ahead of its server: the server reports how many ticks of input it
 * had queued ({@link ServerInputChannel#inputSlackTicks()}); too few and a late or lost packet leaves the server
 * without an input (it holds still and the client must correct), too many and every input waits longer than it
 * needs to. Clocks on different machines also drift. The controller turns the reported slack into a small
 * {@link TickClock#rateScale(double) rate scale}: the client ticks a little faster while the slack is below
 * target, a little slower above it, and at real time inside the dead band, so it converges without
 * oscillating on one-tick noise. It is a proportional controller: a clock drift {@code d} settles
 * {@code d / gainPerTick} ticks beyond the dead band (1 tick for 1% drift at the default gain; real
 * oscillators drift about 0.01%).
 */
public final class TickRateController
{
    private final int targetSlackTicks;
    private final int deadBandTicks;
    private final double gainPerTick;
    private final double maxAdjust;

    /**
     * @param targetSlackTicks slack to hold, e.g. the server's start delay (default 4 there).
     * @param deadBandTicks    no adjustment within target +- this; 1 is a good default.
     * @param gainPerTick      rate change per tick of error beyond the dead band, e.g. 0.01 (1%).
     * @param maxAdjust        largest change from real time, e.g. 0.05 (5%).
     */
    public TickRateController(final int targetSlackTicks, final int deadBandTicks, final double gainPerTick,
        final double maxAdjust)
    {
        this.targetSlackTicks = targetSlackTicks;
        this.deadBandTicks = deadBandTicks;
        this.gainPerTick = gainPerTick;
        this.maxAdjust = maxAdjust;
    }

    /** A controller holding 4 ticks of slack, dead band 1, 1% per tick, at most 5%. */
    public static TickRateController withDefaults()
    {
        return new TickRateController(4, 1, 0.01, 0.05);
    }

    /** @return the rate scale for {@link TickClock#rateScale(double)} given the server's reported slack. */
    public double rateScale(final int reportedSlackTicks)
    {
        final int error = targetSlackTicks - reportedSlackTicks;
        if (Math.abs(error) <= deadBandTicks)
        {
            return 1.0;
        }
        final int beyond = error > 0 ? error - deadBandTicks : error + deadBandTicks;
        return 1.0 + Math.max(-maxAdjust, Math.min(maxAdjust, beyond * gainPerTick));
    }
}
