package dev.statesync.codec.predict;

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

    /** {@code floor(sqrt(Long.MAX_VALUE))}: no root of a long exceeds it, and its square still fits. */
    private static final long MAX_ROOT = 3_037_000_499L;
    /** Roots of the midpoints of the 192 buckets a long shifted left to its top two bits falls in. */
    private static final long[] SQRT_SEED = sqrtSeeds();

    private static long[] sqrtSeeds()
    {
        // Bucket i (64..255) holds m in [i, i + 1) * 2^56; its seed is sqrt((i + 1/2) * 2^56), computed as
        // 2 * sqrt((2i + 1) * 2^53) so the radicand fits a long, with the exact digit-by-digit method.
        final long[] seeds = new long[192];
        for (int i = 64; i < 256; i++)
        {
            seeds[i - 64] = 2 * sqrtDigitByDigit((2L * i + 1) << 53);
        }
        return seeds;
    }

    /**
     * The integer square root, {@code floor(sqrt(value))}, exact for every long, in integer arithmetic only,
     * so every JVM gives the same answer. A seed from the value's top eight significant bits (a table of exact
     * roots) is within {@code 2^-8} of the root, two Newton steps bring that to {@code 2^-35}, and a final
     * check of {@code r^2 <= value < (r + 1)^2} steps to the exact floor. Two divisions and no data-dependent
     * branches in the common case: the bit-by-bit method costs 31 rounds.
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
        final int shift = Long.numberOfLeadingZeros(value) & ~1;
        long root = SQRT_SEED[(int)((value << shift) >>> 56) - 64] >>> (shift >> 1);
        root = Math.max(1, root);
        root = (root + value / root) >>> 1;
        root = (root + value / root) >>> 1;
        root = Math.min(root, MAX_ROOT);
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

    /** {@code floor(sqrt(value))} for {@code value >= 0} by the digit-by-digit (binary restoring) method. */
    private static long sqrtDigitByDigit(final long value)
    {
        long remainder = value;
        long root = 0;
        long bit = value == 0 ? 0 : 1L << ((63 - Long.numberOfLeadingZeros(value)) & ~1);
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
