package dev.statesync.codec.reference;

import dev.statesync.codec.snapshot.RandomStates;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** decode(encode(x)) == x, and the measure agrees with the writer, for every schema and the rules' edges. */
class Fiedler2015CodecTest
{
    /**
     * Deltas on both sides of every bound of his rules: small [-16, 15], position window [-271, 270], rotation
     * window [-143, 141], the 9-bit position and 8-bit rotation offsets, and jumps far outside all of them.
     */
    private static final int[] EDGE_DELTAS = {
        -100_000, -272, -271, -270, -144, -143, -142, -17, -16, -15, -1, 0, 1, 14, 15, 16, 17,
        140, 141, 142, 143, 269, 270, 271, 100_000};

    @Property(tries = 500)
    void decodesWhatItEncodesAndMeasuresWhatItWrites(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 300) final int objectCount,
        @ForAll final boolean withBaseline,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final QuantizedStates baseline = randomSnapshot(schema, objectCount, random);
        final QuantizedStates current = new QuantizedStates(schema, objectCount);
        current.copyFrom(baseline);
        for (int i = 0; i < objectCount; i++)
        {
            RandomStates.evolve(schema, random, current.array(), current.offsetOf(i));
        }
        assertRoundTrip(schema, current, withBaseline ? baseline : null);
    }

    /**
     * Exactly {@code changes} objects changed (clamped to the object count), each by deltas picked from the edges of
     * his windows, so both index modes and the 125 / 126 / 127 boundary of his index list are crossed.
     */
    @Property(tries = 400)
    void decodesEdgeDeltasAndEitherSideOfTheIndexListLimit(
        @ForAll @IntRange(max = 5) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 400) final int objectCount,
        @ForAll @IntRange(min = 0, max = 400) final int changes,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SplittableRandom random = new SplittableRandom(seed);
        final QuantizedStates baseline = randomSnapshot(schema, objectCount, random);
        final QuantizedStates current = new QuantizedStates(schema, objectCount);
        current.copyFrom(baseline);
        final int changed = Math.min(changes, objectCount);
        final int first = random.nextInt(objectCount - changed + 1);
        for (int i = first; i < first + changed; i++)
        {
            edgeMove(schema, random, current, i);
        }
        assertRoundTrip(schema, current, baseline);
    }

    @Example
    void unchangedSnapshotCostsTheModeBitAndAZeroCount()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final QuantizedStates states = new QuantizedStates(schema, 901);
        final BitMeasure measure = new BitMeasure();
        new Fiedler2015Codec(schema, 901).serialize(measure, states, states);
        assertEquals(1 + 7, measure.bits());
    }

    @Example
    void withoutABaselineEveryObjectIsAbsolute()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final QuantizedStates states = new QuantizedStates(schema, 901);
        final BitMeasure measure = new BitMeasure();
        new Fiedler2015Codec(schema, 901).serialize(measure, states, null);
        // at rest 1 + position 18 + 18 + 14 + smallest three 2 + 3 x 9
        assertEquals(901 * 80, measure.bits());
    }

    @Example
    void rejectsAnIndexPastTheLastObject()
    {
        final StateSchema schema = StateSchema.snapshot3d();
        final int objects = 70;
        final byte[] storage = new byte[64];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(storage), 0, storage.length);
        writer.writeBool(true);        // index list
        writer.writeInt(2, 0, 127);    // two changed objects
        writer.writeInt(5, 0, objects - 1);
        writer.writeBool(false);       // at rest
        writer.writeBool(false);       // position changed
        writer.writeBool(false);       // rotation changed
        for (int rung = 0; rung < 5; rung++)
        {
            writer.writeBool(false);   // not in the five short rungs
        }
        writer.writeInt(69, 62, 69);   // gap 69: index 74 of 70 objects
        writer.flush();
        final QuantizedStates baseline = new QuantizedStates(schema, objects);
        final BitReader reader = new BitReader(new UnsafeBuffer(storage), 0, writer.bytesWritten());
        new Fiedler2015Codec(schema, objects).serialize(reader, new QuantizedStates(schema, objects), baseline);
        assertTrue(reader.isFailed());
    }

    private static void assertRoundTrip(final StateSchema schema, final QuantizedStates current, final QuantizedStates baseline)
    {
        final int objectCount = current.objectCount();
        final Fiedler2015Codec codec = new Fiedler2015Codec(schema, objectCount);
        final byte[] storage = new byte[objectCount * 64 + 1024];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(storage), 0, storage.length);
        codec.serialize(writer, current, baseline);
        writer.flush();
        assertFalse(writer.isFailed());
        final BitMeasure measure = new BitMeasure();
        codec.serialize(measure, current, baseline);
        assertEquals(writer.bitsWritten(), measure.bits());

        final QuantizedStates decoded = new QuantizedStates(schema, objectCount);
        final BitReader reader = new BitReader(new UnsafeBuffer(storage), 0, writer.bytesWritten());
        new Fiedler2015Codec(schema, objectCount).serialize(reader, decoded, baseline);
        assertFalse(reader.isFailed());
        assertArrayEquals(current.array(), decoded.array());
    }

    private static QuantizedStates randomSnapshot(final StateSchema schema, final int objectCount, final SplittableRandom random)
    {
        final QuantizedStates states = new QuantizedStates(schema, objectCount);
        for (int i = 0; i < objectCount; i++)
        {
            RandomStates.randomRecord(schema, random, states.array(), states.offsetOf(i));
        }
        return states;
    }

    /** Change object {@code i}: edge deltas on a random subset of fields (clamped), else its at-rest flag. */
    private static void edgeMove(final StateSchema schema, final SplittableRandom random, final QuantizedStates states, final int i)
    {
        final int[] record = states.array();
        final int offset = states.offsetOf(i);
        final int[] before = java.util.Arrays.copyOfRange(record, offset, offset + schema.stride());
        final int atRest = schema.atRestOffset();
        final boolean resting = record[offset + atRest] != 0;
        for (int f = 0; f < schema.stride(); f++)
        {
            final boolean velocity = schema.hasVelocities() && f >= schema.linearOffset();
            if (f == atRest || (velocity && resting) || random.nextInt(3) == 0)
            {
                continue;
            }
            if (schema.is3d() && f == schema.rotationOffset())
            {
                if (random.nextInt(8) == 0)
                {
                    record[offset + f] = random.nextInt(4);
                }
                continue;
            }
            if (!schema.is3d() && f == schema.rotationOffset())
            {
                final int mask = (1 << schema.rotationBits()) - 1;
                record[offset + f] = (record[offset + f] + EDGE_DELTAS[random.nextInt(EDGE_DELTAS.length)]) & mask;
                continue;
            }
            final long value = (long)record[offset + f] + EDGE_DELTAS[random.nextInt(EDGE_DELTAS.length)];
            record[offset + f] = (int)Math.max(schema.fieldMin(f), Math.min(schema.fieldMax(f), value));
        }
        if (java.util.Arrays.equals(before, 0, before.length, record, offset, offset + schema.stride()))
        {
            if (resting)
            {
                record[offset + atRest] = 0;
            }
            else
            {
                RandomStates.setAtRest(schema, record, offset);
            }
        }
    }
}
