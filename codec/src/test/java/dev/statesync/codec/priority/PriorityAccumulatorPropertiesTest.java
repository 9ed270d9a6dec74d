package dev.statesync.codec.priority;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The accumulator, driven through frames and packets, chooses exactly what a plain reference (boxed sort by
 * accumulator descending then index, greedy fill) chooses, and never exceeds the budget.
 */
class PriorityAccumulatorPropertiesTest
{
    @Provide
    Arbitrary<Float> factors()
    {
        // Few distinct small values make ties common; scaled floats and Fiedler's factors cover the range.
        return Arbitraries.oneOf(
            Arbitraries.of(-1.0f, -0.0f, 0.0f, 1.0f, 2.0f, 100.0f, 1_000_000.0f),
            Arbitraries.floats().between(-10.0f, 1_000_000.0f).ofScale(6));
    }

    @Provide
    Arbitrary<Integer> sizes()
    {
        return Arbitraries.oneOf(Arbitraries.integers().between(0, 40), Arbitraries.integers().between(1, 1200));
    }

    @Property(tries = 500)
    void shouldSelectWhatTheReferenceSelects(
        @ForAll @Size(min = 1, max = 40) final List<@From("factors") Float> factorList,
        @ForAll @Size(min = 40, max = 40) final List<@From("sizes") Integer> sizeList,
        @ForAll @IntRange(min = 0, max = 4000) final int budgetBits,
        @ForAll @IntRange(min = 1, max = 6) final int maxMisses,
        @ForAll final boolean tryAll,
        @ForAll @IntRange(min = 1, max = 5) final int packets,
        @ForAll @IntRange(min = 1, max = 3) final int framesPerPacket,
        @ForAll @IntRange(min = 1, max = 45) final int outCapacity)
    {
        final int n = factorList.size();
        final int misses = tryAll ? PriorityAccumulator.TRY_ALL_CANDIDATES : maxMisses;
        final PriorityAccumulator accumulator = new PriorityAccumulator(n, misses);
        final float[] reference = new float[n];
        for (int i = 0; i < n; i++)
        {
            accumulator.setPriorityFactor(i, factorList.get(i));
        }
        final ObjectSizer sizer = sizeList::get;
        final int[] out = new int[outCapacity];

        for (int packet = 0; packet < packets; packet++)
        {
            for (int frame = 0; frame < framesPerPacket; frame++)
            {
                accumulator.accumulate();
                referenceAccumulate(reference, factorList);
            }
            for (int i = 0; i < n; i++)
            {
                assertEquals(reference[i], accumulator.accumulator(i), "accumulator of " + i);
            }

            final int count = accumulator.select(sizer, budgetBits, out);
            final List<Integer> expected = referenceSelect(reference, sizeList, budgetBits, misses, outCapacity);
            final int[] actual = Arrays.copyOf(out, count);
            assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), actual);

            int sum = 0;
            for (final int object : actual)
            {
                sum += sizeList.get(object);
            }
            assertEquals(sum, accumulator.selectedBits());
            assertTrue(sum <= budgetBits, "within budget");

            accumulator.markSent(out, count);
            for (final int object : expected)
            {
                if (reference[object] > 0.0f)
                {
                    reference[object] = 0.0f;
                }
            }
        }
    }

    private static void referenceAccumulate(final float[] accumulators, final List<Float> factors)
    {
        for (int i = 0; i < accumulators.length; i++)
        {
            final float factor = factors.get(i);
            if (factor < 0.0f)
            {
                accumulators[i] = -1.0f;
            }
            else
            {
                accumulators[i] = Math.max(accumulators[i], 0.0f) + factor;
            }
        }
    }

    private static List<Integer> referenceSelect(
        final float[] accumulators,
        final List<Integer> sizes,
        final int budgetBits,
        final int maxMisses,
        final int capacity)
    {
        final List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < accumulators.length; i++)
        {
            if (accumulators[i] >= 0.0f)
            {
                candidates.add(i);
            }
        }
        candidates.sort((a, b) -> accumulators[a] != accumulators[b] ?
            Float.compare(accumulators[b], accumulators[a]) : Integer.compare(a, b));

        final List<Integer> selected = new ArrayList<>();
        int remaining = budgetBits;
        int misses = 0;
        for (final int object : candidates)
        {
            if (selected.size() == capacity)
            {
                break;
            }
            final int size = sizes.get(object);
            if (size <= remaining)
            {
                selected.add(object);
                remaining -= size;
                misses = 0;
            }
            else if (++misses >= maxMisses)
            {
                break;
            }
        }

        return selected;
    }
}
