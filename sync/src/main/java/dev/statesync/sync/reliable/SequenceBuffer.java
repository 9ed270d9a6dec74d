/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import java.util.function.Supplier;

/**
 * A fixed-size window of per-sequence entries, indexed by {@code sequence % capacity}: the Java form of
 * reliable.io's {@code reliable_sequence_buffer}.
 * <p>
 * Entries are created once by the factory and reused, so inserting, finding and removing never allocate.
 * The buffer remembers the sequence after the newest one inserted; anything {@code capacity} or more
 * behind that is stale and refused, which bounds memory and keeps a late duplicate from being taken for
 * a new packet after the sequence wraps. Inserting a newer sequence clears the slots it skips over, so
 * a slot never answers for a sequence that was not inserted since.
 * <p>
 * Not thread safe: one owner thread, like the endpoint that owns it.
 *
 * @param <E> the preallocated entry type; callers reset an entry's fields after {@link #insert(int)}.
 */
public final class SequenceBuffer<E>
{
    /** Default capacity, as in reliable.io. */
    public static final int DEFAULT_CAPACITY = 256;

    /** Largest capacity: beyond half the sequence space, "newer" stops meaning anything. */
    public static final int MAX_CAPACITY = 32768;

    private static final int EMPTY = -1;

    private final int capacity;
    private final int indexMask;
    private final int[] entrySequences;
    private final Object[] entries;
    private int nextSequence;

    /**
     * @param capacity entries kept, a power of two in [1, 32768] (so slot indices are a mask, and the
     *                 window tiles the sequence space exactly).
     * @param factory  creates each entry once, at construction.
     */
    public SequenceBuffer(final int capacity, final Supplier<E> factory)
    {
        if (capacity < 1 || capacity > MAX_CAPACITY || Integer.bitCount(capacity) != 1)
        {
            throw new IllegalArgumentException("capacity must be a power of two in [1, 32768]: " + capacity);
        }
        this.capacity = capacity;
        this.indexMask = capacity - 1;
        this.entrySequences = new int[capacity];
        this.entries = new Object[capacity];
        for (int i = 0; i < capacity; i++)
        {
            entries[i] = factory.get();
        }
        reset();
    }

    /**
     * Forget every entry and start again at sequence 0.
     */
    public void reset()
    {
        nextSequence = 0;
        java.util.Arrays.fill(entrySequences, EMPTY);
    }

    /**
     * @return number of slots.
     */
    public int capacity()
    {
        return capacity;
    }

    /**
     * @return the sequence after the newest inserted (0 before any insert).
     */
    public int nextSequence()
    {
        return nextSequence;
    }

    /**
     * @param sequence a sequence in [0, 65535].
     * @return true when {@code sequence} is too old to be inserted: it is behind the window.
     */
    public boolean isStale(final int sequence)
    {
        return SequenceNumbers.isOlder(sequence, SequenceNumbers.add(nextSequence, -capacity));
    }

    /**
     * Claim the slot for {@code sequence}, advancing the window when it is the newest yet.
     *
     * @param sequence a sequence in [0, 65535].
     * @return the reused entry for the caller to reset, or null when the sequence is stale.
     */
    public E insert(final int sequence)
    {
        if (isStale(sequence))
        {
            return null;
        }
        advance(sequence);
        final int index = sequence & indexMask;
        entrySequences[index] = sequence;
        return entryAt(index);
    }

    /**
     * Move the window forward to cover {@code sequence} without claiming its slot; clears skipped slots.
     * Does nothing when {@code sequence} is not newer than the newest seen.
     *
     * @param sequence a sequence in [0, 65535].
     */
    public void advance(final int sequence)
    {
        final int after = SequenceNumbers.next(sequence);
        if (SequenceNumbers.isNewer(after, nextSequence))
        {
            removeRange(nextSequence, sequence);
            nextSequence = after;
        }
    }

    /**
     * @param sequence a sequence in [0, 65535].
     * @return the entry stored for exactly this sequence, or null.
     */
    public E find(final int sequence)
    {
        final int index = sequence & indexMask;
        return entrySequences[index] == sequence ? entryAt(index) : null;
    }

    /**
     * @param sequence a sequence in [0, 65535].
     * @return true when an entry is stored for exactly this sequence.
     */
    public boolean exists(final int sequence)
    {
        return entrySequences[sequence & indexMask] == sequence;
    }

    /**
     * Free the slot of {@code sequence} if it holds that sequence.
     *
     * @param sequence a sequence in [0, 65535].
     */
    public void remove(final int sequence)
    {
        final int index = sequence & indexMask;
        if (entrySequences[index] == sequence)
        {
            entrySequences[index] = EMPTY;
        }
    }

    /**
     * reliable.io's ack fields: {@code ack} is the newest sequence inserted, bit i of the result is set
     * when {@code ack - i} is stored.
     *
     * @return the 32 ack bits for {@link #newestSequence()}.
     */
    public int ackBits()
    {
        final int ack = newestSequence();
        int bits = 0;
        for (int i = 0; i < 32; i++)
        {
            if (exists(SequenceNumbers.add(ack, -i)))
            {
                bits |= 1 << i;
            }
        }
        return bits;
    }

    /**
     * @return {@code nextSequence() - 1}, the ack to send (65535 before anything was inserted).
     */
    public int newestSequence()
    {
        return SequenceNumbers.add(nextSequence, -1);
    }

    /**
     * Visit slot {@code index} directly, for statistics over the whole window.
     *
     * @param index slot in [0, capacity).
     * @return the sequence stored there or -1 when empty.
     */
    public int sequenceAtIndex(final int index)
    {
        return entrySequences[index];
    }

    /**
     * @param index slot in [0, capacity).
     * @return the entry object of that slot (valid only when {@link #sequenceAtIndex(int)} is not -1).
     */
    @SuppressWarnings("unchecked")
    public E entryAt(final int index)
    {
        return (E)entries[index];
    }

    private void removeRange(final int startSequence, final int finishSequence)
    {
        int finish = finishSequence;
        if (finish < startSequence)
        {
            finish += SequenceNumbers.SEQUENCE_COUNT;
        }
        if (finish - startSequence < capacity)
        {
            for (int s = startSequence; s <= finish; s++)
            {
                entrySequences[s & indexMask] = EMPTY;
            }
        }
        else
        {
            java.util.Arrays.fill(entrySequences, EMPTY);
        }
    }
}
