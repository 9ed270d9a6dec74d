package dev.statesync.codec.predict;

import dev.statesync.codec.state.StateSchema;

/**
 * Predicts that nothing changed since the newest baseline: plain delta coding. Objects that did not change
 * cost one bit.
 */
public final class HoldPredictor implements Predictor
{
    /** Shared instance; stateless. */
    public static final HoldPredictor INSTANCE = new HoldPredictor();

    @Override
    public int baselineCount()
    {
        return 1;
    }

    @Override
    public void predict(
        final StateSchema schema,
        final int[] newest,
        final int newestOffset,
        final int newestAgeTicks,
        final int[] older,
        final int olderOffset,
        final int olderAgeTicks,
        final int[] out,
        final int outOffset)
    {
        System.arraycopy(newest, newestOffset, out, outOffset, schema.stride());
    }
}
