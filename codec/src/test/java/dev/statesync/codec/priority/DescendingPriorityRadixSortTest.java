package dev.statesync.codec.priority;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * The radix sort orders exactly as a boxed comparison sort (priority descending, index ascending on ties),
 * over every float bit pattern including NaN, infinities, subnormals and both zeros.
 */
class DescendingPriorityRadixSortTest
{
    @Provide
    Arbitrary<Float> anyFloat()
    {
        return Arbitraries.oneOf(
            Arbitraries.integers().map(Float::intBitsToFloat),
            Arbitraries.of(0.0f, -0.0f, 1.0f, Float.MIN_VALUE, Float.MAX_VALUE, Float.POSITIVE_INFINITY,
                Float.NaN, -1.0f),
            Arbitraries.integers().between(0, 3).map(Integer::floatValue));
    }

    @Property(tries = 1000)
    void shouldOrderLikeBoxedSortDescendingThenByIndex(
        @ForAll @Size(max = 600) final List<@From("anyFloat") Float> values)
    {
        final int n = values.size();
        final float[] priorities = new float[n];
        for (int i = 0; i < n; i++)
        {
            priorities[i] = values.get(i);
        }
        final DescendingPriorityRadixSort sort = new DescendingPriorityRadixSort(n);
        final int[] sorted = new int[n];

        final int count = sort.sortDescending(priorities, n, sorted);
        final int[] again = new int[n];
        sort.sortDescending(priorities, n, again);

        final int[] expected = reference(priorities);
        assertEquals(expected.length, count);
        assertArrayEquals(expected, Arrays.copyOf(sorted, count));
        assertArrayEquals(sorted, again, "reusable");
    }

    @Example
    void shouldOrderNegativeZeroAsZero()
    {
        final float[] priorities = {0.0f, -0.0f, Float.MIN_VALUE, -0.0f};
        final int[] sorted = new int[4];

        assertEquals(4, new DescendingPriorityRadixSort(4).sortDescending(priorities, 4, sorted));
        assertArrayEquals(new int[]{2, 0, 1, 3}, sorted);
    }

    private static int[] reference(final float[] priorities)
    {
        final List<Integer> indices = new ArrayList<>();
        for (int i = 0; i < priorities.length; i++)
        {
            if (priorities[i] >= 0.0f)
            {
                indices.add(i);
            }
        }
        // == rather than Float.compare so that -0.0f ties with 0.0f.
        indices.sort((a, b) -> priorities[a] == priorities[b] ?
            Integer.compare(a, b) : Float.compare(priorities[b], priorities[a]));

        return indices.stream().mapToInt(Integer::intValue).toArray();
    }
}
