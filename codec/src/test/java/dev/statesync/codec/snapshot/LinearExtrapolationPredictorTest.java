package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

        new LinearExtrapolationPredictor(schema, 2, -20, 60)
            .predict(schema, newest, 0, newestAge, older, 0, newestAge + spacing, out, 0);
        final double exact = heightUnits(now);
        // Each baseline is off the parabola by up to half a unit; the slope error grows by age / spacing.
        assertTrue(Math.abs(out[2] - exact) <= 1 + newestAge / (double)spacing,
            "predicted " + out[2] + " exact " + exact);

        new LinearExtrapolationPredictor(false).predict(schema, newest, 0, newestAge, older, 0, newestAge + spacing, out, 0);
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
        new LinearExtrapolationPredictor(schema, 2, -20, 60).predict(schema, newest, 0, 6, record(700), 0, 12, out, 0);
        assertEquals(512, out[2]);
    }

    private int[] record(final int z)
    {
        final int[] record = new int[schema.stride()];
        record[2] = z;
        record[schema.rotationOffset()] = 3;
        return record;
    }
}
