package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import dev.statesync.codec.predict.SmallestThreeMath;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link ObjectCodec#estimateModeledBits} ranks the predictor alternatives, so which one is coded (and the bytes)
 * depends on it: pinned against the estimate as written before it ran on the arrays over a field list (the
 * reference below, as of 657d175), with and without a limit, on every schema preset, nearby and far predictions,
 * changed largest indices and records at any offset.
 */
class EstimateModeledBitsTest
{
    @Property(tries = 3000)
    void estimateIsTheReferenceEstimateAndStopsOnlyAtTheLimit(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll final long seed,
        @ForAll @IntRange(max = 3) final int stateSlot,
        @ForAll @IntRange(max = 3) final int predictionSlot,
        @ForAll @IntRange(max = 200) final int limit)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int stride = schema.stride();
        final int[] predictions = new int[4 * stride];
        final int[] states = new int[4 * stride];
        final int predictionOffset = predictionSlot * stride;
        final int stateOffset = stateSlot * stride;
        RandomStates.randomRecord(schema, random, predictions, predictionOffset);
        System.arraycopy(predictions, predictionOffset, states, stateOffset, stride);
        final int moves = random.nextInt(4);
        for (int i = 0; i < moves; i++)
        {
            RandomStates.evolve(schema, random, states, stateOffset);
        }
        final StateRecord state = new StateRecord(schema, states, stateOffset);
        final StateRecord prediction = new StateRecord(schema, predictions, predictionOffset);
        assertTrue(state.isValid() && prediction.isValid());

        final ObjectCodec codec = new ObjectCodec(schema);
        final int expected = referenceEstimate(schema, state, prediction, Integer.MAX_VALUE);
        assertEquals(expected, codec.estimateModeledBits(state, prediction));
        assertEquals(expected, codec.estimateModeledBits(states, stateOffset, predictions, predictionOffset));
        final int limited = codec.estimateModeledBits(states, stateOffset, predictions, predictionOffset, limit);
        if (expected < limit)
        {
            assertEquals(expected, limited);
        }
        else
        {
            assertTrue(limited >= limit, "stopped below the limit: " + limited + " < " + limit);
        }
        assertEquals(referenceEstimate(schema, state, prediction, limit),
            codec.estimateModeledBits(state, prediction, limit));
    }

    /** The estimate as written before (657d175): a loop over every field with the schema's checks. */
    private static int referenceEstimate(
        final StateSchema schema, final StateRecord state, final StateRecord prediction, final int limit)
    {
        final int[] reexpressed = new int[schema.stride()];
        final int rot = schema.rotationOffset();
        final boolean largestChanged = schema.is3d() && state.rotationLargest() != prediction.rotationLargest();
        if (largestChanged)
        {
            SmallestThreeMath.reexpress(schema.rotationHalfRange(), prediction.array(), prediction.index(rot),
                state.rotationLargest(), reexpressed, rot + 1);
        }
        int bits = largestChanged ? 2 : 0;
        for (int f = 0; f < schema.stride() && bits < limit; f++)
        {
            if (f == schema.atRestOffset() || (schema.is3d() && f == rot))
            {
                continue;
            }
            final boolean againstReexpressed = largestChanged && f > rot && f < rot + 4;
            final long predicted = againstReexpressed ? reexpressed[f] : prediction.field(f);
            final long residual = Math.abs(state.field(f) - predicted);
            bits += residual == 0 ? 1 : 2 * (64 - Long.numberOfLeadingZeros(residual)) + 1;
        }
        return bits;
    }
}
