package dev.statesync.sync.snapshot;

/**
 * How far in the past a replica displays the world (the interpolation delay {@code D} a {@link SnapshotDisplay} is
 * shown at), from the link and the rate snapshots actually arrive at:
 * {@code D = ceil((one-way latency + jitter) / tick) + (sparePackets + 1) * send interval}, in ticks.
 *
 * <p>Why the send interval: a display blends between the states either side of the tick it shows, so it needs the
 * next snapshot before it shows a tick. Snapshots {@code I} ticks apart leave a gap of {@code I} ticks to the next
 * one; each lost packet adds another {@code I}. The delay that rides out {@code k} lost packets in a row is the
 * transit time plus {@code (k + 1) I} (Fiedler's snapshot interpolation; Source's {@code cl_interp} of two packets).
 * At a snapshot every tick and one spare packet that is transit plus 2 ticks, the fixed delay the runner always
 * used; under a budget that sends every 2-3 ticks, a fixed 2 ticks of spare is spent by a single lost packet and
 * the display is starved (results.md, "Display delay that follows the send interval").
 *
 * <p>The interval is measured, not told: {@link #onSnapshot} with the tick of each snapshot the replica applies.
 * A loss lengthens one gap, a longer send interval every gap, so the interval is the shortest of the last
 * {@link SnapshotDisplayDelayConfig#intervalSampleGaps} gaps. The delay follows a longer interval at once and a
 * shorter one only after {@link SnapshotDisplayDelayConfig#lowerAfterSnapshots} snapshots at it (lowering it makes
 * the display jump ahead, raising it makes it wait: both are visible, so it changes rarely). The cost is latency:
 * every tick of {@code D} is a tick the replica shows the past. Allocation-free. Not thread-safe.
 */
public final class SnapshotDisplayDelay
{
    private static final int NONE = Integer.MIN_VALUE;

    private final int transitTicks;
    private final int sparePackets;
    private final int maxIntervalTicks;
    private final int lowerAfter;
    private final int[] gaps;
    private int gapCount;
    private int gapHead;
    private int newestTick = NONE;
    private int delayTicks;
    private int intervalTicks;
    private int lowerCountdown;

    /**
     * @param oneWayLatencyMs one-way latency, ms, >= 0.
     * @param jitterMs        one-way jitter, ms, >= 0.
     * @param config          spare packets, interval sampling and limits (read now).
     */
    public SnapshotDisplayDelay(final double oneWayLatencyMs, final double jitterMs, final SnapshotDisplayDelayConfig config)
    {
        transitTicks = transitTicks(oneWayLatencyMs, jitterMs, config.tickRateHz());
        sparePackets = config.sparePackets();
        maxIntervalTicks = config.maxIntervalTicks();
        lowerAfter = config.lowerAfterSnapshots();
        gaps = new int[config.intervalSampleGaps()];
        intervalTicks = 1;
        delayTicks = delayTicks(transitTicks, sparePackets, 1);
    }

    /**
     * @param oneWayLatencyMs one-way latency, ms, >= 0.
     * @param jitterMs        one-way jitter, ms, >= 0.
     * @param tickRateHz      ticks per second, >= 1.
     * @return ticks a snapshot may take to arrive: {@code ceil((latency + jitter) / tick)}.
     */
    public static int transitTicks(final double oneWayLatencyMs, final double jitterMs, final int tickRateHz)
    {
        if (!(oneWayLatencyMs >= 0) || !(jitterMs >= 0) || tickRateHz < 1 ||
            Double.isInfinite(oneWayLatencyMs) || Double.isInfinite(jitterMs))
        {
            throw new IllegalArgumentException("need latency >= 0, jitter >= 0, tick rate >= 1; got " +
                oneWayLatencyMs + ", " + jitterMs + ", " + tickRateHz);
        }
        final double tickMs = 1000.0 / tickRateHz;
        return (int)Math.ceil((oneWayLatencyMs + jitterMs) / tickMs - 1e-9);
    }

    /**
     * The rule: {@code transitTicks + (sparePackets + 1) * intervalTicks}.
     *
     * @param transitTicks  ticks a snapshot may take to arrive ({@link #transitTicks}), >= 0.
     * @param sparePackets  lost packets in a row the display rides out without starving, >= 0.
     * @param intervalTicks ticks between snapshots, >= 1.
     * @return the display delay, ticks.
     */
    public static int delayTicks(final int transitTicks, final int sparePackets, final int intervalTicks)
    {
        if (transitTicks < 0 || sparePackets < 0 || intervalTicks < 1)
        {
            throw new IllegalArgumentException("need transit >= 0, spare >= 0, interval >= 1; got " +
                transitTicks + ", " + sparePackets + ", " + intervalTicks);
        }
        return transitTicks + (sparePackets + 1) * intervalTicks;
    }

    /**
     * The replica applied the snapshot of {@code tick} (older or repeated ticks are ignored).
     *
     * @param tick the snapshot's tick.
     */
    public void onSnapshot(final int tick)
    {
        if (newestTick != NONE && tick <= newestTick)
        {
            return;
        }
        if (newestTick != NONE)
        {
            gaps[gapHead] = (int)Math.min(maxIntervalTicks, (long)tick - newestTick);
            gapHead = (gapHead + 1) % gaps.length;
            gapCount = Math.min(gapCount + 1, gaps.length);
            int shortest = Integer.MAX_VALUE;
            for (int i = 0; i < gapCount; i++)
            {
                shortest = Math.min(shortest, gaps[i]);
            }
            final int target = delayTicks(transitTicks, sparePackets, shortest);
            if (target > delayTicks)
            {
                delayTicks = target;
                intervalTicks = shortest;
                lowerCountdown = lowerAfter;
            }
            else if (target < delayTicks)
            {
                if (--lowerCountdown <= 0)
                {
                    delayTicks = target;
                    intervalTicks = shortest;
                    lowerCountdown = lowerAfter;
                }
            }
            else
            {
                lowerCountdown = lowerAfter;
            }
        }
        newestTick = tick;
    }

    /** @return the display delay now, ticks: show display tick {@code now - delayTicks()}. */
    public int delayTicks()
    {
        return delayTicks;
    }

    /** @return the send interval the delay is based on now, ticks. */
    public int intervalTicks()
    {
        return intervalTicks;
    }

    /** @return the transit part of the delay, ticks. */
    public int transitTicks()
    {
        return transitTicks;
    }

    /** @return lost packets in a row the delay rides out. */
    public int sparePackets()
    {
        return sparePackets;
    }

    /** @return the largest delay this rule can reach, ticks: at the longest interval it measures. */
    public int ceilingTicks()
    {
        return delayTicks(transitTicks, sparePackets, maxIntervalTicks);
    }
}
