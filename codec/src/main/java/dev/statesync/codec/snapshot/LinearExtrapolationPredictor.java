package dev.statesync.codec.snapshot;

/**
 * For schemas without velocities (the receiver interpolates snapshots): extrapolates position linearly
 * from the two newest acked baselines, {@code p = p1 + (p1 - p0) * age1 / (age0 - age1)}, rounded to
 * nearest in integer arithmetic. Rotation is held (see {@link #extrapolateRotation}), as is at rest. An
 * object at rest in its newest baseline is predicted to stay put.
 */
public final class LinearExtrapolationPredictor implements Predictor
{
    private final boolean extrapolateRotation;
    private final int gravityAxis;
    private final long gravityHalfStepQ32;

    /**
     * @param extrapolateRotation also extrapolate the three smallest-three codes (3D) or the angle (2D)
     *                            when both baselines share the largest index; off holds the rotation.
     */
    public LinearExtrapolationPredictor(final boolean extrapolateRotation)
    {
        this.extrapolateRotation = extrapolateRotation;
        this.gravityAxis = -1;
        this.gravityHalfStepQ32 = 0;
    }

    /**
     * Linear extrapolation plus constant acceleration along one axis, for airborne objects: a body under
     * gravity {@code a} deviates from the straight line through two earlier positions by
     * {@code a/2 * age1 * age0 * dt^2} at the predicted tick. Both ends compute it in 32.32 fixed point. The
     * receiver cannot tell airborne from supported, so offer this next to the plain forms in a
     * {@link CheapestOfPredictor} and let the encoder pick per object.
     *
     * @param schema          the schema (position grid).
     * @param gravityAxis     position axis of gravity (2 in 3D, 1 in 2D).
     * @param gravityMps2     signed acceleration along that axis, m/s^2 (e.g. -20).
     * @param tickRateHz      ticks per second.
     */
    public LinearExtrapolationPredictor(
        final StateSchema schema, final int gravityAxis, final double gravityMps2, final int tickRateHz)
    {
        if (gravityAxis < 0 || gravityAxis >= schema.positionAxes())
        {
            throw new IllegalArgumentException("gravity axis " + gravityAxis + " outside the schema's position axes");
        }
        this.extrapolateRotation = false;
        this.gravityAxis = gravityAxis;
        this.gravityHalfStepQ32 = IntegratorModel.toQ32(
            gravityMps2 * schema.positionUnitsPerMetre() / (2.0 * tickRateHz * tickRateHz));
    }

    @Override
    public int baselineCount()
    {
        return 2;
    }

    @Override
    public void predict(
        final StateSchema schema,
        final int[] newest,
        final int newestOffset,
        final int newestAgeTicks,
        final int[] older,
        final int olderOffset,
        final int olderAgeTicks,
        final int[] out,
        final int outOffset)
    {
        System.arraycopy(newest, newestOffset, out, outOffset, schema.stride());
        if (older == null || newest[newestOffset + schema.atRestOffset()] != 0)
        {
            return;
        }
        final long span = (long)olderAgeTicks - newestAgeTicks;
        if (span <= 0)
        {
            return;
        }
        for (int axis = 0; axis < schema.positionAxes(); axis++)
        {
            out[outOffset + axis] = extrapolate(schema, axis, newest[newestOffset + axis], older[olderOffset + axis],
                newestAgeTicks, span);
        }
        if (gravityAxis >= 0)
        {
            final long bend = BallisticPredictor.roundQ32(gravityHalfStepQ32 * newestAgeTicks * (long)olderAgeTicks);
            out[outOffset + gravityAxis] = FixedPoint.clamp(out[outOffset + gravityAxis] + bend,
                schema.fieldMin(gravityAxis), schema.fieldMax(gravityAxis));
        }
        if (extrapolateRotation)
        {
            final int rot = schema.rotationOffset();
            if (schema.is3d())
            {
                if (newest[newestOffset + rot] == older[olderOffset + rot])
                {
                    for (int i = 1; i < 4; i++)
                    {
                        out[outOffset + rot + i] = extrapolate(schema, rot + i, newest[newestOffset + rot + i],
                            older[olderOffset + rot + i], newestAgeTicks, span);
                    }
                }
            }
            else
            {
                final int bits = schema.rotationBits();
                final int half = 1 << (bits - 1);
                final int delta = (((newest[newestOffset + rot] - older[olderOffset + rot]) + half) & ((1 << bits) - 1)) - half;
                final long step = FixedPoint.divRound((long)delta * newestAgeTicks, span);
                out[outOffset + rot] = (int)((newest[newestOffset + rot] + step) & ((1 << bits) - 1));
            }
        }
    }

    private static int extrapolate(
        final StateSchema schema, final int field, final int p1, final int p0, final int age1, final long span)
    {
        final long predicted = p1 + FixedPoint.divRound((long)(p1 - p0) * age1, span);
        return (int)Math.max(schema.fieldMin(field), Math.min(schema.fieldMax(field), predicted));
    }
}
