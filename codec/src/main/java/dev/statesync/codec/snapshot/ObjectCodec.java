package dev.statesync.codec.snapshot;

import dev.statesync.codec.state.StateSchema;
import dev.statesync.codec.predict.SmallestThreeMath;

import java.util.Arrays;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.Bits;
import dev.statesync.codec.entropy.ModeledBitStream;

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
 * re-expressed in the new index.
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
    private final int[] absoluteBits;

    /** A codec with the default residual classes for the schema. */
    public ObjectCodec(final StateSchema schema)
    {
        this(schema, new ResidualClasses(0, 2, 4, 6, 9, 13), new ResidualClasses(0, 2, 4, 6, 9),
            new ResidualClasses(0, 2, 4, 6, 9), new ResidualClasses(0, 2, 4, 6, 9));
    }

    /** A codec with explicit residual classes per field group. */
    public ObjectCodec(
        final StateSchema schema,
        final ResidualClasses positionClasses,
        final ResidualClasses rotationClasses,
        final ResidualClasses linearClasses,
        final ResidualClasses angularClasses)
    {
        this.schema = schema;
        this.positionClasses = positionClasses;
        this.rotationClasses = rotationClasses;
        this.linearClasses = linearClasses;
        this.angularClasses = angularClasses;
        this.absoluteBits = new int[schema.stride()];
        this.reexpressed = new int[schema.stride()];
        for (int f = 0; f < absoluteBits.length; f++)
        {
            absoluteBits[f] = Bits.bitsRequired(schema.fieldMin(f), schema.fieldMax(f));
        }
    }

    /** @return the schema. */
    public StateSchema schema()
    {
        return schema;
    }

    /**
     * Serialize one object.
     *
     * @param stream     write, read or measure.
     * @param state      the object's record: read when writing or measuring, written when reading.
     * @param offset     its offset.
     * @param prediction the predicted record both ends computed, or null to code absolutely.
     * @param predOffset its offset.
     */
    public void serialize(
        final BitStream stream, final int[] state, final int offset, final int[] prediction, final int predOffset)
    {
        serialize(stream, state, offset, prediction, predOffset, MotionContext.NONE);
    }

    /**
     * Serialize one object with the motion context both ends derived from its baselines (see
     * {@link MotionContext#of}); only context-modeled streams use it.
     */
    public void serialize(
        final BitStream stream,
        final int[] state,
        final int offset,
        final int[] prediction,
        final int predOffset,
        final int motionContext)
    {
        if (prediction != null && stream instanceof ModeledBitStream)
        {
            serializeModeled(stream, state, offset, prediction, predOffset, motionContext);
            return;
        }
        final int stride = schema.stride();
        if (prediction != null)
        {
            final boolean perfect = !stream.isReading() &&
                Arrays.equals(state, offset, offset + stride, prediction, predOffset, predOffset + stride);
            if (stream.serializeBool(perfect))
            {
                if (stream.isReading())
                {
                    System.arraycopy(prediction, predOffset, state, offset, stride);
                }
                return;
            }
        }

        final int atRestField = offset + schema.atRestOffset();
        final boolean atRest = stream.serializeBool(state[atRestField] != 0);
        if (stream.isReading())
        {
            state[atRestField] = atRest ? 1 : 0;
        }

        serializeVector(stream, state, offset, prediction, predOffset, 0, schema.positionAxes(), positionClasses);
        if (schema.is3d())
        {
            serializeSmallestThree(stream, state, offset, prediction, predOffset);
        }
        else
        {
            serializeAngle(stream, state, offset, prediction, predOffset);
        }
        if (schema.hasVelocities())
        {
            if (!atRest)
            {
                serializeVector(stream, state, offset, prediction, predOffset, schema.linearOffset(),
                    schema.positionAxes(), linearClasses);
                serializeVector(stream, state, offset, prediction, predOffset, schema.angularOffset(),
                    schema.angularAxes(), angularClasses);
            }
            else if (stream.isReading())
            {
                Arrays.fill(state, offset + schema.linearOffset(), offset + stride, 0);
            }
        }
    }

    private void serializeModeled(
        final BitStream stream,
        final int[] state,
        final int offset,
        final int[] prediction,
        final int predOffset,
        final int motionContext)
    {
        final int stride = schema.stride();
        final int positionClass = MotionContext.positionClass(motionContext);
        final int rotationClass = MotionContext.rotationClass(motionContext);
        final boolean perfect = !stream.isReading() &&
            Arrays.equals(state, offset, offset + stride, prediction, predOffset, predOffset + stride);
        if (stream.serializeFlag(perfect, MotionContext.FLAG_PERFECT + positionClass))
        {
            if (stream.isReading())
            {
                System.arraycopy(prediction, predOffset, state, offset, stride);
            }
            return;
        }
        final int atRestField = schema.atRestOffset();
        final int predictedAtRest = prediction[predOffset + atRestField] != 0 ? 1 : 0;
        final boolean atRest = stream.serializeFlag(state[offset + atRestField] != 0,
            MotionContext.FLAG_AT_REST + predictedAtRest * MotionContext.CLASSES + positionClass);
        if (stream.isReading())
        {
            state[offset + atRestField] = atRest ? 1 : 0;
        }
        final int positionLargest = serializeResiduals(stream, state, offset, prediction, predOffset, 0,
            schema.positionAxes(), MotionContext.GROUP_POSITION, positionClass, motionContext, 0, 0);
        if (schema.is3d())
        {
            serializeModeledSmallestThree(stream, state, offset, prediction, predOffset, motionContext, positionLargest);
        }
        else
        {
            serializeModeledAngle(stream, state, offset, prediction, predOffset, rotationClass);
        }
        if (schema.hasVelocities())
        {
            if (!atRest)
            {
                serializeResiduals(stream, state, offset, prediction, predOffset, schema.linearOffset(),
                    schema.positionAxes(), MotionContext.GROUP_LINEAR, positionClass, MotionContext.NONE, 0, 0);
                serializeResiduals(stream, state, offset, prediction, predOffset, schema.angularOffset(),
                    schema.angularAxes(), MotionContext.GROUP_ANGULAR, rotationClass, MotionContext.NONE, 0, 0);
            }
            else if (stream.isReading())
            {
                Arrays.fill(state, offset + schema.linearOffset(), offset + stride, 0);
            }
        }
    }

    /**
     * A cheap estimate of what a context-modeled stream spends on an object against a prediction, for
     * choosing between predictions (an exact figure depends on the coder's learned state): each residual
     * as an Elias-gamma code of its magnitude; a 3D rotation whose largest index differs against the
     * prediction re-expressed in the actual index, plus two bits for the index.
     */
    public int estimateModeledBits(final int[] state, final int offset, final int[] prediction, final int predOffset)
    {
        final int rot = schema.rotationOffset();
        final boolean largestChanged = schema.is3d() && state[offset + rot] != prediction[predOffset + rot];
        if (largestChanged)
        {
            SmallestThreeMath.reexpress(schema.rotationHalfRange(), prediction, predOffset + rot, state[offset + rot],
                reexpressed, rot + 1);
        }
        int bits = largestChanged ? 2 : 0;
        for (int f = 0; f < schema.stride(); f++)
        {
            if (f == schema.atRestOffset() || (schema.is3d() && f == rot))
            {
                continue;
            }
            final boolean againstReexpressed = largestChanged && f > rot && f < rot + 4;
            final long predicted = againstReexpressed ? reexpressed[f] : prediction[predOffset + f];
            final long residual = Math.abs(state[offset + f] - predicted);
            bits += residual == 0 ? 1 : 2 * (64 - Long.numberOfLeadingZeros(residual)) + 1;
        }
        return bits;
    }

    /** Per-component residuals of fields {@code first..first+count-1} against {@code reference}. */
    private int serializeResiduals(
        final BitStream stream,
        final int[] state,
        final int offset,
        final int[] reference,
        final int refOffset,
        final int first,
        final int count,
        final int group,
        final int motionClass,
        final int motionContext,
        final int firstComponent,
        final int initialLargest)
    {
        int largest = initialLargest;
        for (int i = 0; i < count; i++)
        {
            final int field = first + i;
            final int direction = MotionContext.direction(motionContext, firstComponent + i);
            final int residual = direction * stream.serializeResidual(
                stream.isReading() ? 0 : direction * (state[offset + field] - reference[refOffset + field]),
                MotionContext.residualContext(group, i, motionClass, largest));
            largest = Math.max(largest, Math.abs(residual));
            if (stream.isReading())
            {
                final long value = (long)reference[refOffset + field] + residual;
                final boolean inRange = value >= schema.fieldMin(field) && value <= schema.fieldMax(field);
                stream.validate(inRange);
                state[offset + field] = inRange ? (int)value : schema.fieldMin(field);
            }
        }
        return largest;
    }

    private void serializeModeledSmallestThree(
        final BitStream stream,
        final int[] state,
        final int offset,
        final int[] prediction,
        final int predOffset,
        final int motionContext,
        final int positionLargest)
    {
        final int rotationClass = MotionContext.rotationClass(motionContext);
        final int rot = schema.rotationOffset();
        final int predictedLargest = prediction[predOffset + rot];
        final boolean sameLargest = stream.serializeFlag(state[offset + rot] == predictedLargest,
            MotionContext.FLAG_SAME_LARGEST + rotationClass);
        if (sameLargest)
        {
            if (stream.isReading())
            {
                state[offset + rot] = predictedLargest;
            }
            serializeResiduals(stream, state, offset, prediction, predOffset, rot + 1, 3,
                MotionContext.GROUP_ROTATION, rotationClass, motionContext, 3, positionLargest);
            return;
        }
        // Three other indices remain: code which, as 0..2 skipping the predicted one.
        final int actual = state[offset + rot];
        final int choice = stream.serializeInt(actual > predictedLargest ? actual - 1 : actual, 0, 2);
        final int largest = choice >= predictedLargest ? choice + 1 : choice;
        if (stream.isReading())
        {
            state[offset + rot] = largest;
        }
        // The predicted rotation, written with the actual largest index, is still close to the actual codes.
        SmallestThreeMath.reexpress(schema.rotationHalfRange(), prediction, predOffset + rot, largest, reexpressed, rot + 1);
        serializeResiduals(stream, state, offset, reexpressed, 0, rot + 1, 3, MotionContext.GROUP_ROTATION,
            MotionContext.UNKNOWN, MotionContext.NONE, 3, positionLargest);
    }

    private void serializeModeledAngle(
        final BitStream stream,
        final int[] state,
        final int offset,
        final int[] prediction,
        final int predOffset,
        final int rotationClass)
    {
        final int rot = schema.rotationOffset();
        final int bits = schema.rotationBits();
        final int mask = (1 << bits) - 1;
        final int half = 1 << (bits - 1);
        final int shortest = stream.isReading() ? 0 :
            (((state[offset + rot] - prediction[predOffset + rot]) + half) & mask) - half;
        final int residual = stream.serializeResidual(shortest,
            MotionContext.residualContext(MotionContext.GROUP_ROTATION, 0, rotationClass, 0));
        if (stream.isReading())
        {
            stream.validate(residual >= -half && residual < half);
            state[offset + rot] = (prediction[predOffset + rot] + residual) & mask;
        }
    }

    private void serializeVector(
        final BitStream stream,
        final int[] state,
        final int offset,
        final int[] prediction,
        final int predOffset,
        final int first,
        final int count,
        final ResidualClasses classes)
    {
        if (prediction == null)
        {
            serializeAbsolute(stream, state, offset, first, count);
            return;
        }
        int residualClass = 0;
        if (!stream.isReading())
        {
            int absolute = 0;
            for (int i = 0; i < count; i++)
            {
                residuals[i] = state[offset + first + i] - prediction[predOffset + first + i];
                absolute += absoluteBits[first + i];
            }
            residualClass = cheaper(classes, classes.classFor(residuals, count), count, absolute);
        }
        residualClass = classes.serializeClass(stream, residualClass);
        if (residualClass == classes.absoluteClass())
        {
            serializeAbsolute(stream, state, offset, first, count);
        }
        else
        {
            serializeResiduals(stream, state, offset, prediction, predOffset, first, count, classes.width(residualClass));
        }
    }

    private void serializeSmallestThree(
        final BitStream stream, final int[] state, final int offset, final int[] prediction, final int predOffset)
    {
        final int rot = schema.rotationOffset();
        if (prediction == null)
        {
            serializeAbsolute(stream, state, offset, rot, 4);
            return;
        }
        int residualClass = 0;
        if (!stream.isReading())
        {
            final int absolute = absoluteBits[rot] + 3 * absoluteBits[rot + 1];
            if (state[offset + rot] == prediction[predOffset + rot])
            {
                for (int i = 0; i < 3; i++)
                {
                    residuals[i] = state[offset + rot + 1 + i] - prediction[predOffset + rot + 1 + i];
                }
                residualClass = cheaper(rotationClasses, rotationClasses.classFor(residuals, 3), 3, absolute);
            }
            else
            {
                residualClass = rotationClasses.absoluteClass();
            }
        }
        residualClass = rotationClasses.serializeClass(stream, residualClass);
        if (residualClass == rotationClasses.absoluteClass())
        {
            serializeAbsolute(stream, state, offset, rot, 4);
        }
        else
        {
            if (stream.isReading())
            {
                state[offset + rot] = prediction[predOffset + rot];
            }
            serializeResiduals(stream, state, offset, prediction, predOffset, rot + 1, 3,
                rotationClasses.width(residualClass));
        }
    }

    private void serializeAngle(
        final BitStream stream, final int[] state, final int offset, final int[] prediction, final int predOffset)
    {
        final int rot = schema.rotationOffset();
        if (prediction == null)
        {
            serializeAbsolute(stream, state, offset, rot, 1);
            return;
        }
        final int bits = schema.rotationBits();
        final int mask = (1 << bits) - 1;
        final int half = 1 << (bits - 1);
        int residualClass = 0;
        if (!stream.isReading())
        {
            // The shortest way round the circle: a signed residual in [-2^(bits-1), 2^(bits-1)).
            residuals[0] = (((state[offset + rot] - prediction[predOffset + rot]) + half) & mask) - half;
            residualClass = cheaper(rotationClasses, rotationClasses.classFor(residuals, 1), 1, bits);
        }
        residualClass = rotationClasses.serializeClass(stream, residualClass);
        if (residualClass == rotationClasses.absoluteClass())
        {
            serializeAbsolute(stream, state, offset, rot, 1);
            return;
        }
        final int width = rotationClasses.width(residualClass);
        final int residual = width == 0 ? 0 : stream.serializeZigZag(residuals[0], width);
        if (stream.isReading())
        {
            state[offset + rot] = (prediction[predOffset + rot] + residual) & mask;
        }
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

    private void serializeResiduals(
        final BitStream stream,
        final int[] state,
        final int offset,
        final int[] prediction,
        final int predOffset,
        final int first,
        final int count,
        final int width)
    {
        for (int i = 0; i < count; i++)
        {
            final int field = first + i;
            final int residual = width == 0 ? 0 : stream.serializeZigZag(residuals[i], width);
            if (stream.isReading())
            {
                final int value = prediction[predOffset + field] + residual;
                final boolean inRange = value >= schema.fieldMin(field) && value <= schema.fieldMax(field);
                stream.validate(inRange);
                state[offset + field] = inRange ? value : schema.fieldMin(field);
            }
        }
    }

    private void serializeAbsolute(
        final BitStream stream, final int[] state, final int offset, final int first, final int count)
    {
        for (int f = first; f < first + count; f++)
        {
            state[offset + f] = stream.serializeInt(state[offset + f], schema.fieldMin(f), schema.fieldMax(f));
        }
    }
}
