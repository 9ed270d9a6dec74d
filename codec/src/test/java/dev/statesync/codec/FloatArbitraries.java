package dev.statesync.codec;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;

/**
 * Float generators with real coverage: jqwik's default {@code floats()} has two decimals and no special
 * values, which would hide every rounding and clamping bug a quantizer can have.
 */
public final class FloatArbitraries
{
    public static final float[] SPECIALS =
    {
        Float.NaN, Float.intBitsToFloat(0x7FC0_1234), Float.intBitsToFloat(0xFF80_0001),
        Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        0.0f, -0.0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, -Float.MIN_NORMAL,
        Float.intBitsToFloat(0x007F_FFFF), Float.intBitsToFloat(0x807F_FFFF),
        Float.MAX_VALUE, -Float.MAX_VALUE, 1.0f, -1.0f, 0.5f, -0.5f, 1e-30f, -1e-30f, 1e30f, -1e30f
    };

    private FloatArbitraries()
    {
    }

    /** Every float bit pattern, uniformly, so NaNs, infinities, subnormals and huge values all appear. */
    public static Arbitrary<Float> anyBits()
    {
        return Arbitraries.integers().map(Float::intBitsToFloat);
    }

    /** The special values above. */
    public static Arbitrary<Float> specials()
    {
        final Float[] boxed = new Float[SPECIALS.length];
        for (int i = 0; i < SPECIALS.length; i++)
        {
            boxed[i] = SPECIALS[i];
        }
        return Arbitraries.of(boxed);
    }

    /**
     * Finite values in {@code [min, max]} at full float resolution: 2^24 + 1 evenly spaced points, each
     * rounded to float (jqwik's {@code floats().between(..)} needs bounds exact at its scale).
     */
    public static Arbitrary<Float> between(final float min, final float max)
    {
        final double span = (double)max - min;
        return Arbitraries.integers().between(0, 1 << 24)
            .map(i -> (float)Math.max(min, Math.min(max, min + span * (i / (double)(1 << 24)))));
    }

    /** Decimal values in [-1000, 1000] with 6 decimals, jqwik's shrinking-friendly scale generator. */
    public static Arbitrary<Float> decimals()
    {
        return Arbitraries.floats().between(-1000.0f, 1000.0f).ofScale(6);
    }

    /** The bounds themselves and their float neighbours on both sides. */
    public static Arbitrary<Float> atAndAround(final float... bounds)
    {
        final Float[] values = new Float[bounds.length * 3];
        for (int i = 0; i < bounds.length; i++)
        {
            values[3 * i] = bounds[i];
            values[3 * i + 1] = Math.nextUp(bounds[i]);
            values[3 * i + 2] = Math.nextDown(bounds[i]);
        }
        return Arbitraries.of(values);
    }

    /**
     * A mix for a field bounded by {@code [min, max]}: mostly values a little beyond the range, plus every
     * bit pattern, the special values and the bounds with their neighbours.
     */
    public static Arbitrary<Float> forRange(final float min, final float max)
    {
        final float margin = (max - min) * 0.1f + 1.0f;
        return Arbitraries.frequencyOf(
            Tuple.of(5, between(min - margin, max + margin)),
            Tuple.of(2, anyBits()),
            Tuple.of(1, decimals()),
            Tuple.of(1, specials()),
            Tuple.of(1, atAndAround(min, max, 0.0f)));
    }

    /** A mix for any float: every bit pattern, special values, and ordinary magnitudes. */
    public static Arbitrary<Float> anything()
    {
        return Arbitraries.frequencyOf(
            Tuple.of(3, anyBits()),
            Tuple.of(1, specials()),
            Tuple.of(3, decimals()));
    }
}
