package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.BitMeasure;
import dev.statesync.codec.BitReader;
import dev.statesync.codec.BitWriter;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class Fiedler2015CodecTest
{
    @Property(tries = 500)
    void decodesWhatItEncodesAndMeasuresWhatItWrites(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 300) final int objectCount,
        @ForAll final boolean withBaseline,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final QuantizedStates baseline = new QuantizedStates(schema, objectCount);
        for (int i = 0; i < objectCount; i++)
        {
            RandomStates.randomRecord(schema, random, baseline.array(), baseline.offsetOf(i));
        }
        final QuantizedStates current = new QuantizedStates(schema, objectCount);
        current.copyFrom(baseline);
        for (int i = 0; i < objectCount; i++)
        {
            RandomStates.evolve(schema, random, current.array(), current.offsetOf(i));
        }

        final Fiedler2015Codec codec = new Fiedler2015Codec(schema, objectCount);
        final byte[] storage = new byte[objectCount * 64 + 64];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(storage), 0, storage.length);
        codec.serialize(writer, current, withBaseline ? baseline : null);
        writer.flush();
        final BitMeasure measure = new BitMeasure();
        codec.serialize(measure, current, withBaseline ? baseline : null);
        assertEquals(writer.bitsWritten(), measure.bits());

        final QuantizedStates decoded = new QuantizedStates(schema, objectCount);
        final BitReader reader = new BitReader(new UnsafeBuffer(storage), 0, writer.bytesWritten());
        new Fiedler2015Codec(schema, objectCount).serialize(reader, decoded, withBaseline ? baseline : null);
        assertFalse(reader.isFailed());
        assertArrayEquals(current.array(), decoded.array());
    }

    @Example
    void unchangedSnapshotCostsModeBitCountAndNothingElse()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final QuantizedStates states = new QuantizedStates(schema, 901);
        final BitMeasure measure = new BitMeasure();
        new Fiedler2015Codec(schema, 901).serialize(measure, states, states);
        assertEquals(1 + 10, measure.bits());
    }

    @Example
    void smallMoveOfOneCubeCostsHisFigures()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final QuantizedStates baseline = new QuantizedStates(schema, 901);
        final QuantizedStates current = new QuantizedStates(schema, 901);
        current.copyFrom(baseline);
        current.set(8, 0, current.get(8, 0) + 3);
        final BitMeasure measure = new BitMeasure();
        new Fiedler2015Codec(schema, 901).serialize(measure, current, baseline);
        // mode 1 + count 10 + index 8 is a gap of 9 from the start (-1): [9,40] costs 7 bits on his ladder;
        // object: at rest 1 + position small 1 + 3 x 5 + rotation delta 1 + small 1 + 3 x 5.
        assertEquals(1 + 10 + 7 + 1 + 16 + 17, measure.bits());
    }
}
