package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.entropy.RangeBitReader;
import dev.statesync.codec.entropy.RangeBitWriter;
import dev.statesync.codec.predict.CheapestOfPredictor;
import dev.statesync.codec.predict.PredictionInput;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** {@link RollingCoupling}: its arithmetic against a double-precision rotation, and codecs that roll. */
class RollingCouplingTest
{
    /** Fiedler's 0.4 m cubes pivot about an edge 0.4 / sqrt 2 m from their centre. */
    private static final double CUBE_RADIUS_M = 0.4 / Math.sqrt(2);
    private static final int OBJECTS = 12;

    /**
     * The rolled codes are the prediction turned by {@code (-d_y, d_x, 0) / r} in the world frame (on the left),
     * to within rounding and the first-order error ({@code angle^2 / 8} of a unit quaternion, in code units).
     */
    @Property(tries = 3000)
    void rolledCodesAreThePredictionTurnedByTheRollingAngle(
        @ForAll @IntRange(max = 2) final int schemaIndex, @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int half = schema.rotationHalfRange();
        final int rot = schema.rotationOffset();
        final double radiusUnits = CUBE_RADIUS_M * schema.positionUnitsPerMetre();
        final int[] prediction = new int[schema.stride()];
        RandomStates.randomRecord(schema, random, prediction, 0);
        final int[] codes = DoubleQuaternions.toCodes(half, DoubleQuaternions.random(random));
        System.arraycopy(codes, 0, prediction, rot, 4);
        final int[] state = prediction.clone();
        // Residuals of up to a fifth of a radian of rolling.
        final int reach = (int)(radiusUnits / 5);
        final int dx = random.nextInt(-reach, reach + 1);
        final int dy = random.nextInt(-reach, reach + 1);
        state[0] = Math.max(schema.fieldMin(0), Math.min(schema.fieldMax(0), prediction[0] + dx));
        state[1] = Math.max(schema.fieldMin(1), Math.min(schema.fieldMax(1), prediction[1] + dy));

        final int[] rolled = new int[schema.stride()];
        new RollingCoupling(schema, CUBE_RADIUS_M).roll(new StateRecord(schema, state, 0),
            new StateRecord(schema, prediction, 0), rolled);

        final double[] turn = {-(state[1] - prediction[1]) / radiusUnits, (state[0] - prediction[0]) / radiusUnits, 0};
        final double[] exact = DoubleQuaternions.multiply(DoubleQuaternions.exp(turn, 1),
            DoubleQuaternions.fromCodes(half, prediction, rot));
        final int[] exactCodes = DoubleQuaternions.toCodes(half, exact);
        if (exactCodes[0] != prediction[rot] || DoubleQuaternions.largestMargin(exact) < 0.01)
        {
            return;
        }
        final double angle = Math.hypot(turn[0], turn[1]);
        final double tolerance = 1.5 + angle * angle / 4 * half * Math.sqrt(2);
        for (int k = 0; k < 3; k++)
        {
            assertTrue(Math.abs(rolled[rot + 1 + k] - exactCodes[1 + k]) <= tolerance,
                "code " + k + ": rolled " + Arrays.toString(rolled) + " exact " + Arrays.toString(exactCodes) +
                " angle " + angle);
            assertTrue(Math.abs(rolled[rot + 1 + k]) <= half);
        }
    }

    /** Without a position residual the rolled prediction is the prediction. */
    @Property(tries = 500)
    void noResidualNoTurn(@ForAll @IntRange(max = 2) final int schemaIndex, @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int[] prediction = new int[schema.stride()];
        RandomStates.randomRecord(schema, new SplittableRandom(seed), prediction, 0);
        final int[] rolled = new int[schema.stride()];
        new RollingCoupling(schema, CUBE_RADIUS_M).roll(new StateRecord(schema, prediction, 0),
            new StateRecord(schema, prediction, 0), rolled);
        final int rot = schema.rotationOffset();
        assertArrayEquals(Arrays.copyOfRange(prediction, rot + 1, rot + 4), Arrays.copyOfRange(rolled, rot + 1, rot + 4));
    }

    /**
     * A rolling codec decodes what it encoded, whatever the motion contexts (level or not, so rolled or not), with
     * residuals of every size, codes at the ends of their range and position residuals beyond the clamp.
     */
    @Property(tries = 1500)
    void rollingCodecsDecodeToWhatWasEncoded(@ForAll @IntRange(max = 2) final int schemaIndex, @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int stride = schema.stride();
        final int half = schema.rotationHalfRange();
        final int rot = schema.rotationOffset();
        final int[] predictions = new int[OBJECTS * stride];
        final int[] states = new int[OBJECTS * stride];
        final int[] motion = new int[OBJECTS];
        for (int i = 0; i < OBJECTS; i++)
        {
            RandomStates.randomRecord(schema, random, predictions, i * stride);
            System.arraycopy(predictions, i * stride, states, i * stride, stride);
            RandomStates.evolve(schema, random, states, i * stride);
            if (random.nextInt(4) == 0)
            {
                // Codes at the ends of their range, so that rolling pushes the reference against its clamp.
                for (int k = 1; k < 4; k++)
                {
                    predictions[i * stride + rot + k] = random.nextBoolean() ? half : -half;
                }
            }
            if (random.nextInt(6) == 0)
            {
                // A position residual far beyond the clamp of the rolling angle.
                states[i * stride] = random.nextBoolean() ? schema.fieldMax(0) : schema.fieldMin(0);
            }
            motion[i] = MotionContext.pack(random.nextInt(MotionContext.CLASSES), random.nextInt(MotionContext.CLASSES)) |
                (random.nextInt(64) << MotionContext.DIRECTION_SHIFT) | random.nextInt(16) << MotionContext.VERTICAL_SHIFT;
        }
        final ObjectCodec codec = new ObjectCodec(schema, rolling(CUBE_RADIUS_M));
        assertTrue(codec.rolls());
        ModeledRoundTrip.assertDecodesToWhatWasSent(codec, new ObjectCodec(schema, rolling(CUBE_RADIUS_M)), states,
            predictions, motion, stride);
    }

    /** A rotation that rolled as predicted costs less with rolling than without, in level contexts. */
    @Example
    void aRolledRotationCostsLessWithRolling()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final int stride = schema.stride();
        final int rot = schema.rotationOffset();
        final SplittableRandom random = new SplittableRandom(5);
        final int[] predictions = new int[OBJECTS * stride];
        final int[] states = new int[OBJECTS * stride];
        final int level = MotionContext.pack(4, 4) | MotionContext.verticalClassOf(0) << MotionContext.VERTICAL_SHIFT;
        final RollingCoupling rolling = new RollingCoupling(schema, CUBE_RADIUS_M);
        final int[] rolled = new int[stride];
        for (int i = 0; i < OBJECTS; i++)
        {
            final int o = i * stride;
            RandomStates.randomRecord(schema, random, predictions, o);
            predictions[o + schema.atRestOffset()] = 0;
            System.arraycopy(DoubleQuaternions.toCodes(schema.rotationHalfRange(), DoubleQuaternions.random(random)), 0,
                predictions, o + rot, 4);
            System.arraycopy(predictions, o, states, o, stride);
            states[o] = predictions[o] + 20;
            states[o + 1] = predictions[o + 1] - 30;
            rolling.roll(new StateRecord(schema, states, o), new StateRecord(schema, predictions, o), rolled);
            System.arraycopy(rolled, rot + 1, states, o + rot + 1, 3);
        }
        assertTrue(codedBytes(new ObjectCodec(schema, rolling(CUBE_RADIUS_M)), predictions, states, level) <
            codedBytes(new ObjectCodec(schema), predictions, states, level));
    }

    private static int codedBytes(final ObjectCodec codec, final int[] predictions, final int[] states, final int motion)
    {
        final int stride = codec.schema().stride();
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(new byte[4096]), 0, 4096);
        for (int i = 0; i < OBJECTS; i++)
        {
            codec.serialize(writer, states, i * stride, predictions, i * stride, motion);
        }
        return writer.finish();
    }

    @Property(tries = 1500)
    void hostileBytesDecodeRollingObjectsToValidRecordsOrFail(
        @ForAll @IntRange(max = 2) final int schemaIndex, @ForAll final long seed, @ForAll @Size(max = 40) final byte[] garbage)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int[] prediction = new int[schema.stride()];
        RandomStates.randomRecord(schema, new SplittableRandom(seed), prediction, 0);
        final int[] decoded = new int[schema.stride()];
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(garbage), 0, garbage.length);
        final int motion = MotionContext.pack((int)(seed & 7), 2) |
            MotionContext.verticalClassOf(seed >>> 60) << MotionContext.VERTICAL_SHIFT;
        new ObjectCodec(schema, rolling(CUBE_RADIUS_M)).serialize(reader, decoded, 0, prediction, 0, motion);
        if (!reader.isFailed())
        {
            assertTrue(schema.isValid(decoded, 0), Arrays.toString(decoded));
        }
    }

    /** Objects roll only while their baselines moved less than a quarter of the radius vertically (powers of two). */
    @Example
    void onlyLevelObjectsRoll()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final RollingCoupling rolling = new RollingCoupling(schema, CUBE_RADIUS_M);
        // 0.283 m at 512 units/m is 145 units: a quarter is 36, whose bit length 6 admits up to 63 units.
        assertTrue(rolling.applies(verticalContext(schema, 0)));
        assertTrue(rolling.applies(verticalContext(schema, 63)));
        assertFalse(rolling.applies(verticalContext(schema, 64)));
        assertFalse(rolling.applies(verticalContext(schema, -64)));
        assertFalse(rolling.applies(MotionContext.NONE));
        assertFalse(rolling.applies(MotionContext.INTRA_PACKET));
        assertEquals(MotionContext.VERTICAL_UNKNOWN, MotionContext.verticalClass(verticalContext(StateSchema.default2d(), 0)));
    }

    /** @return the motion context of an object whose baselines a tick apart rose by {@code rise} units, 1 tick old. */
    private static int verticalContext(final StateSchema schema, final int rise)
    {
        final int stride = schema.stride();
        final int[] baselines = new int[2 * stride];
        RandomStates.randomRecord(schema, new SplittableRandom(1), baselines, 0);
        System.arraycopy(baselines, 0, baselines, stride, stride);
        if (schema.is3d())
        {
            baselines[2] = 1000;
            baselines[stride + 2] = 1000 + rise;
        }
        return MotionContext.of(new PredictionInput(schema).newest(baselines, stride, 1).older(baselines, 0, 2));
    }

    /**
     * Through a lossy, reordering link, range-coded or bitpacked, ranked by the free-flight approximation: every
     * object a rolling receiver decodes equals what the rolling sender sent (checked per delivery by the simulation).
     */
    @Property(tries = 40)
    void rollingSnapshotsDecodeToWhatWasSentOverALossyLink(
        @ForAll @IntRange(max = 2) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 120) final int objectCount,
        @ForAll @IntRange(max = 30) final int lossPercent,
        @ForAll final boolean rangeCoded,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final CheapestOfPredictor predictor = FreeFlightRankingRoundTripTest.holdLinearFreeFlight(schema);
        final SnapshotLinkSimulation link =
            new SnapshotLinkSimulation(schema, objectCount, predictor, seed, 16, rangeCoded, CUBE_RADIUS_M);
        link.assertDeliversEveryStateThroughLoss(lossPercent);
    }

    @Example
    void codecsRefuseRadiiTheyCannotRoll()
    {
        assertFalse(new ObjectCodec(StateSchema.snapshot3d()).rolls());
        assertFalse(new ObjectCodec(StateSchema.snapshot3d(), rolling(0)).rolls());
        assertThrows(IllegalArgumentException.class, () -> new ObjectCodec(StateSchema.default2d(), rolling(CUBE_RADIUS_M)));
        assertThrows(IllegalArgumentException.class, () -> new ObjectCodec(StateSchema.snapshot3d(), rolling(0.001)));
        assertThrows(IllegalArgumentException.class, () -> rolling(-1));
        assertThrows(IllegalArgumentException.class, () -> rolling(Double.NaN));
        assertThrows(IllegalArgumentException.class,
            () -> rolling(Double.POSITIVE_INFINITY));
    }

    private static PhysicalCouplings rolling(final double radiusM)
    {
        return new PhysicalCouplings().rollingRadiusM(radiusM);
    }
}
