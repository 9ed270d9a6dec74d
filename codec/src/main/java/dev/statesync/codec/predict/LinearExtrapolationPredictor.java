package dev.statesync.codec.predict;

import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.codec.state.WireFingerprint;

/**
 * For schemas without velocities (the receiver interpolates snapshots): extrapolates position linearly
 * from the two newest acked baselines, {@code p = p1 + (p1 - p0) * age1 / (age0 - age1)}, rounded to
 * nearest in integer arithmetic. An object at rest in its newest baseline is predicted to stay put, as is
 * its at-rest flag.
 *
 * <p>Rotation is predicted as {@link Rotation} says:
 * <ul>
 * <li>{@link Rotation#HOLD}: the newest baseline's rotation. Right for sliding and resting bodies.</li>
 * <li>{@link Rotation#LINEAR_CODES}: the 2D angle extrapolated linearly the short way round the circle; in
 * 3D the three smallest-three codes extrapolated linearly like positions when both baselines share the
 * largest index, held otherwise. Codes are not linear in time for a tumbling body, and its largest index
 * changes often, so this helps little in 3D.</li>
 * <li>{@link Rotation#QUATERNION}: in 3D, constant angular velocity between the baselines, computed as
 * quaternions in fixed point by {@link SmallestThreeMath#extrapolate} (the per-baseline-gap rotation raised
 * to the power {@code age1 / (age0 - age1)}, applied to the newest), encoded with whatever largest index
 * the predicted rotation has. On the cube benchmark (offered with holding in a {@link CheapestOfPredictor})
 * it cut the rotation of an object sent with a prediction from 23.6 to 19.8 bits, and the predicted largest
 * index missed the actual one for 7.5% of them instead of 21%. In 2D the same as
 * {@link Rotation#LINEAR_CODES} (an angle is already linear in time).</li>
 * </ul>
 *
 * <p>Allocation-free and stateless (the quaternion extrapolation works in local variables), so one instance may
 * serve any number of threads.
 */
public final class LinearExtrapolationPredictor implements Predictor
{
    /** How the rotation is predicted; see the class comment. */
    public enum Rotation
    {
        /** Keep the newest baseline's rotation. */
        HOLD,
        /** Extrapolate the 2D angle, or the three smallest-three codes when both baselines share the largest index. */
        LINEAR_CODES,
        /** Extrapolate a 3D rotation as a quaternion at constant angular velocity (2D: as {@link #LINEAR_CODES}). */
        QUATERNION
    }

    private final Rotation rotation;
    private final int gravityAxis;
    private final long gravityHalfStepQ32;

    /**
     * @param extrapolateRotation {@link Rotation#LINEAR_CODES} if true, {@link Rotation#HOLD} if false.
     */
    public LinearExtrapolationPredictor(final boolean extrapolateRotation)
    {
        this(extrapolateRotation ? Rotation.LINEAR_CODES : Rotation.HOLD);
    }

    /**
     * @param rotation how to predict the rotation.
     */
    public LinearExtrapolationPredictor(final Rotation rotation)
    {
        this.rotation = rotation;
        this.gravityAxis = -1;
        this.gravityHalfStepQ32 = 0;
    }

    /**
     * Linear extrapolation plus gravity (see
     * {@link #LinearExtrapolationPredictor(StateSchema, int, double, int, Rotation)}), holding the rotation.
     */
    public LinearExtrapolationPredictor(
        final StateSchema schema, final int gravityAxis, final double gravityMps2, final int tickRateHz)
    {
        this(schema, gravityAxis, gravityMps2, tickRateHz, Rotation.HOLD);
    }

    /**
     * Linear extrapolation plus constant acceleration along one axis, for airborne objects: a body under
     * gravity {@code a} deviates from the straight line through two earlier positions by
     * {@code a/2 * age1 * age0 * dt^2} at the predicted tick. Both ends compute it in 32.32 fixed point. The
     * receiver cannot tell airborne from supported, so offer this next to the plain forms in a
     * {@link CheapestOfPredictor} and let the encoder pick per object. Airborne bodies tumble freely, so
     * {@link Rotation#QUATERNION} suits them best.
     *
     * @param schema          the schema (position grid).
     * @param gravityAxis     position axis of gravity (2 in 3D, 1 in 2D).
     * @param gravityMps2     signed acceleration along that axis, m/s^2 (e.g. -20).
     * @param tickRateHz      ticks per second.
     * @param rotation        how to predict the rotation.
     */
    public LinearExtrapolationPredictor(
        final StateSchema schema,
        final int gravityAxis,
        final double gravityMps2,
        final int tickRateHz,
        final Rotation rotation)
    {
        if (gravityAxis < 0 || gravityAxis >= schema.positionAxes())
        {
            throw new IllegalArgumentException("gravity axis " + gravityAxis + " outside the schema's position axes");
        }
        this.rotation = rotation;
        this.gravityAxis = gravityAxis;
        this.gravityHalfStepQ32 = IntegratorModel.toQ32(
            gravityMps2 * schema.positionUnitsPerMetre() / (2.0 * tickRateHz * tickRateHz));
    }

    /** Adds the rotation mode and the gravity term (axis and per-step constant), which change every prediction. */
    @Override
    public void addTo(final WireFingerprint fingerprint)
    {
        Predictor.super.addTo(fingerprint);
        fingerprint.add(rotation.name()).add(gravityAxis).add(gravityHalfStepQ32);
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
        final int newestAgeTicks = in.newestAgeTicks();
        for (int axis = 0; axis < schema.positionAxes(); axis++)
        {
            out.clampedField(axis, extrapolate(newest.position(axis), older.position(axis), newestAgeTicks, span));
        }
        if (gravityAxis >= 0)
        {
            final long bend = BallisticPredictor.roundQ32(gravityHalfStepQ32 * newestAgeTicks * (long)in.olderAgeTicks());
            out.clampedField(gravityAxis, out.position(gravityAxis) + bend);
        }
        if (rotation == Rotation.HOLD)
        {
            return;
        }
        if (!schema.is3d())
        {
            final int bits = schema.rotationBits();
            final int mask = (1 << bits) - 1;
            final int half = 1 << (bits - 1);
            final int delta = (((newest.angle() - older.angle()) + half) & mask) - half;
            final long step = FixedPoint.divRound((long)delta * newestAgeTicks, span);
            out.angle((int)((newest.angle() + step) & mask));
        }
        else if (rotation == Rotation.QUATERNION)
        {
            final int rot = schema.rotationOffset();
            SmallestThreeMath.extrapolate(schema.rotationHalfRange(), newest.array(), newest.index(rot), newestAgeTicks,
                older.array(), older.index(rot), in.olderAgeTicks(), out.array(), out.index(rot));
        }
        else if (newest.rotationLargest() == older.rotationLargest())
        {
            final int firstCode = schema.rotationOffset() + 1;
            for (int i = 0; i < 3; i++)
            {
                out.clampedField(firstCode + i,
                    extrapolate(newest.rotationCode(i), older.rotationCode(i), newestAgeTicks, span));
            }
        }
    }

    /**
     * @return true if this predictor's predictions are {@code other}'s plus gravity (see {@link #addGravity}): the
     * same rotation, gravity here and none there.
     */
    public boolean addsGravityTo(final LinearExtrapolationPredictor other)
    {
        return gravityAxis >= 0 && other.gravityAxis < 0 && rotation == other.rotation;
    }

    /**
     * Turn the prediction of a predictor this one {@link #addsGravityTo} into this one's, without extrapolating
     * the rotation again: bend the gravity axis's position as {@link #predict} does.
     *
     * @param in  the object's baselines and their ages.
     * @param out holds the gravity-free prediction from {@code in}; receives this one's.
     */
    public void addGravity(final PredictionInput in, final StateRecord out)
    {
        if (gravityAxis < 0 || !in.hasOlder() || in.newest().atRest() || in.baselineGapTicks() <= 0)
        {
            return;
        }
        final long bend = BallisticPredictor.roundQ32(gravityHalfStepQ32 * in.newestAgeTicks() * (long)in.olderAgeTicks());
        out.clampedField(gravityAxis, out.position(gravityAxis) + bend);
    }

    /** {@code p1 + (p1 - p0) * age1 / span}, rounded to nearest; the caller clamps it into the field. */
    private static long extrapolate(final int p1, final int p0, final int age1, final long span)
    {
        return p1 + FixedPoint.divRound((long)(p1 - p0) * age1, span);
    }
}
