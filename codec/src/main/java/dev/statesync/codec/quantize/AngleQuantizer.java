package dev.statesync.codec.quantize;

import dev.statesync.codec.bits.BitStream;

/**
 * A rotation about one fixed axis (a 2D body's angle, a turret's yaw) in {@code bits} bits: {@code 2^bits}
 * codes spread uniformly over the whole circle, with wrap-around, so 359 degrees and -1 degree share a code
 * and no angle is ever out of range.
 *
 * <p>{@code code = rint(theta / 2pi * 2^bits) mod 2^bits}, with {@code theta} first reduced into
 * {@code [-pi, pi]} by {@link Math#IEEEremainder} against the double nearest 2pi (exact for any float, so a
 * spinning body's ever-growing angle still quantizes; beyond a few thousand turns a float angle no longer
 * resolves a code anyway). Ties go to the even multiple of the step ({@link Math#rint}), which is symmetric:
 * {@code -theta} gets the negated code. Code {@code k} decodes to {@code k * 2pi / 2^bits} with {@code k}
 * taken in {@code [-2^(bits-1), 2^(bits-1))}, i.e. into {@code [-pi, pi)}: 0, +-90 degrees and 180 degrees are
 * grid points (from 2 bits on) and decode to exactly {@code 0.0f}, {@code (float)(+-Math.PI / 2)} and
 * {@code (float)(-Math.PI)} (180 degrees comes back as -180). A NaN or infinite angle is sent as 0.
 *
 * <p>Invariant: {@code quantize(dequantize(q)) == q} for every code; that is why bits stop at 24, where
 * float still resolves neighbouring steps near +-pi. The worst-case error is half a step,
 * {@code pi / 2^bits} rad (plus float rounding of the decoded value).
 *
 * <p>Immutable and allocation-free; share one instance per field.
 */
public final class AngleQuantizer
{
    /** Fewest bits: codes for 0 and 180 degrees. */
    public static final int MIN_BITS = 1;
    /** Most bits for which float resolves every step. */
    public static final int MAX_BITS = 24;

    private static final double TWO_PI = 2 * Math.PI;

    private final int bits;
    private final int codeCount;
    private final int maxCode;
    private final double codesPerRadian;
    private final double radiansPerCode;

    /**
     * @param bits 1..24 bits per angle.
     * @throws IllegalArgumentException if {@code bits} is outside 1..24.
     */
    public AngleQuantizer(final int bits)
    {
        if (bits < MIN_BITS || bits > MAX_BITS)
        {
            throw new IllegalArgumentException("bits must be " + MIN_BITS + ".." + MAX_BITS + ", got " + bits);
        }
        this.bits = bits;
        this.codeCount = 1 << bits;
        this.maxCode = codeCount - 1;
        this.codesPerRadian = codeCount / TWO_PI;
        this.radiansPerCode = TWO_PI / codeCount;
    }

    /**
     * @param radians any float; NaN and infinities give code 0.
     * @return the code of the nearest grid angle, in {@code [0, maxCode()]}.
     */
    public int quantize(final float radians)
    {
        if (!Float.isFinite(radians))
        {
            return 0;
        }
        final double reduced = Math.IEEEremainder(radians, TWO_PI);
        final int k = (int)Math.rint(reduced * codesPerRadian); // in [-2^(bits-1), 2^(bits-1)]
        return k & maxCode;
    }

    /**
     * @param code a code in {@code [0, maxCode()]}.
     * @return the grid angle in radians, in {@code [-pi, pi)}.
     * @throws IllegalArgumentException if the code is out of range (a reader never produces one).
     */
    public float dequantize(final int code)
    {
        if (code < 0 || code > maxCode)
        {
            throw new IllegalArgumentException("code " + code + " outside [0, " + maxCode + "]");
        }
        final int k = code >= codeCount >>> 1 ? code - codeCount : code;
        return (float)(k * radiansPerCode);
    }

    /** @return {@code dequantize(quantize(radians))}: the angle the other peer will hold. */
    public float snap(final float radians)
    {
        return dequantize(quantize(radians));
    }

    /**
     * Serialize a code in {@link #bits()} bits (every pattern is a valid code).
     *
     * @return the code now held: {@code code} when writing or measuring, the code read when reading.
     */
    public int serialize(final BitStream stream, final int code)
    {
        return stream.serializeInt(code, 0, maxCode);
    }

    /** @return bits per angle on the wire. */
    public int bits()
    {
        return bits;
    }

    /** @return the largest code, {@code 2^bits - 1}. */
    public int maxCode()
    {
        return maxCode;
    }

    /** @return the angle between neighbouring codes, in radians ({@code 2pi / 2^bits}). */
    public double stepRadians()
    {
        return radiansPerCode;
    }

    @Override
    public String toString()
    {
        return "AngleQuantizer[" + bits + " bits]";
    }
}
