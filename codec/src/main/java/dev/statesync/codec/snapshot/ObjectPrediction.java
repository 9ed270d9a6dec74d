package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.StateSchema;

/**
 * The one place both ends ask the predictor for an object's prediction and derive its motion context from the
 * same baselines, so sender and receiver cannot call it differently (and a change of the predictor's signature
 * touches one method each).
 */
final class ObjectPrediction
{
    private ObjectPrediction()
    {
    }

    /**
     * Predict alternative {@code alternative} of an object from its baselines in {@code ring}.
     *
     * @param newestAgeTicks tick being coded minus the newest baseline's tick.
     * @param olderOffset    the older baseline's offset in {@code ring}, or -1 without one.
     * @param olderAgeTicks  tick being coded minus the older baseline's tick (ignored without one).
     */
    static void predict(
        final Predictor predictor,
        final StateSchema schema,
        final int alternative,
        final int[] ring,
        final int newestOffset,
        final int newestAgeTicks,
        final int olderOffset,
        final int olderAgeTicks,
        final int[] out,
        final int outOffset)
    {
        final boolean hasOlder = olderOffset >= 0;
        predictor.predictAlternative(alternative, schema, ring, newestOffset, newestAgeTicks, hasOlder ? ring : null,
            hasOlder ? olderOffset : 0, hasOlder ? olderAgeTicks : 0, out, outOffset);
    }

    /** @return the {@link MotionContext} of an object's baselines (arguments as {@link #predict}). */
    static int motionContext(
        final StateSchema schema,
        final int[] ring,
        final int newestOffset,
        final int newestAgeTicks,
        final int olderOffset,
        final int olderAgeTicks)
    {
        final boolean hasOlder = olderOffset >= 0;
        return MotionContext.of(schema, ring, newestOffset, newestAgeTicks, hasOlder ? ring : null,
            hasOlder ? olderOffset : 0, hasOlder ? olderAgeTicks : 0);
    }
}
