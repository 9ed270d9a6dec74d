package dev.statesync.codec.state;

import java.util.Arrays;
import java.util.Objects;

/**
 * The quantized states of N objects in one flat int array, {@link StateSchema#stride()} ints per object: no
 * object per entity on the hot path, and a state copies with one {@code System.arraycopy}.
 */
public final class QuantizedStates
{
    private final StateSchema schema;
    private final int objectCount;
    private final int stride;
    private final int[] values;

    /** All objects start at the origin, identity rotation, at rest. */
    public QuantizedStates(final StateSchema schema, final int objectCount)
    {
        if (objectCount < 1)
        {
            throw new IllegalArgumentException("objectCount must be >= 1, got " + objectCount);
        }
        this.schema = schema;
        this.objectCount = objectCount;
        this.stride = schema.stride();
        this.values = new int[objectCount * stride];
        for (int i = 0; i < objectCount; i++)
        {
            setIdentity(i);
        }
    }

    /** Every object back to the state a new instance holds (see the constructor). Allocates nothing. */
    public void reset()
    {
        Arrays.fill(values, 0);
        for (int i = 0; i < objectCount; i++)
        {
            setIdentity(i);
        }
    }

    private void setIdentity(final int object)
    {
        final int base = object * stride;
        for (int f = 0; f < schema.positionAxes(); f++)
        {
            values[base + f] = clampToField(f, 0);
        }
        if (schema.is3d())
        {
            values[base + schema.rotationOffset()] = 3;
        }
        values[base + schema.atRestOffset()] = 1;
    }

    private int clampToField(final int field, final int value)
    {
        return Math.max(schema.fieldMin(field), Math.min(schema.fieldMax(field), value));
    }

    /** @return the schema. */
    public StateSchema schema()
    {
        return schema;
    }

    /** @return number of objects. */
    public int objectCount()
    {
        return objectCount;
    }

    /** @return the backing array (object {@code i} starts at {@code i * stride}); for codecs. */
    public int[] array()
    {
        return values;
    }

    /** @return offset of an object's record in {@link #array()}. */
    public int offsetOf(final int object)
    {
        return object * stride;
    }

    /** @return one field of one object. */
    public int get(final int object, final int field)
    {
        return values[object * stride + field];
    }

    /** Set one field of one object (unchecked: see {@link StateSchema#isValid(int[], int)}). */
    public void set(final int object, final int field, final int value)
    {
        values[object * stride + field] = value;
    }

    /** @return true if the object is at rest. */
    public boolean isAtRest(final int object)
    {
        return values[object * stride + schema.atRestOffset()] != 0;
    }

    /** Copy one object's record from {@code src[srcOffset, srcOffset + stride)}. */
    public void copyFrom(final int object, final int[] src, final int srcOffset)
    {
        System.arraycopy(src, srcOffset, values, object * stride, stride);
    }

    /** Copy one object's record into {@code dst} at {@code dstOffset}. */
    public void copyTo(final int object, final int[] dst, final int dstOffset)
    {
        System.arraycopy(values, object * stride, dst, dstOffset, stride);
    }

    /** Copy all objects from another instance of the same schema and size. */
    public void copyFrom(final QuantizedStates other)
    {
        if (other.schema != schema || other.objectCount != objectCount)
        {
            throw new IllegalArgumentException("schema or object count differ");
        }
        System.arraycopy(other.values, 0, values, 0, values.length);
    }

    /** @return true if object {@code object} here equals the record at {@code other[otherOffset]}. */
    public boolean equalsRecord(final int object, final int[] other, final int otherOffset)
    {
        Objects.checkFromIndexSize(otherOffset, stride, other.length);
        return StateRecord.equalRecords(values, object * stride, other, otherOffset, stride);
    }

    /** @return true if both hold identical records for {@code object}. */
    public boolean sameObject(final int object, final QuantizedStates other)
    {
        return equalsRecord(object, other.values, other.offsetOf(object));
    }
}
