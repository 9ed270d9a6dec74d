package dev.statesync.codec.predict;

import java.util.Objects;

import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.codec.state.WireFingerprint;

/**
 * For schemas without velocities: the engine's free-flight step (gravity, per-step damping, semi-implicit Euler, in
 * the engine's order; {@link IntegratorModel}) replayed from the velocity the two newest acked baselines imply. The
 * damped counterpart of {@link LinearExtrapolationPredictor} with gravity, for airborne bodies: offer it in a
 * {@link CheapestOfPredictor} next to holding and plain linear extrapolation.
 *
 * <p>Why: a linear extrapolation plus gravity assumes the body keeps its speed, but ode4j removes a fixed share of
 * every body's linear and angular velocity each step (1% in Fiedler's cube demo). Over the 7 to 9 ticks a baseline
 * is old at 100 ms RTT a cube flying at 5 m/s lands about 15 grid units short of the undamped line; replaying the
 * damping cut the median position residual of the cubes coded with the gravity alternative from 13 units per axis
 * to 3 (a probe on the default cube run). Rotation is damped the same way: a cube's inertia is isotropic, so in
 * free flight its angular velocity keeps its axis and only shrinks, and the rotation between the baselines raised
 * to the damped power ({@link SmallestThreeMath#extrapolateByPower}) is the engine's rotation.
 *
 * <p>The step, per axis, with {@code w} the displacement per tick after the step, {@code s} the damping factor and
 * {@code G} gravity in grid units per tick squared: ode4j {@code u = w + G; x += u; w = s u}, JBox2D
 * {@code u = s (w + G); x += u; w = u}. Both are linear in the unknown velocity at the older baseline, so the two
 * baselines fix it and the prediction is {@code x1 + a (x1 - x0) + c} with {@code a} and {@code c} depending only
 * on the two ages: computed per object in doubles by replaying the step on coefficients (Java 17 floating point is
 * strict, so both ends get the same doubles), then rounded once to 32.32 fixed point, and the position computed in
 * integers. The rotation's exponent is rounded to {@code 2^-4}: the quaternion power then takes at most four
 * square roots for the fraction, and the rounding moves a rotation by at most {@code angle * 2^-5} of a step's turn
 * (on the cube run 0.7 bits per snapshot more than {@code 2^-8}, at about half the time per prediction, 400 against
 * 750 ns; linear extrapolation plus gravity takes about 270). The coefficients are kept for the last span and
 * age, which most objects of a tick share.
 * Ages above {@link #MAX_REPLAYED_TICKS} (only a hostile table names them) replay that many, so work is bounded.
 *
 * <p>An object at rest in its newest baseline, or without an older baseline, is predicted to stay as the newest.
 * Allocation-free; caches the last coefficients, so use one instance per thread (a sender and receiver on one thread
 * may share it).
 */
public final class FreeFlightExtrapolationPredictor implements Predictor
{
    /** Most ticks of the step replayed between or after the baselines. */
    public static final int MAX_REPLAYED_TICKS = 1024;
    private static final double Q32 = 4294967296.0;
    private static final int EXPONENT_DROPPED_BITS = SmallestThreeMath.EXPONENT_FRACTION_BITS - 4;

    private final double[] gravityUnitsPerTick2 = new double[3];
    private final double linearFactor;
    private final double angularFactor;
    private final boolean dampingBeforePosition;
    private final boolean rotate;
    /** The linear extrapolation whose prediction {@link #refine} approximates this one from, or null. */
    private final LinearExtrapolationPredictor rotationFrom;
    /** Coefficients of the last replay: position slope, rotation exponent; the offset per axis. */
    private long slopeQ32;
    private long exponentQ16;
    private final long[] offsetQ32 = new long[3];
    private final double[] replay = new double[4];
    /** The span and age {@link #coefficients} last computed for: most objects of a tick share both. */
    private int coefficientsSpan = -1;
    private int coefficientsAge = -1;

    /**
     * @param schema         the schema (position grid; its rotation is extrapolated in 3D when {@code rotate}).
     * @param model          the engine's free-flight step.
     * @param rotate         extrapolate a 3D rotation with the damped angular velocity (else hold it); 2D angles are
     *                       held.
     */
    public FreeFlightExtrapolationPredictor(final StateSchema schema, final IntegratorModel model, final boolean rotate)
    {
        this(schema, model, rotate, null);
    }

    /**
     * A free-flight extrapolation (damped positions and, in 3D, damped rotation, as {@code rotate = true}) that an
     * encoder ranks by {@code rotationFrom}'s prediction with the positions replaced by the damped ones
     * ({@link #refine}, an approximation: {@link #refines} it). Offered after {@code rotationFrom} in a
     * {@link CheapestOfPredictor}, an encoder that ranks every alternative extrapolates the rotation once per
     * object, and computes the damped rotation, a quaternion power with a fractional exponent, only for the
     * objects that chose this alternative, as the decoder does: ranking every object with it was a fifth of the
     * cube run's encode, coding with the undamped rotation instead cost 38.6 bits per snapshot (results.md
     * "Fewer bits").
     *
     * @param schema       the schema (position grid).
     * @param model        the engine's free-flight step.
     * @param rotationFrom the linear extrapolation whose prediction this one's ranking refines.
     */
    public FreeFlightExtrapolationPredictor(
        final StateSchema schema, final IntegratorModel model, final LinearExtrapolationPredictor rotationFrom)
    {
        this(schema, model, false, Objects.requireNonNull(rotationFrom, "rotationFrom"));
    }

    private FreeFlightExtrapolationPredictor(
        final StateSchema schema, final IntegratorModel model, final boolean rotate,
        final LinearExtrapolationPredictor rotationFrom)
    {
        this.rotationFrom = rotationFrom;
        final double perTick = (double)schema.positionUnitsPerMetre() / ((double)model.tickRateHz * model.tickRateHz);
        for (int axis = 0; axis < schema.positionAxes(); axis++)
        {
            gravityUnitsPerTick2[axis] = model.gravityMps2[axis] * perTick;
        }
        this.linearFactor = model.linearDampingQ32 / Q32;
        this.angularFactor = model.angularDampingQ32 / Q32;
        this.dampingBeforePosition = model.dampingBeforePosition;
        this.rotate = (rotate || rotationFrom != null) && schema.is3d();
    }

    /**
     * Adds the replayed step (gravity per tick, damping factors, their order) and whether the rotation is
     * extrapolated; the linear extrapolation a ranking refines from changes only which alternative an encoder picks,
     * not what a decoder predicts, so it is left out.
     */
    @Override
    public void addTo(final WireFingerprint fingerprint)
    {
        Predictor.super.addTo(fingerprint);
        for (final double gravity : gravityUnitsPerTick2)
        {
            fingerprint.add(gravity);
        }
        fingerprint.add(linearFactor).add(angularFactor).add(dampingBeforePosition).add(rotate);
    }

    @Override
    public int baselineCount()
    {
        return 2;
    }

    @Override
    public void predict(final PredictionInput in, final StateRecord out)
    {
        final StateRecord newest = in.newest();
        out.copyFrom(newest);
        final long span = in.baselineGapTicks();
        if (!in.hasOlder() || newest.atRest() || span <= 0)
        {
            return;
        }
        final StateSchema schema = in.schema();
        final StateRecord older = in.older();
        predictPositions(in, newest, span, out);
        if (rotate)
        {
            final int rot = schema.rotationOffset();
            SmallestThreeMath.extrapolateByPower(schema.rotationHalfRange(), newest.array(), newest.index(rot),
                older.array(), older.index(rot), exponentQ16, out.array(), out.index(rot));
        }
    }

    /**
     * @return true if this predictor's predictions are {@code other}'s with the positions replaced ({@link #refine}):
     * {@code other} is the linear extrapolation this one takes its rotation from.
     */
    public boolean refines(final Predictor other)
    {
        return rotationFrom != null && other == rotationFrom;
    }

    /**
     * Turn the prediction of the predictor this one {@link #refines} into an approximation of this one's for
     * ranking: replace its positions by the free-flight ones and keep its (undamped) rotation; where this one
     * holds the newest state, keep the linear prediction. {@link #predict} is what both ends code against.
     *
     * @param in  the object's baselines and their ages.
     * @param out holds {@code rotationFrom}'s prediction from {@code in}; receives the approximation.
     */
    public void refine(final PredictionInput in, final StateRecord out)
    {
        final StateRecord newest = in.newest();
        final long span = in.baselineGapTicks();
        if (!in.hasOlder() || newest.atRest() || span <= 0)
        {
            return;
        }
        predictPositions(in, newest, span, out);
    }

    /** The free-flight positions from the two baselines into {@code out} (and the coefficients for the rotation). */
    private void predictPositions(final PredictionInput in, final StateRecord newest, final long span, final StateRecord out)
    {
        final StateSchema schema = in.schema();
        final StateRecord older = in.older();
        coefficients((int)Math.min(span, MAX_REPLAYED_TICKS), Math.min(in.newestAgeTicks(), MAX_REPLAYED_TICKS),
            schema.positionAxes());
        for (int axis = 0; axis < schema.positionAxes(); axis++)
        {
            final long delta = (long)newest.position(axis) - older.position(axis);
            out.clampedField(axis, newest.position(axis) + BallisticPredictor.roundQ32(slopeQ32 * delta + offsetQ32[axis]));
        }
    }

    /**
     * Replay the step for {@code span} ticks between the baselines and {@code age} after the newest, on the
     * coefficients of the unknown velocity and of gravity, into {@link #slopeQ32}, {@link #offsetQ32} and
     * {@link #exponentQ16}.
     */
    private void coefficients(final int span, final int age, final int axes)
    {
        if (span == coefficientsSpan && age == coefficientsAge)
        {
            return;
        }
        coefficientsSpan = span;
        coefficientsAge = age;
        // Linear: x1 - x0 = xa w0 + xc G, w1 = wa w0 + wc G; then x - x1 = ya w1 + yc G.
        replay(linearFactor, span);
        final double xa = replay[0];
        final double xc = replay[1];
        final double wa = replay[2];
        final double wc = replay[3];
        replay(linearFactor, age);
        final double ya = replay[0];
        final double yc = replay[1];
        final double slope = ya * wa / xa;
        slopeQ32 = Math.round(slope * Q32);
        final double gravityTerm = yc + ya * wc - slope * xc;
        for (int axis = 0; axis < axes; axis++)
        {
            offsetQ32[axis] = Math.round(gravityTerm * gravityUnitsPerTick2[axis] * Q32);
        }
        if (rotate)
        {
            replay(angularFactor, span);
            final double turnedBetween = replay[0];
            final double keptAfter = replay[2];
            replay(angularFactor, age);
            final double exponent = replay[0] * keptAfter / turnedBetween;
            exponentQ16 = Math.round(exponent * (1 << 4)) << EXPONENT_DROPPED_BITS;
        }
    }

    /**
     * One replay of {@code ticks} steps from displacement {@code w} per tick, as coefficients of {@code w} and of
     * gravity: {@code replay = {moved per w, moved per G, w after per w, w after per G}}.
     */
    private void replay(final double factor, final int ticks)
    {
        double moved = 0;
        double movedGravity = 0;
        double w = 1;
        double wGravity = 0;
        for (int t = 0; t < ticks; t++)
        {
            double u = w;
            double uGravity = wGravity + 1;
            if (dampingBeforePosition)
            {
                u *= factor;
                uGravity *= factor;
            }
            moved += u;
            movedGravity += uGravity;
            w = dampingBeforePosition ? u : u * factor;
            wGravity = dampingBeforePosition ? uGravity : uGravity * factor;
        }
        replay[0] = moved;
        replay[1] = movedGravity;
        replay[2] = w;
        replay[3] = wGravity;
    }
}
