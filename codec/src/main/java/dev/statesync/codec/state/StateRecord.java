package dev.statesync.codec.state;

import java.util.Arrays;

/**
 * A view of one object's quantized state inside an int array, read and written by field as its
 * {@link StateSchema} lays the record out: a flyweight in the Agrona style. {@link #wrap(int[], int)} points
 * it at a record and returns it, so one instance walks every object of a {@link QuantizedStates}, a baseline
 * ring or a scratch array without allocating; the record's ints stay where they are.
 *
 * <p>Why a view rather than {@code (int[] array, int offset)} pairs: a record passed as two positional ints
 * travels through predictors and the object codec next to other records, ages and field offsets, and a
 * swapped offset compiles. A view carries its own position, and its accessors name the field they touch
 * ({@link #position(int)}, {@link #rotationLargest()}, {@link #linear(int)}) instead of adding schema
 * offsets by hand at every use.
 *
 * <p>Fields (see {@link StateSchema} for units and ranges):
 * <pre>
 * 3D: position(0..2) | rotationLargest, rotationCode(0..2) | atRest | [linear(0..2) | angular(0..2)]
 * 2D: position(0..1) | angle                               | atRest | [linear(0..1) | angular(0)]
 * </pre>
 * Setters store what they are given and return this, so a record can be filled in one chain; they do not
 * range-check (a predictor clamps with {@link #clampedField(int, long)}, a decoder validates bytes before
 * storing them, and {@link #isValid()} checks a whole record). An axis or component outside the schema's
 * count is programmer misuse: it reads a neighbouring field or fails with an array index exception.
 *
 * <p>The schema is fixed at construction, the wrapped array and offset are not; a view is not thread-safe,
 * so use one per thread.
 */
public final class StateRecord
{
    private final StateSchema schema;
    private final int stride;
    private final int rotationOffset;
    private final int atRestOffset;
    private final int linearOffset;
    private final int angularOffset;
    private int[] array;
    private int offset;

    /**
     * A view that wraps nothing yet; call {@link #wrap(int[], int)} before use.
     *
     * @param schema the layout of the records this view will wrap.
     */
    public StateRecord(final StateSchema schema)
    {
        this.schema = schema;
        this.stride = schema.stride();
        this.rotationOffset = schema.rotationOffset();
        this.atRestOffset = schema.atRestOffset();
        this.linearOffset = schema.linearOffset();
        this.angularOffset = schema.angularOffset();
    }

    /**
     * A view over {@code array[offset, offset + stride)}.
     *
     * @param schema the layout of the record.
     * @param array  the array holding it.
     * @param offset index of its first field.
     */
    public StateRecord(final StateSchema schema, final int[] array, final int offset)
    {
        this(schema);
        wrap(array, offset);
    }

    /**
     * A view over a new, zeroed record of its own (not a valid state until filled: a 3D record needs a
     * rotation whose largest index names the omitted component).
     *
     * @param schema the layout of the record.
     * @return the view.
     */
    public static StateRecord allocate(final StateSchema schema)
    {
        return new StateRecord(schema, new int[schema.stride()], 0);
    }

    /**
     * Point this view at the record that starts at {@code array[offset]}.
     *
     * @param array  the array holding the record.
     * @param offset index of its first field; {@code offset + stride} must not exceed the array's length.
     * @return this.
     */
    public StateRecord wrap(final int[] array, final int offset)
    {
        if (offset < 0 || offset > array.length - stride)
        {
            throw outside(array, offset);
        }
        // Re-wrapping the same array is the common case (walking a ring or a states array): skip the reference
        // store and its GC write barrier, which on a hot path costs more than the compare.
        if (array != this.array)
        {
            this.array = array;
        }
        this.offset = offset;
        return this;
    }

    private IndexOutOfBoundsException outside(final int[] array, final int offset)
    {
        return new IndexOutOfBoundsException(
            "record [" + offset + ", " + offset + " + " + stride + ") outside an array of " + array.length);
    }

    /**
     * Point this view at one object of a {@link QuantizedStates} with the same layout.
     *
     * @param states the states.
     * @param object the object's index.
     * @return this.
     */
    public StateRecord wrap(final QuantizedStates states, final int object)
    {
        return wrap(states.array(), states.offsetOf(object));
    }

    /** @return the layout this view reads. */
    public StateSchema schema()
    {
        return schema;
    }

    /** @return the array the record lives in (shared, not a copy). */
    public int[] array()
    {
        return array;
    }

    /** @return index of the record's first field in {@link #array()}. */
    public int offset()
    {
        return offset;
    }

    /**
     * For array-level helpers (smallest-three maths) that take an array and an index.
     *
     * @param field a field offset within the record, {@code 0 .. stride - 1}.
     * @return that field's index in {@link #array()}.
     */
    public int index(final int field)
    {
        return offset + field;
    }

    /**
     * @param field a field offset within the record, {@code 0 .. stride - 1}.
     * @return the field's value.
     */
    public int field(final int field)
    {
        return array[offset + field];
    }

    /**
     * @param field a field offset within the record, {@code 0 .. stride - 1}.
     * @param value the value to store (unchecked).
     * @return this.
     */
    public StateRecord field(final int field, final int value)
    {
        array[offset + field] = value;
        return this;
    }

    /**
     * Store a value clamped into the field's range: how a prediction computed in wider arithmetic becomes a
     * valid field.
     *
     * @param field a field offset within the record, {@code 0 .. stride - 1}.
     * @param value the value before clamping.
     * @return this.
     */
    public StateRecord clampedField(final int field, final long value)
    {
        array[offset + field] = (int)Math.max(schema.fieldMin(field), Math.min(schema.fieldMax(field), value));
        return this;
    }

    /**
     * @param axis 0..2 in 3D, 0..1 in 2D.
     * @return position along the axis, in grid units ({@link StateSchema#positionUnitsPerMetre()}).
     */
    public int position(final int axis)
    {
        return array[offset + StateSchema.POS_X + axis];
    }

    /**
     * @param axis  0..2 in 3D, 0..1 in 2D.
     * @param value position along the axis, in grid units.
     * @return this.
     */
    public StateRecord position(final int axis, final int value)
    {
        array[offset + StateSchema.POS_X + axis] = value;
        return this;
    }

    /** @return 3D: index (0..3) of the quaternion component the three codes omit, the largest. */
    public int rotationLargest()
    {
        return array[offset + rotationOffset];
    }

    /**
     * @param largest 3D: index (0..3) of the omitted, largest quaternion component.
     * @return this.
     */
    public StateRecord rotationLargest(final int largest)
    {
        array[offset + rotationOffset] = largest;
        return this;
    }

    /**
     * @param component 0..2: the three quaternion components other than the largest, in index order.
     * @return 3D: the component's smallest-three code in {@code [-rotationHalfRange, +rotationHalfRange]}.
     */
    public int rotationCode(final int component)
    {
        return array[offset + rotationOffset + 1 + component];
    }

    /**
     * @param component 0..2, as for {@link #rotationCode(int)}.
     * @param code      the smallest-three code.
     * @return this.
     */
    public StateRecord rotationCode(final int component, final int code)
    {
        array[offset + rotationOffset + 1 + component] = code;
        return this;
    }

    /** @return 2D: the angle code in {@code [0, 2^rotationBits)} around the full circle. */
    public int angle()
    {
        return array[offset + rotationOffset];
    }

    /**
     * @param code 2D: the angle code in {@code [0, 2^rotationBits)}.
     * @return this.
     */
    public StateRecord angle(final int code)
    {
        array[offset + rotationOffset] = code;
        return this;
    }

    /** @return true if the object is at rest (its velocities are then zero and not sent). */
    public boolean atRest()
    {
        return array[offset + atRestOffset] != 0;
    }

    /**
     * Set the at-rest flag only; see {@link #zeroVelocities()} for the velocities an at-rest record must have.
     *
     * @param atRest the flag.
     * @return this.
     */
    public StateRecord atRest(final boolean atRest)
    {
        array[offset + atRestOffset] = atRest ? 1 : 0;
        return this;
    }

    /**
     * @param axis 0..2 in 3D, 0..1 in 2D; only for schemas with velocities.
     * @return linear velocity along the axis in grid units ({@link StateSchema#linearUnitsPerMps()}).
     */
    public int linear(final int axis)
    {
        return array[offset + linearOffset + axis];
    }

    /**
     * @param axis  0..2 in 3D, 0..1 in 2D; only for schemas with velocities.
     * @param value linear velocity along the axis in grid units.
     * @return this.
     */
    public StateRecord linear(final int axis, final int value)
    {
        array[offset + linearOffset + axis] = value;
        return this;
    }

    /**
     * @param axis 0..2 in 3D, 0 in 2D; only for schemas with velocities.
     * @return angular velocity about the axis in grid units ({@link StateSchema#angularUnitsPerRadps()}).
     */
    public int angular(final int axis)
    {
        return array[offset + angularOffset + axis];
    }

    /**
     * @param axis  0..2 in 3D, 0 in 2D; only for schemas with velocities.
     * @param value angular velocity about the axis in grid units.
     * @return this.
     */
    public StateRecord angular(final int axis, final int value)
    {
        array[offset + angularOffset + axis] = value;
        return this;
    }

    /**
     * Zero the linear and angular velocities, as an at-rest record has them; nothing without velocities.
     *
     * @return this.
     */
    public StateRecord zeroVelocities()
    {
        if (linearOffset >= 0)
        {
            Arrays.fill(array, offset + linearOffset, offset + stride, 0);
        }
        return this;
    }

    /**
     * Copy every field of another record of the same layout into this one (the two may overlap).
     *
     * @param source the record to copy.
     * @return this.
     */
    public StateRecord copyFrom(final StateRecord source)
    {
        System.arraycopy(source.array, source.offset, array, offset, stride);
        return this;
    }

    /**
     * @param other a record of the same layout.
     * @return true if every field equals the other record's.
     */
    public boolean contentEquals(final StateRecord other)
    {
        return equalRecords(array, offset, other.array, other.offset, stride);
    }

    /**
     * Whether two records of {@code stride} ints are equal, field for field. A plain loop, not a ranged
     * {@code Arrays.equals}: a record is a dozen ints, compared for every object every tick (the sender's resend
     * and ranking checks), where the range checks and the vectorized mismatch's setup cost more than the comparison.
     *
     * @param a       the first record's array.
     * @param aOffset the first record's first int.
     * @param b       the second record's array.
     * @param bOffset the second record's first int.
     * @param stride  ints per record.
     * @return true if the {@code stride} ints at both offsets are equal.
     */
    public static boolean equalRecords(final int[] a, final int aOffset, final int[] b, final int bOffset, final int stride)
    {
        for (int i = 0; i < stride; i++)
        {
            if (a[aOffset + i] != b[bOffset + i])
            {
                return false;
            }
        }
        return true;
    }

    /** @return true if every field is inside its range and the record is canonical (see {@link StateSchema#isValid}). */
    public boolean isValid()
    {
        return schema.isValid(array, offset);
    }

    /** For debugging only: allocates. */
    @Override
    public String toString()
    {
        return array == null ? "StateRecord[unwrapped]" :
            "StateRecord" + Arrays.toString(Arrays.copyOfRange(array, offset, offset + stride));
    }
}
