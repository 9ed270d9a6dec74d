package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.PredictionInput;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

/**
 * The one place both ends ask the predictor for an object's prediction and derive its motion context from the
 * same baselines, so sender and receiver cannot call it differently.
 *
 * <p>Fill the baselines once per object with {@link #baselines}, then ask for any number of alternatives and the
 * motion context. Owns the reusable {@link PredictionInput} and output view, so nothing allocates per object. Not
 * thread-safe; one per end.
 */
final class ObjectPrediction
{
    private final Predictor predictor;
    private final PredictionInput input;
    private final StateRecord output;

    ObjectPrediction(final Predictor predictor, final StateSchema schema)
    {
        this.predictor = predictor;
        this.input = new PredictionInput(schema);
        this.output = new StateRecord(schema);
    }

    /**
     * The baselines of the object about to be predicted, both in {@code ring}.
     *
     * @param newestAgeTicks tick being coded minus the newest baseline's tick.
     * @param olderOffset    the older baseline's offset in {@code ring}, or -1 without one.
     * @param olderAgeTicks  tick being coded minus the older baseline's tick (ignored without one).
     * @return this.
     */
    ObjectPrediction baselines(
        final int[] ring,
        final int newestOffset,
        final int newestAgeTicks,
        final int olderOffset,
        final int olderAgeTicks)
    {
        input.newest(ring, newestOffset, newestAgeTicks);
        if (olderOffset < 0)
        {
            input.noOlder();
        }
        else
        {
            input.older(ring, olderOffset, olderAgeTicks);
        }
        return this;
    }

    /** Predict alternative {@code alternative} from the current baselines into {@code out} at {@code outOffset}. */
    void predict(final int alternative, final int[] out, final int outOffset)
    {
        predictor.predictAlternative(alternative, input, output.wrap(out, outOffset));
    }

    /** @return an earlier alternative that {@link #refine} turns into {@code alternative}, or -1 (see {@link Predictor#refinedFrom}). */
    int refinedFrom(final int alternative)
    {
        return predictor.refinedFrom(alternative);
    }

    /** @return true if {@link #refine} only approximates {@code alternative} (see {@link Predictor#refinesApproximately}). */
    boolean refinesApproximately(final int alternative)
    {
        return predictor.refinesApproximately(alternative);
    }

    /**
     * Turn the prediction at {@code out[outOffset]}, alternative {@link #refinedFrom}{@code (alternative)} from the
     * current baselines, into alternative {@code alternative}'s in place.
     */
    void refine(final int alternative, final int[] out, final int outOffset)
    {
        predictor.refineAlternative(alternative, input, output.wrap(out, outOffset));
    }

    /**
     * @param ground              the codec's ground contact, or null (off).
     * @param previousAlternative the {@link PreviousAlternative} stored with the newest baseline.
     * @return the {@link MotionContext} of the current baselines, with the newest one's ground contact and previous
     * alternative folded in.
     */
    int motionContext(final GroundContact ground, final int previousAlternative)
    {
        final int packed = MotionContext.withPreviousAlternative(MotionContext.of(input), previousAlternative);
        return ground == null ? packed : MotionContext.withGround(packed, ground.contextOf(input.newest()));
    }
}
