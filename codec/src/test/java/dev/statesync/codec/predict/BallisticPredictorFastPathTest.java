package dev.statesync.codec.predict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import dev.statesync.codec.snapshot.RandomStates;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link BallisticPredictor} predicts exactly the records the plain version predicted
 * ({@link ReferenceBallisticPredictor}, main before the fast paths), field for field, so the bytes on the wire
 * and both ends' agreement are unchanged. Inputs: every schema preset with velocities, both engines' integrators
 * with and without damping, with and without per-tick quantization and 3D rotation, ages 1 to 64 ticks, and
 * records both uniformly random over the schema's ranges (clamping, codes off the unit sphere, speeds at the
 * limits) and plausible (objects in flight at game speeds, the cubes scene's case).
 */
class BallisticPredictorFastPathTest
{
    private static final int BATCH = 40;

    @Property(tries = 400)
    void predictsThePlainPredictorsRecords(
        @ForAll final long seed,
        @ForAll @IntRange(min = 0, max = 5) final int schemaChoice,
        @ForAll @IntRange(min = 0, max = 4) final int modelChoice,
        @ForAll final boolean perTickQuantization,
        @ForAll final boolean predictRotation3d,
        @ForAll final boolean plausible)
    {
        final StateSchema schema = schema(schemaChoice);
        final IntegratorModel model = model(modelChoice);
        final BallisticPredictor fast = new BallisticPredictor(schema, model, perTickQuantization, predictRotation3d);
        final ReferenceBallisticPredictor plain =
            new ReferenceBallisticPredictor(schema, model, perTickQuantization, predictRotation3d);
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] baseline = new int[schema.stride()];
        final int[] fastOut = new int[schema.stride()];
        final int[] plainOut = new int[schema.stride()];
        final PredictionInput in = new PredictionInput(schema);
        final StateRecord fastRecord = new StateRecord(schema, fastOut, 0);
        final StateRecord plainRecord = new StateRecord(schema, plainOut, 0);
        for (int i = 0; i < BATCH; i++)
        {
            if (plausible)
            {
                plausibleRecord(schema, random, baseline);
            }
            else
            {
                RandomStates.randomRecord(schema, random, baseline, 0);
            }
            final int age = random.nextInt(8) == 0 ? 1 + random.nextInt(64) : 1 + random.nextInt(12);
            in.newest(baseline, 0, age).noOlder();
            fast.predict(in, fastRecord);
            plain.predict(in, plainRecord);
            assertArrayEquals(plainOut, fastOut, () -> "age " + age + ", baseline " + java.util.Arrays.toString(baseline));
        }
    }

    /** Grid rounding of every magnitude, at and next to every half-step and float tie zone boundary. */
    @Property(tries = 300)
    void snapsAsThePlainPredictorDoes(@ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 500; i++)
        {
            final long value = random.nextLong() >> random.nextInt(64);
            final int zoneShift = random.nextInt(32);
            final long nearHalf = (value & ~0xFFFF_FFFFL) | ((1L << 31) + random.nextLong(-2, 3) * (1L << zoneShift)
                + random.nextInt(-1, 2));
            for (final long x : new long[]{value, nearHalf, -nearHalf})
            {
                assertEquals(ReferenceBallisticPredictor.snapQ32(x), BallisticPredictor.snapQ32(x), "x = " + x);
            }
        }
        for (final long x : new long[]{0, 1L << 31, 3L << 31, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1,
            ((1L << 23) << 32) + (1L << 31), ((1L << 23) - 1 << 32) + (1L << 31) + (1L << 30)})
        {
            assertEquals(ReferenceBallisticPredictor.snapQ32(x), BallisticPredictor.snapQ32(x), "x = " + x);
            assertEquals(ReferenceBallisticPredictor.snapQ32(-x), BallisticPredictor.snapQ32(-x), "x = " + -x);
        }
    }

    /** The cubes scene's own setup: highPrecision3d, ode4j's settings, quantize-both-sides, baselines 6 ticks old. */
    @Property(tries = 300)
    void predictsThePlainPredictorsRecordsOnTheCubesSetup(@ForAll final long seed)
    {
        final StateSchema schema = StateSchema.highPrecision3d();
        final IntegratorModel model = IntegratorModel.ode(-20, 0.01, 0.01, 0.01, 0.01, 60);
        final BallisticPredictor fast = new BallisticPredictor(schema, model, true);
        final ReferenceBallisticPredictor plain = new ReferenceBallisticPredictor(schema, model, true);
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] baseline = new int[schema.stride()];
        final StateRecord fastRecord = StateRecord.allocate(schema);
        final StateRecord plainRecord = StateRecord.allocate(schema);
        final PredictionInput in = new PredictionInput(schema);
        for (int i = 0; i < BATCH; i++)
        {
            plausibleRecord(schema, random, baseline);
            in.newest(baseline, 0, 6 + random.nextInt(3)).noOlder();
            fast.predict(in, fastRecord);
            plain.predict(in, plainRecord);
            assertArrayEquals(plainRecord.array(), fastRecord.array());
        }
    }

    /** Every combination of velocity fields at their minimum, zero and maximum, for short and long ages. */
    @Example
    void predictsThePlainPredictorsRecordsAtTheEdges()
    {
        for (int schemaChoice = 0; schemaChoice < 6; schemaChoice++)
        {
            final StateSchema schema = schema(schemaChoice);
            final int velocityFields = schema.stride() - schema.linearOffset();
            final int patterns = (int)Math.pow(3, velocityFields);
            for (final int modelChoice : new int[]{0, 4})
            {
                final IntegratorModel model = model(modelChoice);
                for (final boolean perTick : new boolean[]{true, false})
                {
                    final BallisticPredictor fast = new BallisticPredictor(schema, model, perTick);
                    final ReferenceBallisticPredictor plain = new ReferenceBallisticPredictor(schema, model, perTick);
                    final int[] baseline = new int[schema.stride()];
                    final StateRecord fastRecord = StateRecord.allocate(schema);
                    final StateRecord plainRecord = StateRecord.allocate(schema);
                    final PredictionInput in = new PredictionInput(schema);
                    for (int pattern = 0; pattern < patterns; pattern++)
                    {
                        edgeRecord(schema, pattern, baseline);
                        for (final int age : new int[]{1, 7, 45})
                        {
                            fast.predict(in.newest(baseline, 0, age).noOlder(), fastRecord);
                            plain.predict(in, plainRecord);
                            assertArrayEquals(plainRecord.array(), fastRecord.array(),
                                "schema " + schemaChoice + " model " + modelChoice + " pattern " + pattern + " age " + age);
                        }
                    }
                }
            }
        }
    }

    private static StateSchema schema(final int choice)
    {
        return switch (choice)
        {
            case 0 -> StateSchema.fiedler3d();
            case 1 -> StateSchema.highPrecision3d();
            case 2 -> StateSchema.default2d();
            case 3 -> StateSchema.highPrecision2d();
            case 4 -> StateSchema.builder3d().positionUnitsPerMetre(1000).rotationBits(23).linearUnitsPerMps(300)
                .angularUnitsPerRadps(700).build();
            default -> StateSchema.builder2d().positionUnitsPerMetre(100).rotationBits(10).linearUnitsPerMps(10)
                .angularUnitsPerRadps(50).build();
        };
    }

    private static IntegratorModel model(final int choice)
    {
        return switch (choice)
        {
            case 0 -> IntegratorModel.ode(-20, 0.01, 0.01, 0.01, 0.01, 60);
            case 1 -> IntegratorModel.ode(-9.81, 0, 0, 0, 0, 120);
            case 2 -> IntegratorModel.jbox2d(0, -10, 0, 0, 60);
            case 3 -> IntegratorModel.jbox2d(1.5, -10, 0.1, 0.2, 30);
            // Damping strong enough to stop a spin within a prediction: a state with no angular velocity is
            // then reached both spinning (still integrating the rotation) and not.
            default -> IntegratorModel.jbox2d(0, -10, 5, 40, 60);
        };
    }

    /** An object in flight: moving at up to 30 m/s and spinning at up to 20 rad/s, anywhere in range. */
    private static void plausibleRecord(final StateSchema schema, final SplittableRandom random, final int[] out)
    {
        plausibleRecord(schema, random, out, 0);
    }

    private static void plausibleRecord(
        final StateSchema schema, final SplittableRandom random, final int[] out, final int offset)
    {
        RandomStates.randomRecord(schema, random, out, offset);
        out[offset + schema.atRestOffset()] = 0;
        for (int axis = 0; axis < schema.positionAxes(); axis++)
        {
            out[offset + schema.linearOffset() + axis] = clamp(schema, schema.linearOffset() + axis,
                (long)(random.nextDouble(-30, 30) * schema.linearUnitsPerMps()));
        }
        for (int axis = 0; axis < schema.angularAxes(); axis++)
        {
            final long units = random.nextInt(4) == 0 ? 0 : (long)(random.nextDouble(-20, 20) * schema.angularUnitsPerRadps());
            out[offset + schema.angularOffset() + axis] = clamp(schema, schema.angularOffset() + axis, units);
        }
    }

    /** Each velocity field at its minimum, 0 or its maximum (pattern in base 3), position and rotation mid-range. */
    private static void edgeRecord(final StateSchema schema, final int pattern, final int[] out)
    {
        java.util.Arrays.fill(out, 0);
        int digits = pattern;
        for (int field = schema.linearOffset(); field < schema.stride(); field++)
        {
            final int digit = digits % 3;
            digits /= 3;
            out[field] = digit == 0 ? schema.fieldMin(field) : digit == 1 ? 0 : schema.fieldMax(field);
        }
        out[schema.atRestOffset()] = 0;
        if (schema.is3d())
        {
            out[schema.rotationOffset()] = pattern % 4;
            out[schema.rotationOffset() + 1] = pattern % 2 == 0 ? schema.rotationHalfRange() : 0;
        }
    }

    private static int clamp(final StateSchema schema, final int field, final long value)
    {
        return (int)Math.max(schema.fieldMin(field), Math.min(schema.fieldMax(field), value));
    }
}
