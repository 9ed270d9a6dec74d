package dev.statesync.codec.predict;

import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.WireFingerprint;

/**
 * Predicts an object's current quantized state from the baselines both ends hold, in integer arithmetic
 * only, so sender and receiver compute identical records on any JVM. When the prediction is exact the
 * object costs one bit; otherwise the encoder codes the residual against it.
 *
 * <p>The baselines and their ages arrive in a {@link PredictionInput} the caller fills once per object, and
 * the prediction is written through a {@link StateRecord} view of the same layout, so a predictor reads
 * fields by name ({@code in.newest().position(axis)}) rather than by offsets passed alongside arrays.
 *
 * <p>Implementations must be deterministic functions of the input, must not allocate, must not write the
 * baselines, and must write every field of a valid record (every field inside the schema's range,
 * velocities zero when at rest). The output never overlaps a baseline.
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
     * Predict with one of the {@link #alternativeCount()} alternatives. The default has only alternative 0,
     * which is {@link #predict}.
     *
     * @param alternative 0 .. {@link #alternativeCount()} - 1.
     * @param in          the object's baselines and their ages.
     * @param out         where to write the predicted record.
     */
    default void predictAlternative(final int alternative, final PredictionInput in, final StateRecord out)
    {
        predict(in, out);
    }

    /**
     * For an encoder that asks for every alternative of one object in turn: an earlier alternative whose
     * prediction {@link #refineAlternative} turns into {@code alternative}'s for less than predicting it afresh
     * (say the same extrapolation plus one correction), or -1 (the default: none).
     *
     * @param alternative 0 .. {@link #alternativeCount()} - 1.
     * @return an alternative below {@code alternative}, or -1.
     */
    default int refinedFrom(final int alternative)
    {
        return -1;
    }

    /**
     * Turn {@code out}, holding alternative {@link #refinedFrom}{@code (alternative)}'s prediction from the same
     * input, into alternative {@code alternative}'s: exactly the record {@link #predictAlternative} would write,
     * unless {@link #refinesApproximately} says it is only an approximation for ranking. The default predicts afresh.
     *
     * @param alternative an alternative whose {@link #refinedFrom} is not -1.
     * @param in          the object's baselines and their ages.
     * @param out         holds the earlier alternative's prediction; receives this one's.
     */
    default void refineAlternative(final int alternative, final PredictionInput in, final StateRecord out)
    {
        predictAlternative(alternative, in, out);
    }

    /**
     * @param alternative 0 .. {@link #alternativeCount()} - 1.
     * @return true if {@link #refineAlternative} writes only an approximation of {@code alternative}'s prediction,
     * good enough to rank it against the others but not to code against: an encoder that chose it predicts it
     * again with {@link #predictAlternative}, which both ends code against. The default: false, the refinement is
     * exact.
     */
    default boolean refinesApproximately(final int alternative)
    {
        return false;
    }

    /**
     * Add what this predictor predicts to a connection's fingerprint ({@link WireFingerprint}), so the handshake
     * refuses a peer whose predictor differs: a frame decoded against another predictor can come out as the wrong
     * states without any error. The default adds the class name, which is enough for a predictor without
     * parameters; one with parameters (an engine model, a rotation mode) must add them too, after calling this.
     *
     * @param fingerprint the digest being built.
     */
    default void addTo(final WireFingerprint fingerprint)
    {
        fingerprint.add(getClass().getName());
    }

    /**
     * Predict the object's record at the tick the input's ages count to.
     *
     * @param in  the object's baselines and their ages; without an older baseline
     *            ({@link PredictionInput#hasOlder()} false) predict from the newest alone.
     * @param out where to write the predicted record.
     */
    void predict(PredictionInput in, StateRecord out);
}
