package dev.statesync.codec.quantize;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BoundedQuantizerTest
{
    private static final BoundedQuantizer FIEDLER_X = BoundedQuantizer.ofResolution(-256, 255, 512);
    private static final BoundedQuantizer FIEDLER_Z = BoundedQuantizer.ofResolutionHalfOpen(0, 32, 512);
    private static final BoundedQuantizer FIEDLER_V = BoundedQuantizer.ofResolutionHalfOpen(-32, 32, 32);

    @Test
    void shouldMatchFiedlersBitCounts()
    {
        assertEquals(18, FIEDLER_X.bits());
        assertEquals(14, FIEDLER_Z.bits());
        assertEquals(11, FIEDLER_V.bits());
        assertEquals(50, new Vec3Quantizer(FIEDLER_X, FIEDLER_X, FIEDLER_Z).bits());
        assertEquals(33, Vec3Quantizer.uniform(FIEDLER_V).bits());
    }

    @Test
    void shouldNeedOneMoreBitWhenTheUpperBoundIsInclusive()
    {
        assertEquals(15, BoundedQuantizer.ofResolution(0, 32, 512).bits());
        assertEquals(12, BoundedQuantizer.ofResolution(-32, 32, 32).bits());
    }

    @Test
    void shouldClampHalfOpenRangeBelowItsExclusiveBound()
    {
        assertEquals(16383, FIEDLER_Z.maxCode());
        assertEquals(32.0f - 1.0f / 512, FIEDLER_Z.snap(32.0f));
        assertEquals(32.0f - 1.0f / 32, FIEDLER_V.snap(100.0f));
        assertEquals(-32.0f, FIEDLER_V.snap(-32.0f));
    }

    @Test
    void shouldDecodeZeroToExactlyPositiveZero()
    {
        assertEquals(0, Float.floatToRawIntBits(FIEDLER_X.snap(0.0f)));
        assertEquals(0, Float.floatToRawIntBits(FIEDLER_X.snap(-0.0f)));
        assertEquals(0, Float.floatToRawIntBits(FIEDLER_X.snap(1.0f / 2048)));
        assertEquals(0, Float.floatToRawIntBits(FIEDLER_V.snap(-Float.MIN_VALUE)));
        assertEquals(0, Float.floatToRawIntBits(BoundedQuantizer.ofResolution(-3, 7, 10).snap(0.04f)));
    }

    @Test
    void shouldDecodeBitsGridEndpointsExactly()
    {
        final float[][] ranges = {{-1, 1}, {0, 1}, {-0.7071068f, 0.7071068f}, {-256, 255}, {1.1f, 3.3f}};
        for (final float[] range : ranges)
        {
            for (int bits = 1; bits <= 16; bits++)
            {
                final BoundedQuantizer q = BoundedQuantizer.ofBits(range[0], range[1], bits);
                assertEquals(range[0], q.dequantize(0));
                assertEquals(range[1], q.dequantize(q.maxCode()));
                assertEquals((1 << bits) - 1, q.maxCode());
                assertEquals(bits, q.bits());
            }
        }
    }

    @Test
    void shouldSendNanAsTheGridPointNearestZero()
    {
        assertEquals(0.0f, FIEDLER_X.snap(Float.NaN));
        assertEquals(0.0f, FIEDLER_V.snap(Float.intBitsToFloat(0xFFC0_0001)));
        assertEquals(10.0f, BoundedQuantizer.ofResolution(10, 20, 4).snap(Float.NaN));
        assertEquals(-10.0f, BoundedQuantizer.ofResolution(-20, -10, 4).snap(Float.NaN));
        assertEquals(0.25f, BoundedQuantizer.ofResolution(0.2f, 1, 4).snap(Float.NaN));
        final BoundedQuantizer bitsGrid = BoundedQuantizer.ofBits(-1, 1, 2);
        assertEquals(bitsGrid.quantize(0.0f), bitsGrid.quantize(Float.NaN));
    }

    @Test
    void shouldClampInfinitiesAndHugeValuesToTheEndCodes()
    {
        for (final BoundedQuantizer q : new BoundedQuantizer[]{FIEDLER_X, FIEDLER_Z, BoundedQuantizer.ofBits(-3, 5, 7)})
        {
            assertEquals(q.maxCode(), q.quantize(Float.POSITIVE_INFINITY));
            assertEquals(q.maxCode(), q.quantize(Float.MAX_VALUE));
            assertEquals(0, q.quantize(Float.NEGATIVE_INFINITY));
            assertEquals(0, q.quantize(-Float.MAX_VALUE));
        }
    }

    @Test
    void shouldBreakTiesToTheEvenMultipleSymmetricallyAboutZero()
    {
        final BoundedQuantizer q = BoundedQuantizer.ofResolution(-5, 5, 1);
        assertEquals(0.0f, q.snap(0.5f));
        assertEquals(2.0f, q.snap(1.5f));
        assertEquals(2.0f, q.snap(2.5f));
        assertEquals(0.0f, q.snap(-0.5f));
        assertEquals(-2.0f, q.snap(-1.5f));
        assertEquals(-2.0f, q.snap(-2.5f));
        // An odd kMin must not flip the rule: index k is rounded, not k - kMin.
        final BoundedQuantizer odd = BoundedQuantizer.ofResolution(-3, 5, 1);
        assertEquals(2.0f, odd.snap(2.5f));
        assertEquals(-2.0f, odd.snap(-2.5f));
    }

    @Test
    void shouldRoundTripEveryCodeOfFiedlersGridsAndLargeBitsGrids()
    {
        final BoundedQuantizer[] grids =
        {
            FIEDLER_X, FIEDLER_Z, FIEDLER_V,
            BoundedQuantizer.ofResolution(-256, 256, 4096),
            BoundedQuantizer.ofResolution(-1, 1, 1_000_000),
            BoundedQuantizer.ofBits(-1, 1, 20),
            BoundedQuantizer.ofBits(-256, 255, 21),
            BoundedQuantizer.ofBits(100, 101, 15),
            // at the precision guard: 2^22 steps from zero on the farther side
            BoundedQuantizer.ofBits(-1, 1, 23),
            BoundedQuantizer.ofBits(0, 1, 22),
            BoundedQuantizer.ofResolution(-1, 1, 1 << 22),
            BoundedQuantizer.ofResolutionHalfOpen(-3, 0.5f, (1 << 22) / 3.0f),
        };
        for (final BoundedQuantizer q : grids)
        {
            for (int code = 0; code <= q.maxCode(); code++)
            {
                if (q.quantize(q.dequantize(code)) != code)
                {
                    assertEquals(code, q.quantize(q.dequantize(code)), q + " code " + code);
                }
            }
        }
    }

    @Test
    void shouldRejectMisuse()
    {
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofResolution(1, 1, 512));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofResolution(2, 1, 512));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofResolution(Float.NaN, 1, 512));
        assertThrows(IllegalArgumentException.class,
            () -> BoundedQuantizer.ofResolution(0, Float.POSITIVE_INFINITY, 512));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofResolution(0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofResolution(0, 1, -4));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofResolution(0, 1, Float.NaN));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofResolution(0.1f, 0.2f, 1));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofResolution(0, 1e6f, 512));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofResolution(-1, 1, (1 << 22) + 1));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofBits(0, 1, 23));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofResolutionHalfOpen(0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofBits(0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofBits(0, 1, 24));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofBits(1, 1, 8));
        assertThrows(IllegalArgumentException.class, () -> BoundedQuantizer.ofBits(1000, 1001, 16));
        assertThrows(IllegalArgumentException.class, () -> FIEDLER_V.dequantize(-1));
        assertThrows(IllegalArgumentException.class, () -> FIEDLER_V.dequantize(2048));
        assertThrows(IllegalArgumentException.class, () -> new Vec3Quantizer(FIEDLER_X, null, FIEDLER_X));
    }

    @Test
    void shouldFailReaderOnACodeAboveMaxCodeWithoutThrowing()
    {
        final BoundedQuantizer q = BoundedQuantizer.ofResolution(0, 10, 1);
        assertEquals(4, q.bits());
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[8]);
        final BitWriter writer = new BitWriter(buffer, 0, 8);
        writer.writeBits(15, 4);
        writer.flush();

        final BitReader reader = new BitReader(buffer, 0, 8);
        final int code = q.serialize(reader, 3);
        assertTrue(reader.isFailed());
        assertEquals(0, code);
        assertEquals(0.0f, q.dequantize(code));
    }

    @Test
    void shouldWriteReadAndMeasureVectorsAlike()
    {
        final Vec3Quantizer position = new Vec3Quantizer(FIEDLER_X, FIEDLER_X, FIEDLER_Z);
        final Vec2Quantizer planar = Vec2Quantizer.uniform(FIEDLER_V);
        final int[] codes = new int[6];
        position.quantize(new float[]{0, 1.25f, -3.5f, 7.1f}, 1, codes, 0);
        planar.quantize(-31.9f, Float.NaN, codes, 3);
        codes[5] = 17;

        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[16]);
        final BitWriter writer = new BitWriter(buffer, 0, 16);
        position.serialize(writer, codes, 0);
        planar.serialize(writer, codes, 3);
        writer.flush();
        final BitMeasure measure = new BitMeasure();
        position.serialize(measure, codes, 0);
        planar.serialize(measure, codes, 3);
        assertEquals(writer.bitsWritten(), measure.bits());
        assertEquals(50 + 22, measure.bits());

        final int[] read = new int[6];
        read[5] = 17;
        final BitReader reader = new BitReader(buffer, 0, writer.bytesWritten());
        position.serialize(reader, read, 0);
        planar.serialize(reader, read, 3);
        assertFalse(reader.isFailed());
        assertEquals(java.util.Arrays.toString(codes), java.util.Arrays.toString(read));

        final float[] values = new float[6];
        position.dequantize(read, 0, values, 1);
        planar.dequantize(read, 3, values, 4);
        assertEquals(1.25f, values[1]);
        assertEquals(-3.5f, values[2]);
        assertEquals(FIEDLER_Z.snap(7.1f), values[3]);
        assertEquals(FIEDLER_V.snap(-31.9f), values[4]);
        assertEquals(0.0f, values[5]);
    }
}
