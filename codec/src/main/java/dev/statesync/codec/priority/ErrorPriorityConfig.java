package dev.statesync.codec.priority;

/**
 * Settings of an {@link ErrorPriorityPolicy}: how the error of leaving an object unsent is measured and turned
 * into priority. Errors are in metres; a rotation error is converted to metres by {@link #rotationWeightMPerRad}.
 * Mutable builder-style setters, validated as they are set; the policy copies the values at construction.
 */
public final class ErrorPriorityConfig
{
    /** Default {@link #rotationWeightMPerRad}: 0.57 m per radian, so 2 cm of position weighs as 2 degrees of rotation. */
    public static final float DEFAULT_ROTATION_WEIGHT_M_PER_RAD = 0.573f;
    /** Default {@link #floorPerTick}: 1e-4 m of priority per tick (0.1 mm), far below any visible error. */
    public static final float DEFAULT_FLOOR_PER_TICK = 1e-4f;
    /** Default {@link #inFlightTicks}: 12 ticks, the snapshot resend timeout's floor (200 ms at 60 Hz). */
    public static final int DEFAULT_IN_FLIGHT_TICKS = 12;
    /**
     * Default {@link #unheldErrorM}: 5 cm a tick. Objects the replica never received (all of them at start-up) go out
     * steadily, without outranking an object moving faster than 3 m/s, whose error grows by more each tick.
     */
    public static final float DEFAULT_UNHELD_ERROR_M = 0.05f;
    /** Default {@link #historyDepth}: 16 sends per object, more than a round trip of sends at 60 Hz up to 250 ms. */
    public static final int DEFAULT_HISTORY_DEPTH = 16;

    /**
     * Default {@link #assumedLossFraction}: 0.05, the packet loss taken until the link has measured its own (the
     * reliability layer's estimate is trusted only after a full window of packets, seconds into a connection).
     */
    public static final double DEFAULT_ASSUMED_LOSS_FRACTION = 0.05;
    /**
     * Default {@link #unackedLossWeight}: 0, a send in flight is trusted until its ack is overdue. Weight 1 (the
     * expected error under the loss as it is) was measured at 128 kbps on the cubes run over six seeds and was no
     * better: largest error 0.86 against 0.31 m on the default seed, equal or worse on the others, position p99
     * +1.5 mm on the default seed; weight 10 (half the sends in flight doubted) gave the same mean of the six
     * maxima, 0.45 m, with a worse p99 (results.md, "Display delay that follows the send interval").
     */
    public static final double DEFAULT_UNACKED_LOSS_WEIGHT = 0.0;

    /** How the per-tick error becomes an object's priority. */
    public enum Mode
    {
        /**
         * Priority is the error summed over the ticks the object waited (metre-ticks): Fiedler's accumulator fed
         * the error as its factor. Long-waiting small errors eventually beat brief large ones.
         */
        ACCUMULATED,
        /**
         * Priority is the largest error the object showed since its last send (plus the floor for each tick it
         * waited): the packet goes to the objects the replica shows worst right now.
         */
        PEAK
    }

    private float rotationWeightMPerRad = DEFAULT_ROTATION_WEIGHT_M_PER_RAD;
    private float floorPerTick = DEFAULT_FLOOR_PER_TICK;
    private int inFlightTicks = DEFAULT_IN_FLIGHT_TICKS;
    private float unheldErrorM = DEFAULT_UNHELD_ERROR_M;
    private int historyDepth = DEFAULT_HISTORY_DEPTH;
    private Mode mode = Mode.ACCUMULATED;
    private double displayExtrapolationTicks;
    private double displayMinStepMPerTick;
    private int displayVelocitySpanTicks = 8;
    private double assumedLossFraction = DEFAULT_ASSUMED_LOSS_FRACTION;
    private double unackedLossWeight = DEFAULT_UNACKED_LOSS_WEIGHT;

    /**
     * @param metresPerRadian metres of position error one radian of rotation error is worth, >= 0 and finite.
     *                        Roughly the object's radius turns it into the displacement of its corners; the
     *                        default makes the usual targets (2 cm, 2 degrees) weigh the same.
     * @return this.
     */
    public ErrorPriorityConfig rotationWeightMPerRad(final float metresPerRadian)
    {
        if (!(metresPerRadian >= 0) || !Float.isFinite(metresPerRadian))
        {
            throw new IllegalArgumentException("rotationWeightMPerRad must be finite and >= 0, got " + metresPerRadian);
        }
        rotationWeightMPerRad = metresPerRadian;
        return this;
    }

    /** @return metres per radian of rotation error. */
    public float rotationWeightMPerRad()
    {
        return rotationWeightMPerRad;
    }

    /**
     * @param metresPerTick priority every object gains per tick it waits whatever its error, > 0 and finite: the
     *                      guarantee that no object the sender still has to send (a repeat of a final resting
     *                      state, say) starves forever behind objects with larger errors.
     * @return this.
     */
    public ErrorPriorityConfig floorPerTick(final float metresPerTick)
    {
        if (!(metresPerTick > 0) || !Float.isFinite(metresPerTick))
        {
            throw new IllegalArgumentException("floorPerTick must be finite and > 0, got " + metresPerTick);
        }
        floorPerTick = metresPerTick;
        return this;
    }

    /** @return priority per tick of waiting, metres. */
    public float floorPerTick()
    {
        return floorPerTick;
    }

    /**
     * @param ticks how long a sent, unacked state is assumed to have arrived, ticks, >= 0: about the round trip
     *              plus jitter. Past it the replica is assumed to show the newest acked state instead (the send
     *              was most likely lost). A caller that measures the round trip may move it at run time
     *              ({@code ErrorPriorityPolicy.inFlightTicks(int)}; {@code SnapshotRateControl} does, from its
     *              reliability layer's estimate, once it has one): this is then the value until the first sample.
     * @return this.
     */
    public ErrorPriorityConfig inFlightTicks(final int ticks)
    {
        if (ticks < 0)
        {
            throw new IllegalArgumentException("inFlightTicks must be >= 0, got " + ticks);
        }
        inFlightTicks = ticks;
        return this;
    }

    /** @return ticks a sent state is trusted before its ack. */
    public int inFlightTicks()
    {
        return inFlightTicks;
    }

    /**
     * @param metres the error counted for an object the replica holds no state of, >= 0 and finite.
     * @return this.
     */
    public ErrorPriorityConfig unheldErrorM(final float metres)
    {
        if (!(metres >= 0) || !Float.isFinite(metres))
        {
            throw new IllegalArgumentException("unheldErrorM must be finite and >= 0, got " + metres);
        }
        unheldErrorM = metres;
        return this;
    }

    /** @return error of an object the replica holds nothing of, metres. */
    public float unheldErrorM()
    {
        return unheldErrorM;
    }

    /**
     * @param sends sent states remembered per object, 1..1024: enough to find the acked one a round trip back.
     * @return this.
     */
    public ErrorPriorityConfig historyDepth(final int sends)
    {
        if (sends < 1 || sends > 1024)
        {
            throw new IllegalArgumentException("historyDepth must be 1..1024, got " + sends);
        }
        historyDepth = sends;
        return this;
    }

    /** @return sent states remembered per object. */
    public int historyDepth()
    {
        return historyDepth;
    }

    /**
     * @param mode how error becomes priority (default {@link Mode#ACCUMULATED}: on the cubes scene at 128 kbps it
     *             gave position p99 11.8 mm and rotation p99 2.1 degrees where {@link Mode#PEAK} gave 16.3 mm and
     *             3.2 degrees, at the same largest error).
     * @return this.
     */
    public ErrorPriorityConfig mode(final Mode mode)
    {
        if (mode == null)
        {
            throw new IllegalArgumentException("mode is required");
        }
        this.mode = mode;
        return this;
    }

    /** @return how error becomes priority. */
    public Mode mode()
    {
        return mode;
    }

    /**
     * Mirror a replica display that extrapolates a starved moving object (as {@code SnapshotDisplay} does with
     * {@code maxExtrapolationNs}): the pose the replica is expected to show is then the held send continued along
     * the velocity between it and the send before it, for at most {@code ticks}, when the two are at most
     * {@code velocitySpanTicks} apart and it moved at least {@code minStepMPerTick} a tick. An object in straight
     * flight then costs little and the budget goes to those whose motion bends. Position only (the rotation is
     * compared with the held one). Default 0 ticks: the replica holds. Measured at 128 kbps on the cubes run over
     * six seeds against a display extrapolating 150 ms: largest error 0.88 against 0.89 m on average, position
     * p99 10.5 against 10.2 mm (results.md, "Largest displayed error"): not adopted by the runner.
     *
     * @param ticks             longest extrapolation, ticks, >= 0.
     * @param minStepMPerTick   slowest motion extrapolated, metres per tick, >= 0.
     * @param velocitySpanTicks farthest apart two sends give a velocity, ticks, >= 1.
     * @return this.
     */
    public ErrorPriorityConfig displayExtrapolation(
        final double ticks, final double minStepMPerTick, final int velocitySpanTicks)
    {
        if (!(ticks >= 0) || !(minStepMPerTick >= 0) || velocitySpanTicks < 1 || Double.isInfinite(ticks))
        {
            throw new IllegalArgumentException("displayExtrapolation needs ticks >= 0, minStepMPerTick >= 0, " +
                "velocitySpanTicks >= 1; got " + ticks + ", " + minStepMPerTick + ", " + velocitySpanTicks);
        }
        displayExtrapolationTicks = ticks;
        displayMinStepMPerTick = minStepMPerTick;
        displayVelocitySpanTicks = velocitySpanTicks;
        return this;
    }

    /** @return see {@link #displayExtrapolation}: longest extrapolation, ticks (0: none). */
    public double displayExtrapolationTicks()
    {
        return displayExtrapolationTicks;
    }

    /** @return see {@link #displayExtrapolation}: slowest motion extrapolated, metres per tick. */
    public double displayMinStepMPerTick()
    {
        return displayMinStepMPerTick;
    }

    /** @return see {@link #displayExtrapolation}: farthest apart two sends give a velocity, ticks. */
    public int displayVelocitySpanTicks()
    {
        return displayVelocitySpanTicks;
    }

    /**
     * @param fraction packet loss assumed, 0..1, until {@link ErrorPriorityPolicy#linkLossFraction} is told a measured
     *                 one: the chance an unacked send in flight did not arrive.
     * @return this.
     */
    public ErrorPriorityConfig assumedLossFraction(final double fraction)
    {
        if (!(fraction >= 0 && fraction <= 1))
        {
            throw new IllegalArgumentException("assumedLossFraction must be 0..1, got " + fraction);
        }
        assumedLossFraction = fraction;
        return this;
    }

    /** @return packet loss assumed before one is measured, 0..1. */
    public double assumedLossFraction()
    {
        return assumedLossFraction;
    }

    /**
     * How much an unacked send in flight is doubted: it is taken as lost with probability {@code weight * loss} (at
     * most 1), and the error is the expectation over what the replica may hold (the newest send in flight, an older
     * one, the newest acked one, nothing). 0: a send in flight is taken to have arrived until its ack is overdue
     * ({@link #inFlightTicks}), as before this setting. Why: the sender learns of a loss a round trip later; until
     * then an object struck and sent once, then lost, looks fixed to the sender while the replica shows it where it
     * was. Weighing the older state by the loss repeats such objects soon, within the budget.
     *
     * @param weight multiplier of the loss, >= 0 and finite.
     * @return this.
     */
    public ErrorPriorityConfig unackedLossWeight(final double weight)
    {
        if (!(weight >= 0) || Double.isInfinite(weight))
        {
            throw new IllegalArgumentException("unackedLossWeight must be finite and >= 0, got " + weight);
        }
        unackedLossWeight = weight;
        return this;
    }

    /** @return multiplier of the loss an unacked send in flight is doubted with (0: trusted). */
    public double unackedLossWeight()
    {
        return unackedLossWeight;
    }
}
