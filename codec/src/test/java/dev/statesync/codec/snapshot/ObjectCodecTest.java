package dev.statesync.codec.snapshot;

import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class ObjectCodecTest
{
    private final byte[] storage = new byte[256];

    /**
     * Records sit at different offsets of shared arrays, as in a snapshot: each view reads and writes its own
     * record only, and the array overloads code exactly what the record views do.
     */
    @Property(tries = 3000)
    void decodedStateEqualsEncodedAndMeasureEqualsWritten(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll final long seed,
        @ForAll final boolean withPrediction,
        @ForAll @IntRange(max = 3) final int stateSlot,
        @ForAll @IntRange(max = 3) final int predictionSlot)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int stride = schema.stride();
        final int[] records = new int[4 * stride];
        final StateRecord prediction = new StateRecord(schema, records, predictionSlot * stride);
        RandomStates.randomRecord(schema, random, records, prediction.offset());
        final int[] states = new int[4 * stride];
        final StateRecord state = new StateRecord(schema, states, stateSlot * stride).copyFrom(prediction);
        RandomStates.evolve(schema, random, states, state.offset());
        assertTrue(state.isValid());

        final ObjectCodec codec = new ObjectCodec(schema);
        final BitWriter writer = new BitWriter(new UnsafeBuffer(storage), 0, storage.length);
        codec.serialize(writer, state, withPrediction ? prediction : null);
        writer.flush();
        final BitMeasure measure = new BitMeasure();
        codec.serialize(measure, state, withPrediction ? prediction : null);
        assertEquals(writer.bitsWritten(), measure.bits());
        final BitMeasure arrayMeasure = new BitMeasure();
        codec.serialize(arrayMeasure, states, state.offset(), withPrediction ? records : null, prediction.offset());
        assertEquals(measure.bits(), arrayMeasure.bits());

        final int[] decodedStates = new int[4 * stride];
        Arrays.fill(decodedStates, 12345);
        final StateRecord decoded = new StateRecord(schema, decodedStates, stateSlot * stride);
        final BitReader reader = new BitReader(new UnsafeBuffer(storage), 0, writer.bytesWritten());
        codec.serialize(reader, decoded, withPrediction ? prediction : null);
        assertFalse(reader.isFailed());
        assertEquals(writer.bitsWritten(), reader.bitsRead());
        assertTrue(decoded.contentEquals(state), decoded + " vs " + state);
        for (int i = 0; i < decodedStates.length; i++)
        {
            if (i < decoded.offset() || i >= decoded.offset() + stride)
            {
                assertEquals(12345, decodedStates[i], "a field outside the decoded record changed");
            }
        }
    }

    @Property(tries = 3000)
    void hostileBytesDecodeToValidRecordsOrFail(
        @ForAll @IntRange(max = 5) final int schemaIndex, @ForAll final long seed, @ForAll final byte[] garbage)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final int[] prediction = new int[schema.stride()];
        RandomStates.randomRecord(schema, new SplittableRandom(seed), prediction, 0);
        final int[] decoded = new int[schema.stride()];
        final BitReader reader = new BitReader(new UnsafeBuffer(garbage), 0, garbage.length);
        new ObjectCodec(schema).serialize(reader, decoded, 0, seed % 2 == 0 ? prediction : null, 0);
        if (!reader.isFailed())
        {
            assertTrue(schema.isValid(decoded, 0), Arrays.toString(decoded));
        }
    }

    @Example
    void perfectPredictionCostsOneBit()
    {
        final StateSchema schema = StateSchema.fiedler3d();
        final int[] state = new int[schema.stride()];
        RandomStates.randomRecord(schema, new SplittableRandom(7), state, 0);
        final BitMeasure measure = new BitMeasure();
        new ObjectCodec(schema).serialize(measure, state, 0, state.clone(), 0);
        assertEquals(1, measure.bits());
    }

    @Example
    void atRestObjectWithoutPredictionSendsNoVelocities()
    {
        final StateSchema schema = StateSchema.fiedler3d();
        final int[] state = new int[schema.stride()];
        RandomStates.randomRecord(schema, new SplittableRandom(3), state, 0);
        RandomStates.setAtRest(schema, state, 0);
        final BitMeasure measure = new BitMeasure();
        new ObjectCodec(schema).serialize(measure, state, 0, null, 0);
        // at rest 1 + position 18 + 18 + 14 + smallest three 2 + 3 x 9.
        assertEquals(1 + 50 + 29, measure.bits());
        assertEquals(80, schema.absoluteBits(true));
        assertEquals(80 + 6 * 11, schema.absoluteBits(false));
    }

    @Example
    void smallPositionChangeCostsFewBits()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final int[] prediction = new int[schema.stride()];
        RandomStates.randomRecord(schema, new SplittableRandom(11), prediction, 0);
        prediction[schema.atRestOffset()] = 0;
        final int[] state = prediction.clone();
        state[0] += 1;
        state[2] -= 1;
        final BitMeasure measure = new BitMeasure();
        new ObjectCodec(schema).serialize(measure, state, 0, prediction, 0);
        // perfect 1 + at rest 1 + position class 1 (2 selector bits) + 3 x 2 + rotation class 0 (1 bit).
        assertEquals(1 + 1 + 2 + 6 + 1, measure.bits());
    }
}
