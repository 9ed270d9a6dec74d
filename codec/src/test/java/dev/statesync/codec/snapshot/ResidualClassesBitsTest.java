package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import dev.statesync.codec.bits.BitLadder;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * {@link ResidualClasses#bitsFor} reads the selector's bits from a table built at construction; pinned against the
 * computation it replaced (as of 0d8073e): the unary selector ladder's {@code bitsFor} of the class, plus
 * {@code count} residuals of the class's width unless it is the absolute class; and the same refusal outside the
 * classes.
 */
class ResidualClassesBitsTest
{
    private static int ladderBitsFor(final int[] widths, final int residualClass, final int count)
    {
        final BitLadder selector = new BitLadder(new int[widths.length + 1]);
        final int selectorBits = selector.bitsFor(residualClass);
        return residualClass == widths.length ? selectorBits : selectorBits + count * widths[residualClass];
    }

    @Property(tries = 2000)
    void sameAsTheLaddersBits(
        @ForAll @Size(min = 1, max = 15) final int[] steps,
        @ForAll @IntRange(max = 16) final int residualClass,
        @ForAll @IntRange(max = 64) final int count)
    {
        // Increasing widths within 0..24 from arbitrary steps.
        final int[] widths = new int[steps.length];
        int width = -1;
        int n = 0;
        for (final int step : steps)
        {
            width += 1 + Math.floorMod(step, 3);
            if (width > 24)
            {
                break;
            }
            widths[n++] = width;
        }
        if (n == 0)
        {
            return;
        }
        final int[] used = Arrays.copyOf(widths, n);
        final ResidualClasses classes = new ResidualClasses(used);
        if (residualClass > used.length)
        {
            assertThrows(IllegalArgumentException.class, () -> ladderBitsFor(used, residualClass, count));
            assertThrows(IllegalArgumentException.class, () -> classes.bitsFor(residualClass, count));
            return;
        }
        assertEquals(ladderBitsFor(used, residualClass, count), classes.bitsFor(residualClass, count),
            Arrays.toString(used) + " class " + residualClass + " count " + count);
    }

    @Property(tries = 100)
    void refusesANegativeClassAsTheLadderDid(@ForAll @IntRange(min = Integer.MIN_VALUE, max = -1) final int residualClass)
    {
        final int[] widths = {0, 2, 4, 8};
        assertThrows(IllegalArgumentException.class, () -> ladderBitsFor(widths, residualClass, 3));
        assertThrows(IllegalArgumentException.class, () -> new ResidualClasses(widths).bitsFor(residualClass, 3));
    }
}
