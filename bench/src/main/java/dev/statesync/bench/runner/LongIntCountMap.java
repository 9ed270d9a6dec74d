package dev.statesync.bench.runner;

import java.util.Arrays;

/**
 * Counts occurrences of long keys: open addressing with linear probing in two parallel primitive arrays,
 * so counting millions of symbols allocates nothing but the occasional doubling.
 */
public final class LongIntCountMap
{
    private static final long EMPTY = Long.MIN_VALUE;

    private long[] keys;
    private int[] counts;
    private int size;
    private long total;
    private boolean hasEmptyKey;
    private int emptyKeyCount;

    /** An empty map. */
    public LongIntCountMap()
    {
        keys = new long[16];
        counts = new int[16];
        Arrays.fill(keys, EMPTY);
    }

    /** Add one occurrence of {@code key}. */
    public void increment(final long key)
    {
        total++;
        if (key == EMPTY)
        {
            hasEmptyKey = true;
            emptyKeyCount++;
            return;
        }
        if ((size + 1) * 4 > keys.length * 3)
        {
            grow();
        }
        final int mask = keys.length - 1;
        int slot = hash(key) & mask;
        while (keys[slot] != EMPTY)
        {
            if (keys[slot] == key)
            {
                counts[slot]++;
                return;
            }
            slot = (slot + 1) & mask;
        }
        keys[slot] = key;
        counts[slot] = 1;
        size++;
    }

    /** @return occurrences of {@code key}. */
    public int count(final long key)
    {
        if (key == EMPTY)
        {
            return emptyKeyCount;
        }
        final int mask = keys.length - 1;
        int slot = hash(key) & mask;
        while (keys[slot] != EMPTY)
        {
            if (keys[slot] == key)
            {
                return counts[slot];
            }
            slot = (slot + 1) & mask;
        }
        return 0;
    }

    /** @return distinct keys. */
    public int distinct()
    {
        return size + (hasEmptyKey ? 1 : 0);
    }

    /** @return occurrences of all keys. */
    public long total()
    {
        return total;
    }

    /**
     * @return {@code n * H0} in bits: the total cost of these occurrences under the ideal code for their own
     * empirical distribution, {@code sum over keys of c * log2(n / c)}.
     */
    public double totalEntropyBits()
    {
        if (total == 0)
        {
            return 0;
        }
        double bits = 0;
        final double n = total;
        for (int i = 0; i < keys.length; i++)
        {
            if (keys[i] != EMPTY)
            {
                bits += counts[i] * log2(n / counts[i]);
            }
        }
        if (hasEmptyKey)
        {
            bits += emptyKeyCount * log2(n / emptyKeyCount);
        }
        return bits;
    }

    private static double log2(final double x)
    {
        return Math.log(x) / Math.log(2);
    }

    private void grow()
    {
        final long[] oldKeys = keys;
        final int[] oldCounts = counts;
        keys = new long[oldKeys.length * 2];
        counts = new int[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        final int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++)
        {
            if (oldKeys[i] != EMPTY)
            {
                int slot = hash(oldKeys[i]) & mask;
                while (keys[slot] != EMPTY)
                {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[i];
                counts[slot] = oldCounts[i];
            }
        }
    }

    private static int hash(final long key)
    {
        long h = key * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        return (int)(h ^ (h >>> 16));
    }
}
