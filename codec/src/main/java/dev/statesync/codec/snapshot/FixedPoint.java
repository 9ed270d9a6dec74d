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

    /** Clamp to {@code [min, max]}. */
    public static int clamp(final long value, final int min, final int max)
    {
        return (int)Math.max(min, Math.min(max, value));
    }
}
