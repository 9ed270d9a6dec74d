package dev.statesync.codec.snapshot;

/** Integer helpers shared by the predictors: exact, identical on every JVM. */
public final class FixedPoint
{
    private FixedPoint()
    {
    }

    /** {@code numerator / denominator} rounded to nearest, ties away from zero; {@code denominator > 0}. */
    public static long divRound(final long numerator, final long denominator)
    {
        return numerator >= 0 ?
            (numerator + denominator / 2) / denominator :
            -((-numerator + denominator / 2) / denominator);
    }

    /**
     * The integer square root, {@code floor(sqrt(value))}, exact for every long, by the digit-by-digit
     * (binary restoring) method: no floating point, so every JVM gives the same answer.
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
        long remainder = value;
        long root = 0;
        long bit = 1L << ((63 - Long.numberOfLeadingZeros(value)) & ~1);
        while (bit != 0)
        {
            if (remainder >= root + bit)
            {
                remainder -= root + bit;
                root = (root >> 1) + bit;
            }
            else
            {
                root >>= 1;
            }
            bit >>= 2;
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
