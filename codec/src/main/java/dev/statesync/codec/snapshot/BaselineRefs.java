package dev.statesync.codec.snapshot;

import dev.statesync.codec.bits.BitStream;

/**
 * The range-coded form of the per-object fields that name an object's baselines and predictor alternative
 * ({@link ModeledLayout}; the bitpacked layout writes them as bounded ints). The baseline table is ordered
 * newest tick first, so the newest ref is usually 0 or 1 and the older ref usually the very next entry;
 * coding the newest ref, the older ref's distance from it and the alternative as residuals in contexts of
 * their own lets the coder learn that, at well under a bit each. The ref contexts also split on which of two
 * snapshots both ends hold carried the object: the packet's model reference (the newest acked range-coded one, see
 * {@code ModelRing}) and the packet of the newest table entry (with unacked references, for a referencing packet the
 * clean packet just before it). An object the newest entry's packet carried mostly names it as its newest baseline,
 * and one the model reference carried its newest acked state; objects neither carried are the ones whose refs
 * vary. On the cube run the refs cost 128.8 bits per snapshot split by the model reference only, 100.8 split by both.
 */
final class BaselineRefs
{
    /** Residual contexts above the motion contexts: newest ref, older ref distance, alternative by position class. */
    static final int NEWEST_CONTEXT = MotionContext.RESIDUAL_CONTEXTS_USED;
    /** Ref contexts per ref: by {@code carried}, 0..3 (see {@link #serializeNewest}). */
    static final int CARRIED_CONTEXTS = 4;
    static final int OLDER_CONTEXT = NEWEST_CONTEXT + CARRIED_CONTEXTS;
    static final int ALTERNATIVE_CONTEXT = OLDER_CONTEXT + CARRIED_CONTEXTS;
    /** The first table entry's age, then each next entry's gap from the previous one. */
    static final int TABLE_FIRST_CONTEXT = ALTERNATIVE_CONTEXT + MotionContext.CLASSES;
    static final int TABLE_GAP_CONTEXT = TABLE_FIRST_CONTEXT + 1;
    /**
     * The alternative of an object whose newest baseline's packet coded it with alternative {@code k} (a known
     * {@link PreviousAlternative}): contexts {@code PREVIOUS_ALTERNATIVE_CONTEXT + k * CLASSES + position class}; an
     * unknown one keeps {@link #ALTERNATIVE_CONTEXT}'s.
     */
    static final int PREVIOUS_ALTERNATIVE_CONTEXT = TABLE_GAP_CONTEXT + 1;
    static final int CONTEXTS_USED =
        PREVIOUS_ALTERNATIVE_CONTEXT + (PreviousAlternative.VALUES - 1) * MotionContext.CLASSES;
    /**
     * Flag contexts of "has an older baseline" (allotted within {@link IndexCoding}'s): 1 for {@code carried} 1, 2
     * each for {@code carried} 2 and 3 (by the newest entry's packet's two baselines), 5 by the newest baseline's age
     * for {@code carried} 0.
     */
    static final int HAS_OLDER_FLAG_CONTEXT = IndexCoding.HAS_OLDER_FLAG_CONTEXT;
    static final int HAS_OLDER_FLAG_CONTEXTS = 10;

    private BaselineRefs()
    {
    }

    /**
     * The newest baseline's table index as a residual in a context by {@code carried}: from the table's start for an
     * object one of the two snapshots carried (mostly index 0 or 1), from its end ({@code tableSize - 1 - index}, so
     * "none" is -1) for one neither did, which mostly names one of the old entries at the end (on the cube run 3.2
     * bits per snapshot fewer than counting those from the start).
     *
     * @param carried 1 if the packet's model reference snapshot carried the object, plus 2 if the packet of the
     *                newest table entry did (0 when the object set was not coded against it).
     * @return the newest baseline's table index, {@code tableSize} for none; a reader fails outside that.
     */
    static int serializeNewest(
        final BitStream stream, final int newest, final int tableSize, final int carried)
    {
        final int context = NEWEST_CONTEXT + carried;
        if (carried == 0)
        {
            // Counted from the table's end: an object neither snapshot carried mostly has an old baseline, and the
            // old entries are last (the oldest, a long-resting object's, the very last).
            return bounded(stream, tableSize - 1L - stream.serializeResidual(tableSize - 1 - newest, context), 0, tableSize);
        }
        return bounded(stream, stream.serializeResidual(newest, context), 0, tableSize);
    }

    /**
     * A baseline table entry's age. The sender orders the table newest tick first, so ages strictly increase and
     * mostly by one (consecutive acked ticks): the first age as a residual, every next one as its gap from the
     * previous minus one, which the coder learns to be mostly 0. On the cube run this cut the table from 101.0 bits
     * per snapshot on the age ladder to 63.6. A reader fails on an age outside the ladder's range
     * (so the table decodes in the order it was written, strictly increasing, or not at all).
     *
     * @param age         the age to write ({@code tick - baseline tick - 1}); must exceed {@code previousAge}.
     * @param previousAge the previous entry's age, -1 for the first.
     * @return the age.
     */
    static int serializeTableAge(final BitStream stream, final int age, final int previousAge)
    {
        if (!stream.isReading() && age <= previousAge)
        {
            throw new IllegalArgumentException("table ages must increase: " + age + " after " + previousAge);
        }
        final long value = previousAge < 0 ? stream.serializeResidual(age, TABLE_FIRST_CONTEXT) :
            previousAge + 1L + stream.serializeResidual(age - previousAge - 1, TABLE_GAP_CONTEXT);
        return bounded(stream, value, previousAge + 1, SnapshotFormat.AGE_LADDER.maxValue());
    }

    /**
     * The older baseline: a flag "has one", then its distance from the newest ref less one as a residual. The older
     * ref is mostly the very next entry (distance 0); "none" was the index {@code tableSize}, a distance of about the
     * table's size that the coder could not learn as one value, since the table's size varies (on the cube run 10%
     * of objects with a baseline have no older one, and the refs cost 97.4 bits per snapshot that way, 78.3 with the
     * flag). The flag's context is {@code carried} for an object one of the two snapshots carried, split for one the
     * newest entry's packet carried by whether that packet coded it against two baselines (with unacked references a
     * referencing packet's object names that packet as its newest baseline and the object's newest acked state as
     * its older, which it has exactly when that packet had an older baseline for it too: 5.2 bits a snapshot); for
     * an object neither carried (mostly one that starts moving after a rest), the bit length of its newest baseline's
     * age, 3 or less to 7 or more: its older state is the one before that, which a baseline 64 ticks old or more
     * never has left in reach while one under 16 ticks old nearly always does (6.6 bits).
     *
     * @param newestAgeTicks    the newest baseline's age, {@code tick - its tick}, at least 1.
     * @param newestEntryHadTwo the newest table entry's packet carried the object against two baselines.
     * @return the older baseline's table index, {@code tableSize} for none; a reader fails outside
     * {@code [0, tableSize)} after "has one".
     */
    static int serializeOlder(
        final BitStream stream,
        final int older,
        final int newest,
        final int tableSize,
        final int carried,
        final int newestAgeTicks,
        final boolean newestEntryHadTwo)
    {
        final int flagContext = carried == 1 ? 0 : carried >= 2 ? 2 * carried - 3 + (newestEntryHadTwo ? 1 : 0) :
            5 + Math.min(Math.max(32 - Integer.numberOfLeadingZeros(newestAgeTicks) - 3, 0), 4);
        if (!stream.serializeFlag(older != tableSize, HAS_OLDER_FLAG_CONTEXT + flagContext))
        {
            return tableSize;
        }
        final int distance = stream.serializeResidual(older - newest - 1, OLDER_CONTEXT + carried);
        return bounded(stream, newest + 1L + distance, 0, tableSize - 1);
    }

    /**
     * @param motionContext the object's packed {@link MotionContext}: the alternative is coded in the context of its
     *                      position class, since how far the object moved between its baselines says which
     *                      predictor suits it (holding for a slow one, extrapolating for a fast one): on the cube
     *                      scene 142 bits per snapshot for the alternatives unconditioned, about 97 by class; and
     *                      of the alternative its newest baseline's packet coded it with
     *                      ({@link MotionContext#previousAlternative}), since an object keeps its predictor for a
     *                      while: 88.3 (results.md, "Fewer bits, round 14").
     * @return the predictor alternative in {@code [0, alternatives)}.
     */
    static int serializeAlternative(
        final BitStream stream, final int alternative, final int alternatives, final int motionContext)
    {
        if (alternatives == 1)
        {
            return 0;
        }
        final int positionClass = MotionContext.positionClass(motionContext);
        final int previous = MotionContext.previousAlternative(motionContext);
        final int context = previous == PreviousAlternative.UNKNOWN ? ALTERNATIVE_CONTEXT + positionClass :
            PREVIOUS_ALTERNATIVE_CONTEXT + (previous - 1) * MotionContext.CLASSES + positionClass;
        return bounded(stream, stream.serializeResidual(alternative, context), 0, alternatives - 1);
    }

    private static int bounded(final BitStream stream, final long value, final int min, final int max)
    {
        final boolean inRange = value >= min && value <= max;
        stream.validate(inRange);
        return inRange ? (int)value : min;
    }
}
