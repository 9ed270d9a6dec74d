package dev.statesync.codec.snapshot;

import java.util.Arrays;

import dev.statesync.codec.entropy.ContextModel;

/**
 * What a range-coded packet may continue from, by tick of the recent snapshots it follows: the entropy
 * coder's model as it stood after that snapshot, and which objects that snapshot carried.
 *
 * <p>Why it is safe on a lossy link: a packet names the tick of a snapshot the receiver acked (so decoded,
 * so stored here on its side too) and both ends copy that tick's model before coding the rest of the
 * packet, and code the new packet's object set against that snapshot's (moving objects keep moving), or against
 * the set of the packet's newest baseline, which both ends then hold too (see
 * {@link ModeledLayout#serializeObjects}). Per object it also keeps whether that snapshot carried it at rest (a
 * context of the object set: a resting object sent once is seldom sent again) and against two baselines (a
 * context of the older ref). A slot remembers its tick, so an entry that was overwritten or never stored is
 * reported missing, never silently used. Memory:
 * {@code depth * (ContextModel.BYTES + 3 * objects + 4 * MAX_BASELINES_PER_PACKET)} bytes (the last: each slot's
 * baseline table, {@link ReferencedTable}).
 * Allocation-free after construction.
 */
final class ModelRing
{
    private final ContextModel[] models;
    private final int[] ticks;
    private final boolean[] valid;
    private final boolean[] included;
    /** Per slot and object: the snapshot carried it at rest. */
    private final boolean[] resting;
    /** Per slot and object: the snapshot coded it against two baselines (a newest and an older one). */
    private final boolean[] twoBaselines;
    private final int atRestOffset;
    /** Per slot: the snapshot's baseline table (ticks, newest first) and its size. */
    private final int[] tableTicks;
    private final int[] tableSizes;
    private final int objectCount;
    private final int mask;

    /**
     * @param atRestOffset where a state record holds its at-rest field ({@code StateSchema.atRestOffset()}).
     */
    ModelRing(final int depth, final int objectCount, final int atRestOffset)
    {
        this.atRestOffset = atRestOffset;
        resting = new boolean[depth * objectCount];
        tableTicks = new int[depth * SnapshotFormat.MAX_BASELINES_PER_PACKET];
        tableSizes = new int[depth];
        twoBaselines = new boolean[depth * objectCount];
        models = new ContextModel[depth];
        for (int i = 0; i < depth; i++)
        {
            models[i] = new ContextModel();
        }
        ticks = new int[depth];
        valid = new boolean[depth];
        included = new boolean[depth * objectCount];
        this.objectCount = objectCount;
        mask = depth - 1;
    }

    /**
     * Remember the state after the snapshot of {@code tick}: its final model and the {@code count} objects of
     * {@code plan}, each with whether it was at rest and coded against two baselines (both ends read these from the
     * same plan: the sender's as written, the receiver's as decoded). The ring keeps {@code model} itself, not a
     * copy, and hands back the model object it evicts: a coder that just finished with {@code model} codes on with
     * that one (see {@code RangeBitWriter.exchangeModel}), so storing copies nothing.
     *
     * @return the evicted slot's model, no longer held by the ring, for the caller to reuse.
     */
    ContextModel exchange(final int tick, final ContextModel model, final PacketPlan plan, final int count)
    {
        final int[] objects = plan.objects;
        final int slot = tick & mask;
        final ContextModel evicted = models[slot];
        models[slot] = model;
        ticks[slot] = tick;
        valid[slot] = true;
        final int base = slot * objectCount;
        Arrays.fill(included, base, base + objectCount, false);
        Arrays.fill(resting, base, base + objectCount, false);
        Arrays.fill(twoBaselines, base, base + objectCount, false);
        final int tableSize = plan.tableSize;
        tableSizes[slot] = tableSize;
        System.arraycopy(plan.tableTicks, 0, tableTicks, slot * SnapshotFormat.MAX_BASELINES_PER_PACKET, tableSize);
        for (int i = 0; i < count; i++)
        {
            included[base + objects[i]] = true;
            resting[base + objects[i]] = plan.states[plan.stateOffset[i] + atRestOffset] != 0;
            twoBaselines[base + objects[i]] = plan.newestRef[i] != tableSize && plan.olderRef[i] != tableSize;
        }
        return evicted;
    }

    /**
     * Fold the stored slots (tick, carried objects and model) into a state digest: for the receiver's digest,
     * off any hot path (it reads every stored model).
     */
    long digest(final long hash)
    {
        long h = hash;
        for (int slot = 0; slot < models.length; slot++)
        {
            h = h * 31 + (valid[slot] ? 1 : 2);
            if (valid[slot])
            {
                h = h * 31 + ticks[slot];
                h = h * 31 + tableSizes[slot];
                for (int i = 0; i < tableSizes[slot]; i++)
                {
                    h = h * 31 + tableTicks[slot * SnapshotFormat.MAX_BASELINES_PER_PACKET + i];
                }
                for (int i = slot * objectCount, end = i + objectCount; i < end; i++)
                {
                    h = h * 31 + (included[i] ? 1 : 2) + (resting[i] ? 4 : 0) + (twoBaselines[i] ? 8 : 0);
                }
                h = models[slot].digest(h);
            }
        }
        return h;
    }

    /** @return true if the ring holds the snapshot of exactly {@code tick}. */
    boolean holds(final int tick)
    {
        final int slot = tick & mask;
        return valid[slot] && ticks[slot] == tick;
    }

    /** @return the model stored for {@code tick}; only if {@link #holds} it. */
    ContextModel model(final int tick)
    {
        return models[tick & mask];
    }

    /** @return per-object "carried" flags of the snapshot of {@code tick}, at {@link #includedOffset}. */
    boolean[] includedArray()
    {
        return included;
    }

    /** @return the size of the baseline table of the snapshot of {@code tick}; only if {@link #holds} it. */
    int tableSize(final int tick)
    {
        return tableSizes[tick & mask];
    }

    /** @return entry {@code entry} (below {@link #tableSize}) of that table: a tick, newest first. */
    int tableTick(final int tick, final int entry)
    {
        return tableTicks[(tick & mask) * SnapshotFormat.MAX_BASELINES_PER_PACKET + entry];
    }

    /** @return per-object "carried at rest" flags, laid out as {@link #includedArray()}. */
    boolean[] restingArray()
    {
        return resting;
    }

    /** @return per-object "coded against two baselines" flags, laid out as {@link #includedArray()}. */
    boolean[] twoBaselinesArray()
    {
        return twoBaselines;
    }

    /** @return where the snapshot of {@code tick}'s flags start in {@link #includedArray()}. */
    int includedOffset(final int tick)
    {
        return (tick & mask) * objectCount;
    }

    /** Forget every stored snapshot: no slot holds a tick. A model is set whole before it is used. Allocates nothing. */
    void reset()
    {
        Arrays.fill(ticks, 0);
        Arrays.fill(tableSizes, 0);
        Arrays.fill(valid, false);
        Arrays.fill(included, false);
        Arrays.fill(resting, false);
        Arrays.fill(twoBaselines, false);
    }
}
