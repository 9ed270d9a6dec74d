package dev.statesync.codec.snapshot;

import java.util.Arrays;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.Bits;

/**
 * How a vector of small integer residuals (current minus predicted) is coded: a size class chosen per
 * vector, then every component as a zig-zag code of the class's width. Class 0 of width 0 means "all
 * zero" and costs only its selector; the last class means "too large: send the absolute values", which the
 * caller writes. Selectors are unary (class {@code c} costs {@code c + 1} bits, the last one {@code c}), so
 * order classes from most to least frequent.
 *
 * <p>Immutable; one instance per field group and schema.
 */
public final class ResidualClasses
{
    private final int[] widths;
    private final BitLadder selector;
    /**
     * {@link #selector}'s bits per class, {@code selector.bitsFor(c)} taken once at construction: the bitpacked size
     * estimates ask for it per field group of every alternative, and the ladder finds a unary rung by walking up
     * from its bit length's first rung, a loop whose length is the class (data, so its exit mispredicted).
     */
    private final int[] selectorBits;

    /**
     * @param widths bit widths of the residual classes, increasing, each 0..24; an absolute class follows
     *               them implicitly.
     */
    public ResidualClasses(final int... widths)
    {
        if (widths.length == 0 || widths.length > 15)
        {
            throw new IllegalArgumentException("need 1..15 residual classes, got " + widths.length);
        }
        for (int i = 0; i < widths.length; i++)
        {
            if (widths[i] < 0 || widths[i] > 24 || (i > 0 && widths[i] <= widths[i - 1]))
            {
                throw new IllegalArgumentException("widths must increase within 0..24: " + Arrays.toString(widths));
            }
        }
        this.widths = widths.clone();
        final int[] unary = new int[widths.length + 1];
        this.selector = new BitLadder(unary);
        this.selectorBits = new int[widths.length + 1];
        for (int c = 0; c <= widths.length; c++)
        {
            selectorBits[c] = selector.bitsFor(c);
        }
    }

    /** @return the class index that means "absolute values follow". */
    public int absoluteClass()
    {
        return widths.length;
    }

    /** @return width in bits of a residual class. */
    public int width(final int residualClass)
    {
        return widths[residualClass];
    }

    /**
     * @return the smallest class whose width holds every residual's zig-zag code, or {@link #absoluteClass()}.
     */
    public int classFor(final int[] residuals, final int count)
    {
        int maxCode = 0;
        for (int i = 0; i < count; i++)
        {
            maxCode |= Bits.zigZagEncode(residuals[i]);
        }
        final int needed = Bits.bitsRequiredUnsigned(maxCode);
        for (int c = 0; c < widths.length; c++)
        {
            if (widths[c] >= needed)
            {
                return c;
            }
        }
        return widths.length;
    }

    /** Serialize the class selector. */
    public int serializeClass(final BitStream stream, final int residualClass)
    {
        return stream.serializeLadder(residualClass, selector);
    }

    /** @return bits of the selector plus {@code count} residuals of a non-absolute class. */
    public int bitsFor(final int residualClass, final int count)
    {
        if (residualClass < 0 || residualClass > widths.length)
        {
            // As the ladder refused it.
            throw new IllegalArgumentException("value " + residualClass + " outside ladder range [0, " + widths.length + "]");
        }
        final int bits = selectorBits[residualClass];
        return residualClass == widths.length ? bits : bits + count * widths[residualClass];
    }

    @Override
    public String toString()
    {
        return "ResidualClasses" + Arrays.toString(widths) + "+abs";
    }
}
