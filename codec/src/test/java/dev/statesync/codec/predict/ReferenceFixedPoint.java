package dev.statesync.codec.predict;

/**
 * Test-only: {@link FixedPoint} exactly as it was before its speed-ups (main at 0d8073e), kept as the
 * oracle that the production class still computes these numbers bit for bit: both ends of a connection
 * predict, and the bytes on the wire depend on every bit of the prediction.
 *
 * <p>Original documentation:
 *
 * Integer helpers shared by the predictors: exact, identical on every JVM.
 */
final class ReferenceFixedPoint
{
    private ReferenceFixedPoint()
    {
    }

    /** {@code numerator / denominator} rounded to nearest, ties away from zero; {@code denominator > 0}. */
    public static long divRound(final long numerator, final long denominator)
    {
        if (denominator == 1)
        {
            // Baselines a tick apart, the predictors' common span: the quotient is the numerator, without a
            // 64-bit division (which costs tens of cycles).
            return numerator;
        }
        return numerator >= 0 ?
            (numerator + denominator / 2) / denominator :
            -((-numerator + denominator / 2) / denominator);
    }

    /** {@code floor(sqrt(Long.MAX_VALUE))}: no root of a long exceeds it, and its square still fits. */
    private static final long MAX_ROOT = 3_037_000_499L;
    /**
     * The integer square root, {@code floor(sqrt(value))}, exact for every long, so every JVM gives the same
     * answer: a final check of {@code r^2 <= value < (r + 1)^2} in integer arithmetic steps any seed to the exact
     * floor, so the seed decides only the steps. The seed is the double square root (one instruction, correctly
     * rounded by the Java specification), within one of the floor for every long; it replaced a table of exact
     * roots and two Newton steps with 64-bit divisions, which cost several times as much on the predictors' path.
     *
     * @param value the radicand; a negative one is treated as 0.
     * @return the largest {@code r} with {@code r * r <= value}.
     */
    public static long sqrtFloor(final long value)
    {
        if (value <= 0)
        {
            return 0;
        }
        // The seed only decides how far the final check steps: the check alone defines the result. The double's
        // root (the radicand rounded to 53 bits, then a correctly rounded square root) is within one of the floor
        // for every long, so the check steps at most once; it replaces a seed table and two 64-bit divisions.
        long root = Math.min((long)Math.sqrt((double)value), MAX_ROOT);
        while (root * root > value)
        {
            root--;
        }
        while (root < MAX_ROOT && (root + 1) * (root + 1) <= value)
        {
            root++;
        }
        return root;
    }

    /**
     * The integer square root rounded to nearest: {@code r = floor(sqrt(value))}, plus one when
     * {@code value - r^2 > r} (that is, when {@code value >= (r + 1/2)^2}; an integer radicand is never exactly
     * on the midpoint, so there are no ties).
     *
     * @param value the radicand; a negative one is treated as 0.
     * @return {@code sqrt(value)} rounded to the nearest integer.
     */
    public static long sqrtRound(final long value)
    {
        final long root = sqrtFloor(value);
        return value - root * root > root ? root + 1 : root;
    }

    /** Clamp to {@code [min, max]}. */
    public static int clamp(final long value, final int min, final int max)
    {
        return (int)Math.max(min, Math.min(max, value));
    }
}
