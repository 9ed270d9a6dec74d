package dev.statesync.codec.quantize;

import dev.statesync.codec.RotationError;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SmallestThreeTest
{
    private static final float S = (float)Math.sqrt(0.5); // sin 45 = cos 45, as float

    @Test
    void shouldTakeFiedlersTwentyNineBitsAtNineBitsPerComponent()
    {
        final SmallestThree codec = new SmallestThree(9);
        assertEquals(29, codec.bits());
        assertEquals(510, codec.maxCode());
        assertEquals(255, codec.zeroCode());
        final BitMeasure measure = new BitMeasure();
        codec.serialize(measure, new int[]{3, 0, 255, 510}, 0);
        assertEquals(29, measure.bits());
    }

    @Test
    void shouldDecodeIdentityExactlyAtEveryBitCount()
    {
        for (int bits = SmallestThree.MIN_BITS_PER_COMPONENT; bits <= SmallestThree.MAX_BITS_PER_COMPONENT; bits++)
        {
            assertArrayEquals(new float[]{0, 0, 0, 1}, roundTrip(new SmallestThree(bits), 0, 0, 0, 1), "bits " + bits);
            assertArrayEquals(new float[]{0, 0, 0, 1}, roundTrip(new SmallestThree(bits), 0, 0, 0, -7), "bits " + bits);
        }
    }

    @Test
    void shouldDecodeEveryRotationWithComponentsInZeroHalfRootTwoOrOneExactly()
    {
        final List<float[]> rotations = axisAlignedRotations();
        assertEquals(32, rotations.size()); // 16 rotations, each as q and -q
        for (int bits = SmallestThree.MIN_BITS_PER_COMPONENT; bits <= SmallestThree.MAX_BITS_PER_COMPONENT; bits++)
        {
            final SmallestThree codec = new SmallestThree(bits);
            for (final float[] q : rotations)
            {
                assertExactUpToSign(q, roundTrip(codec, q[0], q[1], q[2], q[3]), bits);
            }
        }
    }

    @Test
    void shouldDecodeComposedAxisRotationsExactly()
    {
        final double h = Math.sqrt(0.5);
        final double[] x180 = {1, 0, 0, 0};
        final double[] x90 = {h, 0, 0, h};
        final double[] y90 = {0, h, 0, h};
        final double[] z90 = {0, 0, h, h};
        final double[] zMinus90 = {0, 0, -h, h};
        final double[][] composed =
        {
            multiply(z90, x180), multiply(x180, z90), multiply(zMinus90, x180), multiply(y90, multiply(x180, y90)),
            multiply(z90, z90), multiply(x90, x90), multiply(multiply(x90, x90), multiply(z90, z90)),
            multiply(y90, multiply(y90, x180)),
        };
        for (final int bits : new int[]{8, 9, 11, 15, 20})
        {
            final SmallestThree codec = new SmallestThree(bits);
            for (final double[] exact : composed)
            {
                // the float of each exact component (the double product is within 1e-16 of it)
                final float[] q = {(float)exact[0], (float)exact[1], (float)exact[2], (float)exact[3]};
                assertExactUpToSign(q, roundTrip(codec, q[0], q[1], q[2], q[3]), bits);
            }
        }
    }

    @Test
    void shouldPickTheLowestIndexAmongEqualLargestComponents()
    {
        final SmallestThree codec = new SmallestThree(9);
        final int[] codes = new int[4];
        codec.encode(0.5f, 0.5f, 0.5f, 0.5f, codes, 0);
        assertEquals(0, codes[0]);
        codec.encode(0.0f, -0.6f, 0.6f, 0.1f, codes, 0);
        assertEquals(1, codes[0]);
        codec.encode(0.1f, 0.0f, -0.6f, 0.6f, codes, 0);
        assertEquals(2, codes[0]);
        codec.encode(S, 0, 0, -S, codes, 0);
        assertEquals(0, codes[0]);
        assertEquals(0, codes[3]); // w sent as -1/sqrt2 exactly: the lowest code
        final int[] negated = new int[4];
        codec.encode(-S, 0, 0, S, negated, 0);
        assertArrayEquals(codes, negated);
    }

    @Test
    void shouldNeverOverflowAComponentAtOrAboveOneOverRootTwo()
    {
        final float[] nearHalfRootTwo = {S, Math.nextUp(S), Math.nextDown(S), Math.nextUp(Math.nextUp(S)), 0.7071068f,
            0.70710677f, 0.7071067f, 1.0f, 1e20f};
        for (final int bits : new int[]{2, 3, 8, 9, 15, 20, 24, 30})
        {
            final SmallestThree codec = new SmallestThree(bits);
            final double bound = SmallestThree.maxAngleErrorRadians(bits);
            final int[] codes = new int[4];
            final float[] decoded = new float[4];
            for (final float a : nearHalfRootTwo)
            {
                for (final float b : nearHalfRootTwo)
                {
                    for (int position = 0; position < 6; position++)
                    {
                        final float[] q = new float[4];
                        final int i = position < 3 ? 0 : position - 2;
                        final int j = position < 3 ? position + 1 : (position == 5 ? 1 : 3);
                        q[i] = a;
                        q[j] = -b;
                        codec.encode(q, 0, codes, 0);
                        for (int c = 1; c < 4; c++)
                        {
                            assertTrue(codes[c] >= 0 && codes[c] <= codec.maxCode(), "bits " + bits);
                        }
                        codec.decode(codes, 0, decoded, 0);
                        assertTrue(RotationError.angleRadians(q, decoded) <= bound);
                    }
                }
            }
        }
    }

    @Test
    void shouldSendUnnormalizableInputAsIdentity()
    {
        final SmallestThree codec = new SmallestThree(11);
        final float[] identity = {0, 0, 0, 1};
        assertArrayEquals(identity, roundTrip(codec, 0, 0, 0, 0));
        assertArrayEquals(identity, roundTrip(codec, -0.0f, 0, -0.0f, 0));
        assertArrayEquals(identity, roundTrip(codec, Float.NaN, 0, 0, 1));
        assertArrayEquals(identity, roundTrip(codec, 0, 1, Float.POSITIVE_INFINITY, 0));
        assertArrayEquals(identity, roundTrip(codec, Float.NEGATIVE_INFINITY, 0, 0, 0));
    }

    @Test
    void shouldNormalizeSubnormalAndHugeInputs()
    {
        final SmallestThree codec = new SmallestThree(11);
        assertArrayEquals(new float[]{0, 1, 0, 0}, roundTrip(codec, 0, Float.MIN_VALUE, 0, 0));
        assertArrayEquals(new float[]{S, 0, 0, S}, roundTrip(codec, Float.MAX_VALUE, 0, 0, Float.MAX_VALUE));
        assertArrayEquals(new float[]{0, 0, S, S}, roundTrip(codec, 0, 0, -Float.MIN_VALUE, -Float.MIN_VALUE));
    }

    @Test
    void shouldStayWithinTheDocumentedBoundOnRandomAndAdversarialRotations()
    {
        for (int bits = 4; bits <= SmallestThree.MAX_BITS_PER_COMPONENT; bits++)
        {
            final SmallestThree codec = new SmallestThree(bits);
            final double observed =
                SmallestThreeErrorSurvey.observedMaxRadians(codec, new Random(bits), 20_000, 20_000);
            final double bound = SmallestThree.maxAngleErrorRadians(bits);
            assertTrue(observed <= bound, "bits " + bits + ": observed " + observed + " > bound " + bound);
            if (bits >= 8 && bits <= 16)
            {
                assertTrue(observed > 0.9 * bound, "bits " + bits + ": the bound is loose or the survey weak: " +
                    observed + " vs " + bound);
            }
        }
    }

    @Test
    void shouldReencodeADecodedRotationToTheSameCodesUnlessItsLargestComponentMoved()
    {
        // Known limit of the scheme (see the class comment): near a tie for the largest component, the rebuilt
        // component can come out smaller than a sent one, and re-encoding picks the other index. This pins
        // both that it is the only way re-encoding differs and how rare it is.
        final int[] expectedMaxPerMillion = {0, 0, 0, 0, 0, 0, 0, 0, 4000, 2000, 0, 500, 0, 0, 0, 40};
        for (final int bits : new int[]{8, 9, 11, 15})
        {
            final SmallestThree codec = new SmallestThree(bits);
            final Random random = new Random(bits);
            final int[] codes = new int[4];
            final int[] again = new int[4];
            final float[] q = new float[4];
            final int count = 200_000;
            int changed = 0;
            for (int i = 0; i < count; i++)
            {
                SmallestThreeErrorSurvey.randomRotation(random, q);
                codec.encode(q, 0, codes, 0);
                codec.decode(codes, 0, q, 0);
                codec.encode(q, 0, again, 0);
                if (!java.util.Arrays.equals(codes, again))
                {
                    assertTrue(codes[0] != again[0], "bits " + bits + ": same index, different codes");
                    changed++;
                }
            }
            assertTrue(changed * (1_000_000L / count) <= expectedMaxPerMillion[bits],
                "bits " + bits + ": " + changed + " of " + count + " re-encode differently");
        }
    }

    @Test
    void shouldFailTheReaderOnTheAllOnesComponentCodeWithoutThrowing()
    {
        for (final int bits : new int[]{2, 9, 15, 30})
        {
            for (int field = 0; field < 3; field++)
            {
                final SmallestThree codec = new SmallestThree(bits);
                final UnsafeBuffer buffer = new UnsafeBuffer(new byte[16]);
                final BitWriter writer = new BitWriter(buffer, 0, 16);
                writer.writeBits(2, 2);
                for (int i = 0; i < 3; i++)
                {
                    writer.writeBits(i == field ? (1 << bits) - 1 : codec.zeroCode(), bits);
                }
                writer.flush();

                final int[] codes = {9, 9, 9, 9};
                final BitReader reader = new BitReader(buffer, 0, 16);
                codec.serialize(reader, codes, 0);
                assertTrue(reader.isFailed(), "bits " + bits + " field " + field);
                codec.decode(codes, 0, new float[4], 0); // placeholders stay decodable
            }
        }
    }

    @Test
    void shouldFailTheReaderOnTruncatedInputWithoutThrowing()
    {
        final SmallestThree codec = new SmallestThree(15);
        final int[] codes = new int[4];
        codec.encode(0.1f, 0.2f, 0.3f, 0.9f, codes, 0);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[8]);
        final BitWriter writer = new BitWriter(buffer, 0, 8);
        codec.serialize(writer, codes, 0);
        writer.flush();
        final BitReader reader = new BitReader(buffer, 0, 5); // 47 bits need 6 bytes
        codec.serialize(reader, codes, 0);
        assertTrue(reader.isFailed());
        codec.decode(codes, 0, new float[4], 0);
    }

    @Test
    void shouldRejectMisuse()
    {
        assertThrows(IllegalArgumentException.class, () -> new SmallestThree(1));
        assertThrows(IllegalArgumentException.class, () -> new SmallestThree(31));
        assertThrows(IllegalArgumentException.class, () -> SmallestThree.maxAngleErrorRadians(0));
        final SmallestThree codec = new SmallestThree(9);
        assertThrows(IllegalArgumentException.class, () -> codec.decode(new int[]{4, 0, 0, 0}, 0, new float[4], 0));
        assertThrows(IllegalArgumentException.class, () -> codec.decode(new int[]{0, 511, 0, 0}, 0, new float[4], 0));
        assertThrows(IllegalArgumentException.class, () -> codec.decode(new int[]{0, 0, 0, -1}, 0, new float[4], 0));
        assertThrows(IllegalArgumentException.class,
            () -> codec.serialize(new BitMeasure(), new int[]{0, 0, 511, 0}, 0));
    }

    private static float[] roundTrip(
        final SmallestThree codec, final float x, final float y, final float z, final float w)
    {
        final int[] codes = new int[5];
        codec.encode(x, y, z, w, codes, 1);
        final float[] decoded = new float[4];
        codec.decode(codes, 1, decoded, 0);
        return decoded;
    }

    private static void assertExactUpToSign(final float[] expected, final float[] actual, final int bits)
    {
        final boolean same = expected[0] == actual[0] && expected[1] == actual[1] && expected[2] == actual[2] &&
            expected[3] == actual[3];
        final boolean negated = expected[0] == -actual[0] && expected[1] == -actual[1] &&
            expected[2] == -actual[2] && expected[3] == -actual[3];
        assertTrue(same || negated, "bits " + bits + ": " + java.util.Arrays.toString(expected) + " decoded as " +
            java.util.Arrays.toString(actual));
    }

    /** Every unit quaternion with components in {0, +-1/sqrt2, +-1}: one +-1, or two +-1/sqrt2. */
    static List<float[]> axisAlignedRotations()
    {
        final List<float[]> rotations = new ArrayList<>();
        for (int i = 0; i < 4; i++)
        {
            for (final float sign : new float[]{1, -1})
            {
                final float[] q = new float[4];
                q[i] = sign;
                rotations.add(q);
            }
        }
        for (int i = 0; i < 4; i++)
        {
            for (int j = i + 1; j < 4; j++)
            {
                for (final float si : new float[]{1, -1})
                {
                    for (final float sj : new float[]{1, -1})
                    {
                        final float[] q = new float[4];
                        q[i] = si * S;
                        q[j] = sj * S;
                        rotations.add(q);
                    }
                }
            }
        }
        return rotations;
    }

    /** Hamilton product a * b (apply b, then a), (x, y, z, w) order. */
    static double[] multiply(final double[] a, final double[] b)
    {
        return new double[]
        {
            a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
        };
    }
}
