package dev.statesync.codec.predict;

import dev.statesync.codec.snapshot.RandomStates;

import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class BallisticPredictorTest
{
    private static final long ONE = 1L << 32;
    private static final long HALF = 1L << 31;

    @Example
    void snapRoundsHalfStepsInsideTheFloatTieZoneToEven()
    {
        // 17077.5 units: half a float ulp there is 2^(14 - 24) units, so values this close to the half-step become
        // the half-step when the engine's double turns into a float, and rint sends them to the even 17078.
        final long halfStep = 17077 * ONE + HALF;
        assertEquals(17078, BallisticPredictor.snapQ32(halfStep - 1));
        assertEquals(17078, BallisticPredictor.snapQ32(halfStep + 1));
        assertEquals(-17078, BallisticPredictor.snapQ32(-(halfStep - 1)));
        final long halfStepOdd = 17078 * ONE + HALF;
        assertEquals(17078, BallisticPredictor.snapQ32(halfStepOdd - 1));
        // Outside the zone: ordinary nearest.
        assertEquals(17077, BallisticPredictor.snapQ32(halfStep - (ONE >> 6)));
        assertEquals(17078, BallisticPredictor.snapQ32(halfStep + (ONE >> 6)));
        assertEquals(0, BallisticPredictor.snapQ32(HALF), "exact tie at zero goes to even");
        assertEquals(2, BallisticPredictor.snapQ32(ONE + HALF));
    }

    @Property(tries = 500)
    void predictionIsAPureFunctionOfItsInputs(
        @ForAll final long seed, @ForAll @IntRange(min = 1, max = 40) final int age, @ForAll final boolean threeD)
    {
        final StateSchema schema = threeD ? StateSchema.highPrecision3d() : StateSchema.highPrecision2d();
        final IntegratorModel model = threeD ? IntegratorModel.ode(-20, 0.01, 0.01, 0.01, 0.01, 60) :
            IntegratorModel.jbox2d(0, -10, 0.1, 0.2, 60);
        final BallisticPredictor first = new BallisticPredictor(schema, model, true);
        final BallisticPredictor second = new BallisticPredictor(schema, model, true);
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] baseline = new int[schema.stride()];
        RandomStates.randomRecord(schema, random, baseline, 0);
        final int[] other = new int[schema.stride()];
        RandomStates.randomRecord(schema, random, other, 0);

        final int[] a = new int[schema.stride()];
        final int[] b = new int[schema.stride()];
        final PredictionInput in = new PredictionInput(schema);
        first.predict(in.newest(other, 0, 3), new StateRecord(schema, a, 0));
        first.predict(in.newest(baseline, 0, age), new StateRecord(schema, a, 0));
        second.predict(new PredictionInput(schema).newest(baseline, 0, age), new StateRecord(schema, b, 0));
        assertArrayEquals(a, b, "same inputs, same outputs, whatever was predicted before");
        assertTrue(schema.isValid(a, 0));
    }

    @Example
    void atRestObjectsStayPut()
    {
        final StateSchema schema = StateSchema.highPrecision3d();
        final int[] baseline = new int[schema.stride()];
        RandomStates.randomRecord(schema, new SplittableRandom(1), baseline, 0);
        RandomStates.setAtRest(schema, baseline, 0);
        final int[] out = new int[schema.stride()];
        new BallisticPredictor(schema, IntegratorModel.ode(-20, 0.01, 0.01, 0.01, 0.01, 60), true)
            .predict(new PredictionInput(schema).newest(baseline, 0, 30), new StateRecord(schema, out, 0));
        assertArrayEquals(baseline, out);
    }

    @Example
    void fallingBodyGainsGravityEachTick()
    {
        final StateSchema schema = StateSchema.highPrecision2d();
        final int[] baseline = new int[schema.stride()];
        baseline[1] = 100 * 4096;
        final int[] out = new int[schema.stride()];
        new BallisticPredictor(schema, IntegratorModel.jbox2d(0, -10, 0, 0, 60), true)
            .predict(new PredictionInput(schema).newest(baseline, 0, 1), new StateRecord(schema, out, 0));
        // v = -10/60 m/s = -682.67 units -> -683; y += v/60 = -11.38 units -> 100 m - 11 units.
        assertEquals(-683, out[schema.linearOffset() + 1]);
        assertEquals(100 * 4096 - 11, out[1]);
    }

    @Example
    void refusesSchemasWithoutVelocities()
    {
        assertThrows(IllegalArgumentException.class, () ->
            new BallisticPredictor(StateSchema.snapshot3d(), IntegratorModel.ode(-20, 0, 0, 0, 0, 60), true));
    }
}
