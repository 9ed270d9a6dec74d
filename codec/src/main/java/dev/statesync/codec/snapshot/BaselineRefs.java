package dev.statesync.codec.snapshot;

import dev.statesync.codec.BitStream;
import dev.statesync.codec.ModeledBitStream;

/**
 * The per-object fields that name an object's baselines and predictor alternative, as one serialize routine
 * for the sender and the receiver. Bitpacked: bounded ints. Context-modeled: the baseline table is ordered
 * newest tick first, so the newest ref is usually 0 or 1 and the older ref usually the very next entry;
 * coding the newest ref, the older ref's distance from it and the alternative as residuals in contexts of
 * their own lets the coder learn that, at well under a bit each.
 */
final class BaselineRefs
{
    /** Residual contexts above the motion contexts: newest ref, older ref distance, alternative. */
    static final int NEWEST_CONTEXT = MotionContext.RESIDUAL_CONTEXTS_USED;
    static final int OLDER_CONTEXT = NEWEST_CONTEXT + 1;
    static final int ALTERNATIVE_CONTEXT = NEWEST_CONTEXT + 2;
    static final int CONTEXTS_USED = NEWEST_CONTEXT + 3;

    private BaselineRefs()
    {
    }

    /** @return the newest baseline's table index, {@code tableSize} for none; a reader fails outside that. */
    static int serializeNewest(final BitStream stream, final int newest, final int tableSize)
    {
        if (!(stream instanceof ModeledBitStream))
        {
            return stream.serializeInt(newest, 0, tableSize);
        }
        return bounded(stream, stream.serializeResidual(newest, NEWEST_CONTEXT), 0, tableSize);
    }

    /** @return the older baseline's table index, {@code tableSize} for none. */
    static int serializeOlder(final BitStream stream, final int older, final int newest, final int tableSize)
    {
        if (!(stream instanceof ModeledBitStream))
        {
            return stream.serializeInt(older, 0, tableSize);
        }
        final int distance = stream.serializeResidual(older - newest - 1, OLDER_CONTEXT);
        return bounded(stream, newest + 1 + distance, 0, tableSize);
    }

    /** @return the predictor alternative in {@code [0, alternatives)}. */
    static int serializeAlternative(final BitStream stream, final int alternative, final int alternatives)
    {
        if (!(stream instanceof ModeledBitStream))
        {
            return stream.serializeInt(alternative, 0, alternatives - 1);
        }
        return alternatives == 1 ? 0 :
            bounded(stream, stream.serializeResidual(alternative, ALTERNATIVE_CONTEXT), 0, alternatives - 1);
    }

    private static int bounded(final BitStream stream, final long value, final int min, final int max)
    {
        final boolean inRange = value >= min && value <= max;
        stream.validate(inRange);
        return inRange ? (int)value : min;
    }
}
