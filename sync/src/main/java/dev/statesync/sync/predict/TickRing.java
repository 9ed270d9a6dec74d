package dev.statesync.sync.predict;

import java.util.function.Supplier;

/**
 * A ring of preallocated mutable holders indexed by tick number: tick {@code n} lives in slot
 * {@code n & (capacity - 1)}. The holder for a tick is overwritten {@code capacity} ticks later, so a reader
 * must know the tick is recent enough; {@link #isRecent(int, int)} says so.
 *
 * @param <T> holder type.
 */
public final class TickRing<T>
{
    private final Object[] entries;
    private final int mask;

    /**
     * @param capacity power of two.
     * @param factory  makes each holder once, here.
     */
    public TickRing(final int capacity, final Supplier<T> factory)
    {
        if (capacity < 2 || Integer.bitCount(capacity) != 1)
        {
            throw new IllegalArgumentException("capacity must be a power of two >= 2, got " + capacity);
        }
        entries = new Object[capacity];
        for (int i = 0; i < capacity; i++)
        {
            entries[i] = factory.get();
        }
        mask = capacity - 1;
    }

    /** @return the holder for {@code tick} (any int, negative too). */
    @SuppressWarnings("unchecked")
    public T at(final int tick)
    {
        return (T)entries[tick & mask];
    }

    /** @return the slot index of {@code tick}. */
    public int slotOf(final int tick)
    {
        return tick & mask;
    }

    /** @return number of holders. */
    public int capacity()
    {
        return entries.length;
    }

    /**
     * @return true when the holder of {@code tick} has not been overwritten yet, given that the newest tick
     * written is {@code newestTick}.
     */
    public boolean isRecent(final int tick, final int newestTick)
    {
        final int age = newestTick - tick;
        return age >= 0 && age < entries.length;
    }
}
