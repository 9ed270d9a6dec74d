package dev.statesync.codec.priority;

import java.util.Arrays;

/**
 * Orders object indices by descending non-negative priority, lower index first on ties, without allocating.
 *
 * <p>Why not {@code Arrays.sort}: sorting boxed indices allocates, and JDK 17's {@code Arrays.sort(long[])}
 * may allocate a merge buffer when its input is partly sorted, which priority orders often are from one packet
 * to the next. This is an LSD radix sort over preallocated buffers: a non-negative float's bit pattern orders
 * like an int, so {@code 0x7FFFFFFF - bits} orders ascending exactly as the floats order descending, and a
 * stable radix sort over indices gathered in ascending order keeps ties in index order. Cost is linear: one
 * gathering pass that also finds which key bits vary, then a counting and a scattering pass per byte digit that
 * varies (two for typical accumulators, at most four).
 */
final class DescendingPriorityRadixSort
{
    private static final int RADIX_BITS = 8;
    private static final int BUCKETS = 1 << RADIX_BITS;
    private static final int DIGIT_MASK = BUCKETS - 1;

    private final int[] keys;
    private final int[] scratchKeys;
    private final int[] scratchIndices;
    private final int[] bucketStarts = new int[BUCKETS];

    DescendingPriorityRadixSort(final int capacity)
    {
        keys = new int[capacity];
        scratchKeys = new int[capacity];
        scratchIndices = new int[capacity];
    }

    /**
     * Write into {@code sortedIndices} the indices i of {@code priorities[0 .. count)} whose priority is
     * {@code >= 0}, highest priority first, lower index first on ties. Negative and NaN priorities are left out.
     *
     * @param priorities    values to order, length at least {@code count}.
     * @param count         how many leading values to consider, at most the capacity.
     * @param sortedIndices destination, length at least {@code count}.
     * @return how many indices were written.
     */
    int sortDescending(final float[] priorities, final int count, final int[] sortedIndices)
    {
        int[] srcKeys = keys;
        int[] srcIndices = sortedIndices;
        int candidates = 0;
        int keyBitsAllSet = -1;
        int keyBitsAnySet = 0;
        for (int i = 0; i < count; i++)
        {
            final float priority = priorities[i];
            if (priority >= 0.0f)
            {
                // & clears the sign of -0.0f so it orders as 0.0f.
                final int key = Integer.MAX_VALUE - (Float.floatToRawIntBits(priority) & Integer.MAX_VALUE);
                srcKeys[candidates] = key;
                srcIndices[candidates] = i;
                candidates++;
                keyBitsAllSet &= key;
                keyBitsAnySet |= key;
            }
        }

        // A digit that is the same in every key would not reorder anything: skip its pass. Typical for the low
        // bytes, since accumulators of small integer factors leave the low mantissa bits zero.
        final int varyingKeyBits = keyBitsAllSet ^ keyBitsAnySet;
        int[] dstKeys = scratchKeys;
        int[] dstIndices = scratchIndices;
        for (int shift = 0; shift < Integer.SIZE; shift += RADIX_BITS)
        {
            if (((varyingKeyBits >>> shift) & DIGIT_MASK) == 0)
            {
                continue;
            }
            scatterByDigit(srcKeys, srcIndices, candidates, shift, dstKeys, dstIndices);
            final int[] swapKeys = srcKeys;
            srcKeys = dstKeys;
            dstKeys = swapKeys;
            final int[] swapIndices = srcIndices;
            srcIndices = dstIndices;
            dstIndices = swapIndices;
        }

        if (srcIndices != sortedIndices)
        {
            System.arraycopy(srcIndices, 0, sortedIndices, 0, candidates);
        }

        return candidates;
    }

    /** One stable counting pass on the digit at {@code shift}. */
    private void scatterByDigit(
        final int[] srcKeys,
        final int[] srcIndices,
        final int count,
        final int shift,
        final int[] dstKeys,
        final int[] dstIndices)
    {
        final int[] starts = bucketStarts;
        Arrays.fill(starts, 0);
        for (int i = 0; i < count; i++)
        {
            starts[(srcKeys[i] >>> shift) & DIGIT_MASK]++;
        }

        int offset = 0;
        for (int bucket = 0; bucket < BUCKETS; bucket++)
        {
            final int bucketSize = starts[bucket];
            starts[bucket] = offset;
            offset += bucketSize;
        }

        for (int i = 0; i < count; i++)
        {
            final int key = srcKeys[i];
            final int position = starts[(key >>> shift) & DIGIT_MASK]++;
            dstKeys[position] = key;
            dstIndices[position] = srcIndices[i];
        }
    }
}
