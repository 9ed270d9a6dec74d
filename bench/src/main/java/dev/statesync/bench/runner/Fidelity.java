package dev.statesync.bench.runner;

import java.util.Arrays;

import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.snapshot.SnapshotDisplay;
import dev.statesync.sync.snapshot.SnapshotDisplayConfig;
import dev.statesync.sync.snapshot.SnapshotDisplayDelay;

/**
 * How closely the replica shows what the authority simulated.
 *
 * <p>A replica displays the world an interpolation delay in the past, {@code D} ticks, so that the snapshots it
 * needs have arrived: by default the library's {@link SnapshotDisplayDelay},
 * {@code D = ceil((one-way latency + jitter) / tick) + 2 * send interval} with the interval measured from the
 * snapshots the replica applies ({@link #recordSnapshot}); at a snapshot every tick that is the fixed
 * {@code ceil((latency + jitter) / tick) + 2} ({@link #interpolationDelayTicks}), which the plain constructors use.
 * At every tick
 * {@code T} (once {@code T > D}) and for every object, the <b>displayed state</b> is what the library's
 * {@link SnapshotDisplay} shows at display tick {@code S = T - D}, so the measured error is what a game using it
 * sees: the newest state held with tick {@code A <= S} (an object not sent because it did not change keeps its
 * older state, which is still correct); blended from {@code A} towards the next state {@code B > S} when that is
 * already held and {@code B - A <= 16} ({@code --blend-from-rest-ticks}, default 0, when {@code A} is at rest;
 * without it two lost ticks in a row showed a cube knocked at 19 m/s two ticks stale: a 0.64 m error in an
 * otherwise millimetre display); and, when nothing
 * newer than {@code A} is held, the object moves faster than 2 m/s and {@code --extrapolate-ms} is above 0
 * (default 150), continued along its velocity for at most that long ({@link SnapshotDisplayConfig} has the rules
 * and the measured defaults).
 * It is compared with the authority's float state at {@code S} (for quantize-both-sides, the dequantized state
 * the authority's own scene holds):
 * <ul>
 *   <li>position error: distance in metres (mean, p99, max over all ticks and objects);</li>
 *   <li>rotation error: the angle between the two quaternions in degrees (2D: the wrapped angle
 *       difference), p99;</li>
 *   <li>resting jitter: the largest distance a displayed object moved between consecutive ticks while the
 *       authority held it at rest throughout and the replica already displayed a state from within that
 *       rest (a resting object that visibly creeps on the replica). Must be 0 with quantize-both-sides.</li>
 * </ul>
 * Objects the replica has not received by {@code S} are counted as unheld, not as errors. The error
 * combines quantization, packet loss (an older or blended state shown) and anything the codec gets wrong. The
 * snapshots that did arrive are shown as they are: the display samples the interpolation at tick instants.
 */
public final class Fidelity
{
    private static final int NO_TICK = SnapshotDisplay.NO_TICK;

    private final boolean is3d;
    private final int objects;
    private final int stride;
    private final int delayTicks;
    /** The delay rule following the send interval, or null for the fixed {@link #delayTicks}. */
    private final SnapshotDisplayDelay delay;
    private final double tickMs;
    private int delayMinTicks = Integer.MAX_VALUE;
    private int delayMaxTicks = Integer.MIN_VALUE;
    private long delaySum;
    private long delaySamples;
    private final int authorityDepth;
    private final float[][] authority;
    private final int[] authorityTicks;

    private final SnapshotDisplay display;
    private final float[] shownRecord;

    private final float[] lastDisplayedPos;
    private final boolean[] lastDisplayedValid;
    private final int[] lastDisplayedTick;
    private final int[] restSinceTick;
    /** The display tick of the previous evaluation: the delay rule may make the display jump or repeat ticks. */
    private int lastShown = NO_TICK;

    private float[] positionErrors;
    private float[] rotationErrorsDeg;
    private int samples;
    private long unheld;
    private double positionErrorSum;
    private double positionErrorMax;
    private double restingJitterM;
    private final double[] meanErrorByTick;
    private final double[] maxErrorByTick;
    private final SceneViews views;
    /** Diagnostics of the largest errors, or null (the default): see {@link #explainErrors}. */
    private DisplayErrorCauses causes;

    /**
     * A display that never extrapolates, of 3D records without velocities or 2D records with them.
     *
     * @param is3d       3D records (else 2D).
     * @param objects    objects per tick.
     * @param delayTicks the interpolation delay D, ticks.
     * @param ticks      ticks of the run (sizes the per-tick series).
     */
    public Fidelity(final boolean is3d, final int objects, final int delayTicks, final int ticks)
    {
        this(is3d ? StateSchema.snapshot3d() : StateSchema.default2d(), objects, delayTicks, ticks,
            new SnapshotDisplayConfig());
    }

    /**
     * @param schema     the schema of the records (2D or 3D, with or without velocities).
     * @param objects    objects per tick.
     * @param delayTicks the interpolation delay D, ticks.
     * @param ticks      ticks of the run (sizes the per-tick series).
     * @param display    the replica's display settings (the library's {@link SnapshotDisplay} shows every state).
     */
    public Fidelity(
        final StateSchema schema, final int objects, final int delayTicks, final int ticks,
        final SnapshotDisplayConfig display)
    {
        this(schema, objects, delayTicks, null, ticks, display);
    }

    /**
     * @param schema  the schema of the records (2D or 3D, with or without velocities).
     * @param objects objects per tick.
     * @param delay   the display delay rule, fed by {@link #recordSnapshot}; its delay at each evaluated tick is used.
     * @param ticks   ticks of the run (sizes the per-tick series).
     * @param display the replica's display settings.
     */
    public Fidelity(
        final StateSchema schema, final int objects, final SnapshotDisplayDelay delay, final int ticks,
        final SnapshotDisplayConfig display)
    {
        this(schema, objects, delay.delayTicks(), delay, ticks, display);
    }

    private Fidelity(
        final StateSchema schema, final int objects, final int delayTicks, final SnapshotDisplayDelay delay,
        final int ticks, final SnapshotDisplayConfig display)
    {
        this.is3d = schema.is3d();
        this.objects = objects;
        this.stride = FloatRecords.stride(is3d);
        this.delayTicks = delayTicks;
        this.delay = delay;
        this.tickMs = display.tickDurationNs() / 1e6;
        this.authorityDepth = (delay == null ? delayTicks : Math.max(delayTicks, delay.ceilingTicks())) + 2;
        authority = new float[authorityDepth][objects * stride];
        authorityTicks = new int[authorityDepth];
        Arrays.fill(authorityTicks, NO_TICK);
        this.display = new SnapshotDisplay(schema, objects, display);
        shownRecord = new float[stride];
        lastDisplayedPos = new float[objects * 3];
        lastDisplayedValid = new boolean[objects];
        lastDisplayedTick = new int[objects];
        restSinceTick = new int[objects];
        Arrays.fill(restSinceTick, NO_TICK);
        positionErrors = new float[Math.max(16, Math.min(ticks, 4096) * objects)];
        rotationErrorsDeg = new float[positionErrors.length];
        meanErrorByTick = new double[ticks + 1];
        maxErrorByTick = new double[ticks + 1];
        Arrays.fill(meanErrorByTick, Double.NaN);
        Arrays.fill(maxErrorByTick, Double.NaN);
        views = new SceneViews(objects, delayTicks, ticks);
    }

    /**
     * @param oneWayLatencyMs one-way latency, ms.
     * @param jitterMs        one-way jitter, ms.
     * @param tickRateHz      ticks per second.
     * @return the interpolation delay D in ticks: {@code ceil((latency + jitter) / tick) + 2}.
     */
    public static int interpolationDelayTicks(final double oneWayLatencyMs, final double jitterMs, final int tickRateHz)
    {
        return SnapshotDisplayDelay.delayTicks(SnapshotDisplayDelay.transitTicks(oneWayLatencyMs, jitterMs, tickRateHz),
            1, 1);
    }

    /**
     * Also hand every displayed error to {@code causes} (null: stop), which classifies the largest by what
     * happened to the object's snapshots in the gap before them. A diagnostic: the figures do not change.
     */
    void explainErrors(final DisplayErrorCauses causes)
    {
        this.causes = causes;
    }

    /** @return the error diagnostics attached by {@link #explainErrors}, or null. */
    DisplayErrorCauses errorCauses()
    {
        return causes;
    }

    /** @return D at the start of the run, ticks (the fixed one, or the rule's before any snapshot). */
    public int delayTicks()
    {
        return delayTicks;
    }

    /** The replica applied the snapshot of {@code tick}: the delay rule measures the send interval from these. */
    public void recordSnapshot(final int tick)
    {
        if (delay != null)
        {
            delay.onSnapshot(tick);
        }
    }

    /** @return the delays the figures were measured at. */
    DisplayDelayFigures delayFigures()
    {
        if (delaySamples == 0)
        {
            return new DisplayDelayFigures(delayTicks, delayTicks, delayTicks, tickMs, -1);
        }
        return new DisplayDelayFigures(delayMinTicks, delayMaxTicks, (double)delaySum / delaySamples, tickMs,
            delay == null ? -1 : delay.sparePackets());
    }

    /** Count {@code d}, the delay of an evaluated tick, into {@link #delayFigures}. */
    private void recordDelay(final int d)
    {
        delayMinTicks = Math.min(delayMinTicks, d);
        delayMaxTicks = Math.max(delayMaxTicks, d);
        delaySum += d;
        delaySamples++;
    }

    /** The authority's float records of all objects at {@code tick} (copied). */
    public void recordAuthority(final int tick, final float[] records)
    {
        final int slot = Math.floorMod(tick, authorityDepth);
        System.arraycopy(records, 0, authority[slot], 0, objects * stride);
        authorityTicks[slot] = tick;
    }

    /** The replica now holds {@code record} as object {@code object}'s state of {@code tick} (copied). */
    public void recordReplica(final int object, final int tick, final float[] record, final int offset)
    {
        display.hold(object, tick, record, offset);
    }

    /** Compare the replica's display at {@code tick} with the authority at {@code tick - D}. */
    public void evaluate(final int tick)
    {
        final int d = delay == null ? delayTicks : delay.delayTicks();
        final int shown = tick - d;
        final int slot = Math.floorMod(shown, authorityDepth);
        if (shown < 1 || authorityTicks[slot] != shown)
        {
            return;
        }
        recordDelay(d);
        // The display moved on by exactly one tick: resting jitter compares consecutive ticks only (a changed
        // delay jumps ahead or back, and a jump over the tick an object came to rest is no creep).
        final boolean continuous = lastShown != NO_TICK && shown == lastShown + 1;
        lastShown = shown;
        final float[] truth = authority[slot];
        final int previousSlot = Math.floorMod(shown - 1, authorityDepth);
        final float[] previousTruth = authorityTicks[previousSlot] == shown - 1 ? authority[previousSlot] : null;
        final int restOffset = stride - 1;
        double tickSum = 0;
        double tickMax = 0;
        int tickSamples = 0;
        for (int object = 0; object < objects; object++)
        {
            final int a = object * stride;
            final boolean atRest = truth[a + restOffset] != 0f;
            final boolean wasAtRest = previousTruth != null && previousTruth[a + restOffset] != 0f;
            if (!continuous)
            {
                restSinceTick[object] = atRest ? shown : NO_TICK;
            }
            else if (atRest && !wasAtRest)
            {
                restSinceTick[object] = shown;
            }
            else if (!atRest)
            {
                restSinceTick[object] = NO_TICK;
            }

            views.authority(object, truth[a], truth[a + 1]);
            final float[] shownState = shownRecord;
            if (display.show(object, shown, shownState, 0) == SnapshotDisplay.NOTHING)
            {
                unheld++;
                lastDisplayedValid[object] = false;
                continue;
            }
            final int displayedTick = display.shownTick();
            final int blendedTowards = display.shownTowardsTick();
            final int ro = 0;
            final double dx = shownState[ro] - truth[a];
            final double dy = shownState[ro + 1] - truth[a + 1];
            final double dz = is3d ? shownState[ro + 2] - truth[a + 2] : 0;
            final double error = Math.sqrt(dx * dx + dy * dy + dz * dz);
            addSample(error, rotationErrorDeg(shownState, ro, truth, a));
            if (causes != null)
            {
                causes.offer(object, shown, displayedTick, blendedTowards, error);
            }
            views.replica(object, shownState[ro], shownState[ro + 1], error);
            tickSum += error;
            tickMax = Math.max(tickMax, error);
            tickSamples++;

            final int p = object * 3;
            if (continuous && atRest && wasAtRest && lastDisplayedValid[object] && restSinceTick[object] != NO_TICK &&
                lastDisplayedTick[object] >= restSinceTick[object])
            {
                final double mx = shownState[ro] - lastDisplayedPos[p];
                final double my = shownState[ro + 1] - lastDisplayedPos[p + 1];
                final double mz = is3d ? shownState[ro + 2] - lastDisplayedPos[p + 2] : 0;
                restingJitterM = Math.max(restingJitterM, Math.sqrt(mx * mx + my * my + mz * mz));
            }
            lastDisplayedPos[p] = shownState[ro];
            lastDisplayedPos[p + 1] = shownState[ro + 1];
            lastDisplayedPos[p + 2] = is3d ? shownState[ro + 2] : 0f;
            lastDisplayedValid[object] = true;
            lastDisplayedTick[object] = displayedTick;
        }
        views.end(tick, shown, tickSamples == 0 ? -1 : tickMax);
        if (tick < meanErrorByTick.length)
        {
            meanErrorByTick[tick] = tickSamples == 0 ? Double.NaN : tickSum / tickSamples;
            maxErrorByTick[tick] = tickSamples == 0 ? Double.NaN : tickMax;
        }
    }

    private double rotationErrorDeg(final float[] shown, final int s, final float[] truth, final int t)
    {
        if (is3d)
        {
            final double dot = Math.abs((double)shown[s + 3] * truth[t + 3] + (double)shown[s + 4] * truth[t + 4] +
                (double)shown[s + 5] * truth[t + 5] + (double)shown[s + 6] * truth[t + 6]);
            final double normShown = Math.sqrt(sq(shown[s + 3]) + sq(shown[s + 4]) + sq(shown[s + 5]) + sq(shown[s + 6]));
            final double normTruth = Math.sqrt(sq(truth[t + 3]) + sq(truth[t + 4]) + sq(truth[t + 5]) + sq(truth[t + 6]));
            final double cos = Math.min(1.0, dot / Math.max(1e-12, normShown * normTruth));
            return Math.toDegrees(2 * Math.acos(cos));
        }
        double difference = Math.IEEEremainder((double)shown[s + 2] - truth[t + 2], 2 * Math.PI);
        return Math.toDegrees(Math.abs(difference));
    }

    private static double sq(final double x)
    {
        return x * x;
    }

    private void addSample(final double positionError, final double rotationError)
    {
        if (samples == positionErrors.length)
        {
            positionErrors = Arrays.copyOf(positionErrors, samples * 2);
            rotationErrorsDeg = Arrays.copyOf(rotationErrorsDeg, samples * 2);
        }
        positionErrors[samples] = (float)positionError;
        rotationErrorsDeg[samples] = (float)rotationError;
        samples++;
        positionErrorSum += positionError;
        positionErrorMax = Math.max(positionErrorMax, positionError);
    }

    /** @return (object, tick) pairs compared. */
    public int samples()
    {
        return samples;
    }

    /** @return (object, tick) pairs shown blended across a gap of lost or late snapshots. */
    public long blended()
    {
        return display.blendedCount();
    }

    /** @return (object, tick) pairs shown extrapolated past the newest state held (starved). */
    public long extrapolated()
    {
        return display.extrapolatedCount();
    }

    /** @return (object, tick) pairs the replica did not yet hold. */
    public long unheld()
    {
        return unheld;
    }

    /** @return mean position error, metres (NaN without samples). */
    public double positionErrorMeanM()
    {
        return samples == 0 ? Double.NaN : positionErrorSum / samples;
    }

    /** @return largest position error, metres (NaN without samples). */
    public double positionErrorMaxM()
    {
        return samples == 0 ? Double.NaN : positionErrorMax;
    }

    /** @return 99th percentile position error, metres (NaN without samples). */
    public double positionErrorP99M()
    {
        return percentile(positionErrors, 0.99);
    }

    /** @return 99th percentile rotation error, degrees (NaN without samples). */
    public double rotationErrorP99Deg()
    {
        return percentile(rotationErrorsDeg, 0.99);
    }

    /** @return resting jitter, metres (see class doc). */
    public double restingJitterM()
    {
        return restingJitterM;
    }

    /** @return the top-down views: four evenly spaced display ticks, then the one with the largest error. */
    public java.util.List<SceneView> sceneViews()
    {
        return views.views();
    }

    /** @return mean position error of the display at each tick (index = tick; NaN where none), metres. */
    public double[] meanErrorByTickM()
    {
        return meanErrorByTick.clone();
    }

    /** @return largest position error of the display at each tick (index = tick; NaN where none), metres. */
    public double[] maxErrorByTickM()
    {
        return maxErrorByTick.clone();
    }

    private double percentile(final float[] values, final double fraction)
    {
        if (samples == 0)
        {
            return Double.NaN;
        }
        final float[] sorted = Arrays.copyOf(values, samples);
        Arrays.sort(sorted);
        final int index = (int)Math.min(samples - 1, Math.ceil(fraction * samples) - 1);
        return sorted[Math.max(0, index)];
    }
}
