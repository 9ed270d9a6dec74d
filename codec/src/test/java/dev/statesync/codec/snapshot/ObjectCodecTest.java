package dev.statesync.codec.snapshot;

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

    @Property(tries = 3000)
    void decodedStateEqualsEncodedAndMeasureEqualsWritten(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll final long seed,
        @ForAll final boolean withPrediction)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final int stride = schema.stride();
        final int[] prediction = new int[stride];
        RandomStates.randomRecord(schema, random, prediction, 0);
        final int[] state = prediction.clone();
        RandomStates.evolve(schema, random, state, 0);
        assertTrue(schema.isValid(state, 0));

        final ObjectCodec codec = new ObjectCodec(schema);
        final BitWriter writer = new BitWriter(new UnsafeBuffer(storage), 0, storage.length);
        codec.serialize(writer, state, 0, withPrediction ? prediction : null, 0);
        writer.flush();
        final BitMeasure measure = new BitMeasure();
        codec.serialize(measure, state, 0, withPrediction ? prediction : null, 0);
        assertEquals(writer.bitsWritten(), measure.bits());

        final int[] decoded = new int[stride];
        Arrays.fill(decoded, 12345);
        final BitReader reader = new BitReader(new UnsafeBuffer(storage), 0, writer.bytesWritten());
        codec.serialize(reader, decoded, 0, withPrediction ? prediction : null, 0);
        assertFalse(reader.isFailed());
        assertEquals(writer.bitsWritten(), reader.bitsRead());
        assertArrayEquals(state, decoded);
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
