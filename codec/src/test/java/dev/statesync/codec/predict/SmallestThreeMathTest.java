package dev.statesync.codec.predict;

import dev.statesync.codec.snapshot.DoubleQuaternions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import dev.statesync.codec.quantize.SmallestThree;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/** The integer smallest-three maths: constants, conversions, quaternion operations and re-expression. */
class SmallestThreeMathTest
{
    private static final double ULP = 1.0 / SmallestThreeMath.ONE_Q30;

    /** Signed codes of a rotation as {@code SmallestThree} (the real encoder, from floats) gives them. */
    static int[] encode(final int bits, final double[] q)
    {
        final SmallestThree codec = new SmallestThree(bits);
        final int[] codes = new int[4];
        codec.encode((float)q[0], (float)q[1], (float)q[2], (float)q[3], codes, 0);
        for (int i = 1; i < 4; i++)
        {
            codes[i] -= codec.zeroCode();
        }
        return codes;
    }

    static int halfRange(final int bits)
    {
        return (1 << (bits - 1)) - 1;
    }

    private static long[] toQ30(final double[] q)
    {
        final long[] fixed = new long[4];
        for (int i = 0; i < 4; i++)
        {
            fixed[i] = Math.round(q[i] * SmallestThreeMath.ONE_Q30);
        }
        return fixed;
    }

    private static void assertNear(final double[] expected, final long[] actualQ30, final double toleranceUlps)
    {
        for (int i = 0; i < 4; i++)
        {
            final double error = Math.abs(expected[i] - actualQ30[i] * ULP) / ULP;
            assertTrue(error <= toleranceUlps, "component " + i + " off by " + error + " Q30 units");
        }
    }

    @Example
    void constantsAreTheCorrectlyRoundedIrrationals()
    {
        assertEquals(roundedSqrt(BigInteger.ONE.shiftLeft(123)), SmallestThreeMath.INV_SQRT2_Q62, "2^61.5");
        assertEquals(roundedSqrt(BigInteger.ONE.shiftLeft(125)), SmallestThreeMath.SQRT2_Q62, "2^62.5");
    }

    private static long roundedSqrt(final BigInteger value)
    {
        final BigInteger root = value.sqrt();
        return value.subtract(root.multiply(root)).compareTo(root) > 0 ? root.longValueExact() + 1 : root.longValueExact();
    }

    @Property(tries = 2000)
    void reexpressingToTheOwnLargestIndexIsTheIdentity(
        @ForAll final long seed, @ForAll @IntRange(min = 4, max = 24) final int bits)
    {
        final int h = halfRange(bits);
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] record = {random.nextInt(4), random.nextInt(-h, h + 1), random.nextInt(-h, h + 1),
            random.nextInt(-h, h + 1)};
        final int[] out = new int[3];
        SmallestThreeMath.reexpress(h, record, 0, record[0], out, 0);
        assertArrayEquals(new int[]{record[1], record[2], record[3]}, out);
    }

    @Property(tries = 3000)
    void reexpressedCodesStayInRangeForAnyCodes(
        @ForAll final long seed,
        @ForAll @IntRange(min = 4, max = 24) final int bits,
        @ForAll @IntRange(min = 0, max = 3) final int target)
    {
        // Includes codes no unit quaternion has (all three at +-H: the omitted component's radicand is negative).
        final int h = halfRange(bits);
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] record = new int[4];
        record[0] = random.nextInt(4);
        for (int i = 1; i < 4; i++)
        {
            record[i] = random.nextInt(4) == 0 ? (random.nextBoolean() ? h : -h) : random.nextInt(-h, h + 1);
        }
        final int[] out = new int[3];
        SmallestThreeMath.reexpress(h, record, 0, target, out, 0);
        for (final int code : out)
        {
            assertTrue(code >= -h && code <= h, "code " + code + " outside +-" + h);
        }
    }

    /**
     * The use the codec makes of it: the prediction is an earlier or predicted rotation, the actual one has
     * moved a little and now has another largest component. Re-expressing the prediction in the actual largest
     * index lands near the actual codes: each code of the prediction is off by the motion plus half a code of
     * rounding, and the rebuilt component by at most about two codes (its derivative with respect to each code
     * is at most 1 because it is the largest), plus half a code of rounding in the actual codes.
     */
    @Property(tries = 4000)
    void reexpressingToTheLargestOfANearbyRotationLandsNearItsCodes(
        @ForAll final long seed, @ForAll @IntRange(min = 0, max = 5) final int bitsChoice)
    {
        final int bits = new int[]{4, 6, 9, 12, 15, 20}[bitsChoice];
        final int h = halfRange(bits);
        final SplittableRandom random = new SplittableRandom(seed);
        final double[] q = nearTie(random);
        final double codeAngle = 2 / (h * Math.sqrt(2));
        final double[] moved = DoubleQuaternions.multiply(
            DoubleQuaternions.exp(DoubleQuaternions.randomRotationVector(random, random.nextDouble(3) * codeAngle), 1), q);

        final int[] predicted = encode(bits, q);
        final int[] actual = encode(bits, moved);
        final int[] out = new int[3];
        SmallestThreeMath.reexpress(h, predicted, 0, actual[0], out, 0);

        final double sign = Math.signum(DoubleQuaternions.dot(q, moved));
        double motionCodes = 0;
        for (int i = 0; i < 4; i++)
        {
            motionCodes = Math.max(motionCodes, Math.abs(sign * q[i] - moved[i]) * h * Math.sqrt(2));
        }
        final double bound = motionCodes + 3;
        for (int i = 0; i < 3; i++)
        {
            assertTrue(Math.abs(out[i] - actual[i + 1]) <= bound, "code " + i + ": re-expressed " + out[i] +
                ", actual " + actual[i + 1] + ", bound " + bound + " at " + bits + " bits");
        }
        Statistics.label("largest index changed").collect(predicted[0] != actual[0]);
        Statistics.label("largest index changed").coverage(
            checker -> checker.check(true).percentage(p -> p > 10));
    }

    /** A random rotation whose two largest components are nearly tied (half the time with opposite signs). */
    private static double[] nearTie(final SplittableRandom random)
    {
        final double[] q = DoubleQuaternions.random(random);
        final int first = random.nextInt(4);
        final int second = (first + 1 + random.nextInt(3)) % 4;
        double magnitude = 0;
        for (final double component : q)
        {
            magnitude = Math.max(magnitude, Math.abs(component) + 0.1);
        }
        q[first] = magnitude * (random.nextBoolean() ? 1 : -1);
        q[second] = magnitude * (1 + (random.nextDouble() - 0.5) * 0.01) * (random.nextBoolean() ? 1 : -1);
        return DoubleQuaternions.normalized(q);
    }

    @Example
    void reexpressesExactTiesExactly()
    {
        final int h = 255;
        final int[] out = new int[3];

        // 90 degrees about z, (0, 0, 1/sqrt2, 1/sqrt2): the encoder picks z; as w-largest it is (0, 0, H).
        SmallestThreeMath.reexpress(h, new int[]{2, 0, 0, h}, 0, 3, out, 0);
        assertArrayEquals(new int[]{0, 0, h}, out);
        // -90 degrees about z, (0, 0, -1/sqrt2, 1/sqrt2): the encoder negates to make z positive, so w = -H;
        // as w-largest, w must be positive again and z is -H.
        SmallestThreeMath.reexpress(h, new int[]{2, 0, 0, -h}, 0, 3, out, 0);
        assertArrayEquals(new int[]{0, 0, -h}, out);
        // And back.
        SmallestThreeMath.reexpress(h, new int[]{3, 0, 0, -h}, 0, 2, out, 0);
        assertArrayEquals(new int[]{0, 0, -h}, out);

        // 120 degrees about the diagonal, all components 1/2 = 180.3 codes: the rebuilt one is 181.2.
        SmallestThreeMath.reexpress(h, new int[]{0, 180, 180, 180}, 0, 3, out, 0);
        assertArrayEquals(new int[]{181, 180, 180}, out);
    }

    /**
     * Re-expressing in the second-largest index and back. Only between near-tied components, and only where
     * nothing clamps: in any other index the old largest component exceeds 1/sqrt2, clamps to {@code H},
     * and the way back cannot recover it.
     */
    @Property(tries = 2000)
    void reexpressingThereAndBackBetweenNearTiedComponentsMovesACodeByAtMostTwo(
        @ForAll final long seed, @ForAll @IntRange(min = 4, max = 24) final int bits)
    {
        final int h = halfRange(bits);
        final double[] q = nearTie(new SplittableRandom(seed));
        final int[] record = encode(bits, q);
        int target = record[0] == 0 ? 1 : 0;
        for (int i = 0; i < 4; i++)
        {
            if (i != record[0] && Math.abs(q[i]) > Math.abs(q[target]))
            {
                target = i;
            }
        }
        final int[] there = {target, 0, 0, 0};
        SmallestThreeMath.reexpress(h, record, 0, target, there, 1);
        Assume.that(Math.abs(there[1]) < h && Math.abs(there[2]) < h && Math.abs(there[3]) < h);
        final int[] back = new int[3];
        SmallestThreeMath.reexpress(h, there, 0, record[0], back, 0);
        for (int i = 0; i < 3; i++)
        {
            assertTrue(Math.abs(back[i] - record[i + 1]) <= 2, "there " + there[i + 1] + " back " + back[i]);
        }
    }

    @Property(tries = 3000)
    void codesRoundTripThroughQ30UnlessTheLargestIsTied(
        @ForAll final long seed, @ForAll @IntRange(min = 4, max = 24) final int bits)
    {
        final int h = halfRange(bits);
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] record = encode(bits, random.nextInt(4) == 0 ? nearTie(random) : DoubleQuaternions.random(random));
        final long[] q = new long[4];
        SmallestThreeMath.toQuaternion(h, record, 0, q, 0);
        final double[] reference = DoubleQuaternions.fromCodes(h, record, 0);
        assertNear(reference, q, 2);

        final int[] back = new int[4];
        SmallestThreeMath.toCodes(h, q, 0, back, 0);
        final int[] expected = DoubleQuaternions.toCodes(h, reference);
        final boolean tie = DoubleQuaternions.largestMargin(reference) < 4 * ULP;
        // Near a tie the codes can overshoot the rebuilt component, which then is not the largest: both this
        // and SmallestThree re-encode that in the index of the component that is.
        final boolean moved = expected[0] != record[0];
        if (!tie && !moved)
        {
            assertArrayEquals(record, back);
        }
        else if (!tie)
        {
            assertEquals(expected[0], back[0]);
            for (int i = 1; i < 4; i++)
            {
                assertTrue(Math.abs(back[i] - expected[i]) <= 1, "code " + back[i] + " expected " + expected[i]);
            }
        }
        Statistics.label("tie").collect(tie);
        Statistics.label("largest moved").collect(moved);
    }

    @Property(tries = 2000)
    void toCodesMatchesTheDoubleEncoderOffRoundingBoundaries(
        @ForAll final long seed, @ForAll @IntRange(min = 4, max = 24) final int bits)
    {
        final int h = halfRange(bits);
        final double[] q = DoubleQuaternions.random(new SplittableRandom(seed));
        final int[] codes = new int[4];
        SmallestThreeMath.toCodes(h, toQ30(q), 0, codes, 0);
        final int[] expected = DoubleQuaternions.toCodes(h, q);
        assertEquals(expected[0], codes[0]);
        for (int i = 1; i < 4; i++)
        {
            // Q30 input is off by half a unit: a code may differ only where the value is that close to a midpoint.
            assertTrue(Math.abs(codes[i] - expected[i]) <= 1);
        }
        final int[] negated = new int[4];
        SmallestThreeMath.toCodes(h, toQ30(new double[]{-q[0], -q[1], -q[2], -q[3]}), 0, negated, 0);
        assertArrayEquals(codes, negated, "q and -q give the same codes");
    }

    @Property(tries = 2000)
    void multiplyConjugateAndNormalizeAgreeWithDoubles(@ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final double[] a = DoubleQuaternions.random(random);
        final double[] b = DoubleQuaternions.random(random);
        final long[] q = new long[12];
        System.arraycopy(toQ30(a), 0, q, 0, 4);
        System.arraycopy(toQ30(b), 0, q, 4, 4);

        SmallestThreeMath.multiply(q, 0, q, 4, q, 8);
        assertNear(DoubleQuaternions.multiply(a, b), new long[]{q[8], q[9], q[10], q[11]}, 2.5);

        SmallestThreeMath.conjugate(q, 4);
        SmallestThreeMath.multiply(q, 4, q, 4, q, 4);
        final double[] conjugateSquared = DoubleQuaternions.multiply(DoubleQuaternions.conjugate(b),
            DoubleQuaternions.conjugate(b));
        assertNear(conjugateSquared, new long[]{q[4], q[5], q[6], q[7]}, 2.5);

        final double scale = 0.25 + random.nextDouble(1.7);
        final long[] scaled = new long[4];
        for (int i = 0; i < 4; i++)
        {
            scaled[i] = Math.round(a[i] * scale * SmallestThreeMath.ONE_Q30);
        }
        SmallestThreeMath.normalize(scaled, 0);
        // The scaled input is itself rounded (half a unit, relative 1/(2 * scale) after normalizing).
        assertNear(a, scaled, 1.5 + 1 / scale);
    }

    @Example
    void normalizingZeroGivesTheIdentity()
    {
        final long[] q = new long[4];
        SmallestThreeMath.normalize(q, 0);
        assertArrayEquals(new long[]{0, 0, 0, SmallestThreeMath.ONE_Q30}, q);
    }

    /**
     * Square-and-multiply for the whole part and repeated square roots for the fraction. Each product, root
     * and normalization rounds to about a Q30 unit (up to 32 of them for the fraction, about
     * {@code 2 log2(exponent)} for the whole part), and the base's own rounding to Q30 (half a unit per
     * component) is multiplied by the exponent: bounded here by {@code 24 + 4 * exponent} units (observed up
     * to {@code 9 + 4 * exponent} with a fraction, {@code 1.2 * exponent} without).
     */
    @Property(tries = 2000)
    void powerAgreesWithAxisAngle(
        @ForAll final long seed, @ForAll @IntRange(min = 0, max = 32 << 16) final int exponentQ16)
    {
        final double[] base = DoubleQuaternions.random(new SplittableRandom(seed));
        final long[] q = new long[12];
        System.arraycopy(toQ30(base), 0, q, 0, 4);
        SmallestThreeMath.power(q, 0, exponentQ16, 4, 8);
        final double exponent = exponentQ16 / 65536.0;
        final double[] expected = DoubleQuaternions.power(base, exponent);
        // q and -q are the same rotation; the powers are compared as quaternions after aligning signs.
        final double sign = Math.signum(expected[0] * q[4] + expected[1] * q[5] + expected[2] * q[6] + expected[3] * q[7]);
        assertNear(new double[]{sign * expected[0], sign * expected[1], sign * expected[2], sign * expected[3]},
            new long[]{q[4], q[5], q[6], q[7]}, 24 + 4 * exponent);
        assertArrayEquals(toQ30(base), new long[]{q[0], q[1], q[2], q[3]}, "the base is left unchanged");
    }
}
