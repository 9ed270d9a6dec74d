package dev.statesync.codec.predict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import dev.statesync.codec.AllocationMeter;
import dev.statesync.codec.predict.LinearExtrapolationPredictor.Rotation;
import dev.statesync.codec.snapshot.DoubleQuaternions;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link FreeFlightExtrapolationPredictor}: against ode4j's step replayed in doubles from the same baselines, against
 * the undamped linear extrapolation plus gravity it generalizes, on a damped tumbling body, and on hostile ages.
 */
class FreeFlightExtrapolationPredictorTest
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final int HZ = 60;
    private static final double GRAVITY = -20;
    private static final double DAMPING = 0.01;
    private static final IntegratorModel ODE = IntegratorModel.ode(GRAVITY, DAMPING, DAMPING, 0.01, 0.01, HZ);

    /** One step of ode4j on a position and a displacement per tick, in grid units: {@code {x, w}}. */
    private static double[] odeStep(final double x, final double w, final double gravityPerTick2)
    {
        final double u = w + gravityPerTick2;
        return new double[]{x + u, u * (1 - DAMPING)};
    }

    /**
     * The position {@code h} ticks after {@code x1} of the body that went from {@code x0} to {@code x1} in {@code d}
     * free-flight steps: the velocity at {@code x0} found by bisection (not by the predictor's closed form).
     */
    private static double replayed(final double x0, final double x1, final int d, final int h, final double g)
    {
        double lo = -1e6;
        double hi = 1e6;
        for (int i = 0; i < 200; i++)
        {
            final double mid = (lo + hi) / 2;
            double[] s = {x0, mid};
            for (int t = 0; t < d; t++)
            {
                s = odeStep(s[0], s[1], g);
            }
            if (s[0] < x1)
            {
                lo = mid;
            }
            else
            {
                hi = mid;
            }
        }
        double[] s = {x0, (lo + hi) / 2};
        for (int t = 0; t < d; t++)
        {
            s = odeStep(s[0], s[1], g);
        }
        s[0] = x1;
        for (int t = 0; t < h; t++)
        {
            s = odeStep(s[0], s[1], g);
        }
        return s[0];
    }

    private static StateRecord record(final int x, final int y, final int z)
    {
        final StateRecord r = new StateRecord(SCHEMA).wrap(new int[SCHEMA.stride()], 0);
        r.position(0, x).position(1, y).position(2, z);
        r.rotationLargest(3);
        return r;
    }

    private static PredictionInput input(final StateRecord newest, final int h, final StateRecord older, final int olderAge)
    {
        final PredictionInput in = new PredictionInput(SCHEMA);
        in.newest(newest.array(), newest.index(0), h);
        in.older(older.array(), older.index(0), olderAge);
        return in;
    }

    /** Positions land within one grid unit of the engine's damped step replayed in doubles from the same baselines. */
    @Property(tries = 2000)
    void positionIsTheDampedStepReplayed(
        @ForAll @IntRange(min = -20000, max = 20000) final int x1,
        @ForAll @IntRange(min = 2000, max = 12000) final int z1,
        @ForAll @IntRange(min = -300, max = 300) final int dx,
        @ForAll @IntRange(min = -300, max = 300) final int dz,
        @ForAll @IntRange(min = 1, max = 12) final int h,
        @ForAll @IntRange(min = 1, max = 4) final int d)
    {
        final StateRecord newest = record(x1, 0, z1);
        final StateRecord older = record(x1 - dx, 0, z1 - dz);
        final StateRecord out = record(0, 0, 0);
        new FreeFlightExtrapolationPredictor(SCHEMA, ODE, true).predict(input(newest, h, older, h + d), out);
        final double g = GRAVITY * SCHEMA.positionUnitsPerMetre() / (HZ * HZ);
        assertEquals(clamped(replayed(x1 - dx, x1, d, h, 0), 0), out.position(0), 1.0);
        assertEquals(clamped(replayed(z1 - dz, z1, d, h, g), 2), out.position(2), 1.0);
        assertTrue(out.isValid());
    }

    private static double clamped(final double position, final int axis)
    {
        return Math.max(SCHEMA.fieldMin(axis), Math.min(SCHEMA.fieldMax(axis), position));
    }

    /** Without damping it is the linear extrapolation plus gravity it generalizes (one rounding instead of two). */
    @Property(tries = 1000)
    void undampedIsLinearExtrapolationWithGravity(
        @ForAll @IntRange(min = -20000, max = 20000) final int x1,
        @ForAll @IntRange(min = 2000, max = 12000) final int z1,
        @ForAll @IntRange(min = -300, max = 300) final int dx,
        @ForAll @IntRange(min = -300, max = 300) final int dz,
        @ForAll @IntRange(min = 1, max = 12) final int h,
        @ForAll @IntRange(min = 1, max = 2) final int d,
        @ForAll final long seed)
    {
        final StateRecord newest = record(x1, 0, z1);
        final StateRecord older = record(x1 - dx, 0, z1 - dz);
        final SplittableRandom random = new SplittableRandom(seed);
        final double[] q0 = DoubleQuaternions.random(random);
        final double[] rate = DoubleQuaternions.randomRotationVector(random, random.nextDouble(0.2));
        System.arraycopy(SmallestThreeMathTest.encode(9, q0), 0, older.array(), older.index(SCHEMA.rotationOffset()), 4);
        System.arraycopy(SmallestThreeMathTest.encode(9, DoubleQuaternions.multiply(DoubleQuaternions.exp(rate, d), q0)),
            0, newest.array(), newest.index(SCHEMA.rotationOffset()), 4);
        final StateRecord undamped = record(0, 0, 0);
        final StateRecord linear = record(0, 0, 0);
        final IntegratorModel none = IntegratorModel.ode(GRAVITY, 0, 0, 0.01, 0.01, HZ);
        new FreeFlightExtrapolationPredictor(SCHEMA, none, true).predict(input(newest, h, older, h + d), undamped);
        new LinearExtrapolationPredictor(SCHEMA, 2, GRAVITY, HZ, Rotation.QUATERNION)
            .predict(input(newest, h, older, h + d), linear);
        for (int axis = 0; axis < 3; axis++)
        {
            assertEquals(linear.position(axis), undamped.position(axis), 1.0);
        }
        final int rot = SCHEMA.rotationOffset();
        for (int i = 0; i < 4; i++)
        {
            assertEquals(linear.field(rot + i), undamped.field(rot + i), "rotation field " + i);
        }
    }

    /**
     * Built on a linear extrapolation: what both ends code against (predicting afresh) is the fully damped
     * prediction, rotation included; what an encoder ranking every alternative gets by refining the linear
     * prediction is that one's rotation with the damped positions (or the linear prediction where free flight
     * holds the newest state), and a {@link CheapestOfPredictor} offering it after that linear one declares the
     * refinement and that it is only an approximation.
     */
    @Property(tries = 1000)
    void sharedRotationRanksWithTheLinearRotationAndCodesTheDampedOne(
        @ForAll @IntRange(min = -20000, max = 20000) final int x1,
        @ForAll @IntRange(min = 2000, max = 12000) final int z1,
        @ForAll @IntRange(min = -300, max = 300) final int dx,
        @ForAll @IntRange(min = -300, max = 300) final int dz,
        @ForAll @IntRange(min = 0, max = 12) final int h,
        @ForAll @IntRange(min = 0, max = 4) final int d,
        @ForAll final boolean atRest,
        @ForAll final long seed)
    {
        final StateRecord newest = record(x1, 0, z1);
        final StateRecord older = record(x1 - dx, 0, z1 - dz);
        newest.atRest(atRest);
        final SplittableRandom random = new SplittableRandom(seed);
        final double[] q0 = DoubleQuaternions.random(random);
        final double[] rate = DoubleQuaternions.randomRotationVector(random, random.nextDouble(0.2));
        System.arraycopy(SmallestThreeMathTest.encode(9, q0), 0, older.array(), older.index(SCHEMA.rotationOffset()), 4);
        System.arraycopy(SmallestThreeMathTest.encode(9, DoubleQuaternions.multiply(DoubleQuaternions.exp(rate, d), q0)),
            0, newest.array(), newest.index(SCHEMA.rotationOffset()), 4);
        final LinearExtrapolationPredictor linear = new LinearExtrapolationPredictor(Rotation.QUATERNION);
        final FreeFlightExtrapolationPredictor shared = new FreeFlightExtrapolationPredictor(SCHEMA, ODE, linear);
        final PredictionInput in = input(newest, h, older, h + d);

        final StateRecord fresh = record(0, 0, 0);
        shared.predict(in, fresh);
        final StateRecord refined = record(0, 0, 0);
        linear.predict(in, refined);
        final StateRecord linearOnly = record(0, 0, 0);
        linearOnly.copyFrom(refined);
        shared.refine(in, refined);
        final StateRecord damped = record(0, 0, 0);
        new FreeFlightExtrapolationPredictor(SCHEMA, ODE, true).predict(in, damped);

        assertArrayEquals(damped.array(), fresh.array(), "coded against: the fully damped prediction");
        final int rot = SCHEMA.rotationOffset();
        for (int i = 0; i < 4; i++)
        {
            assertEquals(linearOnly.field(rot + i), refined.field(rot + i), "ranked with the linear rotation " + i);
        }
        final boolean held = atRest || d == 0;
        for (int axis = 0; axis < 3; axis++)
        {
            assertEquals(held ? linearOnly.position(axis) : damped.position(axis), refined.position(axis), "axis " + axis);
        }
        assertTrue(fresh.isValid());
        assertTrue(refined.isValid());

        final CheapestOfPredictor cheapest = new CheapestOfPredictor(HoldPredictor.INSTANCE, linear, shared);
        assertEquals(1, cheapest.refinedFrom(2));
        assertTrue(cheapest.refinesApproximately(2));
        assertTrue(!cheapest.refinesApproximately(1) && !cheapest.refinesApproximately(0));
        assertTrue(shared.refines(linear));
        assertTrue(!shared.refines(new LinearExtrapolationPredictor(Rotation.QUATERNION)));
        final StateRecord viaCheapest = record(0, 0, 0);
        cheapest.predictAlternative(1, in, viaCheapest);
        cheapest.refineAlternative(2, in, viaCheapest);
        assertArrayEquals(refined.array(), viaCheapest.array());
        cheapest.predictAlternative(2, in, viaCheapest);
        assertArrayEquals(fresh.array(), viaCheapest.array());
    }

    /**
     * A body whose angular velocity loses 1% a step, as ode4j damps it, on a 15-bit rotation grid: the damped power
     * lands within two milliradians and the exponent's rounding of the truth, closer than constant angular velocity,
     * which overshoots.
     */
    @Property(tries = 500)
    void rotationFollowsTheDampedTurn(
        @ForAll final long seed,
        @ForAll @DoubleRange(min = 0.05, max = 0.2) final double radPerTick,
        @ForAll @IntRange(min = 6, max = 12) final int h)
    {
        final StateSchema fine = StateSchema.builder3d().velocities(false).rotationBits(15).build();
        final int halfRange = SmallestThreeMathTest.halfRange(15);
        final SplittableRandom random = new SplittableRandom(seed);
        final double[] q0 = DoubleQuaternions.random(random);
        final double[] rate = DoubleQuaternions.randomRotationVector(random, radPerTick);
        final int[] older = SmallestThreeMathTest.encode(15, q0);
        final int[] newest = SmallestThreeMathTest.encode(15, DoubleQuaternions.multiply(DoubleQuaternions.exp(rate, 1), q0));
        // Turned by 1 in the step between the baselines, then by 0.99, 0.99^2, ... in the steps after.
        double turned = 1;
        double step = 1;
        for (int t = 0; t < h; t++)
        {
            step *= 1 - DAMPING;
            turned += step;
        }
        final double[] truth = DoubleQuaternions.multiply(DoubleQuaternions.exp(rate, turned), q0);
        final int rot = fine.rotationOffset();
        final int[] newestRecord = new int[fine.stride()];
        final int[] olderRecord = new int[fine.stride()];
        System.arraycopy(newest, 0, newestRecord, rot, 4);
        System.arraycopy(older, 0, olderRecord, rot, 4);
        final PredictionInput in = new PredictionInput(fine).newest(newestRecord, 0, h).older(olderRecord, 0, h + 1);
        final StateRecord damped = new StateRecord(fine).wrap(new int[fine.stride()], 0);
        new FreeFlightExtrapolationPredictor(fine, ODE, true).predict(in, damped);
        final double dampedError = angle(truth, DoubleQuaternions.fromCodes(halfRange, damped.array(), rot));
        final int[] undamped = new int[4];
        SmallestThreeMath.extrapolate(halfRange, newest, 0, h, older, 0, h + 1, undamped, 0);
        final double undampedError = angle(truth, DoubleQuaternions.fromCodes(halfRange, undamped, 0));
        // Quantization, plus the exponent's rounding to 2^-4 of a step's turn.
        assertTrue(dampedError < 2e-3 + radPerTick / 32, "damped error " + dampedError);
        assertTrue(dampedError < undampedError, dampedError + " against undamped " + undampedError);
    }

    private static double angle(final double[] a, final double[] b)
    {
        return 2 * Math.acos(Math.min(1, Math.abs(DoubleQuaternions.dot(a, b))));
    }

    /**
     * A sender and a receiver each hold an instance and predict different objects in between: the coefficients kept
     * from one call never leak into the next, so both ends predict the same record from the same input.
     */
    @Property(tries = 300)
    void twoEndsAgreeWhateverTheyPredictedBefore(@ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final FreeFlightExtrapolationPredictor sender = new FreeFlightExtrapolationPredictor(SCHEMA, ODE, true);
        final FreeFlightExtrapolationPredictor receiver = new FreeFlightExtrapolationPredictor(SCHEMA, ODE, true);
        for (int i = 0; i < 20; i++)
        {
            final StateRecord newest = randomMoving(random);
            final StateRecord older = randomMoving(random);
            final int h = 1 + random.nextInt(16);
            final int olderAge = h + 1 + random.nextInt(4);
            final StateRecord a = record(0, 0, 0);
            final StateRecord b = record(0, 0, 0);
            sender.predict(input(newest, h, older, olderAge), a);
            if (random.nextBoolean())
            {
                receiver.predict(input(randomMoving(random), 1 + random.nextInt(30), randomMoving(random), 40), b);
            }
            receiver.predict(input(newest, h, older, olderAge), b);
            assertArrayEquals(a.array(), b.array());
            assertTrue(a.isValid());
        }
    }

    private static StateRecord randomMoving(final SplittableRandom random)
    {
        final StateRecord r = record(random.nextInt(-50_000, 50_000), random.nextInt(-50_000, 50_000),
            random.nextInt(0, 16_000));
        final double[] q = DoubleQuaternions.random(random);
        System.arraycopy(SmallestThreeMathTest.encode(9, q), 0, r.array(), r.index(SCHEMA.rotationOffset()), 4);
        return r;
    }

    /** Only a hostile table names ages this large: the replay is bounded and the record valid. */
    @Example
    void hostileAgesAreBoundedAndValid()
    {
        final StateRecord newest = record(100, -100, 5000);
        final StateRecord older = record(-50, 20, 5100);
        final StateRecord out = record(0, 0, 0);
        final FreeFlightExtrapolationPredictor predictor = new FreeFlightExtrapolationPredictor(SCHEMA, ODE, true);
        final long start = System.nanoTime();
        predictor.predict(input(newest, Integer.MAX_VALUE - 5, older, Integer.MAX_VALUE), out);
        predictor.predict(input(newest, 1, older, Integer.MAX_VALUE), out);
        assertTrue(out.isValid());
        assertTrue(System.nanoTime() - start < 1_000_000_000L);
    }

    /** At rest, without an older baseline or with a non-positive gap: the newest, exactly. */
    @Example
    void holdsWithoutMotion()
    {
        final StateRecord newest = record(100, -100, 5000);
        final StateRecord older = record(-50, 20, 5100);
        final StateRecord out = record(0, 0, 0);
        final FreeFlightExtrapolationPredictor predictor = new FreeFlightExtrapolationPredictor(SCHEMA, ODE, true);
        predictor.predict(input(newest, 5, older, 5), out);
        assertArrayEquals(newest.array(), out.array());
        final PredictionInput noOlder = new PredictionInput(SCHEMA).newest(newest.array(), 0, 5).noOlder();
        predictor.predict(noOlder, out);
        assertArrayEquals(newest.array(), out.array());
        newest.atRest(true);
        predictor.predict(input(newest, 5, older, 6), out);
        assertArrayEquals(newest.array(), out.array());
    }

    /** Predicting allocates nothing. */
    @Example
    void allocatesNothing()
    {
        final StateRecord newest = record(100, -100, 5000);
        final StateRecord older = record(-50, 20, 5100);
        final StateRecord out = record(0, 0, 0);
        final PredictionInput in = input(newest, 8, older, 9);
        final FreeFlightExtrapolationPredictor predictor = new FreeFlightExtrapolationPredictor(SCHEMA, ODE, true);
        for (int i = 0; i < 20_000; i++)
        {
            predictor.predict(in, out);
        }
        final long before = AllocationMeter.allocatedBytes();
        for (int i = 0; i < 1000; i++)
        {
            predictor.predict(in, out);
        }
        assertEquals(0, AllocationMeter.allocatedBytes() - before);
    }
}
