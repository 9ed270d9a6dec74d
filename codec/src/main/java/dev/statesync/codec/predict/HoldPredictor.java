package dev.statesync.codec.predict;

import dev.statesync.codec.state.StateRecord;

/**
 * Predicts that nothing changed since the newest baseline: plain delta coding. Objects that did not change
 * cost one bit. Stateless, and works for any schema.
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
    public void predict(final PredictionInput in, final StateRecord out)
    {
        out.copyFrom(in.newest());
    }
}
