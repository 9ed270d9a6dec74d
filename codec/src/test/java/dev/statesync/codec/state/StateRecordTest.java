package dev.statesync.codec.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import dev.statesync.codec.AllocationMeter;
import dev.statesync.codec.snapshot.RandomStates;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class StateRecordTest
{
    private static final int GUARD = -77;

    /**
     * Filling a record through the named setters writes exactly the fields the schema lays out (and nothing
     * beside the record), and the named getters read them back.
     */
    @Property(tries = 500)
    void namedFieldsAreTheSchemasLayout(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll final long seed,
        @ForAll @IntRange(max = 3) final int slot)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int stride = schema.stride();
        final int[] expected = new int[stride];
        RandomStates.randomRecord(schema, new SplittableRandom(seed), expected, 0);
        final int[] array = new int[5 * stride];
        Arrays.fill(array, GUARD);
        final StateRecord record = new StateRecord(schema).wrap(array, slot * stride);

        final int rot = schema.rotationOffset();
        for (int axis = 0; axis < schema.positionAxes(); axis++)
        {
            assertSame(record, record.position(axis, expected[StateSchema.POS_X + axis]));
        }
        if (schema.is3d())
        {
            record.rotationLargest(expected[rot]);
            for (int i = 0; i < 3; i++)
            {
                record.rotationCode(i, expected[rot + 1 + i]);
            }
        }
        else
        {
            record.angle(expected[rot]);
        }
        record.atRest(expected[schema.atRestOffset()] != 0);
        if (schema.hasVelocities())
        {
            for (int axis = 0; axis < schema.positionAxes(); axis++)
            {
                record.linear(axis, expected[schema.linearOffset() + axis]);
            }
            for (int axis = 0; axis < schema.angularAxes(); axis++)
            {
                record.angular(axis, expected[schema.angularOffset() + axis]);
            }
        }

        assertArrayEquals(expected, Arrays.copyOfRange(array, slot * stride, slot * stride + stride));
        for (int i = 0; i < array.length; i++)
        {
            if (i < record.offset() || i >= record.offset() + stride)
            {
                assertEquals(GUARD, array[i], "field " + i + " outside the record");
            }
        }
        assertTrue(record.isValid());
        for (int f = 0; f < stride; f++)
        {
            assertEquals(expected[f], record.field(f));
            assertEquals(slot * stride + f, record.index(f));
        }
        assertEquals(expected[rot], schema.is3d() ? record.rotationLargest() : record.angle());
        assertEquals(expected[schema.atRestOffset()] != 0, record.atRest());
        if (schema.hasVelocities())
        {
            assertEquals(expected[schema.linearOffset() + 1], record.linear(1));
            assertEquals(expected[schema.angularOffset()], record.angular(0));
        }
    }

    @Property(tries = 300)
    void copiedRecordsAreEqualUntilOneFieldChanges(
        @ForAll @IntRange(max = 5) final int schemaIndex, @ForAll final long seed, @ForAll @IntRange(max = 20) final int field)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int stride = schema.stride();
        final int[] source = new int[3 * stride];
        RandomStates.randomRecord(schema, new SplittableRandom(seed), source, stride);
        final StateRecord from = new StateRecord(schema, source, stride);
        final StateRecord to = new StateRecord(schema, new int[2 * stride], stride).copyFrom(from);
        assertTrue(to.contentEquals(from));
        final int changed = field % stride;
        to.field(changed, to.field(changed) + 1);
        assertFalse(to.contentEquals(from));
        assertFalse(from.contentEquals(to));
    }

    @Example
    void zeroVelocitiesClearsOnlyTheVelocities()
    {
        final StateSchema schema = StateSchema.fiedler3d();
        final StateRecord record = StateRecord.allocate(schema);
        for (int f = 0; f < schema.stride(); f++)
        {
            record.field(f, f + 1);
        }
        record.zeroVelocities();
        for (int f = 0; f < schema.stride(); f++)
        {
            assertEquals(f < schema.linearOffset() ? f + 1 : 0, record.field(f), "field " + f);
        }

        final StateSchema snapshot = StateSchema.snapshot3d();
        final StateRecord noVelocities = StateRecord.allocate(snapshot).position(0, 5).atRest(true);
        noVelocities.zeroVelocities();
        assertEquals(5, noVelocities.position(0));
        assertTrue(noVelocities.atRest());
    }

    @Example
    void clampedFieldStoresTheNearestValueInRange()
    {
        final StateSchema schema = StateSchema.fiedler3d();
        final StateRecord record = StateRecord.allocate(schema);
        record.clampedField(2, Long.MAX_VALUE);
        assertEquals(schema.fieldMax(2), record.position(2));
        record.clampedField(2, Long.MIN_VALUE);
        assertEquals(schema.fieldMin(2), record.position(2));
        record.clampedField(schema.linearOffset(), 7);
        assertEquals(7, record.linear(0));
    }

    @Example
    void wrapRefusesARecordThatDoesNotFitTheArray()
    {
        final StateSchema schema = StateSchema.default2d();
        final StateRecord record = new StateRecord(schema);
        final int[] array = new int[2 * schema.stride()];
        assertThrows(IndexOutOfBoundsException.class, () -> record.wrap(array, -1));
        assertThrows(IndexOutOfBoundsException.class, () -> record.wrap(array, schema.stride() + 1));
        assertSame(record, record.wrap(array, schema.stride()));
    }

    @Example
    void rewrappingAndReadingAllocatesNothing()
    {
        final StateSchema schema = StateSchema.highPrecision3d();
        final QuantizedStates states = new QuantizedStates(schema, 64);
        final StateRecord record = new StateRecord(schema);
        final StateRecord copy = StateRecord.allocate(schema);
        long sum = walk(states, record, copy, 20_000);
        long allocated = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3 && allocated != 0; attempt++)
        {
            final long before = AllocationMeter.allocatedBytes();
            sum += walk(states, record, copy, 20_000);
            final long after = AllocationMeter.allocatedBytes();
            // the counter query itself may allocate a little on some JVMs; a real leak is bytes per iteration
            allocated = after - before < 1024 ? 0 : after - before;
        }
        assertEquals(0, allocated, "bytes allocated walking 20 000 records");
        assertTrue(sum > 0);
    }

    private static long walk(final QuantizedStates states, final StateRecord record, final StateRecord copy, final int n)
    {
        long sum = 0;
        for (int i = 0; i < n; i++)
        {
            record.wrap(states, i % states.objectCount()).position(0, i & 1023);
            copy.copyFrom(record);
            sum += copy.position(0) + copy.rotationLargest() + (copy.atRest() ? 1 : 0) + copy.linear(2);
        }
        return sum;
    }
}
