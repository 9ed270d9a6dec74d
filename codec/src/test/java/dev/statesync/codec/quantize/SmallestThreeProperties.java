package dev.statesync.codec.quantize;

import dev.statesync.codec.FloatArbitraries;
import dev.statesync.codec.RotationError;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;

import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SmallestThreeProperties
{
    @Provide
    Arbitrary<Float> component()
    {
        return Arbitraries.frequencyOf(
            Tuple.of(6, FloatArbitraries.between(-1, 1)),
            Tuple.of(1, FloatArbitraries.decimals()),
            Tuple.of(1, FloatArbitraries.anyBits()),
            Tuple.of(1, FloatArbitraries.specials()),
            Tuple.of(1, FloatArbitraries.atAndAround(0.5f, -0.5f, (float)Math.sqrt(0.5), -(float)Math.sqrt(0.5))));
    }

    @Provide
    Arbitrary<float[]> quaternion()
    {
        final Arbitrary<Float> c = component();
        return Combinators.combine(c, c, c, c).as((x, y, z, w) -> new float[]{x, y, z, w});
    }

    private static boolean normalizable(final float[] q)
    {
        final double lengthSquared = (double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] +
            (double)q[3] * q[3];
        return lengthSquared > 0 && lengthSquared < Double.POSITIVE_INFINITY;
    }

    @Property(tries = 3000)
    void decodesToAUnitQuaternionWithinTheBound(
        @ForAll("quaternion") final float[] q, @ForAll @IntRange(min = 2, max = 30) final int bits)
    {
        final SmallestThree codec = new SmallestThree(bits);
        final int[] codes = new int[4];
        codec.encode(q, 0, codes, 0);
        assertTrue(codes[0] >= 0 && codes[0] <= 3);
        for (int i = 1; i < 4; i++)
        {
            assertTrue(codes[i] >= 0 && codes[i] <= codec.maxCode(), "code " + codes[i]);
        }
        final float[] decoded = new float[4];
        codec.decode(codes, 0, decoded, 0);
        final double length = Math.sqrt((double)decoded[0] * decoded[0] + (double)decoded[1] * decoded[1] +
            (double)decoded[2] * decoded[2] + (double)decoded[3] * decoded[3]);
        assertEquals(1.0, length, 1e-6);
        assertTrue(decoded[codes[0]] >= 0);
        if (normalizable(q))
        {
            final double error = RotationError.angleRadians(q, decoded);
            assertTrue(error <= SmallestThree.maxAngleErrorRadians(bits), "error " + error + " at " + bits + " bits");
        }
        else
        {
            assertArrayEquals(new float[]{0, 0, 0, 1}, decoded);
        }
    }

    @Property(tries = 2000)
    void negatedQuaternionEncodesIdentically(
        @ForAll("quaternion") final float[] q, @ForAll @IntRange(min = 2, max = 30) final int bits)
    {
        final SmallestThree codec = new SmallestThree(bits);
        final int[] codes = new int[4];
        final int[] negatedCodes = new int[4];
        codec.encode(q[0], q[1], q[2], q[3], codes, 0);
        codec.encode(-q[0], -q[1], -q[2], -q[3], negatedCodes, 0);
        assertArrayEquals(codes, negatedCodes);
    }

    @Property(tries = 300)
    void rotationsSurviveTheRealBitpacker(
        @ForAll("rotations") final List<float[]> rotations, @ForAll @IntRange(min = 2, max = 30) final int bits)
    {
        final SmallestThree codec = new SmallestThree(bits);
        final int[] codes = new int[4 * rotations.size()];
        for (int i = 0; i < rotations.size(); i++)
        {
            codec.encode(rotations.get(i), 0, codes, 4 * i);
        }
        final int capacity = 12 * rotations.size() + 8;
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[capacity]);
        final BitWriter writer = new BitWriter(buffer, 0, capacity);
        final BitMeasure measure = new BitMeasure();
        for (int i = 0; i < rotations.size(); i++)
        {
            codec.serialize(writer, codes, 4 * i);
            codec.serialize(measure, codes, 4 * i);
        }
        writer.flush();
        assertFalse(writer.isFailed());
        assertEquals(writer.bitsWritten(), measure.bits());
        assertEquals(codec.bits() * rotations.size(), measure.bits());

        final BitReader reader = new BitReader(buffer, 0, writer.bytesWritten());
        final int[] read = new int[codes.length];
        final float[] sent = new float[4];
        final float[] received = new float[4];
        for (int i = 0; i < rotations.size(); i++)
        {
            codec.serialize(reader, read, 4 * i);
            codec.decode(codes, 4 * i, sent, 0);
            codec.decode(read, 4 * i, received, 0);
            // decode(encode(q)) on the receiver is exactly what the sender's quantized q is
            assertArrayEquals(sent, received);
        }
        assertFalse(reader.isFailed());
        assertArrayEquals(codes, read);
        reader.readTrailingPadding();
        assertFalse(reader.isFailed());
    }

    @Provide
    Arbitrary<List<float[]>> rotations()
    {
        return quaternion().list().ofMinSize(1).ofMaxSize(16);
    }

    @Property(tries = 1000)
    void hostileBytesNeverThrowAndYieldDecodableCodes(
        @ForAll("bytes") final byte[] bytes, @ForAll @IntRange(min = 2, max = 30) final int bits)
    {
        final SmallestThree codec = new SmallestThree(bits);
        final BitReader reader = new BitReader(new UnsafeBuffer(bytes), 0, bytes.length);
        final int[] codes = new int[4];
        final float[] decoded = new float[4];
        while (!reader.isFailed() && reader.bitsRemaining() > 0)
        {
            codec.serialize(reader, codes, 0);
            codec.decode(codes, 0, decoded, 0);
        }
    }

    @Provide
    Arbitrary<byte[]> bytes()
    {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(40);
    }
}
