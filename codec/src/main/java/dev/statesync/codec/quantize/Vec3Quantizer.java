package dev.statesync.codec.quantize;

import dev.statesync.codec.bits.BitStream;

/**
 * Three {@link BoundedQuantizer}s, one per axis, for a position or velocity. Codes live in a caller-owned
 * {@code int[]} at an offset (x, y, z in that order) so a snapshot can keep all its objects' codes in one flat
 * array; nothing allocates.
 *
 * <p>Fiedler's cube position: {@code new Vec3Quantizer(ofResolution(-256, 255, 512),
 * ofResolution(-256, 255, 512), ofResolutionHalfOpen(0, 32, 512))}, 18 + 18 + 14 = 50 bits.
 */
public final class Vec3Quantizer
{
    private final BoundedQuantizer x;
    private final BoundedQuantizer y;
    private final BoundedQuantizer z;

    /** One quantizer per axis. */
    public Vec3Quantizer(final BoundedQuantizer x, final BoundedQuantizer y, final BoundedQuantizer z)
    {
        if (x == null || y == null || z == null)
        {
            throw new IllegalArgumentException("every axis needs a quantizer");
        }
        this.x = x;
        this.y = y;
        this.z = z;
    }

    /** The same quantizer on all three axes, e.g. a velocity of +-32 m/s on each. */
    public static Vec3Quantizer uniform(final BoundedQuantizer axis)
    {
        return new Vec3Quantizer(axis, axis, axis);
    }

    /** Write the codes of {@code (vx, vy, vz)} to {@code codes[offset .. offset + 2]}. */
    public void quantize(final float vx, final float vy, final float vz, final int[] codes, final int offset)
    {
        codes[offset] = x.quantize(vx);
        codes[offset + 1] = y.quantize(vy);
        codes[offset + 2] = z.quantize(vz);
    }

    /** Quantize {@code values[valuesOffset .. + 2]} into {@code codes[codesOffset .. + 2]}. */
    public void quantize(final float[] values, final int valuesOffset, final int[] codes, final int codesOffset)
    {
        quantize(values[valuesOffset], values[valuesOffset + 1], values[valuesOffset + 2], codes, codesOffset);
    }

    /**
     * Decode {@code codes[codesOffset .. + 2]} into {@code values[valuesOffset .. + 2]}.
     *
     * @throws IllegalArgumentException if a code is out of its axis's range.
     */
    public void dequantize(final int[] codes, final int codesOffset, final float[] values, final int valuesOffset)
    {
        values[valuesOffset] = x.dequantize(codes[codesOffset]);
        values[valuesOffset + 1] = y.dequantize(codes[codesOffset + 1]);
        values[valuesOffset + 2] = z.dequantize(codes[codesOffset + 2]);
    }

    /**
     * Serialize the three codes at {@code codes[offset]} in {@link #bits()} bits; a reader stores what it read
     * there (in-range placeholders once it has failed: check {@link BitStream#isFailed()}).
     */
    public void serialize(final BitStream stream, final int[] codes, final int offset)
    {
        codes[offset] = x.serialize(stream, codes[offset]);
        codes[offset + 1] = y.serialize(stream, codes[offset + 1]);
        codes[offset + 2] = z.serialize(stream, codes[offset + 2]);
    }

    /** @return bits of the three codes on the wire. */
    public int bits()
    {
        return x.bits() + y.bits() + z.bits();
    }

    /** @return the x axis quantizer. */
    public BoundedQuantizer x()
    {
        return x;
    }

    /** @return the y axis quantizer. */
    public BoundedQuantizer y()
    {
        return y;
    }

    /** @return the z axis quantizer. */
    public BoundedQuantizer z()
    {
        return z;
    }
}
