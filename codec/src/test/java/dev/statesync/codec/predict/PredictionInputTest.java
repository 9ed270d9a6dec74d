package dev.statesync.codec.predict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import dev.statesync.codec.predict.LinearExtrapolationPredictor.Rotation;
import dev.statesync.codec.snapshot.RandomStates;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A {@link PredictionInput} is refilled once per object and shared by every predictor call of that object:
 * what a predictor computes must depend only on what the input holds now, never on what it held before,
 * and must leave the baselines as they were.
 */
class PredictionInputTest
{
    private static Predictor predictor(final StateSchema schema, final int which)
    {
        return switch (which)
        {
            case 0 -> HoldPredictor.INSTANCE;
            case 1 -> new LinearExtrapolationPredictor(Rotation.LINEAR_CODES);
            case 2 -> new LinearExtrapolationPredictor(schema, schema.is3d() ? 2 : 1, -20, 60, Rotation.QUATERNION);
            case 3 -> schema.hasVelocities() ?
                new BallisticPredictor(schema, schema.is3d() ? IntegratorModel.ode(-20, 0.01, 0.01, 0.01, 0.01, 60) :
                    IntegratorModel.jbox2d(0, -10, 0.1, 0.2, 60), true) :
                new LinearExtrapolationPredictor(Rotation.QUATERNION);
            default -> new CheapestOfPredictor(HoldPredictor.INSTANCE, new LinearExtrapolationPredictor(Rotation.HOLD));
        };
    }

    @Property(tries = 1000)
    void aReusedInputPredictsWhatAFreshOneDoes(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(max = 4) final int which,
        @ForAll final long seed,
        @ForAll @IntRange(min = 1, max = 12) final int newestAge,
        @ForAll @IntRange(min = 0, max = 6) final int gap,
        @ForAll final boolean withOlder)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int stride = schema.stride();
        final SplittableRandom random = new SplittableRandom(seed);
        // A ring of four records: the baselines of this object at slots 1 and 3, another object's at 0 and 2.
        final int[] ring = new int[4 * stride];
        for (int slot = 0; slot < 4; slot++)
        {
            RandomStates.randomRecord(schema, random, ring, slot * stride);
        }
        System.arraycopy(ring, 3 * stride, ring, stride, stride);
        RandomStates.evolve(schema, random, ring, stride);
        final int[] ringBefore = ring.clone();
        final Predictor predictor = predictor(schema, which);

        final PredictionInput reused = new PredictionInput(schema);
        final StateRecord reusedOut = StateRecord.allocate(schema);
        predictor.predict(reused.newest(ring, 0, newestAge + 3).older(ring, 2 * stride, newestAge + 9), reusedOut);
        reused.newest(ring, stride, newestAge);
        if (withOlder)
        {
            reused.older(ring, 3 * stride, newestAge + gap);
        }
        else
        {
            reused.noOlder();
        }
        predictor.predict(reused, reusedOut);

        final PredictionInput fresh = new PredictionInput(schema).newest(ring, stride, newestAge);
        if (withOlder)
        {
            fresh.older(ring, 3 * stride, newestAge + gap);
        }
        final StateRecord freshOut = StateRecord.allocate(schema);
        predictor.predict(fresh, freshOut);

        assertTrue(freshOut.contentEquals(reusedOut), reusedOut + " vs " + freshOut);
        assertTrue(freshOut.isValid(), freshOut.toString());
        assertArrayEquals(ringBefore, ring, "a predictor wrote a baseline");
        assertEquals(withOlder ? gap : 0, reused.baselineGapTicks());
        for (int k = 0; k < predictor.alternativeCount(); k++)
        {
            predictor.predictAlternative(k, reused, reusedOut);
            assertTrue(reusedOut.isValid(), "alternative " + k + ": " + reusedOut);
        }
    }

    @Property(tries = 300)
    void withoutAnOlderBaselineTwoBaselinePredictorsHold(
        @ForAll @IntRange(max = 5) final int schemaIndex, @ForAll final long seed, @ForAll @IntRange(min = 1, max = 12) final int age)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int[] ring = new int[2 * schema.stride()];
        RandomStates.randomRecord(schema, new SplittableRandom(seed), ring, 0);
        RandomStates.randomRecord(schema, new SplittableRandom(seed + 1), ring, schema.stride());
        final PredictionInput in = new PredictionInput(schema).newest(ring, 0, age).older(ring, schema.stride(), age + 2);
        assertTrue(in.hasOlder());
        in.noOlder();
        assertFalse(in.hasOlder());
        assertEquals(0, in.olderAgeTicks());
        final StateRecord out = StateRecord.allocate(schema);
        new LinearExtrapolationPredictor(Rotation.QUATERNION).predict(in, out);
        assertTrue(out.contentEquals(in.newest()));
    }
}
