package dev.statesync.codec.quantize;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;


/**
 * Converts engine float state to a schema's quantized records and back: the authority quantizes what it
 * sends, and for quantize-both-sides it writes {@link #dequantize} back into its own simulation every step,
 * so both ends extrapolate from identical numbers.
 *
 * <p>Float records, one per object:
 * <pre>
 * 3D (14 floats): px py pz | qx qy qz qw | vx vy vz | wx wy wz | atRest (0 or 1)
 * 2D  (7 floats): px py    | angle       | vx vy    | w        | atRest
 * </pre>
 * Units: metres, radians, metres per second, radians per second. Values outside the schema's bounds clamp;
 * NaN position and velocity components become 0 (clamped into range), a NaN or zero quaternion the identity.
 * Without velocities in the schema the velocity floats are ignored and dequantize to 0; at rest they are 0.
 *
 * <p>Rotation codes are sticky: when an object's quaternion is bit-for-bit the one this quantizer last
 * dequantized for it, its previous codes are kept. Re-encoding a decoded smallest-three rotation can
 * otherwise pick the other of two near-equal largest components and flip between two code sets forever
 * (about 0.2% of rotations at 9 bits), which would make a resting object look changed every snapshot.
 *
 * <p>One instance per authority (it holds per-object memory). Allocation-free.
 */
public final class StateQuantizer
{
    /** Floats per 3D record. */
    public static final int FLOATS_3D = 14;
    /** Floats per 2D record. */
    public static final int FLOATS_2D = 7;

    private final StateSchema schema;
    private final BoundedQuantizer[] position;
    private final BoundedQuantizer linear;
    private final BoundedQuantizer angular;
    private final SmallestThree smallestThree;
    private final AngleQuantizer angle;
    private final int[] codes = new int[SmallestThree.CODES_LENGTH];
    private final float[] quaternion = new float[4];
    private final float[] lastRotation;
    private final int[] lastRotationCodes;
    private final boolean[] hasLastRotation;

    /** @param objectCount objects whose rotation codes are remembered. */
    public StateQuantizer(final StateSchema schema, final int objectCount)
    {
        this.schema = schema;
        position = new BoundedQuantizer[schema.positionAxes()];
        for (int axis = 0; axis < position.length; axis++)
        {
            position[axis] = gridQuantizer(axis, schema.positionUnitsPerMetre());
        }
        linear = schema.hasVelocities() ? gridQuantizer(schema.linearOffset(), schema.linearUnitsPerMps()) : null;
        angular = schema.hasVelocities() ? gridQuantizer(schema.angularOffset(), schema.angularUnitsPerRadps()) : null;
        smallestThree = schema.is3d() ? new SmallestThree(schema.rotationBits()) : null;
        angle = schema.is3d() ? null : new AngleQuantizer(schema.rotationBits());
        lastRotation = new float[objectCount * 4];
        lastRotationCodes = new int[objectCount * 4];
        hasLastRotation = new boolean[objectCount];
    }

    private BoundedQuantizer gridQuantizer(final int field, final int unitsPerValue)
    {
        final int min = schema.fieldMin(field);
        final int max = schema.fieldMax(field);
        final BoundedQuantizer quantizer = BoundedQuantizer.ofResolution(
            (float)((double)min / unitsPerValue), (float)((double)max / unitsPerValue), unitsPerValue);
        if (quantizer.maxCode() != max - min)
        {
            throw new IllegalArgumentException("field " + field + " grid [" + min + ", " + max + "] at " + unitsPerValue +
                " units is not exactly representable in float; choose a power-of-two resolution");
        }
        return quantizer;
    }

    /** @return floats per record for this schema. */
    public int floatStride()
    {
        return schema.is3d() ? FLOATS_3D : FLOATS_2D;
    }

    /**
     * Quantize one object's float record into {@code out}.
     *
     * @param object index (for the sticky rotation codes).
     * @param in     float record (see class doc) at {@code inOffset}.
     */
    public void quantize(final int object, final float[] in, final int inOffset, final QuantizedStates out)
    {
        final int[] record = out.array();
        final int base = out.offsetOf(object);
        final int axes = schema.positionAxes();
        for (int axis = 0; axis < axes; axis++)
        {
            record[base + axis] = schema.fieldMin(axis) + position[axis].quantize(in[inOffset + axis]);
        }
        final int rot = schema.rotationOffset();
        final int velocityIn;
        if (schema.is3d())
        {
            quantizeRotation(object, in, inOffset + 3, record, base + rot);
            velocityIn = inOffset + 7;
        }
        else
        {
            record[base + rot] = angle.quantize(in[inOffset + 2]);
            velocityIn = inOffset + 3;
        }
        final boolean atRest = in[velocityIn + axes + schema.angularAxes()] != 0;
        record[base + schema.atRestOffset()] = atRest ? 1 : 0;
        if (schema.hasVelocities())
        {
            for (int axis = 0; axis < axes; axis++)
            {
                record[base + schema.linearOffset() + axis] = atRest ? 0 :
                    schema.fieldMin(schema.linearOffset()) + linear.quantize(in[velocityIn + axis]);
            }
            for (int axis = 0; axis < schema.angularAxes(); axis++)
            {
                record[base + schema.angularOffset() + axis] = atRest ? 0 :
                    schema.fieldMin(schema.angularOffset()) + angular.quantize(in[velocityIn + axes + axis]);
            }
        }
    }

    private void quantizeRotation(final int object, final float[] in, final int q, final int[] record, final int rot)
    {
        final int last = object * 4;
        if (hasLastRotation[object] &&
            Float.floatToRawIntBits(in[q]) == Float.floatToRawIntBits(lastRotation[last]) &&
            Float.floatToRawIntBits(in[q + 1]) == Float.floatToRawIntBits(lastRotation[last + 1]) &&
            Float.floatToRawIntBits(in[q + 2]) == Float.floatToRawIntBits(lastRotation[last + 2]) &&
            Float.floatToRawIntBits(in[q + 3]) == Float.floatToRawIntBits(lastRotation[last + 3]))
        {
            System.arraycopy(lastRotationCodes, last, record, rot, 4);
            return;
        }
        smallestThree.encode(in, q, codes, 0);
        final int zero = smallestThree.zeroCode();
        record[rot] = codes[0];
        record[rot + 1] = codes[1] - zero;
        record[rot + 2] = codes[2] - zero;
        record[rot + 3] = codes[3] - zero;
    }

    /**
     * Write an object's quantized state as floats into {@code out} (see class doc): what the receiver
     * reconstructs, and what the authority applies to itself when quantizing on both sides.
     */
    public void dequantize(final QuantizedStates states, final int object, final float[] out, final int outOffset)
    {
        final int[] record = states.array();
        final int base = states.offsetOf(object);
        final int axes = schema.positionAxes();
        for (int axis = 0; axis < axes; axis++)
        {
            out[outOffset + axis] = position[axis].dequantize(record[base + axis] - schema.fieldMin(axis));
        }
        final int rot = schema.rotationOffset();
        final int velocityOut;
        if (schema.is3d())
        {
            final int zero = smallestThree.zeroCode();
            codes[0] = record[base + rot];
            codes[1] = record[base + rot + 1] + zero;
            codes[2] = record[base + rot + 2] + zero;
            codes[3] = record[base + rot + 3] + zero;
            smallestThree.decode(codes, 0, quaternion, 0);
            System.arraycopy(quaternion, 0, out, outOffset + 3, 4);
            final int last = object * 4;
            if (last < lastRotation.length)
            {
                System.arraycopy(quaternion, 0, lastRotation, last, 4);
                System.arraycopy(record, base + rot, lastRotationCodes, last, 4);
                hasLastRotation[object] = true;
            }
            velocityOut = outOffset + 7;
        }
        else
        {
            out[outOffset + 2] = angle.dequantize(record[base + rot]);
            velocityOut = outOffset + 3;
        }
        final boolean atRest = record[base + schema.atRestOffset()] != 0;
        for (int axis = 0; axis < axes; axis++)
        {
            out[velocityOut + axis] = schema.hasVelocities() && !atRest ?
                linear.dequantize(record[base + schema.linearOffset() + axis] - schema.fieldMin(schema.linearOffset())) : 0f;
        }
        for (int axis = 0; axis < schema.angularAxes(); axis++)
        {
            out[velocityOut + axes + axis] = schema.hasVelocities() && !atRest ?
                angular.dequantize(record[base + schema.angularOffset() + axis] - schema.fieldMin(schema.angularOffset())) : 0f;
        }
        out[velocityOut + axes + schema.angularAxes()] = atRest ? 1f : 0f;
    }
}
