package dev.statesync.codec.bits;

import java.util.Arrays;

/**
 * A variable-length code for small unsigned numbers: a unary rung selector followed by the value's offset
 * inside the rung. Rung {@code i} holds {@code 2^widths[i]} consecutive values starting where rung
 * {@code i - 1} ended, and costs {@code i + 1} selector bits (the last rung needs no terminating bit, so it
 * costs {@code i}) plus {@code widths[i]} bits.
 *
 * <p>Example: widths {@code {0, 1, 3, 8}} codes 0 in 1 bit, 1..2 in 3 bits, 3..10 in 6 bits and
 * 11..266 in 11 bits. Fiedler's relative object index ladder is such a ladder over {@code index - 1}.
 *
 * <p>Immutable and allocation-free after construction; share one instance per schema.
 */
public final class BitLadder
{
    private final int[] widths;
    private final long[] starts;
    private final long maxValue;
    /**
     * The rung of the smallest value of each bit length ({@code 32 - numberOfLeadingZeros}, 0..31): where
     * {@link #rungOf} starts its search, so it steps past at most the rungs that share that bit length.
     */
    private final byte[] rungOfBitLength = new byte[32];

    /**
     * @param widths bits of each rung, lowest rung first; each 0..31, at least one rung, and together they
     *               must not cover more than the non-negative int range.
     */
    public BitLadder(final int... widths)
    {
        if (widths.length == 0 || widths.length > 32)
        {
            throw new IllegalArgumentException("a ladder needs 1..32 rungs, got " + widths.length);
        }
        this.widths = widths.clone();
        this.starts = new long[widths.length];
        long start = 0;
        for (int i = 0; i < widths.length; i++)
        {
            if (widths[i] < 0 || widths[i] > 31)
            {
                throw new IllegalArgumentException("rung width must be 0..31, got " + widths[i]);
            }
            starts[i] = start;
            start += 1L << widths[i];
        }
        if (start - 1 > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException("ladder covers more than the non-negative int range");
        }
        this.maxValue = start - 1;
        for (int length = 0; length < rungOfBitLength.length; length++)
        {
            final long smallest = length == 0 ? 0 : 1L << (length - 1);
            int rung = 0;
            while (rung < widths.length - 1 && smallest >= starts[rung + 1])
            {
                rung++;
            }
            rungOfBitLength[length] = (byte)rung;
        }
    }

    /** A general-purpose ladder for counts and gaps: 0..1 in 2 bits, 2..9 in 5 bits, up to about 1.07e9 in 35 bits. */
    public static BitLadder smallUnsigned()
    {
        return new BitLadder(1, 3, 6, 10, 16, 30);
    }

    /** @return the largest value this ladder can code. */
    public int maxValue()
    {
        return (int)maxValue;
    }

    /** @return number of rungs. */
    public int rungCount()
    {
        return widths.length;
    }

    /**
     * @return the rung that holds {@code value}. Why the table: a scan from rung 0 took one unpredictable branch per
     * rung passed, the largest single cost of bitpacked encoding (8% of the cube run's bitpacked encode); from the
     * rung of the value's bit length it passes at most the rungs that share that length, usually none or one.
     */
    public int rungOf(final int value)
    {
        checkValue(value);
        int rung = rungOfBitLength[32 - Integer.numberOfLeadingZeros(value)];
        while (rung < widths.length - 1 && value >= starts[rung + 1])
        {
            rung++;
        }
        return rung;
    }

    /** @return the exact number of bits {@code value} takes. */
    public int bitsFor(final int value)
    {
        final int rung = rungOf(value);
        return selectorBits(rung) + widths[rung];
    }

    int selectorBits(final int rung)
    {
        return rung == widths.length - 1 ? rung : rung + 1;
    }

    /**
     * @param rung rung index, 0 .. rungs - 1.
     * @return bits of the value field on that rung.
     */
    public int width(final int rung)
    {
        return widths[rung];
    }

    /**
     * @param rung rung index, 0 .. rungs - 1.
     * @return the smallest magnitude that rung codes (the sum of the capacities of the rungs below it).
     */
    public long start(final int rung)
    {
        return starts[rung];
    }

    void checkValue(final int value)
    {
        if (value < 0 || value > maxValue)
        {
            throw new IllegalArgumentException("value " + value + " outside ladder range [0, " + maxValue + "]");
        }
    }

    @Override
    public String toString()
    {
        return "BitLadder" + Arrays.toString(widths);
    }
}
