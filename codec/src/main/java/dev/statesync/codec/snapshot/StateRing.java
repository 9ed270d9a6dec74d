package dev.statesync.codec.snapshot;

import dev.statesync.codec.state.StateSchema;

import java.util.Arrays;

/**
 * Per-object ring of quantized states keyed by tick: slot {@code tick % depth} of each object holds the state
 * the object had at that tick. The sender keeps the states it sent (so an ack can find them) and the
 * receiver the states it received (so a delta can find the baseline it names). A slot only ever moves
 * forward in time, so a late, reordered packet never evicts a newer state.
 *
 * <p>Why this is safe for baselines: the receiver only stores ticks the sender sent, so if the sender still
 * finds tick {@code t} of an object in its own ring (no later send landed in that slot), the receiver's
 * slot for {@code t}, having received {@code t}, can't have been overwritten either.
 */
public final class StateRing
{
    /** Tick value of an empty slot. */
    public static final int NO_TICK = Integer.MIN_VALUE;

    private final int stride;
    private final int depth;
    private final int mask;
    private final int[] ticks;
    private final int[] states;
    /** Per slot: the {@link PreviousAlternative} its state's packet coded the object with, 0 until recorded. */
    private final byte[] alternatives;

    /**
     * @param schema      record layout.
     * @param objectCount objects.
     * @param depth       ticks remembered per object, a power of two (e.g. 64 = about 1 s at 60 Hz).
     */
    public StateRing(final StateSchema schema, final int objectCount, final int depth)
    {
        if (depth < 2 || Integer.bitCount(depth) != 1)
        {
            throw new IllegalArgumentException("depth must be a power of two >= 2, got " + depth);
        }
        this.stride = schema.stride();
        this.depth = depth;
        this.mask = depth - 1;
        this.ticks = new int[objectCount * depth];
        this.states = new int[objectCount * depth * stride];
        this.alternatives = new byte[objectCount * depth];
        Arrays.fill(ticks, NO_TICK);
    }

    /** @return ticks remembered per object. */
    public int depth()
    {
        return depth;
    }

    /**
     * Remember an object's state at a tick, unless its slot holds a newer tick.
     *
     * @return true if stored.
     */
    public boolean store(final int object, final int tick, final int[] src, final int srcOffset)
    {
        final int slot = object * depth + (tick & mask);
        final int held = ticks[slot];
        if (held != NO_TICK && held - tick > 0)
        {
            return false;
        }
        ticks[slot] = tick;
        alternatives[slot] = PreviousAlternative.UNKNOWN;
        System.arraycopy(src, srcOffset, states, slot * stride, stride);
        return true;
    }

    /**
     * Record the {@link PreviousAlternative} the packet that carried the object's state at {@code tick} coded it with,
     * if the slot holds that tick (after a refused {@link #store} it records nothing).
     */
    void storeAlternative(final int object, final int tick, final int previousAlternative)
    {
        final int slot = object * depth + (tick & mask);
        if (ticks[slot] == tick)
        {
            alternatives[slot] = (byte)previousAlternative;
        }
    }

    /** @return the {@link PreviousAlternative} recorded with the state at {@code offset} (from {@link #find}). */
    int alternative(final int offset)
    {
        return alternatives[offset / stride];
    }

    /** @return offset of the object's state at {@code tick} in {@link #array()}, or -1 if not held. */
    public int find(final int object, final int tick)
    {
        if (tick == NO_TICK)
        {
            return -1;
        }
        final int slot = object * depth + (tick & mask);
        return ticks[slot] == tick ? slot * stride : -1;
    }

    /** @return the backing array of states, indexed by offsets from {@link #find(int, int)}. */
    public int[] array()
    {
        return states;
    }

    /**
     * Fold the held ticks and the states of held slots into a state digest: for the snapshot ends' digests,
     * off any hot path.
     */
    long digest(final long hash)
    {
        long h = hash * 31 + Arrays.hashCode(ticks);
        for (int slot = 0; slot < ticks.length; slot++)
        {
            if (ticks[slot] != NO_TICK)
            {
                h = h * 31 + alternatives[slot];
                for (int i = slot * stride, end = i + stride; i < end; i++)
                {
                    h = h * 31 + states[i];
                }
            }
        }
        return h;
    }

    /** Forget everything. */
    public void clear()
    {
        Arrays.fill(ticks, NO_TICK);
    }

    /** Forget every stored state, as built: every slot empty and zeroed. Allocates nothing. */
    void reset()
    {
        Arrays.fill(ticks, NO_TICK);
        Arrays.fill(states, 0);
        Arrays.fill(alternatives, (byte)PreviousAlternative.UNKNOWN);
    }
}
