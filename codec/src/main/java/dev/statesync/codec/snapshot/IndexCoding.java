package dev.statesync.codec.snapshot;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.Bits;

/**
 * Which objects a packet carries: either one bit per object, or the gaps between ascending indices coded
 * with one of three ladders (dense, medium, sparse). The encoder measures all four and writes a 2-bit mode
 * and the cheapest; a packet with 5 of 900 objects costs a few dozen bits, one with 400 of 900 at most
 * about 900.
 *
 * <p>A context-modeled stream instead codes one flag per object ({@link #serializeModeled}) in a context
 * of whether an earlier snapshot both ends hold carried it (moving or at rest, or an index neighbour of it) and
 * whether the previous index is carried: the
 * objects that move now are mostly the ones that moved a round trip ago, and moving objects cluster, so
 * the set costs a small fraction of a bit per object.
 */
public final class IndexCoding
{
    /** Mode: one bit per object. */
    public static final int MODE_BITMASK = 0;

    private final int objectCount;
    private final BitLadder[] ladders;

    /** @param objectCount objects in the world (indices 0..objectCount-1). */
    public IndexCoding(final int objectCount)
    {
        this.objectCount = objectCount;
        final int full = Math.max(1, Bits.bitsRequired(0, objectCount - 1));
        ladders = new BitLadder[]{
            null,
            new BitLadder(0, 1, 2, 4, full),
            new BitLadder(1, 3, 5, full),
            new BitLadder(3, 6, full)
        };
    }

    /**
     * Flag contexts of {@link #serializeModeled}'s "carried" (5 reference levels times previous carried), then
     * {@link ModeledLayout}'s set source, then "more" and "any", then {@link BaselineRefs}' flags.
     */
    static final int FLAG_CONTEXT_BASE = MotionContext.FLAGS_USED;
    /** Reference levels of the "carried" contexts (see {@link #serializeModeled}). */
    private static final int REFERENCE_LEVELS = 5;
    /** Flag context of {@link ModeledLayout}'s "the set is coded against the newest baseline table entry's packet". */
    static final int NEWEST_ENTRY_FLAG_CONTEXT = FLAG_CONTEXT_BASE + 2 * REFERENCE_LEVELS;
    /** Flag contexts of "more objects follow" (past / before the reference's last carried object), then "any". */
    static final int MORE_FLAG_CONTEXT = NEWEST_ENTRY_FLAG_CONTEXT + 1;
    static final int ANY_FLAG_CONTEXT = MORE_FLAG_CONTEXT + 2;
    /** {@link BaselineRefs}' "has an older baseline" ({@link BaselineRefs#HAS_OLDER_FLAG_CONTEXTS}). */
    static final int HAS_OLDER_FLAG_CONTEXT = ANY_FLAG_CONTEXT + 1;
    /** {@link ReferencedTable}'s "this table has the held table's entry" (4). */
    static final int TABLE_HELD_FLAG_CONTEXT = HAS_OLDER_FLAG_CONTEXT + BaselineRefs.HAS_OLDER_FLAG_CONTEXTS;
    /** {@link ModeledLayout#serializeTable}'s "the first entry is the anchor's packet". */
    static final int ANCHOR_ENTRY_FLAG_CONTEXT = TABLE_HELD_FLAG_CONTEXT + 4;
    static final int FLAG_CONTEXTS = ANCHOR_ENTRY_FLAG_CONTEXT + 1 - FLAG_CONTEXT_BASE;

    /**
     * Serialize the ascending indices of a packet's objects, and so their count, as one context-coded flag per object
     * from index 0, each carried object followed by a flag "more follow". There is no count field: the "more" flags
     * end the set (on the cube run 3.6 bits a snapshot fewer than the 10-bit count it replaced, whose tree contexts
     * had learned it to about 7 bits). A first flag says whether the set is empty; the last object's "carried" flag,
     * reached only when more must follow, and the "more" flag after it are not coded. "More" is coded in one of two
     * contexts, by whether the reference snapshot carried an object after this one (a set like the reference's ends
     * about where it ended). A reader decodes at most one flag per object and two per carried object, whatever the
     * bytes: at most {@code objectCount} indices, ascending and in range.
     *
     * <p>"Carried" is coded in a context of whether the previous index is carried and of the object's reference
     * level: 0 without a reference; not carried by the reference, 1 if neither index neighbour was and 2 if one was
     * (objects near moving ones start moving, and many worlds number neighbours alike; on the cube run 2.0 bits a
     * snapshot); carried by it, 3 moving and 4 at rest (a resting object sent once, to settle it, is seldom sent
     * again; 4.8 bits a snapshot).
     *
     * @param indices   written from when writing ({@code count} of them, ascending), read into when reading.
     * @param count     the objects to write; ignored when reading.
     * @param reference per-object flags of the reference snapshot, or null without one.
     * @param resting   per-object "carried at rest" flags of the reference snapshot, laid out as {@code reference};
     *                  null without a reference.
     * @param referenceOffset where the reference's flags start.
     * @return the number of indices serialized (when writing, {@code count}; a failed stream stops early).
     */
    public int serializeModeled(
        final BitStream stream,
        final int[] indices,
        final int count,
        final boolean[] reference,
        final boolean[] resting,
        final int referenceOffset)
    {
        final boolean reading = stream.isReading();
        if (!stream.serializeFlag(reading || count > 0, ANY_FLAG_CONTEXT) || stream.isFailed())
        {
            return 0;
        }
        final int lastReferenced = reference == null ? -1 : lastCarried(reference, referenceOffset);
        int found = 0;
        boolean previous = false;
        // Objects runStart..runEnd - 1 share one reference level (not the last object, whose flag is not coded).
        int runEnd = 0;
        int runLevel = 0;
        int object = 0;
        while (object < objectCount && !stream.isFailed())
        {
            final boolean last = object == objectCount - 1;
            if (!last && object >= runEnd)
            {
                runLevel = reference == null ? 0 : referenceLevel(reference, resting, referenceOffset, object);
                runEnd = object + 1;
                while (runEnd < objectCount - 1 &&
                    (reference == null ? 0 : referenceLevel(reference, resting, referenceOffset, runEnd)) == runLevel)
                {
                    runEnd++;
                }
            }
            final int referenceLevel = last ? (reference == null ? 0 : referenceLevel(reference, resting, referenceOffset,
                object)) : runLevel;
            final int context = FLAG_CONTEXT_BASE + referenceLevel * 2 + (previous ? 1 : 0);
            final boolean carried;
            if (last)
            {
                // The last object is carried if more were to follow: its flag is not coded.
                carried = true;
            }
            else if (previous)
            {
                carried = stream.serializeFlag(!reading && indices[found] == object, context);
            }
            else
            {
                // Not carried after not carried, in one context until the level changes: the same flags as one call
                // each, coded as a run (a packet carries about one object in nine; results.md, "CPU per client").
                final int limit = runEnd - object;
                final int zeros = stream.serializeFlagRun(reading ? 0 : Math.min(limit, indices[found] - object), limit,
                    context);
                object += zeros;
                if (zeros == limit || stream.isFailed())
                {
                    continue;
                }
                // The object that ended the run is carried: its flag read by the run, or written now.
                carried = reading || stream.serializeFlag(true, context);
            }
            if (carried)
            {
                indices[found++] = object;
                if (last || !stream.serializeFlag(!reading && found < count,
                    MORE_FLAG_CONTEXT + (object < lastReferenced ? 1 : 0)))
                {
                    break;
                }
            }
            previous = carried;
            object++;
        }
        return found;
    }

    private int referenceLevel(
        final boolean[] reference, final boolean[] resting, final int referenceOffset, final int object)
    {
        final int at = referenceOffset + object;
        if (reference[at])
        {
            return resting[at] ? 4 : 3;
        }
        return (object > 0 && reference[at - 1]) || (object + 1 < objectCount && reference[at + 1]) ? 2 : 1;
    }

    private int lastCarried(final boolean[] reference, final int referenceOffset)
    {
        for (int object = objectCount - 1; object >= 0; object--)
        {
            if (reference[referenceOffset + object])
            {
                return object;
            }
        }
        return -1;
    }

    /** @return objects in the world. */
    public int objectCount()
    {
        return objectCount;
    }

    /** @return the cheapest mode for these ascending indices. */
    public int chooseMode(final int[] sortedIndices, final int count)
    {
        int bestMode = MODE_BITMASK;
        long bestBits = objectCount;
        for (int mode = 1; mode < ladders.length; mode++)
        {
            final long bits = gapBits(ladders[mode], sortedIndices, count);
            if (bits < bestBits)
            {
                bestBits = bits;
                bestMode = mode;
            }
        }
        return bestMode;
    }

    /** @return bits of the indices in a mode, excluding the mode and count fields. */
    public long bits(final int mode, final int[] sortedIndices, final int count)
    {
        return mode == MODE_BITMASK ? objectCount : gapBits(ladders[mode], sortedIndices, count);
    }

    /** @return an upper bound of the bits any one index can add in the cheapest mode. */
    public int maxBitsPerIndex()
    {
        return ladders[ladders.length - 1].bitsFor(objectCount - 1);
    }

    private static long gapBits(final BitLadder ladder, final int[] sortedIndices, final int count)
    {
        long bits = 0;
        int previous = -1;
        for (int i = 0; i < count; i++)
        {
            bits += ladder.bitsFor(sortedIndices[i] - previous - 1);
            previous = sortedIndices[i];
        }
        return bits;
    }

    /**
     * Serialize the mode and the ascending indices of a packet's {@code count} objects ({@code count} was
     * serialized before): a writer or measure codes the cheapest mode ({@link #chooseMode}), a reader fills
     * {@code sortedIndices}. Indices past the last object, or a bitmask whose population differs from
     * {@code count}, fail the reader.
     *
     * @param sortedIndices written from when writing, read into when reading.
     */
    public void serialize(final BitStream stream, final int[] sortedIndices, final int count)
    {
        final boolean reading = stream.isReading();
        final int mode = stream.serializeInt(reading ? 0 : chooseMode(sortedIndices, count), 0, ladders.length - 1);
        if (mode == MODE_BITMASK)
        {
            int found = 0;
            for (int object = 0; object < objectCount && !stream.isFailed(); object++)
            {
                final boolean carried = stream.serializeBool(!reading && found < count && sortedIndices[found] == object);
                if (carried)
                {
                    if (found < count)
                    {
                        sortedIndices[found] = object;
                    }
                    found++;
                }
            }
            // A stream that failed stopped early: that is its failure, not an inconsistent count.
            stream.validate(stream.isFailed() || found == count);
        }
        else
        {
            int previous = -1;
            for (int i = 0; i < count && !stream.isFailed(); i++)
            {
                final int gap = reading ? 0 : sortedIndices[i] - previous - 1;
                final long index = (long)previous + 1 + stream.serializeLadder(gap, ladders[mode]);
                stream.validate(index < objectCount);
                previous = (int)Math.min(index, objectCount - 1);
                sortedIndices[i] = previous;
            }
        }
    }
}
