package dev.statesync.codec.snapshot;

import java.util.Arrays;

/**
 * Which baselines a prepared snapshot's candidates delta against, and the baseline table that names them: per
 * candidate its newest (and, for two-baseline predictors, older) usable acked tick, or the previous, unacked packet
 * ({@link UnackedReference}); the table of the most used
 * of those ticks whose ages fit the budget's share, newest tick first; and per packet the part of it that the
 * packet's objects name ({@link #compact}).
 *
 * <p>Old baselines: a baseline older than the safe age (one no reordered later packet can evict) is used only
 * while one of {@link #OLD_BASELINE_SLOTS} per-object slots protects its ring slot, for the reorder window after
 * the last packet that named it; an object whose send would evict such a protected baseline waits a tick
 * ({@link #mustDefer}). Allocation-free after construction.
 */
final class BaselineTable
{
    private static final int OLD_BASELINE_SLOTS = 4;

    private final StateRing sentRing;
    private final boolean twoBaselines;
    /** Baselines up to this age are always safe: no reordered later packet can evict them. */
    private final int maxBaselineAgeTicks;
    private final int ringDepth;
    private final int maxReorderTicks;
    /**
     * Per object, {@link #OLD_BASELINE_SLOTS} slots: a baseline older than the safe age that a packet named,
     * and the last tick one did. A slot protects its baseline's ring slot for the reorder window after that.
     */
    private final int[] oldBaselineTick;
    private final int[] oldBaselineLastUseTick;
    private long deferredObjects;
    /** Per object, the last tick {@link #mustDefer} held it back, or {@link StateRing#NO_TICK}: for diagnostics. */
    private final int[] lastDeferredTick;

    /** Per candidate object: the newest usable acked tick, or {@link StateRing#NO_TICK}. */
    private final int[] newestBaselineTick;
    /** Per candidate object: the older usable acked tick, or {@link StateRing#NO_TICK}. */
    private final int[] olderBaselineTick;
    /** Distinct baseline ticks of the candidates and how many refs name each, while choosing the table. */
    private final int[] distinctTicks;
    private final int[] distinctCounts;
    /** The prepared table, newest tick first. */
    private final int[] tableTicks = new int[SnapshotFormat.MAX_BASELINES_PER_PACKET];
    private int tableSize;
    /** Bits of the prepared table's ages, each on the age ladder. */
    private int tableBits;
    /** Prepared table index to packet table index while compacting; -1: not named by the packet. */
    private final int[] packetIndex = new int[SnapshotFormat.MAX_BASELINES_PER_PACKET];

    BaselineTable(final StateRing sentRing, final int objectCount, final boolean twoBaselines, final SnapshotConfig config)
    {
        this.sentRing = sentRing;
        this.twoBaselines = twoBaselines;
        this.maxBaselineAgeTicks = Math.min(config.maxBaselineAgeTicks(), SnapshotFormat.AGE_LADDER.maxValue() + 1);
        this.ringDepth = config.ringDepthTicks();
        this.maxReorderTicks = config.maxReorderTicks();
        oldBaselineTick = new int[objectCount * OLD_BASELINE_SLOTS];
        oldBaselineLastUseTick = new int[objectCount * OLD_BASELINE_SLOTS];
        Arrays.fill(oldBaselineTick, StateRing.NO_TICK);
        Arrays.fill(oldBaselineLastUseTick, StateRing.NO_TICK);
        lastDeferredTick = new int[objectCount];
        Arrays.fill(lastDeferredTick, StateRing.NO_TICK);
        newestBaselineTick = new int[objectCount];
        olderBaselineTick = new int[objectCount];
        distinctTicks = new int[objectCount * 2];
        distinctCounts = new int[objectCount * 2];
    }

    /**
     * An object that rested for longer than the ring's safe age is delta-coded against its old acked state,
     * which still sits in both rings because nothing was sent for it since. Within the reorder window after
     * a packet named such a baseline, sending the object at a tick that maps to the same ring slot would let
     * a reordered later packet evict the baseline before the earlier one is decoded; such an object waits a
     * tick instead (one tick in {@code ringDepth}, only right after it starts moving).
     *
     * @return true (and counted) if the object must wait this tick.
     */
    boolean mustDefer(final int object, final int tick)
    {
        final int base = object * OLD_BASELINE_SLOTS;
        for (int k = 0; k < OLD_BASELINE_SLOTS; k++)
        {
            final int lastUse = oldBaselineLastUseTick[base + k];
            if (lastUse != StateRing.NO_TICK && tick - lastUse <= maxReorderTicks &&
                ((tick - oldBaselineTick[base + k]) & (ringDepth - 1)) == 0)
            {
                deferredObjects++;
                lastDeferredTick[object] = tick;
                return true;
            }
        }
        return false;
    }

    /**
     * @return the tracking slot an old baseline may use at {@code tick}: the one already tracking it, else one
     * whose protection has expired; -1 if all are busy (then the baseline must not be used).
     */
    private int oldBaselineSlot(final int object, final int baselineTick, final int tick)
    {
        final int base = object * OLD_BASELINE_SLOTS;
        int free = -1;
        for (int k = 0; k < OLD_BASELINE_SLOTS; k++)
        {
            final int lastUse = oldBaselineLastUseTick[base + k];
            if (lastUse != StateRing.NO_TICK && oldBaselineTick[base + k] == baselineTick)
            {
                return base + k;
            }
            if (free < 0 && (lastUse == StateRing.NO_TICK || tick - lastUse > maxReorderTicks))
            {
                free = base + k;
            }
        }
        return free;
    }

    private int usableBaseline(final int object, final int baselineTick, final int tick, final int maxAgeTicks)
    {
        if (baselineTick == StateRing.NO_TICK)
        {
            return StateRing.NO_TICK;
        }
        final long age = (long)tick - baselineTick;
        if (age < 1 || age > maxAgeTicks || sentRing.find(object, baselineTick) < 0)
        {
            return StateRing.NO_TICK;
        }
        return baselineTick;
    }

    /**
     * Pick each candidate's baselines and the prepared table of the most used baseline ticks whose ages fit
     * {@code maxTableBits}. A candidate the nameable previous, unacked packet carried ({@link UnackedReference})
     * takes that packet's state as its newest baseline and its newest acked state as the older.
     *
     * @param candidateObjects the prepared snapshot's candidates.
     * @return the table's size.
     */
    int choose(
        final int tick,
        final int[] candidateObjects,
        final int candidateCount,
        final int maxTableBits,
        final AckedBaselines acked,
        final UnackedReference unacked)
    {
        int distinct = 0;
        for (int c = 0; c < candidateCount; c++)
        {
            final int object = candidateObjects[c];
            // The newest baseline may be older than the safe age while a tracking slot protects it: see mustDefer.
            int newest = usableBaseline(object, acked.newestTick(object), tick, SnapshotFormat.AGE_LADDER.maxValue() + 1);
            if (newest != StateRing.NO_TICK && tick - newest > maxBaselineAgeTicks && oldBaselineSlot(object, newest, tick) < 0)
            {
                newest = StateRing.NO_TICK;
            }
            int older = twoBaselines && newest != StateRing.NO_TICK ?
                usableBaseline(object, acked.olderTick(object), tick, maxBaselineAgeTicks) : StateRing.NO_TICK;
            final int unackedTick =
                usableBaseline(object, unacked.baselineTick(object, tick, acked.newestTick(object)), tick, maxBaselineAgeTicks);
            if (unackedTick != StateRing.NO_TICK)
            {
                // The state sent a tick or two ago is the newest baseline; the newest acked one, if safe, the older.
                older = twoBaselines && newest != StateRing.NO_TICK && tick - newest <= maxBaselineAgeTicks ?
                    newest : StateRing.NO_TICK;
                newest = unackedTick;
            }
            newestBaselineTick[object] = newest;
            olderBaselineTick[object] = older;
            distinct = countTick(newest, distinct);
            distinct = countTick(older, distinct);
        }

        int size = 0;
        int bits = 0;
        while (size < SnapshotFormat.MAX_BASELINES_PER_PACKET)
        {
            int best = -1;
            for (int d = 0; d < distinct; d++)
            {
                if (distinctCounts[d] > 0 && (best < 0 || distinctCounts[d] > distinctCounts[best]))
                {
                    best = d;
                }
            }
            if (best < 0)
            {
                break;
            }
            distinctCounts[best] = 0;
            final int entryBits = SnapshotFormat.AGE_LADDER.bitsFor(tick - distinctTicks[best] - 1);
            if (bits + entryBits <= maxTableBits)
            {
                // A less used but younger (shorter) entry may still fit after one that did not.
                tableTicks[size++] = distinctTicks[best];
                bits += entryBits;
            }
        }
        tableBits = bits;
        // Newest tick first: refs then cluster at small indices, which a context-modeled stream codes cheaply.
        for (int i = 1; i < size; i++)
        {
            final int t = tableTicks[i];
            int j = i - 1;
            while (j >= 0 && t - tableTicks[j] > 0)
            {
                tableTicks[j + 1] = tableTicks[j];
                j--;
            }
            tableTicks[j + 1] = t;
        }
        tableSize = size;
        return size;
    }

    private int countTick(final int baselineTick, final int distinct)
    {
        if (baselineTick == StateRing.NO_TICK)
        {
            return distinct;
        }
        for (int d = 0; d < distinct; d++)
        {
            if (distinctTicks[d] == baselineTick)
            {
                distinctCounts[d]++;
                return distinct;
            }
        }
        distinctTicks[distinct] = baselineTick;
        distinctCounts[distinct] = 1;
        return distinct + 1;
    }

    /** @return the prepared table's index of an object's newest baseline, {@link #size()} for none. */
    int newestRef(final int object)
    {
        return indexOf(newestBaselineTick[object]);
    }

    /** @return the prepared table's index of an object's older baseline, {@link #size()} for none. */
    int olderRef(final int object)
    {
        return indexOf(olderBaselineTick[object]);
    }

    private int indexOf(final int baselineTick)
    {
        if (baselineTick != StateRing.NO_TICK)
        {
            for (int i = 0; i < tableSize; i++)
            {
                if (tableTicks[i] == baselineTick)
                {
                    return i;
                }
            }
        }
        return tableSize;
    }

    /** @return entries of the prepared table. */
    int size()
    {
        return tableSize;
    }

    /** @return the tick of prepared entry {@code ref}. */
    int tick(final int ref)
    {
        return tableTicks[ref];
    }

    /** @return bits of the prepared table's ages. */
    int bits()
    {
        return tableBits;
    }

    /**
     * Give the plan the table its objects name and their refs into it: only the prepared entries that
     * {@code plan.objects} name, in prepared order (so still newest first), so a packet that carries few
     * objects (a tight budget) does not pay for entries of candidates that did not fit. The prepared table and
     * refs stay as they are, so any number of object sets can be planned (measured) before one is written.
     *
     * @param preparedNewestRef per object, its newest ref into the prepared table.
     * @param preparedOlderRef  per object, its older ref into the prepared table.
     */
    void compact(final PacketPlan plan, final int[] preparedNewestRef, final int[] preparedOlderRef)
    {
        Arrays.fill(packetIndex, -1);
        for (int i = 0; i < plan.count; i++)
        {
            final int object = plan.objects[i];
            markNamed(preparedNewestRef[object]);
            if (preparedNewestRef[object] != tableSize)
            {
                markNamed(preparedOlderRef[object]);
            }
        }
        int used = 0;
        for (int i = 0; i < tableSize; i++)
        {
            if (packetIndex[i] >= 0)
            {
                packetIndex[i] = used;
                plan.tableTicks[used++] = tableTicks[i];
            }
        }
        plan.tableSize = used;
        for (int i = 0; i < plan.count; i++)
        {
            final int object = plan.objects[i];
            plan.newestRef[i] = packetRef(preparedNewestRef[object], used);
            plan.olderRef[i] = packetRef(preparedOlderRef[object], used);
        }
    }

    private void markNamed(final int ref)
    {
        if (ref < tableSize)
        {
            packetIndex[ref] = 0;
        }
    }

    private int packetRef(final int preparedRef, final int packetTableSize)
    {
        return preparedRef == tableSize ? packetTableSize : packetIndex[preparedRef];
    }

    /** The plan was sent: old baselines it named stay protected for the reorder window from its tick. */
    void recordUse(final PacketPlan plan)
    {
        final int tick = plan.tick;
        for (int i = 0; i < plan.count; i++)
        {
            final int newest = plan.newestRef[i];
            if (newest != plan.tableSize && tick - plan.tableTicks[newest] > maxBaselineAgeTicks)
            {
                final int slot = oldBaselineSlot(plan.objects[i], plan.tableTicks[newest], tick);
                oldBaselineTick[slot] = plan.tableTicks[newest];
                oldBaselineLastUseTick[slot] = tick;
            }
        }
    }

    /** @return the last tick {@link #mustDefer} held {@code object} back, or {@link StateRing#NO_TICK}. */
    int lastDeferredTick(final int object)
    {
        return lastDeferredTick[object];
    }

    /** @return times an object waited a tick to keep an old baseline safe. */
    long deferredObjects()
    {
        return deferredObjects;
    }

    /** Forget every protected old baseline, deferral and table, as built. Allocates nothing. */
    void reset()
    {
        Arrays.fill(oldBaselineTick, StateRing.NO_TICK);
        Arrays.fill(oldBaselineLastUseTick, StateRing.NO_TICK);
        Arrays.fill(lastDeferredTick, StateRing.NO_TICK);
        deferredObjects = 0;
        Arrays.fill(newestBaselineTick, 0);
        Arrays.fill(olderBaselineTick, 0);
        Arrays.fill(distinctTicks, 0);
        Arrays.fill(distinctCounts, 0);
        Arrays.fill(tableTicks, 0);
        Arrays.fill(packetIndex, 0);
        tableSize = 0;
        tableBits = 0;
    }
}
