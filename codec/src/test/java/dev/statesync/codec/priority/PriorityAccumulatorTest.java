package dev.statesync.codec.priority;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class PriorityAccumulatorTest
{
    private static final ObjectSizer TEN_BITS_EACH = (object) -> 10;

    private static int[] select(final PriorityAccumulator accumulator, final ObjectSizer sizer, final int budgetBits)
    {
        final int[] out = new int[accumulator.objectCount()];
        final int count = accumulator.select(sizer, budgetBits, out);
        return Arrays.copyOf(out, count);
    }

    @Test
    void shouldSelectInDescendingAccumulatorOrder()
    {
        final PriorityAccumulator accumulator = new PriorityAccumulator(5);
        final float[] factors = {1.0f, 100.0f, 0.5f, 1_000_000.0f, 7.0f};
        for (int i = 0; i < factors.length; i++)
        {
            accumulator.setPriorityFactor(i, factors[i]);
        }
        accumulator.accumulate();
        accumulator.accumulate();

        assertEquals(2_000_000.0f, accumulator.accumulator(3));
        assertArrayEquals(new int[]{3, 1, 4, 0, 2}, select(accumulator, TEN_BITS_EACH, 1000));
        assertEquals(50, accumulator.selectedBits());
    }

    @Test
    void shouldBreakTiesByLowerIndexFirst()
    {
        final PriorityAccumulator accumulator = new PriorityAccumulator(6);
        final float[] factors = {2.0f, 5.0f, 2.0f, 5.0f, 0.0f, 2.0f};
        for (int i = 0; i < factors.length; i++)
        {
            accumulator.setPriorityFactor(i, factors[i]);
        }
        accumulator.accumulate();

        final int[] expected = {1, 3, 0, 2, 5, 4};
        assertArrayEquals(expected, select(accumulator, TEN_BITS_EACH, 1000));
        assertArrayEquals(expected, select(accumulator, TEN_BITS_EACH, 1000), "selection repeats exactly");
    }

    @Test
    void shouldNeverSelectObjectWithNegativeFactorAndHoldItsAccumulatorAtMinusOne()
    {
        final PriorityAccumulator accumulator = new PriorityAccumulator(3);
        accumulator.setPriorityFactor(0, 1.0f);
        accumulator.setPriorityFactor(1, 1_000_000.0f);
        accumulator.accumulate();
        accumulator.setPriorityFactor(1, -5.0f);

        for (int frame = 0; frame < 10; frame++)
        {
            accumulator.accumulate();
            assertEquals(PriorityAccumulator.EXCLUDED, accumulator.accumulator(1));
            assertArrayEquals(new int[]{0, 2}, select(accumulator, TEN_BITS_EACH, 1000));
        }

        final int[] excluded = {1};
        accumulator.markSent(excluded, 1);
        assertEquals(PriorityAccumulator.EXCLUDED, accumulator.accumulator(1), "marking sent does not re-admit it");
    }

    @Test
    void shouldRestartFromZeroWhenFactorTurnsNonNegativeAgain()
    {
        final PriorityAccumulator accumulator = new PriorityAccumulator(1);
        accumulator.setPriorityFactor(0, -1.0f);
        accumulator.accumulate();
        accumulator.setPriorityFactor(0, 3.0f);
        accumulator.accumulate();

        assertEquals(3.0f, accumulator.accumulator(0));
    }

    @Test
    void shouldResetSentObjectsToZeroWhileOthersKeepAccumulating()
    {
        final PriorityAccumulator accumulator = new PriorityAccumulator(4);
        for (int i = 0; i < 4; i++)
        {
            accumulator.setPriorityFactor(i, i + 1.0f);
        }
        accumulator.accumulate();

        final int[] selected = new int[4];
        final int count = accumulator.select(TEN_BITS_EACH, 20, selected);
        assertEquals(2, count);
        assertArrayEquals(new int[]{3, 2}, Arrays.copyOf(selected, count));
        accumulator.markSent(selected, count);

        assertEquals(0.0f, accumulator.accumulator(3));
        assertEquals(0.0f, accumulator.accumulator(2));
        assertEquals(2.0f, accumulator.accumulator(1));
        assertEquals(1.0f, accumulator.accumulator(0));

        accumulator.accumulate();
        assertEquals(4.0f, accumulator.accumulator(3));
        assertEquals(3.0f, accumulator.accumulator(2));
        assertEquals(4.0f, accumulator.accumulator(1));
        assertEquals(2.0f, accumulator.accumulator(0));
        assertArrayEquals(new int[]{1, 3}, select(accumulator, TEN_BITS_EACH, 20), "the waiting object gets its turn");
    }

    @Test
    void shouldSkipObjectThatDoesNotFitAndTakeSmallerOnesAfterIt()
    {
        final PriorityAccumulator accumulator = new PriorityAccumulator(5);
        for (int i = 0; i < 5; i++)
        {
            accumulator.setPriorityFactor(i, 5.0f - i);
        }
        accumulator.accumulate();
        final int[] sizes = {40, 100, 30, 50, 30};

        assertArrayEquals(new int[]{0, 2, 4}, select(accumulator, (object) -> sizes[object], 100));
        assertEquals(100, accumulator.selectedBits(), "budget used exactly, never exceeded");

        assertArrayEquals(new int[]{0, 2}, select(accumulator, (object) -> sizes[object], 99));
        assertEquals(70, accumulator.selectedBits());
    }

    @Test
    void shouldSelectNothingFromZeroBudgetUnlessObjectsAreFree()
    {
        final PriorityAccumulator accumulator = new PriorityAccumulator(3);
        final int[] sizes = {5, 0, 1};

        assertArrayEquals(new int[]{1}, select(accumulator, (object) -> sizes[object], 0));
        assertEquals(0, accumulator.selectedBits());
    }

    @Test
    void shouldStopAfterConfiguredConsecutiveMisses()
    {
        final PriorityAccumulator accumulator = new PriorityAccumulator(6, 2);
        for (int i = 0; i < 6; i++)
        {
            accumulator.setPriorityFactor(i, 6.0f - i);
        }
        accumulator.accumulate();
        final int[] sizes = {10, 50, 10, 50, 50, 10};
        final int[] asked = new int[1];
        final ObjectSizer sizer = (object) ->
        {
            asked[0]++;
            return sizes[object];
        };

        assertArrayEquals(new int[]{0, 2}, select(accumulator, sizer, 40));
        assertEquals(5, asked[0], "stopped after objects 3 and 4 missed in a row, never sized 5");

        final PriorityAccumulator tryAll = new PriorityAccumulator(6);
        for (int i = 0; i < 6; i++)
        {
            tryAll.setPriorityFactor(i, 6.0f - i);
        }
        tryAll.accumulate();
        assertArrayEquals(new int[]{0, 2, 5}, select(tryAll, (object) -> sizes[object], 40));
    }

    @Test
    void shouldCapSelectionAtOutputLength()
    {
        final PriorityAccumulator accumulator = new PriorityAccumulator(5);
        for (int i = 0; i < 5; i++)
        {
            accumulator.setPriorityFactor(i, i);
        }
        accumulator.accumulate();
        final int[] out = new int[2];

        assertEquals(2, accumulator.select(TEN_BITS_EACH, 1000, out));
        assertArrayEquals(new int[]{4, 3}, out);
        assertEquals(20, accumulator.selectedBits());
    }

    @Test
    void shouldRejectProgrammerMisuse()
    {
        final PriorityAccumulator accumulator = new PriorityAccumulator(2);
        final int[] out = new int[2];

        assertThrows(IllegalArgumentException.class, () -> accumulator.setPriorityFactor(0, Float.NaN));
        assertThrows(IllegalArgumentException.class, () -> accumulator.setPriorityFactor(0, Float.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> accumulator.setPriorityFactor(2, 1.0f));
        assertThrows(IllegalArgumentException.class, () -> accumulator.setPriorityFactor(-1, 1.0f));
        assertThrows(IllegalArgumentException.class, () -> accumulator.select(TEN_BITS_EACH, -1, out));
        assertThrows(IllegalArgumentException.class, () -> accumulator.select((object) -> -1, 100, out));
        assertThrows(IllegalArgumentException.class, () -> accumulator.markSent(out, 3));
        assertThrows(IllegalArgumentException.class, () -> accumulator.markSent(new int[]{7}, 1));
        assertThrows(IllegalArgumentException.class, () -> new PriorityAccumulator(-1));
        assertThrows(IllegalArgumentException.class, () -> new PriorityAccumulator(4, 0));
    }
}
