package dev.statesync.codec.snapshot;

import java.util.Arrays;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.Bits;
import dev.statesync.codec.entropy.BitAccount;
import dev.statesync.codec.entropy.ModeledBitStream;
import dev.statesync.codec.predict.SmallestThreeMath;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

/**
 * statesync's coding of one object's quantized state against a prediction, as one serialize routine for
 * write, read and measure:
 *
 * <pre>
 * [perfect]                      1 bit, only with a prediction: the state equals the prediction
 * [at rest]                      1 bit
 * [position]                     residual class + residuals, or absolute
 * [rotation]                     residual class + residuals (3D: same largest index), or absolute
 * [linear, angular velocity]     only when not at rest: residual class + residuals, or absolute
 * </pre>
 *
 * Residual classes (see {@link ResidualClasses}) make an unchanged group cost one bit and a small change a
 * few bits per component; a group whose residual class would cost more than its absolute value is sent
 * absolutely. Without a prediction every group is absolute. A decoded record is always valid: a residual
 * that lands outside its field fails the stream.
 *
 * <p>On a context-modeled stream ({@link ModeledBitStream}) a predicted object is coded per component
 * instead: every residual on its own, in a context named by its field group, axis, the object's
 * {@link MotionContext} and the size of the group's earlier residuals, and the flags in contexts of their
 * own. An adaptive coder then learns each context's distribution, which a shared bit width per group
 * cannot express; there is no absolute fallback because a large residual costs only its magnitude's bits.
 * A 3D rotation whose largest component moved to another index is coded against the prediction
 * re-expressed in the new index. With a rolling radius configured, a level object's prediction is first turned by
 * rolling the position residual just coded ({@link RollingCoupling}), and that rolled rotation (its largest index
 * included) is what the rotation is coded against. With a ground contact configured, an object whose newest baseline
 * touched the ground codes x and y, then its rotation, then z against the height its decoded rotation puts a cube on
 * the ground at ({@link GroundContact}).
 *
 * <p>Records are {@link StateRecord} views; the overloads that take {@code (int[], offset)} pairs wrap them in
 * views the codec owns. Inside, each field group is coded by a routine that takes the object being coded as
 * one {@code Coding} (the stream, the record and the prediction, set once per object) plus the group, so no
 * routine carries more than a handful of parameters.
 *
 * <p>Holds a little scratch, so use one instance per thread.
 */
public final class ObjectCodec
{
    private final StateSchema schema;
    private final ResidualClasses positionClasses;
    private final ResidualClasses rotationClasses;
    private final ResidualClasses linearClasses;
    private final ResidualClasses angularClasses;
    private final int[] residuals = new int[4];
    /** A prediction's rotation re-expressed in another largest index, at the schema's rotation fields. */
    private final int[] reexpressed;
    private final StateRecord reexpressedRecord;
    private final int[] absoluteBits;
    /** The fields {@link #estimateModeledBits} sums residuals of: all but the at-rest flag and a 3D largest index. */
    private final int[] estimatedFields;
    /** Per {@link MotionContext} field group: its first field, its field count, its first direction component. */
    private final int[] groupFirstField = new int[4];
    private final int[] groupFieldCount = new int[4];
    private final int[] groupFirstComponent = new int[4];
    private final Coding coding = new Coding();
    private final StateRecord arrayState;
    private final StateRecord arrayPrediction;
    /** Rotations coded against the prediction turned by the position residual, or null (off). */
    private final RollingCoupling rolling;
    /** Rolled rotation codes at the schema's rotation fields ({@link RollingCoupling#roll}). */
    private final int[] rolledCodes;
    private final StateRecord rolledRecord;
    /** Heights of objects touching the ground predicted from their coded rotation, or null (off). */
    private final GroundContact ground;
    /** The {@link MotionContext} field group whose z contexts code a height predicted from the ground contact. */
    private final int groundHeightGroup;

    /**
     * The object being coded, set once per {@code serialize} call and handed to every field-group routine.
     * Fields are stored only when they change, and "no prediction" is a flag rather than a null: on the hot
     * path a reference store costs a GC write barrier, a compare does not.
     */
    private static final class Coding
    {
        BitStream stream;
        /** Read when writing or measuring, written when reading. */
        StateRecord state;
        private StateRecord predictionView;
        private boolean predicted;
        /** {@link MotionContext#alternativeLevel} of the object being coded. */
        int alternativeLevel;

        Coding begin(final BitStream stream, final StateRecord state, final StateRecord prediction)
        {
            if (stream != this.stream)
            {
                this.stream = stream;
            }
            if (state != this.state)
            {
                this.state = state;
            }
            predicted = prediction != null;
            if (predicted && prediction != predictionView)
            {
                predictionView = prediction;
            }
            return this;
        }

        /** @return the record both ends predicted, or null to code absolutely. */
        StateRecord prediction()
        {
            return predicted ? predictionView : null;
        }
    }

    /** A codec with the default residual classes for the schema and no physical couplings. */
    public ObjectCodec(final StateSchema schema)
    {
        this(schema, new PhysicalCouplings());
    }

    /**
     * A codec with the default residual classes for the schema that, on context-modeled streams, exploits the
     * {@link PhysicalCouplings} configured (a rolling radius, a ground contact). Both ends must use the same ones:
     * they change the bytes.
     *
     * @param schema    the schema.
     * @param couplings read now; each one configured needs a 3D schema, and a rolling radius at least one grid unit.
     */
    public ObjectCodec(final StateSchema schema, final PhysicalCouplings couplings)
    {
        this(schema, new ResidualClasses(0, 2, 4, 6, 9, 13), new ResidualClasses(0, 2, 4, 6, 9),
            new ResidualClasses(0, 2, 4, 6, 9), new ResidualClasses(0, 2, 4, 6, 9), couplings);
    }

    /** A codec with explicit residual classes per field group and no physical couplings. */
    public ObjectCodec(
        final StateSchema schema,
        final ResidualClasses positionClasses,
        final ResidualClasses rotationClasses,
        final ResidualClasses linearClasses,
        final ResidualClasses angularClasses)
    {
        this(schema, positionClasses, rotationClasses, linearClasses, angularClasses, new PhysicalCouplings());
    }

    /**
     * A codec with explicit residual classes per field group and the {@link PhysicalCouplings} configured (see
     * {@link #ObjectCodec(StateSchema, PhysicalCouplings)}).
     */
    public ObjectCodec(
        final StateSchema schema,
        final ResidualClasses positionClasses,
        final ResidualClasses rotationClasses,
        final ResidualClasses linearClasses,
        final ResidualClasses angularClasses,
        final PhysicalCouplings couplings)
    {
        final double cubeHalfSizeM = couplings.cubeHalfSizeM();
        final double rollingRadiusM = couplings.rollingRadiusM();
        this.ground = cubeHalfSizeM == 0 ? null : new GroundContact(schema, couplings.groundHeightM(), cubeHalfSizeM);
        this.groundHeightGroup = schema.hasVelocities() ? MotionContext.GROUP_POSITION : MotionContext.GROUP_LINEAR;
        this.rolling = rollingRadiusM == 0 ? null : new RollingCoupling(schema, rollingRadiusM);
        this.rolledCodes = new int[schema.stride()];
        this.rolledRecord = new StateRecord(schema, rolledCodes, 0);
        this.schema = schema;
        this.positionClasses = positionClasses;
        this.rotationClasses = rotationClasses;
        this.linearClasses = linearClasses;
        this.angularClasses = angularClasses;
        this.absoluteBits = new int[schema.stride()];
        this.reexpressed = new int[schema.stride()];
        this.reexpressedRecord = new StateRecord(schema, reexpressed, 0);
        this.arrayState = new StateRecord(schema);
        this.arrayPrediction = new StateRecord(schema);
        for (int f = 0; f < absoluteBits.length; f++)
        {
            absoluteBits[f] = Bits.bitsRequired(schema.fieldMin(f), schema.fieldMax(f));
        }
        int estimated = 0;
        final int[] fields = new int[schema.stride()];
        for (int f = 0; f < schema.stride(); f++)
        {
            if (f != schema.atRestOffset() && !(schema.is3d() && f == schema.rotationOffset()))
            {
                fields[estimated++] = f;
            }
        }
        this.estimatedFields = Arrays.copyOf(fields, estimated);
        group(MotionContext.GROUP_POSITION, 0, schema.positionAxes(), 0);
        group(MotionContext.GROUP_ROTATION, schema.rotationOffset() + 1, schema.is3d() ? 3 : 0, 3);
        group(MotionContext.GROUP_LINEAR, schema.linearOffset(), schema.hasVelocities() ? schema.positionAxes() : 0, 0);
        group(MotionContext.GROUP_ANGULAR, schema.angularOffset(), schema.hasVelocities() ? schema.angularAxes() : 0, 0);
    }

    private void group(final int group, final int firstField, final int fieldCount, final int firstComponent)
    {
        groupFirstField[group] = firstField;
        groupFieldCount[group] = fieldCount;
        groupFirstComponent[group] = firstComponent;
    }

    /** @return the schema. */
    public StateSchema schema()
    {
        return schema;
    }

    /** @return the ground contact that predicts heights from coded rotations, or null (off). */
    GroundContact groundContact()
    {
        return ground;
    }

    /** @return true if the heights of objects touching the ground are coded after, and from, their rotation. */
    public boolean groundsHeights()
    {
        return ground != null;
    }

    /** @return true if rotations of level objects are coded against their rolled prediction. */
    public boolean rolls()
    {
        return rolling != null;
    }

    /**
     * Serialize one object without motion information.
     *
     * @param stream     write, read or measure.
     * @param state      the object's record: read when writing or measuring, written when reading.
     * @param prediction the predicted record both ends computed, or null to code absolutely.
     */
    public void serialize(final BitStream stream, final StateRecord state, final StateRecord prediction)
    {
        serialize(stream, state, prediction, MotionContext.NONE);
    }

    /**
     * Serialize one object with the motion context both ends derived from its baselines (see
     * {@link MotionContext#of}); only context-modeled streams use it.
     *
     * @param stream        write, read or measure.
     * @param state         the object's record: read when writing or measuring, written when reading.
     * @param prediction    the predicted record both ends computed, or null to code absolutely.
     * @param motionContext the packed motion context, {@link MotionContext#NONE} without one.
     */
    public void serialize(
        final BitStream stream, final StateRecord state, final StateRecord prediction, final int motionContext)
    {
        final Coding c = coding.begin(stream, state, prediction);
        if (prediction != null && stream instanceof ModeledBitStream)
        {
            serializeModeled(c, motionContext);
        }
        else
        {
            serializeBitpacked(c);
        }
    }

    /**
     * Serialize one object held in arrays; see {@link #serialize(BitStream, StateRecord, StateRecord)}.
     *
     * @param stream     write, read or measure.
     * @param state      the array holding the object's record.
     * @param offset     its offset.
     * @param prediction the array holding the predicted record, or null to code absolutely.
     * @param predOffset its offset.
     */
    public void serialize(
        final BitStream stream, final int[] state, final int offset, final int[] prediction, final int predOffset)
    {
        serialize(stream, state, offset, prediction, predOffset, MotionContext.NONE);
    }

    /**
     * Serialize one object held in arrays; see {@link #serialize(BitStream, StateRecord, StateRecord, int)}.
     *
     * @param stream        write, read or measure.
     * @param state         the array holding the object's record.
     * @param offset        its offset.
     * @param prediction    the array holding the predicted record, or null to code absolutely.
     * @param predOffset    its offset.
     * @param motionContext the packed motion context, {@link MotionContext#NONE} without one.
     */
    public void serialize(
        final BitStream stream,
        final int[] state,
        final int offset,
        final int[] prediction,
        final int predOffset,
        final int motionContext)
    {
        serialize(stream, arrayState.wrap(state, offset),
            prediction == null ? null : arrayPrediction.wrap(prediction, predOffset), motionContext);
    }

    /**
     * The bitpacked coding of one object held in arrays, whatever the stream: for a packet routine whose layout
     * was chosen once per frame (see {@code PacketLayout}). Arguments as
     * {@link #serialize(BitStream, int[], int, int[], int, int)} without the motion context.
     */
    void serializeBitpacked(
        final BitStream stream, final int[] state, final int offset, final int[] prediction, final int predOffset)
    {
        serializeBitpacked(coding.begin(stream, arrayState.wrap(state, offset),
            prediction == null ? null : arrayPrediction.wrap(prediction, predOffset)));
    }

    /**
     * The context-modeled coding of one object held in arrays (absolute objects stay bitpacked, as in
     * {@link #serialize(BitStream, StateRecord, StateRecord, int)}); {@code stream} must be a
     * {@link ModeledBitStream}. Arguments as {@link #serialize(BitStream, int[], int, int[], int, int)}.
     */
    void serializeModeled(
        final BitStream stream,
        final int[] state,
        final int offset,
        final int[] prediction,
        final int predOffset,
        final int motionContext)
    {
        if (prediction == null)
        {
            serializeBitpacked(coding.begin(stream, arrayState.wrap(state, offset), null));
        }
        else
        {
            serializeModeled(coding.begin(stream, arrayState.wrap(state, offset),
                arrayPrediction.wrap(prediction, predOffset)), motionContext);
        }
    }

    private void serializeBitpacked(final Coding c)
    {
        final BitStream stream = c.stream;
        final StateRecord state = c.state;
        final StateRecord prediction = c.prediction();
        if (prediction != null)
        {
            final boolean perfect = !stream.isReading() && state.contentEquals(prediction);
            if (stream.serializeBool(perfect))
            {
                if (stream.isReading())
                {
                    state.copyFrom(prediction);
                }
                return;
            }
        }

        final boolean atRest = stream.serializeBool(state.atRest());
        if (stream.isReading())
        {
            state.atRest(atRest);
        }

        serializeVector(c, MotionContext.GROUP_POSITION, positionClasses);
        if (schema.is3d())
        {
            serializeSmallestThree(c);
        }
        else
        {
            serializeAngle(c);
        }
        if (schema.hasVelocities())
        {
            if (!atRest)
            {
                serializeVector(c, MotionContext.GROUP_LINEAR, linearClasses);
                serializeVector(c, MotionContext.GROUP_ANGULAR, angularClasses);
            }
            else if (stream.isReading())
            {
                state.zeroVelocities();
            }
        }
    }

    private void serializeModeled(final Coding c, final int motionContext)
    {
        final BitStream stream = c.stream;
        final StateRecord state = c.state;
        final StateRecord prediction = c.prediction();
        final int positionClass = MotionContext.positionClass(motionContext);
        final int rotationClass = MotionContext.rotationClass(motionContext);
        c.alternativeLevel = MotionContext.alternativeLevel(motionContext);
        final boolean perfect = !stream.isReading() && state.contentEquals(prediction);
        stream.accountCategory(BitAccount.PERFECT_FLAG);
        if (stream.serializeFlag(perfect, MotionContext.FLAG_PERFECT + positionClass))
        {
            if (stream.isReading())
            {
                state.copyFrom(prediction);
            }
            return;
        }
        stream.accountCategory(BitAccount.AT_REST);
        final int predictedAtRest = prediction.atRest() ? 1 : 0;
        final boolean atRest = stream.serializeFlag(state.atRest(),
            MotionContext.FLAG_AT_REST + predictedAtRest * MotionContext.CLASSES + positionClass);
        if (stream.isReading())
        {
            state.atRest(atRest);
        }
        stream.accountCategory(BitAccount.POSITION);
        final int groundContext = MotionContext.ground(motionContext);
        if (ground != null && groundContext != 0)
        {
            // Touching the ground in the newest baseline: x and y, the rotation, then z from the rotation.
            final int horizontalLargest = serializeModeledResiduals(c, prediction, MotionContext.GROUP_POSITION, 2,
                positionClass, motionContext, 0);
            stream.accountCategory(BitAccount.ROTATION);
            serializeModeledSmallestThree(c, motionContext, horizontalLargest);
            stream.accountCategory(BitAccount.POSITION);
            serializeGroundHeight(c, ground.predictZ(state, groundContext), positionClass, horizontalLargest);
        }
        else if (schema.is3d())
        {
            final int positionLargest = serializeModeledResiduals(c, prediction, MotionContext.GROUP_POSITION,
                positionClass, motionContext, 0);
            stream.accountCategory(BitAccount.ROTATION);
            serializeModeledSmallestThree(c, motionContext, positionLargest);
        }
        else
        {
            serializeModeledResiduals(c, prediction, MotionContext.GROUP_POSITION, positionClass, motionContext, 0);
            stream.accountCategory(BitAccount.ROTATION);
            serializeModeledAngle(c, rotationClass);
        }
        if (schema.hasVelocities())
        {
            stream.accountCategory(BitAccount.VELOCITY);
            if (!atRest)
            {
                serializeModeledResiduals(c, prediction, MotionContext.GROUP_LINEAR, positionClass, MotionContext.NONE, 0);
                serializeModeledResiduals(c, prediction, MotionContext.GROUP_ANGULAR, rotationClass, MotionContext.NONE, 0);
            }
            else if (stream.isReading())
            {
                state.zeroVelocities();
            }
        }
    }

    /**
     * A cheap estimate of what a context-modeled stream spends on an object against a prediction, for
     * choosing between predictions (an exact figure depends on the coder's learned state): each residual
     * as an Elias-gamma code of its magnitude; a 3D rotation whose largest index differs against the
     * prediction re-expressed in the actual index, plus two bits for the index.
     *
     * @param state      the object's record.
     * @param prediction a predicted record.
     * @return the estimated bits.
     */
    public int estimateModeledBits(final StateRecord state, final StateRecord prediction)
    {
        return estimateModeledBits(state, prediction, Integer.MAX_VALUE);
    }

    /**
     * {@link #estimateModeledBits(StateRecord, StateRecord)}, stopping as soon as the estimate reaches
     * {@code limit}: for ranking predictions, where one that costs at least as much as the best so far loses
     * whatever its exact figure.
     *
     * @param state      the object's record.
     * @param prediction a predicted record.
     * @param limit      the estimate to stop at.
     * @return the estimated bits if below {@code limit}, else some value of at least {@code limit}.
     */
    public int estimateModeledBits(final StateRecord state, final StateRecord prediction, final int limit)
    {
        return estimateModeledBits(state.array(), state.index(0), prediction.array(), prediction.index(0), limit);
    }

    /**
     * Bits of one residual in {@link #estimateModeledBits}: an Elias-gamma code of its magnitude, {@code 2L + 1} for
     * a magnitude of bit length {@code L}. Without a branch: a zero magnitude has 64 leading zeros, so the same
     * expression gives its 1 bit (the branch on zero mispredicted, whether a component's residual is zero being
     * data). {@code GammaBitsTest} pins it against the branching form.
     */
    static int gammaBits(final long residual)
    {
        return 129 - 2 * Long.numberOfLeadingZeros(Math.abs(residual));
    }

    /**
     * {@link #estimateModeledBits(StateRecord, StateRecord)} for records held in arrays.
     *
     * @param state      the array holding the object's record.
     * @param offset     its offset.
     * @param prediction the array holding a predicted record.
     * @param predOffset its offset.
     * @return the estimated bits.
     */
    public int estimateModeledBits(final int[] state, final int offset, final int[] prediction, final int predOffset)
    {
        return estimateModeledBits(state, offset, prediction, predOffset, Integer.MAX_VALUE);
    }

    /**
     * {@link #estimateModeledBits(StateRecord, StateRecord, int)} for records held in arrays.
     *
     * @param state      the array holding the object's record.
     * @param offset     its offset.
     * @param prediction the array holding a predicted record.
     * @param predOffset its offset.
     * @param limit      the estimate to stop at.
     * @return the estimated bits if below {@code limit}, else some value of at least {@code limit}.
     */
    public int estimateModeledBits(
        final int[] state, final int offset, final int[] prediction, final int predOffset, final int limit)
    {
        // On the arrays directly, over the estimated fields listed once at construction: called for every
        // alternative of every object sent, where per-field schema checks and views cost as much as the sum.
        // The views are not read below: wrapping them checks that both records lie whole inside their arrays.
        arrayState.wrap(state, offset);
        arrayPrediction.wrap(prediction, predOffset);
        final int[] fields = estimatedFields;
        int bits = 0;
        int i = 0;
        if (schema.is3d())
        {
            final int rot = schema.rotationOffset();
            final int largest = state[offset + rot];
            if (largest != prediction[predOffset + rot])
            {
                // Against the prediction re-expressed in the actual index, plus two bits for the index.
                SmallestThreeMath.reexpress(schema.rotationHalfRange(), prediction, predOffset + rot, largest,
                    reexpressed, rot + 1);
                bits = 2;
                for (; i < fields.length && bits < limit; i++)
                {
                    final int f = fields[i];
                    final long predicted = f > rot && f < rot + 4 ? reexpressed[f] : prediction[predOffset + f];
                    bits += gammaBits(state[offset + f] - predicted);
                }
                return bits;
            }
        }
        for (; i < fields.length && bits < limit; i++)
        {
            final int f = fields[i];
            bits += gammaBits((long)state[offset + f] - prediction[predOffset + f]);
        }
        return bits;
    }

    /**
     * Per-component residuals of one field group against {@code reference}, each in its own context.
     *
     * @param reference      the prediction, or the prediction's rotation re-expressed in another index.
     * @param group          a {@link MotionContext} field group.
     * @param motionClass    the group's motion class.
     * @param directions     the packed context whose direction flips apply, {@link MotionContext#NONE} for none.
     * @param initialLargest largest residual magnitude coded before this group, for the first context.
     * @return the largest residual magnitude so far.
     */
    private int serializeModeledResiduals(
        final Coding c,
        final StateRecord reference,
        final int group,
        final int motionClass,
        final int directions,
        final int initialLargest)
    {
        return serializeModeledResiduals(c, reference, group, groupFieldCount[group], motionClass, directions,
            initialLargest);
    }

    /**
     * The height of an object touching the ground, its rotation already coded: one residual against
     * {@code predicted}, in z contexts of its own where the schema has them spare: a schema without velocities lends
     * the linear group's, which it never codes (measured 5 bits a snapshot fewer than sharing the position z contexts
     * on the cube run); one with velocities shares the position z contexts (the linear ones cost its velocities 21).
     * Unflipped: the baselines' vertical direction says nothing about a height read off the rotation.
     *
     * @param predicted      {@link GroundContact#predictZ}, inside the grid.
     * @param motionClass    the position class.
     * @param initialLargest largest residual magnitude of x and y.
     */
    private void serializeGroundHeight(
        final Coding c, final int predicted, final int motionClass, final int initialLargest)
    {
        final BitStream stream = c.stream;
        final StateRecord state = c.state;
        final int residual = stream.serializeResidual(stream.isReading() ? 0 : state.position(2) - predicted,
            MotionContext.residualContext(groundHeightGroup, 2, motionClass, initialLargest, c.alternativeLevel));
        if (stream.isReading())
        {
            final long value = (long)predicted + residual;
            final boolean inRange = value >= schema.fieldMin(2) && value <= schema.fieldMax(2);
            stream.validate(inRange);
            state.position(2, inRange ? (int)value : schema.fieldMin(2));
        }
    }

    /** {@link #serializeModeledResiduals(Coding, StateRecord, int, int, int, int)} of the group's first {@code count}. */
    private int serializeModeledResiduals(
        final Coding c,
        final StateRecord reference,
        final int group,
        final int count,
        final int motionClass,
        final int directions,
        final int initialLargest)
    {
        final BitStream stream = c.stream;
        final StateRecord state = c.state;
        final int first = groupFirstField[group];
        final int firstComponent = groupFirstComponent[group];
        int largest = initialLargest;
        for (int i = 0; i < count; i++)
        {
            final int field = first + i;
            final int direction = MotionContext.direction(directions, firstComponent + i);
            final int residual = direction * stream.serializeResidual(
                stream.isReading() ? 0 : direction * (state.field(field) - reference.field(field)),
                MotionContext.residualContext(group, i, motionClass, largest, c.alternativeLevel));
            largest = Math.max(largest, Math.abs(residual));
            if (stream.isReading())
            {
                final long value = (long)reference.field(field) + residual;
                final boolean inRange = value >= schema.fieldMin(field) && value <= schema.fieldMax(field);
                stream.validate(inRange);
                state.field(field, inRange ? (int)value : schema.fieldMin(field));
            }
        }
        return largest;
    }

    private void serializeModeledSmallestThree(final Coding c, final int motionContext, final int positionLargest)
    {
        final BitStream stream = c.stream;
        final StateRecord state = c.state;
        final int rot = schema.rotationOffset();
        final int rotationClass = MotionContext.rotationClass(motionContext);
        StateRecord reference = c.prediction();
        if (rolling != null && rolling.applies(motionContext))
        {
            final int rolledLargest = rolling.roll(state, reference, rolledCodes);
            if (rolledLargest != rolledCodes[rot])
            {
                // Rolling moved the largest component: predict that index, the rolled rotation re-expressed in it.
                SmallestThreeMath.reexpress(schema.rotationHalfRange(), rolledCodes, rot, rolledLargest, rolledCodes,
                    rot + 1);
                rolledCodes[rot] = rolledLargest;
            }
            reference = rolledRecord;
        }
        final int predictedLargest = reference.rotationLargest();
        final boolean sameLargest = stream.serializeFlag(state.rotationLargest() == predictedLargest,
            MotionContext.FLAG_SAME_LARGEST + rotationClass);
        if (sameLargest)
        {
            if (stream.isReading())
            {
                state.rotationLargest(predictedLargest);
            }
            serializeModeledResiduals(c, reference, MotionContext.GROUP_ROTATION, rotationClass, motionContext,
                positionLargest);
            return;
        }
        // Three other indices remain: code which, as 0..2 skipping the predicted one.
        final int actual = state.rotationLargest();
        final int choice = stream.serializeInt(actual > predictedLargest ? actual - 1 : actual, 0, 2);
        final int largest = choice >= predictedLargest ? choice + 1 : choice;
        if (stream.isReading())
        {
            state.rotationLargest(largest);
        }
        // The predicted rotation, written with the actual largest index, is still close to the actual codes.
        SmallestThreeMath.reexpress(schema.rotationHalfRange(), reference.array(), reference.index(rot), largest,
            reexpressed, rot + 1);
        serializeModeledResiduals(c, reexpressedRecord, MotionContext.GROUP_ROTATION, MotionContext.UNKNOWN,
            MotionContext.NONE, positionLargest);
    }

    private void serializeModeledAngle(final Coding c, final int rotationClass)
    {
        final BitStream stream = c.stream;
        final StateRecord state = c.state;
        final StateRecord prediction = c.prediction();
        final int bits = schema.rotationBits();
        final int mask = (1 << bits) - 1;
        final int half = 1 << (bits - 1);
        final int shortest = stream.isReading() ? 0 : (((state.angle() - prediction.angle()) + half) & mask) - half;
        final int residual = stream.serializeResidual(shortest,
            MotionContext.residualContext(MotionContext.GROUP_ROTATION, 0, rotationClass, 0, c.alternativeLevel));
        if (stream.isReading())
        {
            stream.validate(residual >= -half && residual < half);
            state.angle((prediction.angle() + residual) & mask);
        }
    }

    /** A field group (position, linear or angular velocity) as a residual class and residuals, or absolutely. */
    private void serializeVector(final Coding c, final int group, final ResidualClasses classes)
    {
        final BitStream stream = c.stream;
        final int first = groupFirstField[group];
        final int count = groupFieldCount[group];
        if (c.prediction() == null)
        {
            serializeAbsolute(c, first, count);
            return;
        }
        int residualClass = 0;
        if (!stream.isReading())
        {
            residualClass = vectorClass(c.state, c.prediction(), group, classes);
        }
        residualClass = classes.serializeClass(stream, residualClass);
        if (residualClass == classes.absoluteClass())
        {
            serializeAbsolute(c, first, count);
        }
        else
        {
            serializeResiduals(c, first, count, classes.width(residualClass));
        }
    }

    private void serializeSmallestThree(final Coding c)
    {
        final BitStream stream = c.stream;
        final StateRecord state = c.state;
        final StateRecord prediction = c.prediction();
        final int rot = schema.rotationOffset();
        if (prediction == null)
        {
            serializeAbsolute(c, rot, 4);
            return;
        }
        int residualClass = 0;
        if (!stream.isReading())
        {
            residualClass = smallestThreeClass(state, prediction);
        }
        residualClass = rotationClasses.serializeClass(stream, residualClass);
        if (residualClass == rotationClasses.absoluteClass())
        {
            serializeAbsolute(c, rot, 4);
        }
        else
        {
            if (stream.isReading())
            {
                state.rotationLargest(prediction.rotationLargest());
            }
            serializeResiduals(c, rot + 1, 3, rotationClasses.width(residualClass));
        }
    }

    private void serializeAngle(final Coding c)
    {
        final BitStream stream = c.stream;
        final StateRecord state = c.state;
        final StateRecord prediction = c.prediction();
        final int rot = schema.rotationOffset();
        if (prediction == null)
        {
            serializeAbsolute(c, rot, 1);
            return;
        }
        final int bits = schema.rotationBits();
        final int mask = (1 << bits) - 1;
        final int half = 1 << (bits - 1);
        int residualClass = 0;
        if (!stream.isReading())
        {
            residualClass = angleClass(state, prediction);
        }
        residualClass = rotationClasses.serializeClass(stream, residualClass);
        if (residualClass == rotationClasses.absoluteClass())
        {
            serializeAbsolute(c, rot, 1);
            return;
        }
        final int width = rotationClasses.width(residualClass);
        final int residual = width == 0 ? 0 : stream.serializeZigZag(residuals[0], width);
        if (stream.isReading())
        {
            state.angle((prediction.angle() + residual) & mask);
        }
    }

    /**
     * The residual class a bitpacked writer gives a field group (position, linear or angular velocity) against a
     * prediction; leaves the group's residuals in {@link #residuals}.
     */
    private int vectorClass(
        final StateRecord state, final StateRecord prediction, final int group, final ResidualClasses classes)
    {
        final int first = groupFirstField[group];
        final int count = groupFieldCount[group];
        int absolute = 0;
        for (int i = 0; i < count; i++)
        {
            residuals[i] = state.field(first + i) - prediction.field(first + i);
            absolute += absoluteBits[first + i];
        }
        return cheaper(classes, classes.classFor(residuals, count), count, absolute);
    }

    /** {@link #vectorClass} of a 3D rotation: absolute whenever the largest index differs from the prediction's. */
    private int smallestThreeClass(final StateRecord state, final StateRecord prediction)
    {
        final int rot = schema.rotationOffset();
        if (state.rotationLargest() != prediction.rotationLargest())
        {
            return rotationClasses.absoluteClass();
        }
        for (int i = 0; i < 3; i++)
        {
            residuals[i] = state.rotationCode(i) - prediction.rotationCode(i);
        }
        return cheaper(rotationClasses, rotationClasses.classFor(residuals, 3), 3, absoluteBits[rot] + 3 * absoluteBits[rot + 1]);
    }

    /** {@link #vectorClass} of a 2D angle, its residual the shortest way round the circle. */
    private int angleClass(final StateRecord state, final StateRecord prediction)
    {
        final int bits = schema.rotationBits();
        final int mask = (1 << bits) - 1;
        final int half = 1 << (bits - 1);
        // The shortest way round the circle: a signed residual in [-2^(bits-1), 2^(bits-1)).
        residuals[0] = (((state.angle() - prediction.angle()) + half) & mask) - half;
        return cheaper(rotationClasses, rotationClasses.classFor(residuals, 1), 1, bits);
    }

    /**
     * Exactly the bits the bitpacked coding ({@link #serializeBitpacked(BitStream, int[], int, int[], int)}) writes
     * for one object, computed without a stream: the same class choices, summed instead of written. Lets a frame
     * prove that a range-coded packet beats the bitpacked one without writing the bitpacked one.
     *
     * @param state      the array holding the object's record.
     * @param offset     its offset.
     * @param prediction the array holding the predicted record, or null for an absolute object.
     * @param predOffset its offset.
     * @return the bits.
     */
    int bitpackedBits(final int[] state, final int offset, final int[] prediction, final int predOffset)
    {
        final StateRecord s = arrayState.wrap(state, offset);
        final boolean atRest = s.atRest();
        final boolean velocities = schema.hasVelocities() && !atRest;
        final int rot = schema.rotationOffset();
        final int rotationFields = schema.is3d() ? 4 : 1;
        if (prediction == null)
        {
            int bits = 1 + groupAbsoluteBits(0, schema.positionAxes()) + groupAbsoluteBits(rot, rotationFields);
            if (velocities)
            {
                bits += groupAbsoluteBits(schema.linearOffset(), schema.positionAxes()) +
                    groupAbsoluteBits(schema.angularOffset(), schema.angularAxes());
            }
            return bits;
        }
        final StateRecord p = arrayPrediction.wrap(prediction, predOffset);
        if (s.contentEquals(p))
        {
            return 1;
        }
        int bits = 2 + vectorBits(s, p, MotionContext.GROUP_POSITION, positionClasses);
        final int rotationClass = schema.is3d() ? smallestThreeClass(s, p) : angleClass(s, p);
        bits += groupBits(rotationClasses, rotationClass, schema.is3d() ? 3 : 1, rot, rotationFields);
        if (velocities)
        {
            bits += vectorBits(s, p, MotionContext.GROUP_LINEAR, linearClasses) +
                vectorBits(s, p, MotionContext.GROUP_ANGULAR, angularClasses);
        }
        return bits;
    }

    private int vectorBits(
        final StateRecord state, final StateRecord prediction, final int group, final ResidualClasses classes)
    {
        final int count = groupFieldCount[group];
        return groupBits(classes, vectorClass(state, prediction, group, classes), count, groupFirstField[group], count);
    }

    /** Bits of a group's selector and residuals, or its selector and its {@code fields} absolute fields from {@code first}. */
    private int groupBits(
        final ResidualClasses classes, final int residualClass, final int residualCount, final int first, final int fields)
    {
        final int bits = classes.bitsFor(residualClass, residualCount);
        return residualClass == classes.absoluteClass() ? bits + groupAbsoluteBits(first, fields) : bits;
    }

    private int groupAbsoluteBits(final int first, final int count)
    {
        int bits = 0;
        for (int f = first; f < first + count; f++)
        {
            bits += absoluteBits[f];
        }
        return bits;
    }

    private static int cheaper(final ResidualClasses classes, final int residualClass, final int count, final int absoluteBits)
    {
        final int absoluteClass = classes.absoluteClass();
        if (residualClass != absoluteClass &&
            classes.bitsFor(residualClass, count) > classes.bitsFor(absoluteClass, count) + absoluteBits)
        {
            return absoluteClass;
        }
        return residualClass;
    }

    /** Fields {@code first .. first + count - 1} as residuals of one width, from {@link #residuals} when writing. */
    private void serializeResiduals(final Coding c, final int first, final int count, final int width)
    {
        final BitStream stream = c.stream;
        for (int i = 0; i < count; i++)
        {
            final int field = first + i;
            final int residual = width == 0 ? 0 : stream.serializeZigZag(residuals[i], width);
            if (stream.isReading())
            {
                final int value = c.prediction().field(field) + residual;
                final boolean inRange = value >= schema.fieldMin(field) && value <= schema.fieldMax(field);
                stream.validate(inRange);
                c.state.field(field, inRange ? value : schema.fieldMin(field));
            }
        }
    }

    private void serializeAbsolute(final Coding c, final int first, final int count)
    {
        final StateRecord state = c.state;
        for (int f = first; f < first + count; f++)
        {
            state.field(f, c.stream.serializeInt(state.field(f), schema.fieldMin(f), schema.fieldMax(f)));
        }
    }
}
