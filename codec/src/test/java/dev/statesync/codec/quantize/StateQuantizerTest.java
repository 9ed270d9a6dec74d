package dev.statesync.codec.quantize;

import dev.statesync.codec.snapshot.RandomStates;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class StateQuantizerTest
{
    @Provide
    Arbitrary<float[]> records()
    {
        final Arbitrary<Float> any = Arbitraries.integers().map(Float::intBitsToFloat);
        final Arbitrary<Float> plausible = Arbitraries.floats().between(-300f, 300f).ofScale(6);
        final Arbitrary<Float> special = Arbitraries.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
            0f, -0f, Float.MIN_VALUE, Float.MAX_VALUE, 255f, -256f, 32f, 31.999f, 0.70710677f, 1f);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, plausible), net.jqwik.api.Tuple.of(2, any), net.jqwik.api.Tuple.of(2, special))
            .array(float[].class).ofSize(StateQuantizer.FLOATS_3D);
    }

    @Property(tries = 3000)
    void quantizingTheDequantizedStateGivesTheSameRecord(
        @ForAll("records") final float[] record, @ForAll @IntRange(max = 5) final int schemaIndex, @ForAll final boolean atRest)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final StateQuantizer quantizer = new StateQuantizer(schema, 1);
        final int restIndex = quantizer.floatStride() - 1;
        record[restIndex] = atRest ? 1f : 0f;
        final QuantizedStates first = new QuantizedStates(schema, 1);
        quantizer.quantize(0, record, 0, first);
        assertTrue(schema.isValid(first.array(), 0), Arrays.toString(first.array()));

        final float[] snapped = new float[StateQuantizer.FLOATS_3D];
        quantizer.dequantize(first, 0, snapped, 0);
        final QuantizedStates second = new QuantizedStates(schema, 1);
        quantizer.quantize(0, snapped, 0, second);
        assertArrayEquals(first.array(), second.array());

        final float[] again = new float[StateQuantizer.FLOATS_3D];
        quantizer.dequantize(second, 0, again, 0);
        for (int i = 0; i < quantizer.floatStride(); i++)
        {
            assertEquals(Float.floatToIntBits(snapped[i]), Float.floatToIntBits(again[i]), "float " + i);
        }
    }

    @Example
    void fiedlersBoundsGiveHisBitCounts()
    {
        final StateSchema schema = StateSchema.fiedler3d();
        // x, y 18 bits, z 14 bits, smallest three 2 + 27, at rest 1, velocities 6 x 11.
        assertEquals(18 + 18 + 14 + 29 + 1 + 66, schema.absoluteBits(false));
        final StateQuantizer quantizer = new StateQuantizer(schema, 1);
        final QuantizedStates out = new QuantizedStates(schema, 1);
        quantizer.quantize(0, new float[]{1e9f, -1e9f, 40f, 0, 0, 0, 1, 100f, -100f, 0, 0, 0, 0, 0}, 0, out);
        assertEquals(schema.fieldMax(0), out.get(0, 0));
        assertEquals(schema.fieldMin(1), out.get(0, 1));
        assertEquals(schema.fieldMax(2), out.get(0, 2));
        assertEquals(1023, out.get(0, schema.linearOffset()));
        assertEquals(-1023, out.get(0, schema.linearOffset() + 1));
    }

    @Example
    void zeroPositionAndIdentityRoundTripExactly()
    {
        final StateSchema schema = StateSchema.highPrecision3d();
        final StateQuantizer quantizer = new StateQuantizer(schema, 1);
        final QuantizedStates out = new QuantizedStates(schema, 1);
        final float[] in = {0f, 0f, 0f, 0f, 0f, 0f, 1f, 0f, 0f, 0f, 0f, 0f, 0f, 0f};
        quantizer.quantize(0, in, 0, out);
        final float[] back = new float[StateQuantizer.FLOATS_3D];
        quantizer.dequantize(out, 0, back, 0);
        assertArrayEquals(in, back);
    }
}
