package dev.statesync.sync.snapshot;

/**
 * Settings of a {@link SnapshotDisplay}. Fluent setters; defaults in the setters' docs, chosen by measurement on
 * the default cubes run (results.md, "Largest displayed error").
 */
public final class SnapshotDisplayConfig
{
    /** Default {@link #maxBlendTicks}: 16 ticks. */
    public static final int DEFAULT_MAX_BLEND_TICKS = 16;
    /** Default {@link #maxBlendFromRestTicks}: 0 (a state at rest is held until the next one). */
    public static final int DEFAULT_MAX_BLEND_FROM_REST_TICKS = 0;
    /** Default {@link #maxExtrapolationNs}: 150 ms. */
    public static final long DEFAULT_MAX_EXTRAPOLATION_NS = 150_000_000L;
    /** Default {@link #minExtrapolationSpeedMps}: 2 m/s. */
    public static final double DEFAULT_MIN_EXTRAPOLATION_SPEED_MPS = 2.0;
    /** Default {@link #maxVelocitySpanTicks}: 4 ticks. */
    public static final int DEFAULT_MAX_VELOCITY_SPAN_TICKS = 4;

    private int historyDepth = 32;
    private int maxBlendTicks = DEFAULT_MAX_BLEND_TICKS;
    private int maxBlendFromRestTicks = DEFAULT_MAX_BLEND_FROM_REST_TICKS;
    private long maxExtrapolationNs = DEFAULT_MAX_EXTRAPOLATION_NS;
    private int maxVelocitySpanTicks = DEFAULT_MAX_VELOCITY_SPAN_TICKS;
    private long tickDurationNs = 1_000_000_000L / 60;
    private double minExtrapolationSpeedMps = DEFAULT_MIN_EXTRAPOLATION_SPEED_MPS;
    private double groundHeightM = Double.NaN;
    private double groundClearanceM;

    /** States kept per object, >= 4; default 32 (half a second at 60 Hz: well beyond any interpolation delay). */
    public SnapshotDisplayConfig historyDepth(final int historyDepth)
    {
        if (historyDepth < 4)
        {
            throw new IllegalArgumentException("historyDepth must be >= 4, got " + historyDepth);
        }
        this.historyDepth = historyDepth;
        return this;
    }

    /**
     * Longest gap, ticks, between a held state and the next one that the display blends across; a longer gap is
     * an object that did not change (so was not sent) and is held. Default 16: at 8, four snapshots lost in a row
     * at a snapshot every 2 ticks (a 10-tick gap) froze a cube pushed at 17 m/s and showed it 2.95 m off (128
     * kbps, default cubes run); 12, 16 and 30 measured alike.
     */
    public SnapshotDisplayConfig maxBlendTicks(final int maxBlendTicks)
    {
        if (maxBlendTicks < 1)
        {
            throw new IllegalArgumentException("maxBlendTicks must be >= 1, got " + maxBlendTicks);
        }
        this.maxBlendTicks = maxBlendTicks;
        return this;
    }

    /**
     * Longest gap, ticks, from a held state at rest to the next held state that the display blends across (in
     * place of {@link #maxBlendTicks} for a state at rest); a longer gap holds the resting state until the next
     * one. 0 never blends from rest (a resting state is held until the next state, then the object jumps). Why:
     * a cube struck between its last resting state {@code A} and its next state {@code B} is otherwise shown
     * frozen until {@code B}; a sender that resends the last tick at rest before a strike gives the display that
     * corner, and blending from it starts the cube moving when it did. Why short: across a long gap (a cube at
     * rest for seconds, then struck) the blend shows it creeping away long before it was hit (at 3 a resend 4
     * ticks before the next state was already out of reach). Default 0: with a sender that does not resend the
     * last tick at rest (this library's today), the resting state held may be older than the strike, so blending
     * from it starts the cube early; on the default cubes run over six seeds, 8 left every largest error where it
     * was and raised position p99 by up to 0.02 mm (1.50 to 1.52 mm) unbudgeted and rotation p99 by up to 1% at
     * 128 kbps; 16 more (results.md, "Blending from rest"). A sender that resends those corner states wants 8: in
     * its prototype (the lead's measurement) the largest error at 128 kbps fell from 0.14-0.20 m to under 0.10 m
     * on six seeds.
     */
    public SnapshotDisplayConfig maxBlendFromRestTicks(final int maxBlendFromRestTicks)
    {
        if (maxBlendFromRestTicks < 0)
        {
            throw new IllegalArgumentException("maxBlendFromRestTicks must be >= 0, got " + maxBlendFromRestTicks);
        }
        this.maxBlendFromRestTicks = maxBlendFromRestTicks;
        return this;
    }

    /**
     * When the display runs past the newest state it holds of a moving object, it continues along the velocity
     * of that object's two newest states for at most this long, then holds where the extrapolation ended; 0 never
     * extrapolates (holds the newest state). Default 150 ms (9 ticks at 60 Hz): at 128 kbps it took the largest
     * error of the default run from 2.34 to 1.38 m, where 100 ms left 1.55 m and 200 ms measured as 150; see
     * {@link SnapshotDisplay} for what it buys and costs.
     */
    public SnapshotDisplayConfig maxExtrapolationNs(final long maxExtrapolationNs)
    {
        if (maxExtrapolationNs < 0)
        {
            throw new IllegalArgumentException("maxExtrapolationNs must be >= 0, got " + maxExtrapolationNs);
        }
        this.maxExtrapolationNs = maxExtrapolationNs;
        return this;
    }

    /**
     * The two states a velocity is estimated from must be at most this many ticks apart (an older pair says
     * little about the motion now); default 4 (two snapshots at 2 ticks a snapshot). At 8, a falling cube whose
     * states 6 ticks apart spanned its landing was continued through the floor, 1.36 m (128 kbps, seed 4); 3 and 4
     * measured alike on six seeds, 4 with the lower rotation p99.
     */
    public SnapshotDisplayConfig maxVelocitySpanTicks(final int maxVelocitySpanTicks)
    {
        if (maxVelocitySpanTicks < 1)
        {
            throw new IllegalArgumentException("maxVelocitySpanTicks must be >= 1, got " + maxVelocitySpanTicks);
        }
        this.maxVelocitySpanTicks = maxVelocitySpanTicks;
        return this;
    }

    /** The sender's fixed tick, to turn {@link #maxExtrapolationNs} into ticks; default 1/60 s. */
    public SnapshotDisplayConfig tickDurationNs(final long tickDurationNs)
    {
        if (tickDurationNs <= 0)
        {
            throw new IllegalArgumentException("tickDurationNs must be > 0, got " + tickDurationNs);
        }
        this.tickDurationNs = tickDurationNs;
        return this;
    }

    /**
     * Extrapolate only an object whose estimated speed is at least this, m/s: below it the velocity of two
     * quantized states is mostly quantization (one step of a 128/m grid in one tick reads as 0.47 m/s) and
     * continuing it moves a nearly still object by more than holding it errs. Default 2 m/s: without it, 100 to
     * 200 ms of extrapolation at 128 kbps raised the position p99 from 11.0 to 14.4-16.0 mm and rotation p99 from
     * 1.6 to 2.2-2.5 degrees, and the unbudgeted largest error from 0.071 to 0.079 m; at 1, 2 or 3 m/s all three
     * stay at or below the figures without extrapolation.
     */
    public SnapshotDisplayConfig minExtrapolationSpeedMps(final double minExtrapolationSpeedMps)
    {
        if (!(minExtrapolationSpeedMps >= 0))
        {
            throw new IllegalArgumentException("minExtrapolationSpeedMps must be >= 0, got " + minExtrapolationSpeedMps);
        }
        this.minExtrapolationSpeedMps = minExtrapolationSpeedMps;
        return this;
    }

    /**
     * A horizontal ground that extrapolation does not carry objects into (default: none). An object moving down is
     * extrapolated only until its position comes down to {@code clearanceM} above the plane, the lowest its body lets
     * it be, and is held there; one already that low and moving down is held where its newest state put it. Moving
     * level or up is extrapolated as without a ground. Why: extrapolation continues a straight line, and a body
     * falling onto the ground stops, bounces or tips over instead. Unbudgeted on the default cubes link, falling cubes
     * whose snapshots were lost as they landed were continued up to 0.26 m into the floor: the largest displayed
     * error of seeds 2, 5 and 7 (0.29, 0.30 and 0.21 m) fell to 0.16, 0.21 and 0.15 m with it, and at 128 kbps seed
     * 5's from 0.105 to 0.082 m; no run measured worse (results.md, "Extrapolation stops at the ground"). A larger
     * clearance, the height at which a body may first touch the ground in any orientation (a cube's half diagonal),
     * held cubes sliding fast along the ground while rocking down: seed 4's largest error rose from 0.15 to 0.27 m.
     *
     * @param heightM    height of the plane on the vertical axis (z in 3D, y in 2D), metres.
     * @param clearanceM the least height of an object's position above the plane, metres, at least 0 (a cube of
     *                   side {@code s} whose position is its centre: {@code s / 2}); for bodies of several sizes, the
     *                   smallest one's.
     * @return this.
     */
    public SnapshotDisplayConfig groundPlane(final double heightM, final double clearanceM)
    {
        if (!Double.isFinite(heightM) || !(clearanceM >= 0) || Double.isInfinite(clearanceM))
        {
            throw new IllegalArgumentException("ground height must be finite and clearance finite and >= 0, got " +
                heightM + " m, " + clearanceM + " m");
        }
        this.groundHeightM = heightM;
        this.groundClearanceM = clearanceM;
        return this;
    }

    /** No ground plane (the default): extrapolation is not limited by height. */
    public SnapshotDisplayConfig noGroundPlane()
    {
        this.groundHeightM = Double.NaN;
        this.groundClearanceM = 0;
        return this;
    }

    /** @return whether a {@link #groundPlane(double, double)} is set. */
    public boolean hasGroundPlane()
    {
        return !Double.isNaN(groundHeightM);
    }

    /** @return the ground plane's height, metres; NaN when none is set. */
    public double groundHeightM()
    {
        return groundHeightM;
    }

    /** @return the objects' least height above the ground plane, metres (0 when none is set). */
    public double groundClearanceM()
    {
        return groundClearanceM;
    }

    /** @return see {@link #minExtrapolationSpeedMps(double)}. */
    public double minExtrapolationSpeedMps()
    {
        return minExtrapolationSpeedMps;
    }

    /** @return see {@link #historyDepth(int)}. */
    public int historyDepth()
    {
        return historyDepth;
    }

    /** @return see {@link #maxBlendTicks(int)}. */
    public int maxBlendTicks()
    {
        return maxBlendTicks;
    }

    /** @return see {@link #maxBlendFromRestTicks(int)}. */
    public int maxBlendFromRestTicks()
    {
        return maxBlendFromRestTicks;
    }

    /** @return see {@link #maxExtrapolationNs(long)}. */
    public long maxExtrapolationNs()
    {
        return maxExtrapolationNs;
    }

    /** @return see {@link #maxVelocitySpanTicks(int)}. */
    public int maxVelocitySpanTicks()
    {
        return maxVelocitySpanTicks;
    }

    /** @return see {@link #tickDurationNs(long)}. */
    public long tickDurationNs()
    {
        return tickDurationNs;
    }

    /** @return {@link #maxExtrapolationNs} in ticks (may be fractional). */
    public double maxExtrapolationTicks()
    {
        return (double)maxExtrapolationNs / tickDurationNs;
    }
}
