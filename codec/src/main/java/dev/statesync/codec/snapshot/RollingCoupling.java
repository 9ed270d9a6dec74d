package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.FixedPoint;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

/**
 * A body rolling or tumbling on a floor turns as it moves: its rotation's misprediction follows its position's.
 * Once an object's position is coded, both ends know its position residual (actual minus predicted), so the
 * rotation can be coded against the prediction turned by the rotation that rolling that residual would cause: an
 * angle of {@code |d| / r} about the horizontal axis perpendicular to the residual {@code d}, for a rolling radius
 * {@code r}.
 *
 * <p>Why: on the cube scene two in three objects sent are in contact, tumbling under friction and the player's
 * push, and their rotation residuals are 42% of the bits. A cube that slid or rolled less far than extrapolated
 * also turned less: in the default run the world-frame rotation error correlates with {@code z x d} at 0.44 (x)
 * and 0.43 (y); the least-squares gain is about 3 rad/m for residuals under 16 cm, near the {@code 1 / 0.283 m} of
 * a 0.4 m cube pivoting about an edge (results.md, "Fewer bits, round 3").
 *
 * <p>Applied only to an object whose baselines moved little vertically ({@link MotionContext#verticalClass} at
 * most the bit length of a quarter of the radius in grid units): a falling or bouncing body is not rolling, and
 * rolling it cost bits. The floor is normal to z, so 3D schemas only.
 *
 * <p>First order, in integers: with {@code q} the predicted quaternion in code units (the three sent codes, and
 * the largest component rebuilt as {@code sqrt(2 h^2 - sum of squares)}, h the rotation half range), the turn
 * {@code w = (-d_y, d_x, 0) / r} adds {@code (w (x) q) / 2} (a quaternion product, world frame on the left) to
 * the three sent codes, clamped to their range; {@code d} in grid units, so the gain is {@code 1 / (2 r U)} for
 * {@code U} grid units per metre, held in 32 fraction bits. Each axis of the position residual is clamped to a third
 * of the radius (at most 2^14 units, so every product fits a long): a body mispredicted by more than that slid or was
 * pushed rather than rolled (the least-squares gain falls from 3 rad/m under 20 units to 0.8 above 80), and
 * following it only to about 20 degrees saved 7 more bits a snapshot than following it all the way. An integer
 * square root per object (so both ends agree) and a dozen multiplies: no normalisation, which the codes do not need
 * at these angles. When the turn makes another component the largest, the rolled rotation is predicted in that
 * index (3 bits a snapshot).
 *
 * <p>Immutable and allocation-free; the caller hands it the output array.
 */
final class RollingCoupling
{
    /** Most grid units per axis of position residual a turn follows, whatever the radius (products fit a long). */
    private static final long MAX_RESIDUAL = 1 << 14;
    private static final int FRACTION_BITS = 32;
    private static final long HALF = 1L << (FRACTION_BITS - 1);

    private final int rotationOffset;
    private final int halfRange;
    private final long gain;
    private final int levelClass;
    /** Position residuals are clamped to this many grid units per axis: a third of the radius. */
    private final long saturation;

    /**
     * @param schema         a 3D schema.
     * @param rollingRadiusM distance from a rolling body's centre of mass to the edge or point it pivots about,
     *                       metres; at least one grid unit.
     */
    RollingCoupling(final StateSchema schema, final double rollingRadiusM)
    {
        if (!schema.is3d())
        {
            throw new IllegalArgumentException("rolling needs a 3D schema");
        }
        final double radiusUnits = rollingRadiusM * schema.positionUnitsPerMetre();
        if (!(radiusUnits >= 1) || Double.isInfinite(radiusUnits))
        {
            throw new IllegalArgumentException(
                "rolling radius must be a finite length of at least one grid unit, got " + rollingRadiusM + " m");
        }
        this.rotationOffset = schema.rotationOffset();
        this.halfRange = schema.rotationHalfRange();
        this.gain = Math.round((double)(1L << FRACTION_BITS) / (2 * radiusUnits));
        this.levelClass = MotionContext.verticalClassOf(Math.round(radiusUnits / 4));
        this.saturation = Math.max(1, Math.min(MAX_RESIDUAL, Math.round(radiusUnits / 3)));
    }

    /** @return true if an object of this packed {@link MotionContext} is rolled. */
    boolean applies(final int motionContext)
    {
        final int vertical = MotionContext.verticalClass(motionContext);
        return vertical != MotionContext.VERTICAL_UNKNOWN && vertical <= levelClass;
    }

    /**
     * Write the rolled prediction to {@code out} at the schema's rotation fields: the prediction's largest index at
     * {@code out[rotationOffset]}, the three rolled codes after it.
     *
     * @param state      the object, its position already coded.
     * @param prediction its prediction.
     * @param out        an array of at least a record's stride.
     * @return the index of the rolled rotation's largest component (ties: the lowest index, as smallest three
     * encodes): when it is not the prediction's, rolling tipped the rotation past a tie, and the caller predicts
     * that index instead ({@code SmallestThreeMath.reexpress}).
     */
    int roll(final StateRecord state, final StateRecord prediction, final int[] out)
    {
        final long dx = clamp((long)state.position(0) - prediction.position(0));
        final long dy = clamp((long)state.position(1) - prediction.position(1));
        final int largest = prediction.rotationLargest();
        final int c0 = prediction.rotationCode(0);
        final int c1 = prediction.rotationCode(1);
        final int c2 = prediction.rotationCode(2);
        final long sum = (long)c0 * c0 + (long)c1 * c1 + (long)c2 * c2;
        final long rebuilt = FixedPoint.sqrtRound(2L * halfRange * halfRange - sum);
        // The quaternion (x, y, z, w) in code units: the sent codes in index order around the largest one.
        final long qx = largest == 0 ? rebuilt : c0;
        final long qy = largest == 1 ? rebuilt : largest < 1 ? c0 : c1;
        final long qz = largest == 2 ? rebuilt : largest < 2 ? c1 : c2;
        final long qw = largest == 3 ? rebuilt : c2;
        // w (x) q for w = (-dy, dx, 0) in grid units, one component per quaternion index: the turn is w / (r U), and
        // its first-order change to q, half of turn (x) q, is t / (2 r U) = t * gain.
        final long tx = dx * qz - dy * qw;
        final long ty = dy * qz + dx * qw;
        final long tz = -dy * qy - dx * qx;
        final long tw = dy * qx - dx * qy;
        final int base = rotationOffset + 1;
        out[rotationOffset] = largest;
        out[base] = rolled(c0, largest == 0 ? ty : tx);
        out[base + 1] = rolled(c1, largest <= 1 ? tz : ty);
        out[base + 2] = rolled(c2, largest <= 2 ? tw : tz);
        final long kept = rebuilt + ((
            (largest == 0 ? tx : largest == 1 ? ty : largest == 2 ? tz : tw) * gain + HALF) >> FRACTION_BITS);
        // The largest magnitude among the rolled four (ties: the lowest index), as smallest three encodes.
        int rolledLargest = largest;
        long most = Math.abs(kept);
        for (int k = 0, i = 0; i < 4; i++)
        {
            if (i == largest)
            {
                continue;
            }
            final long magnitude = Math.abs(out[base + k++]);
            if (magnitude > most || (magnitude == most && i < rolledLargest))
            {
                most = magnitude;
                rolledLargest = i;
            }
        }
        return rolledLargest;
    }

    private int rolled(final int code, final long turn)
    {
        final long value = code + ((turn * gain + HALF) >> FRACTION_BITS);
        return (int)Math.max(-halfRange, Math.min(halfRange, value));
    }

    private long clamp(final long residual)
    {
        return Math.max(-saturation, Math.min(saturation, residual));
    }
}
