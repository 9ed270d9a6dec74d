package dev.statesync.codec.predict;

import dev.statesync.codec.state.StateSchema;

/**
 * Predicts an object's current quantized state from the baselines both ends hold, in integer arithmetic
 * only, so sender and receiver compute identical records on any JVM. When the prediction is exact the
 * object costs one bit; otherwise the encoder codes the residual against it.
 *
 * <p>Implementations must be pure functions of their arguments, must not allocate, and must write a valid
 * record (every field inside the schema's range, velocities zero when at rest).
 */
public interface Predictor
{
    /** @return how many baselines the predictor uses: 1 (newest acked) or 2 (the two newest acked). */
    int baselineCount();

    /**
     * @return how many alternative predictions this predictor offers per object (default 1). With more, the
     * encoder tries each, codes the object against the cheapest, and names it in
     * {@code bitsRequired(0, n - 1)} bits; see {@link CheapestOfPredictor}.
     */
    default int alternativeCount()
    {
        return 1;
    }

    /**
     * Predict with one of the {@link #alternativeCount()} alternatives; same arguments as
     * {@link #predict}. The default has only alternative 0, which is {@link #predict}.
     */
    default void predictAlternative(
        final int alternative,
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
        predict(schema, newest, newestOffset, newestAgeTicks, older, olderOffset, olderAgeTicks, out, outOffset);
    }

    /**
     * @param schema          the record layout and precision.
     * @param newest          the newest acked baseline record.
     * @param newestOffset    its offset.
     * @param newestAgeTicks  ticks from the newest baseline to the predicted tick, >= 1.
     * @param older           the older baseline record, or null when there is none (then predict from one).
     * @param olderOffset     its offset.
     * @param olderAgeTicks   ticks from the older baseline to the predicted tick, > newestAgeTicks.
     * @param out             where to write the predicted record.
     * @param outOffset       its offset.
     */
    void predict(
        StateSchema schema,
        int[] newest,
        int newestOffset,
        int newestAgeTicks,
        int[] older,
        int olderOffset,
        int olderAgeTicks,
        int[] out,
        int outOffset);
}
