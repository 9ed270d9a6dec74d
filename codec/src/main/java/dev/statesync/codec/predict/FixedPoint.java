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

    /**
     * The integer square root, {@code floor(sqrt(value))}, exact for every long, so every JVM gives the same
     * answer: a final check of {@code r^2 <= value < (r + 1)^2} in integer arithmetic steps the seed to the exact
     * floor, so the seed decides nothing but whether a step is taken. The seed is the double square root (one
     * instruction, correctly rounded by the Java specification) of the radicand rounded to 53 bits, within
     * {@code 2^-21} of the real root for every long, so its floor is within one of the exact floor and the check
     * steps at most once. The check is one multiply: the remainder {@code value - s^2} (no overflow: {@code s}
     * is at most {@code floor(sqrt(2^63)) = 3 037 000 499}) is negative when the seed is one too high and above
     * {@code 2s} when it is one too low ({@code value >= (s + 1)^2 = s^2 + 2s + 1}, written without squaring
     * {@code s + 1}, which overflows for the largest seed). It replaced a clamp and two correction loops (each
     * with a multiply per test), 6-8% of the cube run's encode (results.md, "CPU per client").
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
        final long seed = (long)Math.sqrt((double)value);
        final long remainder = value - seed * seed;
        if (remainder < 0)
        {
            return seed - 1;
        }
        return remainder > 2 * seed ? seed + 1 : seed;
    }

    /**
     * The integer square root rounded to nearest: {@code r = floor(sqrt(value))}, plus one when
     * {@code value - r^2 > r} (that is, when {@code value >= (r + 1/2)^2}; an integer radicand is never exactly
     * on the midpoint, so there are no ties). The floor is found as in {@link #sqrtFloor}, and the remainder that
     * check computes is carried through its step ({@code (s - 1)^2 = s^2 - 2s + 1}, {@code (s + 1)^2 = s^2 + 2s + 1})
     * instead of squaring the root again: the predictors take one of these per decoded rotation and per
     * fractional bit of a quaternion power.
     *
     * @param value the radicand; a negative one is treated as 0.
     * @return {@code sqrt(value)} rounded to the nearest integer.
     */
    public static long sqrtRound(final long value)
    {
        if (value <= 0)
        {
            return 0;
        }
        long root = (long)Math.sqrt((double)value);
        long remainder = value - root * root;
        if (remainder < 0)
        {
            remainder += 2 * root - 1;
            root--;
        }
        else if (remainder > 2 * root)
        {
            remainder -= 2 * root + 1;
            root++;
        }
        // remainder > root, as the sign of root - remainder (both at most 2^33): half the radicands round up, so a
        // branch on it would be mispredicted half the time.
        return root + ((root - remainder) >>> 63);
    }

    /** Clamp to {@code [min, max]}. */
    public static int clamp(final long value, final int min, final int max)
    {
        return (int)Math.max(min, Math.min(max, value));
    }
}
