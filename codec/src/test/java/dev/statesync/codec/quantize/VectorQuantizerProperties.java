package dev.statesync.codec.quantize;

import dev.statesync.codec.FloatArbitraries;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;

import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class VectorQuantizerProperties
{
    private static final Vec3Quantizer POSITION = new Vec3Quantizer(
        BoundedQuantizer.ofResolution(-256, 255, 512),
        BoundedQuantizer.ofResolution(-256, 255, 512),
        BoundedQuantizer.ofResolutionHalfOpen(0, 32, 512));
    private static final Vec2Quantizer PLANAR = new Vec2Quantizer(
        BoundedQuantizer.ofResolutionHalfOpen(-32, 32, 32), BoundedQuantizer.ofBits(-1, 1, 13));

    @Provide
    Arbitrary<List<Float>> values()
    {
        return FloatArbitraries.forRange(-256, 255).list().ofSize(5);
    }

    @Property(tries = 1000)
    void vectorsDecodeToTheirPerAxisSnapThroughTheBitpacker(@ForAll("values") final List<Float> v)
    {
        final int[] codes = new int[7];
        POSITION.quantize(v.get(0), v.get(1), v.get(2), codes, 1);
        PLANAR.quantize(v.get(3), v.get(4), codes, 4);

        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[16]);
        final BitWriter writer = new BitWriter(buffer, 0, 16);
        POSITION.serialize(writer, codes, 1);
        PLANAR.serialize(writer, codes, 4);
        writer.flush();
        final BitMeasure measure = new BitMeasure();
        POSITION.serialize(measure, codes, 1);
        PLANAR.serialize(measure, codes, 4);
        assertEquals(writer.bitsWritten(), measure.bits());
        assertEquals(POSITION.bits() + PLANAR.bits(), measure.bits());

        final int[] read = new int[7];
        final BitReader reader = new BitReader(buffer, 0, writer.bytesWritten());
        POSITION.serialize(reader, read, 0);
        PLANAR.serialize(reader, read, 3);
        assertFalse(reader.isFailed());

        final float[] decoded = new float[6];
        POSITION.dequantize(read, 0, decoded, 1);
        PLANAR.dequantize(read, 3, decoded, 4);
        assertSameFloat(POSITION.x().snap(v.get(0)), decoded[1]);
        assertSameFloat(POSITION.y().snap(v.get(1)), decoded[2]);
        assertSameFloat(POSITION.z().snap(v.get(2)), decoded[3]);
        assertSameFloat(PLANAR.x().snap(v.get(3)), decoded[4]);
        assertSameFloat(PLANAR.y().snap(v.get(4)), decoded[5]);
    }

    private static void assertSameFloat(final float expected, final float actual)
    {
        assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(actual), expected + " vs " + actual);
    }
}
