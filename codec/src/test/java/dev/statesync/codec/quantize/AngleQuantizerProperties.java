package dev.statesync.codec.quantize;

import dev.statesync.codec.FloatArbitraries;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;

import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AngleQuantizerProperties
{
    @Provide
    Arbitrary<Float> angle()
    {
        final float pi = (float)Math.PI;
        return Arbitraries.frequencyOf(
            Tuple.of(5, FloatArbitraries.between(-4 * pi, 4 * pi)),
            Tuple.of(1, FloatArbitraries.anything()),
            Tuple.of(1, FloatArbitraries.atAndAround(0.0f, pi / 2, -pi / 2, pi, -pi, 2 * pi, -2 * pi)));
    }

    @Property(tries = 3000)
    void snapIsTheNearestGridAngle(
        @ForAll("angle") final float theta, @ForAll @IntRange(min = 1, max = 24) final int bits)
    {
        final AngleQuantizer q = new AngleQuantizer(bits);
        final int code = q.quantize(theta);
        assertTrue(code >= 0 && code <= q.maxCode());
        final float snapped = q.dequantize(code);
        assertTrue(snapped >= -(float)Math.PI && snapped < (float)Math.PI, "decoded " + snapped);
        assertEquals(code, q.quantize(snapped));
        if (!Float.isFinite(theta))
        {
            assertEquals(0, code);
            return;
        }
        final double reduced = Math.IEEEremainder(theta, 2 * Math.PI);
        final double error = Math.abs(Math.IEEEremainder(snapped - reduced, 2 * Math.PI));
        assertTrue(error <= q.stepRadians() / 2 + 2.5e-7, "error " + error + " at " + bits + " bits for " + theta);
    }

    @Property(tries = 300)
    void anglesSurviveTheRealBitpacker(
        @ForAll("angles") final List<Float> angles, @ForAll @IntRange(min = 1, max = 24) final int bits)
    {
        final AngleQuantizer q = new AngleQuantizer(bits);
        final int capacity = 3 * angles.size() + 8;
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[capacity]);
        final BitWriter writer = new BitWriter(buffer, 0, capacity);
        final BitMeasure measure = new BitMeasure();
        for (final float theta : angles)
        {
            q.serialize(writer, q.quantize(theta));
            q.serialize(measure, q.quantize(theta));
        }
        writer.flush();
        assertEquals(writer.bitsWritten(), measure.bits());
        assertEquals(bits * angles.size(), measure.bits());
        final BitReader reader = new BitReader(buffer, 0, writer.bytesWritten());
        for (final float theta : angles)
        {
            final int code = q.serialize(reader, 0);
            assertEquals(Float.floatToRawIntBits(q.snap(theta)), Float.floatToRawIntBits(q.dequantize(code)));
        }
        assertFalse(reader.isFailed());
    }

    @Provide
    Arbitrary<List<Float>> angles()
    {
        return angle().list().ofMinSize(1).ofMaxSize(20);
    }
}
