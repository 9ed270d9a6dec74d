package dev.statesync.codec.predict;

import dev.statesync.codec.snapshot.RandomStates;

import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import dev.statesync.codec.predict.LinearExtrapolationPredictor.Rotation;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class LinearExtrapolationPredictorTest
{
    private final StateSchema schema = StateSchema.snapshot3d();

    /** z (grid units) of a body thrown up at 5 m/s from 10 m under -20 m/s^2, t ticks after release. */
    private static double heightUnits(final int ticks)
    {
        final double t = ticks / 60.0;
        return (10 + 5 * t - 10 * t * t) * 512;
    }

    @Property(tries = 200)
    void gravityTermPredictsAFallingBodyWithinOneUnit(
        @ForAll @IntRange(min = 1, max = 12) final int newestAge, @ForAll @IntRange(min = 1, max = 12) final int spacing)
    {
        final int now = 40;
        final int[] newest = record((int)Math.round(heightUnits(now - newestAge)));
        final int[] older = record((int)Math.round(heightUnits(now - newestAge - spacing)));
        final int[] out = new int[schema.stride()];
        final PredictionInput in = new PredictionInput(schema).newest(newest, 0, newestAge)
            .older(older, 0, newestAge + spacing);

        new LinearExtrapolationPredictor(schema, 2, -20, 60).predict(in, new StateRecord(schema, out, 0));
        final double exact = heightUnits(now);
        // Each baseline is off the parabola by up to half a unit; the slope error grows by age / spacing.
        assertTrue(Math.abs(out[2] - exact) <= 1 + newestAge / (double)spacing,
            "predicted " + out[2] + " exact " + exact);

        new LinearExtrapolationPredictor(false).predict(in, new StateRecord(schema, out, 0));
        final double bend = 10 * 512 * newestAge * (newestAge + spacing) / 3600.0;
        // Position rounding of the two baselines moves the straight line by at most (1 + 2 * newestAge / spacing).
        final double slack = 1 + 2.0 * newestAge / spacing;
        assertTrue(Math.abs(out[2] - exact) >= bend - slack, "without gravity the straight line misses by the bend");
    }

    @Example
    void restingBaselinePredictsNoMotionEvenWithGravity()
    {
        final int[] newest = record(512);
        newest[schema.atRestOffset()] = 1;
        final int[] out = new int[schema.stride()];
        new LinearExtrapolationPredictor(schema, 2, -20, 60).predict(
            new PredictionInput(schema).newest(newest, 0, 6).older(record(700), 0, 12), new StateRecord(schema, out, 0));
        assertEquals(512, out[2]);
    }

    /**
     * Quaternion rotation changes only the rotation fields, which are {@link SmallestThreeMath#extrapolate}'s
     * answer, with or without gravity; the record stays valid.
     */
    @Property(tries = 1000)
    void quaternionRotationPredictsTheRotationFieldsOnly(
        @ForAll final long seed,
        @ForAll @IntRange(min = 0, max = 2) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 12) final int newestAge,
        @ForAll @IntRange(min = 1, max = 4) final int spacing,
        @ForAll final boolean gravity)
    {
        final StateSchema schema3d = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] newest = new int[schema3d.stride()];
        final int[] older = new int[schema3d.stride()];
        RandomStates.randomRecord(schema3d, random, older, 0);
        System.arraycopy(older, 0, newest, 0, older.length);
        RandomStates.evolve(schema3d, random, newest, 0);
        newest[schema3d.atRestOffset()] = 0;
        final LinearExtrapolationPredictor quaternion = gravity ?
            new LinearExtrapolationPredictor(schema3d, 2, -20, 60, Rotation.QUATERNION) :
            new LinearExtrapolationPredictor(Rotation.QUATERNION);
        final LinearExtrapolationPredictor held = gravity ?
            new LinearExtrapolationPredictor(schema3d, 2, -20, 60) : new LinearExtrapolationPredictor(false);
        final int olderAge = newestAge + spacing;
        final int[] out = new int[schema3d.stride()];
        final int[] heldOut = new int[schema3d.stride()];
        final PredictionInput in = new PredictionInput(schema3d).newest(newest, 0, newestAge).older(older, 0, olderAge);
        quaternion.predict(in, new StateRecord(schema3d, out, 0));
        held.predict(in, new StateRecord(schema3d, heldOut, 0));

        final int rot = schema3d.rotationOffset();
        final int[] rotation = new int[4];
        SmallestThreeMath.extrapolate(schema3d.rotationHalfRange(), newest, rot, newestAge, older, rot, olderAge,
            rotation, 0);
        assertArrayEquals(rotation, Arrays.copyOfRange(out, rot, rot + 4));
        System.arraycopy(heldOut, rot, out, rot, 4);
        assertArrayEquals(heldOut, out, "every other field as with the rotation held");
        assertTrue(schema3d.isValid(out, 0));
    }

    @Property(tries = 300)
    void quaternionRotationIn2dExtrapolatesTheAngleLikeLinearCodes(
        @ForAll final long seed,
        @ForAll @IntRange(min = 3, max = 5) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 12) final int newestAge,
        @ForAll @IntRange(min = 1, max = 4) final int spacing)
    {
        final StateSchema schema2d = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] newest = new int[schema2d.stride()];
        final int[] older = new int[schema2d.stride()];
        RandomStates.randomRecord(schema2d, random, newest, 0);
        RandomStates.randomRecord(schema2d, random, older, 0);
        newest[schema2d.atRestOffset()] = 0;
        final int[] quaternion = new int[schema2d.stride()];
        final int[] linear = new int[schema2d.stride()];
        final PredictionInput in = new PredictionInput(schema2d).newest(newest, 0, newestAge)
            .older(older, 0, newestAge + spacing);
        new LinearExtrapolationPredictor(schema2d, 1, -10, 60, Rotation.QUATERNION)
            .predict(in, new StateRecord(schema2d, quaternion, 0));
        new LinearExtrapolationPredictor(schema2d, 1, -10, 60, Rotation.LINEAR_CODES)
            .predict(in, new StateRecord(schema2d, linear, 0));
        assertArrayEquals(linear, quaternion);
    }

    @Example
    void quaternionRotationIn2dTurnsTheAngleTheShortWayRound()
    {
        final StateSchema schema2d = StateSchema.builder2d().velocities(false).build();
        final int rot = schema2d.rotationOffset();
        final int[] newest = new int[schema2d.stride()];
        final int[] older = new int[schema2d.stride()];
        newest[rot] = 5;
        older[rot] = 4090;
        final int[] out = new int[schema2d.stride()];
        new LinearExtrapolationPredictor(Rotation.QUATERNION).predict(
            new PredictionInput(schema2d).newest(newest, 0, 2).older(older, 0, 3), new StateRecord(schema2d, out, 0));
        assertEquals(5 + 2 * 11, out[rot], "11 codes a tick across the wrap, two ticks on");
    }

    @Example
    void restingBaselineHoldsTheRotationWithQuaternionExtrapolation()
    {
        final int[] newest = record(512);
        newest[schema.atRestOffset()] = 1;
        final int[] older = record(512);
        older[schema.rotationOffset() + 1] = 40;
        final int[] out = new int[schema.stride()];
        new LinearExtrapolationPredictor(Rotation.QUATERNION).predict(
            new PredictionInput(schema).newest(newest, 0, 6).older(older, 0, 7), new StateRecord(schema, out, 0));
        assertArrayEquals(newest, out);
    }

    private int[] record(final int z)
    {
        final int[] record = new int[schema.stride()];
        record[2] = z;
        record[schema.rotationOffset()] = 3;
        return record;
    }
}
