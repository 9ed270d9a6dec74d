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

    /**
     * @param extrapolateRotation also extrapolate the three smallest-three codes (3D) or the angle (2D)
     *                            when both baselines share the largest index; off holds the rotation.
     */
    public LinearExtrapolationPredictor(final boolean extrapolateRotation)
    {
        this.extrapolateRotation = extrapolateRotation;
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
