package dev.statesync.codec.priority;

/**
 * Chooses how often to send a snapshot under a bandwidth budget: every tick, or every 2, 3, ... ticks.
 *
 * <p>Why: a delta-coded snapshot's bits depend mostly on how old its baselines are <em>in time</em> (a round trip),
 * not on how many ticks passed since the last snapshot, and every packet pays the same framing (IP, UDP and
 * reliability headers, about 37 bytes). So sending half as often costs far less than half the bits per snapshot
 * more, and a budget that cannot carry every changed object 60 times a second often carries all of them 30 or 20
 * times a second; a replica that interpolates between snapshots shows the ticks in between with little error
 * (linear interpolation of free flight over two ticks at 60 Hz errs {@code g dt^2 / 8}, about 1.4 mm), while an
 * object left out of a full packet is shown stale.
 *
 * <p>The controller keeps a moving estimate of what one snapshot would need to carry <em>every</em> object that
 * needs sending: the bits of each snapshot sent, scaled up by needed/sent objects when the budget left some behind,
 * (at most twice), normalised to one tick by {@code interval ^ growthExponent} (bits per snapshot grow with the interval by that
 * exponent, measured on the cubes scene), plus the framing per packet. It then picks the shortest interval whose
 * predicted rate, {@code (payload(interval) + framing) * tickRate / interval}, fits {@code headroom} times the
 * budget (1.5 times by default: the priority decides what the busiest snapshots leave out);
 * a shorter interval than the current one only within {@link #DEFAULT_FASTER_MARGIN} of that, so it does not
 * flap. It decides again every {@code holdSnapshots} snapshots. Allocation-free. Not thread-safe.
 *
 * <p>Each tick: send a snapshot when {@link #intervalTicks()} ticks passed since the last one, giving it the
 * budget's bytes of all those ticks; after sending, {@link #onSent}.
 */
public final class SendRateController
{
    /**
     * Default share of the budget the chosen rate's predicted bits may use: 1.5, so the budget binds on the busiest
     * snapshots rather than the rate dropping for them (the prediction, scaled up by needed/sent objects, also
     * overstates). Measured on the cubes scene at 128 kbps with error priority and 256 units/m, 7 bits: 1.5 gave
     * position p99 10.5 mm and rotation p99 1.75 degrees, 1.3 gave 11.0 mm and 1.81, 1.15 (mostly every 3 ticks)
     * 14.5 mm and 2.29 degrees.
     */
    public static final double DEFAULT_HEADROOM = 1.5;
    /**
     * Default exponent of bits per snapshot against the send interval: on the cubes scene at a 100 ms round trip,
     * unbudgeted, a snapshot every 2 ticks costs 1.07x the bits of one every tick, every 3 ticks 1.14x, every 4 ticks 1.16x (see
     * {@code src/site/results.md}, "Rate-distortion under a budget").
     */
    public static final double DEFAULT_GROWTH_EXPONENT = 0.1;
    /** Default: a faster rate must fit within this share of the headroom, so the rate does not flap. */
    public static final double DEFAULT_FASTER_MARGIN = 0.85;
    /** Default snapshots between decisions. */
    public static final int DEFAULT_HOLD_SNAPSHOTS = 10;
    /** Most a snapshot's bits are scaled up for the objects its budget left behind. */
    private static final double MAX_DEMAND_SCALE = 2.0;
    /** Weight of the newest snapshot in the moving estimates. */
    private static final double SMOOTHING = 0.1;

    private final double budgetBitsPerSecond;
    private final int tickRateHz;
    private final int maxIntervalTicks;
    private final double headroom;
    private final double growthExponent;
    private final int holdSnapshots;

    private int intervalTicks = 1;
    private double payloadBitsPerTick = Double.NaN;
    private double framingBits = Double.NaN;
    private int snapshotsSinceDecision;
    private long changes;

    /**
     * A controller with the default headroom, growth exponent and hold.
     *
     * @param budgetBitsPerSecond the budget on the wire, bits per second, framing included, > 0.
     * @param tickRateHz          ticks per second, > 0.
     * @param maxIntervalTicks    longest interval to choose, >= 1 (keep it within what the replica interpolates).
     */
    public SendRateController(final double budgetBitsPerSecond, final int tickRateHz, final int maxIntervalTicks)
    {
        this(budgetBitsPerSecond, tickRateHz, maxIntervalTicks, DEFAULT_HEADROOM, DEFAULT_GROWTH_EXPONENT,
            DEFAULT_HOLD_SNAPSHOTS);
    }

    /**
     * @param budgetBitsPerSecond the budget on the wire, bits per second, framing included, > 0.
     * @param tickRateHz          ticks per second, > 0.
     * @param maxIntervalTicks    longest interval to choose, >= 1.
     * @param headroom            share of the budget the predicted rate may use, (0, 2].
     * @param growthExponent      bits per snapshot grow as {@code interval ^ growthExponent}, 0..1.
     * @param holdSnapshots       snapshots between decisions, >= 1.
     */
    public SendRateController(
        final double budgetBitsPerSecond,
        final int tickRateHz,
        final int maxIntervalTicks,
        final double headroom,
        final double growthExponent,
        final int holdSnapshots)
    {
        if (!(budgetBitsPerSecond > 0) || Double.isInfinite(budgetBitsPerSecond))
        {
            throw new IllegalArgumentException("budgetBitsPerSecond must be finite and > 0, got " + budgetBitsPerSecond);
        }
        if (tickRateHz < 1 || maxIntervalTicks < 1 || holdSnapshots < 1)
        {
            throw new IllegalArgumentException("tickRateHz, maxIntervalTicks and holdSnapshots must be >= 1, got " +
                tickRateHz + ", " + maxIntervalTicks + ", " + holdSnapshots);
        }
        if (!(headroom > 0 && headroom <= 2) || !(growthExponent >= 0 && growthExponent <= 1))
        {
            throw new IllegalArgumentException("headroom must be in (0, 2] and growthExponent in [0, 1], got " +
                headroom + ", " + growthExponent);
        }
        this.budgetBitsPerSecond = budgetBitsPerSecond;
        this.tickRateHz = tickRateHz;
        this.maxIntervalTicks = maxIntervalTicks;
        this.headroom = headroom;
        this.growthExponent = growthExponent;
        this.holdSnapshots = holdSnapshots;
    }

    /** @return ticks from one snapshot to the next, 1 .. maxIntervalTicks (1 until the first decision). */
    public int intervalTicks()
    {
        return intervalTicks;
    }

    /** @return times the interval changed. */
    public long changes()
    {
        return changes;
    }

    /** Start again as built, for a new connection: every tick, no estimate, no changes counted. Allocates nothing. */
    public void reset()
    {
        intervalTicks = 1;
        payloadBitsPerTick = Double.NaN;
        framingBits = Double.NaN;
        snapshotsSinceDecision = 0;
        changes = 0;
    }

    /**
     * A snapshot was sent at the current interval.
     *
     * @param wireBits      its bits on the wire, framing included.
     * @param framing       of those, the framing (IP, UDP, reliability headers), bits.
     * @param neededObjects objects that needed sending in it.
     * @param sentObjects   objects it carried.
     */
    public void onSent(final long wireBits, final int framing, final int neededObjects, final int sentObjects)
    {
        if (wireBits < 0 || framing < 0 || neededObjects < 0 || sentObjects < 0)
        {
            throw new IllegalArgumentException("counts must be >= 0");
        }
        double payload = Math.max(0, wireBits - framing);
        if (sentObjects < neededObjects)
        {
            // The budget left objects behind: what carrying all of them would cost, roughly, by count, at most
            // MAX_DEMAND_SCALE times what was sent. Uncapped, start-up (every object needed, a few dozen sent)
            // predicted thirty times the budget and held the slowest rate for seconds while cubes were flung.
            payload = payload * Math.min(MAX_DEMAND_SCALE, (double)neededObjects / Math.max(1, sentObjects));
        }
        final double perTick = payload / Math.pow(intervalTicks, growthExponent);
        if (Double.isNaN(payloadBitsPerTick))
        {
            payloadBitsPerTick = perTick;
            framingBits = framing;
        }
        else
        {
            payloadBitsPerTick += SMOOTHING * (perTick - payloadBitsPerTick);
            framingBits += SMOOTHING * (framing - framingBits);
        }
        if (++snapshotsSinceDecision >= holdSnapshots)
        {
            snapshotsSinceDecision = 0;
            decide();
        }
    }

    /**
     * @param interval ticks per snapshot, >= 1.
     * @return bits per second the current estimate predicts at that interval (NaN before the first snapshot).
     */
    public double predictedBitsPerSecond(final int interval)
    {
        if (interval < 1)
        {
            throw new IllegalArgumentException("interval must be >= 1, got " + interval);
        }
        return (payloadBitsPerTick * Math.pow(interval, growthExponent) + framingBits) * tickRateHz / interval;
    }

    private void decide()
    {
        final double allowed = headroom * budgetBitsPerSecond;
        int chosen = maxIntervalTicks;
        for (int interval = 1; interval <= maxIntervalTicks; interval++)
        {
            final double limit = interval < intervalTicks ? DEFAULT_FASTER_MARGIN * allowed : allowed;
            if (predictedBitsPerSecond(interval) <= limit)
            {
                chosen = interval;
                break;
            }
        }
        if (chosen != intervalTicks)
        {
            intervalTicks = chosen;
            changes++;
        }
    }
}
