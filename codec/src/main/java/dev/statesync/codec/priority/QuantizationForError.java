package dev.statesync.codec.priority;

/**
 * The coarsest quantization that keeps quantization error within a share of an error target: what a budget
 * buys when fewer bits per sent object let more objects (or more snapshots) through.
 *
 * <p>Why: position and rotation residuals are about 85% of a snapshot's bits, and every halving of the position
 * grid or bit less per smallest-three component removes about one bit per coded component of every sent
 * object. Fiedler's precision (512 units/m, 9-bit components: at most 1.7 mm and 0.55 degrees) is far finer than
 * a 2 cm / 2 degree target needs, so under a tight budget spending those bits on precision costs more error
 * (objects left unsent, shown stale) than it saves. {@link #DEFAULT_QUANTIZATION_SHARE} of the target goes to
 * quantization's worst case by default; typical errors are well below it, and the rest of the target is left to
 * interpolation across skipped ticks and to objects the budget delays.
 *
 * <p>Worst cases, used here: a position on a grid of {@code u} units per metre is off by at most
 * {@code sqrt(3) / (2u)} metres; a smallest-three rotation of {@code b} bits per component (the largest code
 * {@code 2^(b-1) - 1} stands for {@code 1/sqrt(2)}) is off by at most half a step in each of three components,
 * {@code sqrt(3) step / 2} together, and the largest component derived from them by about as much again, so the
 * angle ({@code 2 |dq|}) by at most {@code 2 sqrt(3) step} radians (0.55 degrees at 9 bits; a test checks the
 * quantizer against both bounds). Stateless.
 */
public final class QuantizationForError
{
    /**
     * Default share of the error target quantization may take: 0.6, so targets of 2 cm and 2 degrees give 128
     * units/m and 8 bits. Measured on the cubes scene at 128 kbps (results.md, "Rate-distortion under a budget"):
     * position p99 11.1 mm and rotation p99 1.59 degrees, where 256 units/m and 8 bits (every 2 ticks) gave 11.8 mm
     * and 2.12 degrees and Fiedler's precision 12.7 mm and 2.03: under a tight budget the bits coarser quantization
     * saves let more objects through, and an object shown late errs more than one shown a few millimetres off.
     */
    public static final double DEFAULT_QUANTIZATION_SHARE = 0.6;
    /** Finest position grid chosen, units per metre: Fiedler's. */
    public static final int FINEST_POSITION_UNITS_PER_M = 512;
    /** Coarsest position grid chosen, units per metre (2 cm steps). */
    public static final int COARSEST_POSITION_UNITS_PER_M = 64;
    /** Most smallest-three bits per component chosen: Fiedler's. */
    public static final int FINEST_ROTATION_BITS = 9;
    /** Fewest smallest-three bits per component chosen. */
    public static final int COARSEST_ROTATION_BITS = 6;

    private QuantizationForError()
    {
    }

    /**
     * @param unitsPerMetre position grid.
     * @return the largest position quantization error on that grid, metres.
     */
    public static double worstPositionErrorM(final int unitsPerMetre)
    {
        return Math.sqrt(3) / (2.0 * unitsPerMetre);
    }

    /**
     * @param bits smallest-three bits per component.
     * @return the largest rotation quantization error at that precision, degrees (a bound from the component steps).
     */
    public static double worstRotationErrorDeg(final int bits)
    {
        final double step = Math.sqrt(0.5) / ((1 << (bits - 1)) - 1);
        return Math.toDegrees(2 * Math.sqrt(3) * step);
    }

    /**
     * @param targetM error target, metres, > 0.
     * @param share   share of it quantization may take, (0, 1].
     * @return the coarsest power-of-two position grid, {@link #COARSEST_POSITION_UNITS_PER_M} ..
     *         {@link #FINEST_POSITION_UNITS_PER_M} units per metre, whose worst error is within
     *         {@code share * targetM} (the finest if none is).
     */
    public static int positionUnitsPerMetre(final double targetM, final double share)
    {
        check(targetM, share);
        for (int units = COARSEST_POSITION_UNITS_PER_M; units < FINEST_POSITION_UNITS_PER_M; units *= 2)
        {
            if (worstPositionErrorM(units) <= share * targetM)
            {
                return units;
            }
        }
        return FINEST_POSITION_UNITS_PER_M;
    }

    /**
     * @param targetDeg rotation error target, degrees, > 0.
     * @param share     share of it quantization may take, (0, 1].
     * @return the fewest smallest-three bits per component, {@link #COARSEST_ROTATION_BITS} ..
     *         {@link #FINEST_ROTATION_BITS}, whose worst error is within {@code share * targetDeg} (the most if none is).
     */
    public static int rotationBits(final double targetDeg, final double share)
    {
        check(targetDeg, share);
        for (int bits = COARSEST_ROTATION_BITS; bits < FINEST_ROTATION_BITS; bits++)
        {
            if (worstRotationErrorDeg(bits) <= share * targetDeg)
            {
                return bits;
            }
        }
        return FINEST_ROTATION_BITS;
    }

    private static void check(final double target, final double share)
    {
        if (!(target > 0) || Double.isInfinite(target) || !(share > 0 && share <= 1))
        {
            throw new IllegalArgumentException("target must be finite and > 0, share in (0, 1]; got " + target +
                ", " + share);
        }
    }
}
