package dev.statesync.codec.quantize;

import dev.statesync.codec.bits.BitStream;

/**
 * Two {@link BoundedQuantizer}s, one per axis, for a 2D position or velocity. Codes live in a caller-owned
 * {@code int[]} at an offset (x then y) so a snapshot can keep all its objects' codes in one flat array;
 * nothing allocates.
 */
public final class Vec2Quantizer
{
    private final BoundedQuantizer x;
    private final BoundedQuantizer y;

    /** One quantizer per axis. */
    public Vec2Quantizer(final BoundedQuantizer x, final BoundedQuantizer y)
    {
        if (x == null || y == null)
        {
            throw new IllegalArgumentException("every axis needs a quantizer");
        }
        this.x = x;
        this.y = y;
    }

    /** The same quantizer on both axes. */
    public static Vec2Quantizer uniform(final BoundedQuantizer axis)
    {
        return new Vec2Quantizer(axis, axis);
    }

    /** Write the codes of {@code (vx, vy)} to {@code codes[offset]} and {@code codes[offset + 1]}. */
    public void quantize(final float vx, final float vy, final int[] codes, final int offset)
    {
        codes[offset] = x.quantize(vx);
        codes[offset + 1] = y.quantize(vy);
    }

    /** Quantize {@code values[valuesOffset .. + 1]} into {@code codes[codesOffset .. + 1]}. */
    public void quantize(final float[] values, final int valuesOffset, final int[] codes, final int codesOffset)
    {
        quantize(values[valuesOffset], values[valuesOffset + 1], codes, codesOffset);
    }

    /**
     * Decode {@code codes[codesOffset .. + 1]} into {@code values[valuesOffset .. + 1]}.
     *
     * @throws IllegalArgumentException if a code is out of its axis's range.
     */
    public void dequantize(final int[] codes, final int codesOffset, final float[] values, final int valuesOffset)
    {
        values[valuesOffset] = x.dequantize(codes[codesOffset]);
        values[valuesOffset + 1] = y.dequantize(codes[codesOffset + 1]);
    }

    /**
     * Serialize the two codes at {@code codes[offset]} in {@link #bits()} bits; a reader stores what it read
     * there (in-range placeholders once it has failed: check {@link BitStream#isFailed()}).
     */
    public void serialize(final BitStream stream, final int[] codes, final int offset)
    {
        codes[offset] = x.serialize(stream, codes[offset]);
        codes[offset + 1] = y.serialize(stream, codes[offset + 1]);
    }

    /** @return bits of the two codes on the wire. */
    public int bits()
    {
        return x.bits() + y.bits();
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
}
