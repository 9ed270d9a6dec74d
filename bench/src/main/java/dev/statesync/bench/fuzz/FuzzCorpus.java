package dev.statesync.bench.fuzz;

import java.util.Arrays;

import org.agrona.DirectBuffer;

/**
 * The most recent real datagrams (or messages) of one honest session, copied as they were sent: what the
 * {@link Mutator}s start from. A ring, so the corpus follows the session as its sequences and ticks move on, and an
 * old entry is there to be replayed.
 */
public final class FuzzCorpus
{
    /** Default number of datagrams kept. */
    public static final int DEFAULT_CAPACITY = 64;

    private final byte[][] entries;
    private int count;
    private int next;

    /** A corpus of {@link #DEFAULT_CAPACITY} datagrams. */
    public FuzzCorpus()
    {
        this(DEFAULT_CAPACITY);
    }

    /** @param capacity datagrams kept, >= 1. */
    public FuzzCorpus(final int capacity)
    {
        if (capacity < 1)
        {
            throw new IllegalArgumentException("capacity must be >= 1, got " + capacity);
        }
        entries = new byte[capacity][];
    }

    /** Copy a datagram in as the newest, dropping the oldest when full. */
    public void record(final DirectBuffer buffer, final int offset, final int length)
    {
        final byte[] copy = new byte[length];
        buffer.getBytes(offset, copy, 0, length);
        entries[next] = copy;
        next = (next + 1) % entries.length;
        count = Math.min(count + 1, entries.length);
    }

    /** @return datagrams held. */
    public int size()
    {
        return count;
    }

    /**
     * @param age 0 for the newest; reduced modulo {@link #size()}, so any non-negative int names an entry.
     * @return that datagram (do not modify).
     * @throws IllegalStateException when the corpus is empty.
     */
    public byte[] byAge(final int age)
    {
        if (count == 0)
        {
            throw new IllegalStateException("empty corpus");
        }
        final int index = Math.floorMod(next - 1 - Math.floorMod(age, count), entries.length);
        return entries[index];
    }

    /** @return true when {@code bytes[0, length)} equals a datagram held. */
    public boolean contains(final byte[] bytes, final int length)
    {
        for (int i = 0; i < count; i++)
        {
            final byte[] entry = entries[i];
            if (entry.length == length && Arrays.equals(entry, 0, length, bytes, 0, length))
            {
                return true;
            }
        }
        return false;
    }
}
