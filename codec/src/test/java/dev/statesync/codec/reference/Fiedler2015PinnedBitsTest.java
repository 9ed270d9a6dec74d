package dev.statesync.codec.reference;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;

/**
 * Pins the reference encoding's bits on a short hand-built sequence of his 901-cube snapshots, each expected count
 * worked out from his rules in the comments, so the reference cannot change without this test saying so.
 *
 * <p>Field widths of {@link StateSchema#snapshot3d()}: position 18 + 18 + 14, smallest three 2 + 3 x 9, at rest 1.
 * Every changed object starts with 3 bits: at rest, position changed, rotation changed.
 */
class Fiedler2015PinnedBitsTest
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final int CUBES = 901;
    private static final int X = 0;
    private static final int Y = 1;
    private static final int Z = 2;
    private static final int LARGEST = 3;
    private static final int A = 4;
    private static final int B = 5;
    private static final int C = 6;
    private static final int AT_REST = 7;

    @Test
    void shouldCostHisBitsOnARecordedSequence()
    {
        final QuantizedStates initial = initialGrid();

        // 1. Nothing moved yet, no ack yet: coded against the initial snapshot.
        //    index list 1 + count 0 in 7 bits = 8
        final QuantizedStates s1 = copy(initial);
        long total = assertBits(8, s1, initial);

        // 2. The player (cube 0) falls and wakes; still no ack: against the initial snapshot.
        //    header 8 + first index 10
        //    cube 0: flags 3 + relative 1 + small flags 3 + x +3 (5) + y -2 (5) + z -40 (not small: -25 in 9) = 26
        //    8 + 10 + 26 = 44
        final QuantizedStates s2 = copy(initial);
        move(s2, 0, 3, -2, -40);
        s2.set(0, AT_REST, 0);
        total += assertBits(44, s2, initial);

        // 3. Against snapshot 1 (acked): seven cubes, one per rung of his index ladder and per rule.
        //    header 8; indices: first 0 in 10, gaps 1 (1 bit), 3 (2 + 2), 10 (3 + 3), 26 (4 + 4), 60 (5 + 5),
        //    800 (5 + bits(62, 900) = 10): 10 + 1 + 4 + 6 + 8 + 10 + 15 = 54
        final QuantizedStates s3 = copy(s2);
        // cube 0: position as in 2 (1 + 3 + 5 + 5 + 9 = 23); rotation +15, -16 (small), +16 (not small: 1 in 8):
        //         1 + 3 + 5 + 5 + 8 = 22; 3 + 23 + 22 = 48
        rotate(s3, 0, 15, -16, 16);
        // cube 1: only its at-rest flag: 3
        s3.set(1, AT_REST, 0);
        // cube 4: x +271, one past the position window [-271, 270]: absolute, 3 + 1 + 50 = 54
        move(s3, 4, 271, 0, 0);
        // cube 14: -271 and +270 (the window's ends: -256 and 255 in 9 bits each), z +15 small:
        //          3 + 1 + 3 + 9 + 9 + 5 = 30
        move(s3, 14, -271, 270, 15);
        // cube 40: rotation +141 and -143 (the window's ends: 126 and -128 in 8 bits), c unchanged (small):
        //          3 + 1 + 3 + 8 + 8 + 5 = 28
        rotate(s3, 40, 141, -143, 0);
        // cube 100: rotation +142, past his "< 142": absolute smallest three, 3 + 1 + 29 = 33
        rotate(s3, 100, 142, 0, 0);
        // cube 900: z +1 (1 + 3 + 3 x 5 = 19) and a new largest index (absolute: 1 + 29 = 30): 3 + 19 + 30 = 52
        move(s3, 900, 0, 0, 1);
        s3.set(900, LARGEST, 2);
        //    8 + 54 + (48 + 3 + 54 + 30 + 28 + 33 + 52 = 248) = 310
        total += assertBits(310, s3, s1);

        // 4. Against snapshot 2 (acked): 126 cubes moved x +1, not below his limit of 126: one bit per cube.
        //    mode 1 + 901 changed bits + 126 x (3 + 1 + 3 + 3 x 5 = 22) = 1 + 901 + 2772 = 3674
        final QuantizedStates s4 = copy(s2);
        for (int i = 0; i < 126; i++)
        {
            move(s4, i, 1, 0, 0);
        }
        total += assertBits(3674, s4, s2);

        // 5. Against snapshot 2: 125 cubes moved x +1: the index list.
        //    header 8 + first index 10 + 124 gaps of 1 (1 bit each) + 125 x 22 = 8 + 10 + 124 + 2750 = 2892
        final QuantizedStates s5 = copy(s2);
        for (int i = 0; i < 125; i++)
        {
            move(s5, i, 1, 0, 0);
        }
        total += assertBits(2892, s5, s2);

        assertEquals(8 + 44 + 310 + 3674 + 2892, total);
    }

    /** Measure, write and read back: the bits must be as stated and the snapshot must decode exactly. */
    private static long assertBits(final int expectedBits, final QuantizedStates current, final QuantizedStates baseline)
    {
        final Fiedler2015Codec codec = new Fiedler2015Codec(SCHEMA, CUBES);
        final BitMeasure measure = new BitMeasure();
        codec.serialize(measure, current, baseline);
        assertEquals(expectedBits, measure.bits());

        final byte[] storage = new byte[16 * 1024];
        final BitWriter writer = new BitWriter(new UnsafeBuffer(storage), 0, storage.length);
        codec.serialize(writer, current, baseline);
        writer.flush();
        final QuantizedStates decoded = new QuantizedStates(SCHEMA, CUBES);
        final BitReader reader = new BitReader(new UnsafeBuffer(storage), 0, writer.bytesWritten());
        codec.serialize(reader, decoded, baseline);
        assertFalse(reader.isFailed());
        assertArrayEquals(current.array(), decoded.array());
        return measure.bits();
    }

    /** 901 cubes resting on a 30 x 30 grid (the player first), upright: his scene before anything moves. */
    private static QuantizedStates initialGrid()
    {
        final QuantizedStates states = new QuantizedStates(SCHEMA, CUBES);
        for (int i = 0; i < CUBES; i++)
        {
            final int cell = Math.max(0, i - 1);
            states.set(i, X, (cell % 30) * 512 - 7424);
            states.set(i, Y, (cell / 30) * 512 - 7424);
            states.set(i, Z, i == 0 ? 5120 : 102);
            states.set(i, LARGEST, 3);
            states.set(i, AT_REST, 1);
        }
        return states;
    }

    private static QuantizedStates copy(final QuantizedStates states)
    {
        final QuantizedStates copy = new QuantizedStates(SCHEMA, CUBES);
        copy.copyFrom(states);
        return copy;
    }

    private static void move(final QuantizedStates states, final int cube, final int dx, final int dy, final int dz)
    {
        states.set(cube, X, states.get(cube, X) + dx);
        states.set(cube, Y, states.get(cube, Y) + dy);
        states.set(cube, Z, states.get(cube, Z) + dz);
    }

    private static void rotate(final QuantizedStates states, final int cube, final int da, final int db, final int dc)
    {
        states.set(cube, A, states.get(cube, A) + da);
        states.set(cube, B, states.get(cube, B) + db);
        states.set(cube, C, states.get(cube, C) + dc);
    }
}
