package dev.statesync.codec.quantize;

import dev.statesync.codec.AllocationMeter;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.BitWriter;


import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The hot path (quantize, encode, decode, serialize in all three modes) must not allocate. Measured with the
 * JVM's per-thread allocation counter after warm-up; the JMH {@code -prof gc} run in bench is the
 * authoritative check, this one keeps regressions out of the unit build.
 */
class QuantizerAllocationTest
{
    private final BoundedQuantizer position = BoundedQuantizer.ofResolution(-256, 255, 512);
    private final Vec3Quantizer velocity = Vec3Quantizer.uniform(BoundedQuantizer.ofResolutionHalfOpen(-32, 32, 32));
    private final Vec2Quantizer planar = Vec2Quantizer.uniform(BoundedQuantizer.ofBits(-10, 10, 12));
    private final SmallestThree rotation = new SmallestThree(9);
    private final AngleQuantizer angle = new AngleQuantizer(10);
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private final BitMeasure measure = new BitMeasure();
    private final int[] codes = new int[16];
    private final float[] values = new float[16];
    private long sink;

    @Test
    void shouldNotAllocateOnTheHotPath()
    {
        run(20_000);
        long allocated = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3 && allocated != 0; attempt++)
        {
            final long before = AllocationMeter.allocatedBytes();
            run(20_000);
            final long after = AllocationMeter.allocatedBytes();
            // the counter query itself may allocate a little on some JVMs; a real leak is bytes per iteration
            allocated = after - before < 1024 ? 0 : after - before;
        }
        assertEquals(0, allocated, "bytes allocated by 20 000 iterations");
    }

    private void run(final int iterations)
    {
        for (int i = 0; i < iterations; i++)
        {
            final float x = (i * 0.37f) - 200;
            codes[0] = position.quantize(x);
            values[0] = position.dequantize(codes[0]);
            velocity.quantize(x * 0.1f, -x * 0.1f, 3.0f, codes, 1);
            velocity.dequantize(codes, 1, values, 1);
            planar.quantize(x * 0.01f, 1.0f, codes, 4);
            planar.dequantize(codes, 4, values, 4);
            rotation.encode(0.1f * (i & 7), 0.2f, -0.3f, 0.9f, codes, 6);
            rotation.decode(codes, 6, values, 6);
            codes[10] = angle.quantize(x);
            values[10] = angle.dequantize(codes[10]);

            writer.wrap(buffer, 0, 64);
            serializeAll(writer);
            writer.flush();
            measure.reset();
            serializeAll(measure);
            reader.wrap(buffer, 0, writer.bytesWritten());
            serializeAll(reader);
            sink += measure.bits() + Float.floatToRawIntBits(values[i & 15]);
        }
    }

    private void serializeAll(final BitStream stream)
    {
        codes[0] = position.serialize(stream, codes[0]);
        velocity.serialize(stream, codes, 1);
        planar.serialize(stream, codes, 4);
        rotation.serialize(stream, codes, 6);
        codes[10] = angle.serialize(stream, codes[10]);
    }
}
