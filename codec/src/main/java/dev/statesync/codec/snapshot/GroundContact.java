package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.FixedPoint;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

/**
 * A cube resting on or tumbling over a horizontal ground has its centre height set by its orientation: touching the
 * plane {@code z = g}, a cube of half-size {@code a} has its centre at {@code g + a (|r31| + |r32| + |r33|)} less
 * whatever the contact lets it sink, {@code (r31, r32, r33)} the third row of its rotation matrix (the body axes' z
 * components). So once the rotation is coded, the height of an object that touched the ground in its newest baseline
 * is predicted as the ground height of the decoded rotation plus that baseline's own offset from it
 * ({@code z_b - ground(q_b)}, the penetration of the soft contact, or a small bounce), instead of extrapolated.
 *
 * <p>Why: on the cube scene about half the moving objects touch the ground, tumbling and sliding under the player's
 * push; a tumbling cube's centre rises and falls by up to 0.083 m per quarter turn, which linear extrapolation
 * of z misses and the rotation, coded first, already tells. Measured on the recorded states (results.md, "Fewer bits,
 * round 4"): the held offset's z residual has 5.9 bits of entropy against 7.3 for linear extrapolation.
 *
 * <p>Both ends compute the same integers: with {@code q = (x, y, z, w)} the quaternion in code units (the three sent
 * codes, the largest rebuilt as {@code sqrt(2 h^2 - sum of squares)}, {@code h} the rotation half range, so that
 * {@code N = 2 h^2} is its squared norm), {@code N (|r31| + |r32| + |r33|) = |2(xz - wy)| + |2(yz + wx)| +
 * |N - 2x^2 - 2y^2|}; times {@code round(a U 2^32 / N)} ({@code U} grid units per metre), plus the ground height
 * in the same 32 fraction bits, rounded to a grid unit (the scale's rounding moves the height by at most
 * {@code N / 2^32} units, an eighth for 15-bit codes). The product stays inside a long for {@code a U < 2^28}
 * (checked at construction). An integer square root and a handful of multiplies per object, no division, and none
 * at all for a baseline whose z no touching cube could have; nothing allocates.
 *
 * <p>The newest baseline's offset travels in the object's packed {@link MotionContext} ({@link #contextOf}): 0
 * when the baseline was not within the contact band ({@link #BAND_M} of the ground height, either way), else the
 * offset biased to be positive. Both ends derive it from the same baseline, so it costs no bits. An offset above the
 * ground height is predicted as 0: the body bounced or was lifted, and falls back.
 */
final class GroundContact
{
    /**
     * How far (metres, either way) a baseline's centre may be from its ground height and still count as touching:
     * 2 cm, two soft-contact surface layers. Measured on the cube run: 2 cm 3831.6 bits a snapshot, 1.5 cm 3831.7, 3 cm
     * 3835.5, 6 cm 3841.5, 10 cm 3848.2 (results.md, "Fewer bits, round 4"): farther out, a body leaving the ground
     * is predicted back onto it.
     */
    static final double BAND_M = 0.02;
    /** Most grid units of band: the biased offset must fit {@link MotionContext}'s seven ground bits. */
    private static final int MAX_BAND_UNITS = 63;
    private static final int FRACTION_BITS = 32;
    private static final long HALF = 1L << (FRACTION_BITS - 1);

    /** {@code N}, the squared norm of a quaternion in code units. */
    private final long norm;
    /** Half-size in grid units over {@code N}, in 32 fraction bits: the sum of the rows times it is the height. */
    private final long scale;
    private final long groundQ32;
    /** Least and most grid z a baseline touching the ground can have: lying flat, balanced on a corner, +- the band. */
    private final long lowestContact;
    private final long highestContact;
    private final int band;
    private final int zMin;
    private final int zMax;

    /**
     * @param schema        a 3D schema.
     * @param groundHeightM height of the ground plane, metres (the z the scene's floor lies at).
     * @param halfSizeM     half the side of the cubes resting on it, metres; positive.
     */
    GroundContact(final StateSchema schema, final double groundHeightM, final double halfSizeM)
    {
        if (!schema.is3d())
        {
            throw new IllegalArgumentException("ground contact needs a 3D schema");
        }
        final double units = schema.positionUnitsPerMetre();
        final long halfRange = schema.rotationHalfRange();
        this.norm = 2L * halfRange * halfRange;
        final double halfUnits = halfSizeM * units;
        // |r31| + |r32| + |r33| is at most sqrt 3, so the sum of the rows is under 2N and its product with the scale
        // under 2 a U 2^32: a U under 2^28 keeps it, and the ground height added, inside a long.
        if (!(halfUnits * (1L << FRACTION_BITS) >= norm) || !(halfUnits < (1 << 28)))
        {
            throw new IllegalArgumentException("cube half-size must be positive and under the grid's range, got " +
                halfSizeM + " m");
        }
        final double groundUnits = groundHeightM * units;
        this.zMin = schema.fieldMin(2);
        this.zMax = schema.fieldMax(2);
        if (!(groundUnits >= zMin) || !(groundUnits <= zMax))
        {
            throw new IllegalArgumentException("ground height must lie in the grid's z range, got " + groundHeightM + " m");
        }
        this.scale = Math.round(halfUnits * (1L << FRACTION_BITS) / norm);
        this.groundQ32 = Math.round(groundUnits * (1L << FRACTION_BITS));
        this.band = (int)Math.max(1, Math.min(MAX_BAND_UNITS, Math.round(BAND_M * units)));
        // The codes' quaternion is not exactly of norm N: the rebuilt component is a rounded square root, so its
        // squared norm n is within d = sqrt(N) + 1 of N, and the rows' sum lies in [N - 2d, sqrt3 N + (sqrt3 + 1) d]
        // (the first two terms are n times a rotation row's entries, the third uses N for n). That slack, in grid
        // units, plus two units of rounding, keeps every rotation's computed height inside the bounds (a cube of 0.84
        // m at 512 units/m and 9-bit rotations needs 3.3 units of it; the cube scene's 0.2 m needs 0.8).
        final double slackUnits = (Math.sqrt(norm) + 1) * halfUnits / norm;
        this.lowestContact = (long)Math.floor(groundUnits + halfUnits - 2 * slackUnits) - band - 2;
        this.highestContact =
            (long)Math.ceil(groundUnits + halfUnits * Math.sqrt(3) + (Math.sqrt(3) + 1) * slackUnits) + band + 2;
    }

    /**
     * @param record a record whose rotation fields are in range (a decoded one's always are).
     * @return the height, in grid units, of the centre of a cube of this rotation touching the ground.
     */
    long groundUnits(final StateRecord record)
    {
        final int largest = record.rotationLargest();
        final int c0 = record.rotationCode(0);
        final int c1 = record.rotationCode(1);
        final int c2 = record.rotationCode(2);
        final long sum = (long)c0 * c0 + (long)c1 * c1 + (long)c2 * c2;
        final long rebuilt = FixedPoint.sqrtRound(norm - sum);
        final long x = largest == 0 ? rebuilt : c0;
        final long y = largest == 1 ? rebuilt : largest < 1 ? c0 : c1;
        final long z = largest == 2 ? rebuilt : largest < 2 ? c1 : c2;
        final long w = largest == 3 ? rebuilt : c2;
        final long rows = Math.abs(2 * (x * z - w * y)) + Math.abs(2 * (y * z + w * x)) +
            Math.abs(norm - 2 * (x * x + y * y));
        return (groundQ32 + rows * scale + HALF) >> FRACTION_BITS;
    }

    /**
     * @param newest an object's newest baseline.
     * @return its ground context: 0 if its centre is farther than the band from its ground height, else its offset
     * from it plus the band plus one (1 .. 2 band + 1, at most 127).
     */
    int contextOf(final StateRecord newest)
    {
        final int z = newest.position(2);
        if (z < lowestContact || z > highestContact)
        {
            // No rotation puts a touching cube's centre there: skip the square root (most airborne bodies).
            return 0;
        }
        final long offset = z - groundUnits(newest);
        return offset < -band || offset > band ? 0 : (int)offset + band + 1;
    }

    /**
     * @param state   the object, its rotation already coded.
     * @param context its {@link #contextOf}, not 0.
     * @return its predicted z in grid units: the ground height of its rotation plus the baseline's offset (at most 0),
     * within the grid.
     */
    int predictZ(final StateRecord state, final int context)
    {
        // A baseline above its ground height was bouncing or lifting: predict it back in contact (1.4 bits a snapshot).
        final long offset = Math.min(0, context - band - 1);
        return (int)Math.max(zMin, Math.min(zMax, groundUnits(state) + offset));
    }
}
