package dev.statesync.codec.snapshot;

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
import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor.Rotation;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** {@link GroundContact}: its height against the rotation matrix in doubles, and codecs that use it. */
class GroundContactTest
{
    /** Fiedler's 0.4 m cubes. */
    private static final double HALF_SIZE_M = 0.2;
    private static final double CUBE_RADIUS_M = 0.4 / Math.sqrt(2);
    private static final int OBJECTS = 12;

    /**
     * The integer ground height is {@code g + a (|r31| + |r32| + |r33|)} of the rotation the codes stand for, in
     * grid units, to within the rounding of the codes (a code is 1/(h sqrt 2) of a component: a few hundredths of a
     * unit at these sizes) and of the result.
     */
    @Property(tries = 10000)
    void groundHeightIsTheCentreHeightOfACubeOfThatRotationOnThePlane(
        @ForAll @IntRange(max = 2) final int schemaIndex,
        @ForAll @DoubleRange(min = 0, max = 1) final double groundM,
        @ForAll @DoubleRange(min = 0.01, max = 1) final double halfM,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int half = schema.rotationHalfRange();
        final int rot = schema.rotationOffset();
        final int[] record = new int[schema.stride()];
        RandomStates.randomRecord(schema, random, record, 0);
        System.arraycopy(DoubleQuaternions.toCodes(half, DoubleQuaternions.random(random)), 0, record, rot, 4);
        final double[] q = DoubleQuaternions.normalized(DoubleQuaternions.fromCodes(half, record, rot));
        final double x = q[0];
        final double y = q[1];
        final double z = q[2];
        final double w = q[3];
        final double rows = Math.abs(2 * (x * z - w * y)) + Math.abs(2 * (y * z + w * x)) +
            Math.abs(1 - 2 * (x * x + y * y));
        final double expected = (groundM + halfM * rows) * schema.positionUnitsPerMetre();
        final long actual = new GroundContact(schema, groundM, halfM).groundUnits(new StateRecord(schema, record, 0));
        // Rebuilding the largest component to the nearest code unit moves the sum by up to 2 sqrt 3 / (h sqrt 2);
        // rounding the scale a U / N to 32 fraction bits moves the height by up to N / 2^32 units.
        final double tolerance = 0.5 + 0.01 + halfM * schema.positionUnitsPerMetre() * 4.0 / half +
            2.0 * half * half / (1L << 32);
        assertTrue(Math.abs(actual - expected) <= tolerance, "actual " + actual + " expected " + expected +
            " codes " + Arrays.toString(Arrays.copyOfRange(record, rot, rot + 4)));
    }

    /** Lying on a face the centre is a half-size up; balanced on an edge, a half-diagonal; on a corner, sqrt 3 halves. */
    @Example
    void restingPosesHaveTheirTextbookHeights()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final GroundContact ground = new GroundContact(schema, 0, HALF_SIZE_M);
        final double units = HALF_SIZE_M * schema.positionUnitsPerMetre();
        assertEquals(Math.round(units), ground.groundUnits(rotated(schema, new double[] {0, 0, 0, 1})));
        final double s = Math.sqrt(0.5);
        // A quarter turn about x: still face down.
        assertEquals(Math.round(units), ground.groundUnits(rotated(schema, new double[] {s, 0, 0, s})));
        // An eighth of a turn about y: on an edge.
        final double[] edge = {0, Math.sin(Math.PI / 8), 0, Math.cos(Math.PI / 8)};
        assertEquals(Math.round(units * Math.sqrt(2)), ground.groundUnits(rotated(schema, edge)), 1);
        // The body diagonal (1, 1, 1) / sqrt 3 turned onto z: on a corner.
        final double angle = Math.acos(1 / Math.sqrt(3));
        final double[] axis = {1 / Math.sqrt(2), -1 / Math.sqrt(2), 0};
        final double[] corner = {axis[0] * Math.sin(angle / 2), axis[1] * Math.sin(angle / 2), 0, Math.cos(angle / 2)};
        assertEquals(Math.round(units * Math.sqrt(3)), ground.groundUnits(rotated(schema, corner)), 1);
    }

    private static StateRecord rotated(final StateSchema schema, final double[] q)
    {
        final int[] record = new int[schema.stride()];
        System.arraycopy(DoubleQuaternions.toCodes(schema.rotationHalfRange(), q), 0, record, schema.rotationOffset(), 4);
        return new StateRecord(schema, record, 0);
    }

    /** A baseline is touching when within the 2 cm band of its ground height, and then carries its offset. */
    @Example
    void contextsHoldTheOffsetWithinTheBandOnly()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final GroundContact ground = new GroundContact(schema, 0, HALF_SIZE_M);
        final StateRecord record = rotated(schema, new double[] {0, 0, 0, 1});
        final long onGround = ground.groundUnits(record);
        final int band = (int)Math.round(GroundContact.BAND_M * schema.positionUnitsPerMetre());
        for (int offset = -band - 3; offset <= band + 3; offset++)
        {
            record.position(2, (int)onGround + offset);
            final int context = ground.contextOf(record);
            if (Math.abs(offset) > band)
            {
                assertEquals(0, context, "offset " + offset);
                continue;
            }
            assertTrue(context >= 1 && context <= 127);
            assertEquals(MotionContext.ground(MotionContext.withGround(MotionContext.NONE, context)), context);
            // Predicted with the baseline's offset, or back on the ground when it was above.
            assertEquals(onGround + Math.min(0, offset), ground.predictZ(record, context), "offset " + offset);
        }
    }

    /**
     * The sample a clean-clone CI run found (jqwik seed 1760956554114451751): a 0.84 m cube whose codes' quaternion
     * is off unit norm by a rebuilt component's rounding computes a height 3 units above {@code a U sqrt 3}, which the
     * quick rejection's old two-unit margin dropped from the band.
     */
    @Example
    void theQuickRejectionKeepsALargeCubeWhoseCodesAreOffUnitNorm()
    {
        theQuickRejectionAgreesWithTheBand(0, 0.84, 10, 8146699265820L);
        theQuickRejectionAgreesWithTheBand(0, 0.84, -10, 8146699265820L);
    }

    /** Skipping the square root for heights no touching cube has never drops a baseline inside the band. */
    @Property(tries = 10000)
    void theQuickRejectionAgreesWithTheBand(
        @ForAll @IntRange(max = 2) final int schemaIndex,
        @ForAll @DoubleRange(min = 0.05, max = 1) final double halfM,
        @ForAll @IntRange(min = -40, max = 40) final int offset,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final GroundContact ground = new GroundContact(schema, 0, halfM);
        final SplittableRandom random = new SplittableRandom(seed);
        final StateRecord record = rotated(schema, DoubleQuaternions.random(random));
        final long onGround = ground.groundUnits(record);
        record.position(2, (int)Math.max(schema.fieldMin(2), Math.min(schema.fieldMax(2), onGround + offset)));
        final long actualOffset = record.position(2) - onGround;
        final int band = (int)Math.min(63, Math.max(1, Math.round(GroundContact.BAND_M * schema.positionUnitsPerMetre())));
        final int expected = Math.abs(actualOffset) > band ? 0 : (int)actualOffset + band + 1;
        assertEquals(expected, ground.contextOf(record));
    }

    /**
     * A grounded codec decodes what it encoded, whatever the ground contexts (touching or not, offsets across the
     * band), with heights far from the ground, at the ends of the grid, and rotations of every size.
     */
    @Property(tries = 1500)
    void groundedCodecsDecodeToWhatWasEncoded(
        @ForAll @IntRange(max = 2) final int schemaIndex, @ForAll final boolean rolling, @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int stride = schema.stride();
        final int[] predictions = new int[OBJECTS * stride];
        final int[] states = new int[OBJECTS * stride];
        final int[] motion = new int[OBJECTS];
        final GroundContact ground = new GroundContact(schema, 0, HALF_SIZE_M);
        final StateRecord view = new StateRecord(schema);
        for (int i = 0; i < OBJECTS; i++)
        {
            RandomStates.randomRecord(schema, random, predictions, i * stride);
            System.arraycopy(predictions, i * stride, states, i * stride, stride);
            RandomStates.evolve(schema, random, states, i * stride);
            final int pick = random.nextInt(4);
            if (pick == 0)
            {
                states[i * stride + 2] = random.nextBoolean() ? schema.fieldMax(2) : schema.fieldMin(2);
            }
            else if (pick == 1)
            {
                view.wrap(states, i * stride).position(2,
                    (int)Math.max(schema.fieldMin(2), ground.groundUnits(view) - random.nextInt(12)));
            }
            motion[i] = MotionContext.withGround(
                MotionContext.pack(random.nextInt(MotionContext.CLASSES), random.nextInt(MotionContext.CLASSES)) |
                    (random.nextInt(64) << MotionContext.DIRECTION_SHIFT) |
                    random.nextInt(16) << MotionContext.VERTICAL_SHIFT,
                random.nextInt(3) == 0 ? 0 : random.nextInt(1, 22));
        }
        final double radius = rolling ? CUBE_RADIUS_M : 0;
        final ObjectCodec codec = new ObjectCodec(schema, couplings(radius, 0, HALF_SIZE_M));
        assertTrue(codec.groundsHeights());
        ModeledRoundTrip.assertDecodesToWhatWasSent(codec, new ObjectCodec(schema, couplings(radius, 0, HALF_SIZE_M)),
            states, predictions, motion, stride);
    }

    /**
     * Heights that follow the rotation cost less with the ground contact than without: cubes tumbling on the
     * ground, their rotation far from the prediction's, their z where the rotation puts it.
     */
    @Example
    void aTumblingCubesHeightCostsLessOnTheGround()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final int stride = schema.stride();
        final int rot = schema.rotationOffset();
        final SplittableRandom random = new SplittableRandom(7);
        final GroundContact ground = new GroundContact(schema, 0, HALF_SIZE_M);
        final int[] predictions = new int[OBJECTS * stride];
        final int[] states = new int[OBJECTS * stride];
        final int[] motion = new int[OBJECTS];
        final StateRecord view = new StateRecord(schema);
        for (int i = 0; i < OBJECTS; i++)
        {
            final int o = i * stride;
            RandomStates.randomRecord(schema, random, predictions, o);
            predictions[o + schema.atRestOffset()] = 0;
            System.arraycopy(DoubleQuaternions.toCodes(schema.rotationHalfRange(), DoubleQuaternions.random(random)), 0,
                predictions, o + rot, 4);
            view.wrap(predictions, o).position(2, (int)ground.groundUnits(view) - 5);
            motion[i] = MotionContext.withGround(MotionContext.pack(4, 4), ground.contextOf(view));
            System.arraycopy(predictions, o, states, o, stride);
            System.arraycopy(DoubleQuaternions.toCodes(schema.rotationHalfRange(), DoubleQuaternions.random(random)), 0,
                states, o + rot, 4);
            view.wrap(states, o).position(2, (int)ground.groundUnits(view) - 5);
        }
        assertTrue(motion[0] != MotionContext.pack(4, 4), "the predictions touch the ground");
        assertTrue(codedBytes(new ObjectCodec(schema, couplings(0, 0, HALF_SIZE_M)), predictions, states, motion) <
            codedBytes(new ObjectCodec(schema), predictions, states, motion));
    }

    private static int codedBytes(final ObjectCodec codec, final int[] predictions, final int[] states, final int[] motion)
    {
        final int stride = codec.schema().stride();
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(new byte[4096]), 0, 4096);
        for (int i = 0; i < OBJECTS; i++)
        {
            codec.serialize(writer, states, i * stride, predictions, i * stride, motion[i]);
        }
        return writer.finish();
    }

    @Property(tries = 1500)
    void hostileBytesDecodeGroundedObjectsToValidRecordsOrFail(
        @ForAll @IntRange(max = 2) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 127) final int groundContext,
        @ForAll final long seed,
        @ForAll @Size(max = 40) final byte[] garbage)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int[] prediction = new int[schema.stride()];
        RandomStates.randomRecord(schema, new SplittableRandom(seed), prediction, 0);
        final int[] decoded = new int[schema.stride()];
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(garbage), 0, garbage.length);
        final int motion = MotionContext.withGround(MotionContext.pack((int)(seed & 7), 2), groundContext);
        new ObjectCodec(schema, couplings(CUBE_RADIUS_M, 0, HALF_SIZE_M))
            .serialize(reader, decoded, 0, prediction, 0, motion);
        if (!reader.isFailed())
        {
            assertTrue(schema.isValid(decoded, 0), Arrays.toString(decoded));
        }
    }

    /**
     * Through a lossy, reordering link, range-coded or bitpacked, half the objects kept on the ground: every object
     * the grounded receiver decodes equals what the grounded sender sent, so both ends computed the same contexts
     * and predictions (checked per delivery by the simulation).
     */
    @Property(tries = 40)
    void groundedSnapshotsDecodeToWhatWasSentOverALossyLink(
        @ForAll @IntRange(max = 2) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 120) final int objectCount,
        @ForAll @IntRange(max = 30) final int lossPercent,
        @ForAll final boolean rangeCoded,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final CheapestOfPredictor predictor = new CheapestOfPredictor(HoldPredictor.INSTANCE,
            new LinearExtrapolationPredictor(Rotation.QUATERNION));
        final SnapshotLinkSimulation link = new SnapshotLinkSimulation(schema, objectCount, predictor, seed, 16,
            rangeCoded, CUBE_RADIUS_M, HALF_SIZE_M, 0);
        link.assertDeliversEveryStateThroughLoss(lossPercent);
    }

    @Example
    void codecsRefuseGroundsTheyCannotUse()
    {
        assertFalse(new ObjectCodec(StateSchema.snapshot3d()).groundsHeights());
        assertFalse(new ObjectCodec(StateSchema.snapshot3d(), couplings(CUBE_RADIUS_M, 0, 0)).groundsHeights());
        assertFalse(new ObjectCodec(StateSchema.default2d(), couplings(0, 0, 0)).groundsHeights());
        assertThrows(IllegalArgumentException.class,
            () -> new ObjectCodec(StateSchema.default2d(), couplings(0, 0, HALF_SIZE_M)));
        assertThrows(IllegalArgumentException.class,
            () -> new ObjectCodec(StateSchema.snapshot3d(), couplings(0, 0, -0.2)));
        assertThrows(IllegalArgumentException.class,
            () -> new ObjectCodec(StateSchema.snapshot3d(), couplings(0, 0, Double.NaN)));
        assertThrows(IllegalArgumentException.class,
            () -> new ObjectCodec(StateSchema.snapshot3d(), couplings(0, 0, 1e-9)));
        assertThrows(IllegalArgumentException.class,
            () -> new ObjectCodec(StateSchema.snapshot3d(), couplings(0, 0, 1e12)));
        assertThrows(IllegalArgumentException.class,
            () -> new ObjectCodec(StateSchema.snapshot3d(), couplings(0, Double.NaN, HALF_SIZE_M)));
        assertThrows(IllegalArgumentException.class,
            () -> new ObjectCodec(StateSchema.snapshot3d(), couplings(0, 1e9, HALF_SIZE_M)));
    }

    private static PhysicalCouplings couplings(
        final double rollingRadiusM, final double groundHeightM, final double cubeHalfSizeM)
    {
        return new PhysicalCouplings().rollingRadiusM(rollingRadiusM).groundContact(groundHeightM, cubeHalfSizeM);
    }
}
