package dev.statesync.codec.quantize;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.Bits;

/**
 * Maps a float in a bounded range to an integer code on a uniform grid and back, so a value can be sent in
 * {@link #bits()} bits and both peers hold exactly the same float afterwards.
 *
 * <p>Two ways to lay out the grid:
 * <ul>
 *     <li>{@link #ofResolution(float, float, float)}: the multiples of {@code 1 / unitsPerUnit} inside
 *     {@code [min, max]} (Fiedler's "512 units per metre"). Zero is a multiple of every step, so whenever
 *     {@code min <= 0 <= max} a value at rest decodes to exactly {@code 0.0f}. The code of a multiple
 *     {@code k / unitsPerUnit} is {@code k - kMin}.
 *     {@link #ofResolutionHalfOpen(float, float, float)} is the same grid over {@code [min, maxExclusive)},
 *     the convention Fiedler's quoted bit counts imply (see below).</li>
 *     <li>{@link #ofBits(float, float, int)}: {@code 2^bits} points, {@code 2^bits - 1} equal steps from
 *     {@code min} to {@code max}; both endpoints are on the grid and decode exactly. The number of steps is
 *     odd, so the centre of a symmetric range is never on this grid: use a resolution grid when zero must be
 *     exact.</li>
 * </ul>
 *
 * <p>Fiedler's cube-demo fields take 18 + 18 + 14 bits of position and 11 bits per velocity axis (his
 * snapshot compression article; the grids are tabulated in {@code src/site/quantization.md}).
 * Those counts only come out when the upper bound of z and of velocity is exclusive: {@code [0, 32)} at 512
 * units per metre is 16384 points, 14 bits, and {@code [-32, 32)} at 32 per m/s is 2048 points, 11 bits,
 * whereas an inclusive {@code [0, 32]} has 16385 points and needs 15 bits. Both conventions are offered and
 * named, never guessed:
 * <pre>{@code
 * BoundedQuantizer x = BoundedQuantizer.ofResolution(-256, 255, 512);        // 18 bits, 255 m included
 * BoundedQuantizer z = BoundedQuantizer.ofResolutionHalfOpen(0, 32, 512);    // 14 bits, [0, 32) m
 * BoundedQuantizer v = BoundedQuantizer.ofResolutionHalfOpen(-32, 32, 32);   // 11 bits, [-32, 32) m/s
 * }</pre>
 *
 * <p>Rules for every input, so that no float can produce an out-of-range code:
 * <ul>
 *     <li>Round to the nearest grid point; an exact tie goes to the even one ({@link Math#rint}, the IEEE 754
 *     default). On a resolution grid "even" means an even multiple {@code k} of the step whatever {@code min}
 *     is, so ties are symmetric about zero: {@code snap(-x) == -snap(x)} inside a symmetric range. On a bits
 *     grid it means an even code.</li>
 *     <li>Values below the range (including {@code -Infinity}) give code 0, values above it (including
 *     {@code +Infinity}) give {@link #maxCode()}.</li>
 *     <li>{@code NaN} gives the code of {@code 0.0f}: the grid point nearest zero, clamped into the range (a
 *     corrupt simulation value then sends "nothing moving" rather than an extreme).</li>
 * </ul>
 *
 * <p>Invariant: {@code quantize(dequantize(q)) == q} for every code, so a snapped value re-quantizes to the
 * same code on the other peer. The factories refuse a grid too fine for float to tell neighbouring points
 * apart (more than 2^22 steps between zero and the farther bound), which is what keeps that invariant.
 *
 * <p>All arithmetic is in double from float inputs, so results are identical on every Java 17 JVM (strict
 * fp). Immutable and allocation-free; share one instance per field.
 */
public final class BoundedQuantizer
{
    /** Largest distance from zero, in grid steps, that float resolves with a quarter step to spare. */
    static final double MAX_STEPS_FROM_ZERO = 1 << 22;

    private final boolean resolutionGrid;
    private final double min;
    private final double max;
    private final double unitsPerUnit;
    private final double kMin;
    private final double stepsPerRange;
    private final double codesPerUnit;
    private final int maxCode;
    private final int bits;
    private final int nanCode;

    private BoundedQuantizer(
        final boolean resolutionGrid,
        final double min,
        final double max,
        final double unitsPerUnit,
        final double kMin,
        final int maxCode)
    {
        this.resolutionGrid = resolutionGrid;
        this.min = min;
        this.max = max;
        this.unitsPerUnit = unitsPerUnit;
        this.kMin = kMin;
        this.maxCode = maxCode;
        this.stepsPerRange = maxCode;
        this.codesPerUnit = resolutionGrid ? unitsPerUnit : maxCode / (max - min);
        this.bits = Bits.bitsRequiredUnsigned(maxCode);
        this.nanCode = quantize(0.0f);
    }

    /**
     * A grid of the multiples of {@code 1 / unitsPerUnit} inside {@code [min, max]}, both bounds inclusive.
     *
     * @param min          lowest value, in the field's unit (e.g. metres).
     * @param max          highest value, same unit; {@code max} itself is a grid point only if it is a multiple.
     * @param unitsPerUnit grid points per unit, e.g. 512 for a 1/512 m resolution.
     * @throws IllegalArgumentException if a bound or the resolution is not finite, the resolution is not
     *                                  positive, the range holds fewer than two grid points, or the grid
     *                                  reaches farther than 2^22 steps from zero (float cannot resolve it).
     */
    public static BoundedQuantizer ofResolution(final float min, final float max, final float unitsPerUnit)
    {
        checkResolutionArguments(min, max, unitsPerUnit);
        // float * float is exact in double, so ceil and floor see the true product.
        final double kMin = Math.ceil((double)min * unitsPerUnit);
        final double kMax = Math.floor((double)max * unitsPerUnit);
        return ofGridIndices(min, max, unitsPerUnit, kMin, kMax);
    }

    /**
     * A grid of the multiples of {@code 1 / unitsPerUnit} inside {@code [min, maxExclusive)}: Fiedler's
     * convention for z and velocity, e.g. {@code ofResolutionHalfOpen(0, 32, 512)} is 0..16383, 14 bits.
     * Values at or above {@code maxExclusive} clamp to the last grid point below it.
     *
     * @throws IllegalArgumentException as {@link #ofResolution(float, float, float)}.
     */
    public static BoundedQuantizer ofResolutionHalfOpen(
        final float min, final float maxExclusive, final float unitsPerUnit)
    {
        checkResolutionArguments(min, maxExclusive, unitsPerUnit);
        final double kMin = Math.ceil((double)min * unitsPerUnit);
        final double kMax = Math.ceil((double)maxExclusive * unitsPerUnit) - 1;
        return ofGridIndices(min, maxExclusive, unitsPerUnit, kMin, kMax);
    }

    /**
     * {@code 2^bits} grid points, {@code 2^bits - 1} equal steps from {@code min} to {@code max}; code
     * {@code q} decodes to {@code (min * (n - q) + max * q) / n} (in double, {@code n = 2^bits - 1}), so both
     * endpoints are exact.
     *
     * @param min  lowest value, decoded by code 0.
     * @param max  highest value, decoded by {@link #maxCode()}.
     * @param bits 1..23, further limited so that float resolves neighbouring grid points.
     * @throws IllegalArgumentException if a bound is not finite, {@code min >= max}, {@code bits} is out of
     *                                  range or the grid is too fine for float at these bounds.
     */
    public static BoundedQuantizer ofBits(final float min, final float max, final int bits)
    {
        if (!Float.isFinite(min) || !Float.isFinite(max) || !(min < max))
        {
            throw new IllegalArgumentException("need finite min < max, got [" + min + ", " + max + "]");
        }
        if (bits < 1 || bits > 23)
        {
            throw new IllegalArgumentException("bits must be 1..23, got " + bits);
        }
        final int maxCode = (1 << bits) - 1;
        final double range = (double)max - min;
        final double farthest = Math.max(Math.abs((double)min), Math.abs((double)max));
        if (farthest / range * maxCode > MAX_STEPS_FROM_ZERO)
        {
            throw new IllegalArgumentException("grid of " + bits + " bits over [" + min + ", " + max +
                "] is finer than float resolves; use fewer bits or a range closer to zero");
        }
        return new BoundedQuantizer(false, min, max, 0, 0, maxCode);
    }

    private static void checkResolutionArguments(final float min, final float max, final float unitsPerUnit)
    {
        if (!Float.isFinite(min) || !Float.isFinite(max) || !(min < max))
        {
            throw new IllegalArgumentException("need finite min < max, got [" + min + ", " + max + "]");
        }
        if (!Float.isFinite(unitsPerUnit) || !(unitsPerUnit > 0))
        {
            throw new IllegalArgumentException("unitsPerUnit must be finite and positive, got " + unitsPerUnit);
        }
    }

    private static BoundedQuantizer ofGridIndices(
        final float min, final float max, final float unitsPerUnit, final double kMin, final double kMax)
    {
        if (Math.max(Math.abs(kMin), Math.abs(kMax)) > MAX_STEPS_FROM_ZERO)
        {
            throw new IllegalArgumentException("grid of " + unitsPerUnit + " units per unit over [" + min + ", " +
                max + "] reaches more than 2^22 steps from zero, finer than float resolves");
        }
        if (!(kMax > kMin))
        {
            throw new IllegalArgumentException("[" + min + ", " + max + "] holds fewer than two multiples of 1/" +
                unitsPerUnit);
        }
        return new BoundedQuantizer(true, min, max, unitsPerUnit, kMin, (int)(kMax - kMin));
    }

    /**
     * @param x value in the field's unit; any float, see the class comment for out-of-range, infinite and NaN.
     * @return the code of the nearest grid point, always in {@code [0, maxCode()]}.
     */
    public int quantize(final float x)
    {
        final double code;
        if (resolutionGrid)
        {
            // Round the grid index k, not k - kMin, so the even-tie rule is symmetric about zero.
            code = Math.rint(x * unitsPerUnit) - kMin;
        }
        else
        {
            code = Math.rint((x - min) * codesPerUnit);
        }
        if (code != code)
        {
            return nanCode;
        }
        if (code <= 0)
        {
            return 0;
        }
        if (code >= stepsPerRange)
        {
            return maxCode;
        }
        return (int)code;
    }

    /**
     * @param code a code in {@code [0, maxCode()]}.
     * @return the grid value of {@code code}, in the field's unit.
     * @throws IllegalArgumentException if the code is outside {@code [0, maxCode()]} (a reader never produces
     *                                  one: it fails instead).
     */
    public float dequantize(final int code)
    {
        if (code < 0 || code > maxCode)
        {
            throw new IllegalArgumentException("code " + code + " outside [0, " + maxCode + "]");
        }
        if (resolutionGrid)
        {
            return (float)((kMin + code) / unitsPerUnit);
        }
        return (float)((min * (stepsPerRange - code) + max * code) / stepsPerRange);
    }

    /** @return {@code dequantize(quantize(x))}: the value the other peer will hold after sending {@code x}. */
    public float snap(final float x)
    {
        return dequantize(quantize(x));
    }

    /**
     * Serialize a code in {@link #bits()} bits; a reader fails (and returns 0) on a code above
     * {@link #maxCode()}.
     *
     * @return the code now held: {@code code} when writing or measuring, the code read when reading.
     */
    public int serialize(final BitStream stream, final int code)
    {
        return stream.serializeInt(code, 0, maxCode);
    }

    /** @return bits per code on the wire. */
    public int bits()
    {
        return bits;
    }

    /** @return the largest code; codes are {@code 0..maxCode()}. */
    public int maxCode()
    {
        return maxCode;
    }

    /** @return the value code 0 decodes to. */
    public float minValue()
    {
        return dequantize(0);
    }

    /** @return the value {@link #maxCode()} decodes to. */
    public float maxValue()
    {
        return dequantize(maxCode);
    }

    /** @return distance between neighbouring grid points, in the field's unit. */
    public double step()
    {
        return resolutionGrid ? 1.0 / unitsPerUnit : (max - min) / stepsPerRange;
    }

    @Override
    public String toString()
    {
        return resolutionGrid ?
            "BoundedQuantizer[" + minValue() + ", " + maxValue() + "] at " + unitsPerUnit + " units, " + bits +
            " bits" :
            "BoundedQuantizer[" + min + ", " + max + "] in " + bits + " bits";
    }
}
