package dev.statesync.codec.predict;

import dev.statesync.codec.snapshot.DoubleQuaternions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import dev.statesync.codec.AllocationMeter;
import dev.statesync.codec.quantize.SmallestThree;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/** {@link SmallestThreeMath#extrapolate}: against doubles, against constant angular velocity, and pinned. */
class RotationExtrapolationTest
{
    private static final Integer[] BITS = {6, 9, 12, 15};

    /**
     * Two baselines {@code d} ticks apart of a body turning at a constant rate, and its rotation {@code h}
     * ticks after the newest, quantized at {@code bits}.
     */
    private record Motion(int bits, int h, int d, int[] older, int[] newest, int[] future)
    {
        static Motion of(final SplittableRandom random, final int bits, final int d, final int h, final double maxRadPerTick)
        {
            final double[] q0 = DoubleQuaternions.random(random);
            final double[] rate = DoubleQuaternions.randomRotationVector(random, random.nextDouble(maxRadPerTick));
            return new Motion(bits, h, d, SmallestThreeMathTest.encode(bits, q0),
                SmallestThreeMathTest.encode(bits, DoubleQuaternions.multiply(DoubleQuaternions.exp(rate, d), q0)),
                SmallestThreeMathTest.encode(bits, DoubleQuaternions.multiply(DoubleQuaternions.exp(rate, d + h), q0)));
        }

        int halfRange()
        {
            return SmallestThreeMathTest.halfRange(bits);
        }

        /** @return the extrapolation from the two baselines. */
        int[] extrapolated()
        {
            final int[] out = new int[4];
            SmallestThreeMath.extrapolate(halfRange(), newest, 0, h, older, 0, h + d, out, 0);
            return out;
        }
    }

    /** Up to 0.3 rad per tick, 6 to 15 bits, 1 to 12 ticks ahead of baselines 1 to 3 ticks apart. */
    @Provide
    Arbitrary<Motion> motions()
    {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.of(BITS), Arbitraries.integers().between(1, 12),
            Arbitraries.integers().between(1, 3))
            .as((seed, bits, h, d) -> Motion.of(new SplittableRandom(seed), bits, d, h, 0.3));
    }

    /** The codes of {@code record} re-expressed in the largest index of {@code target}, as the codec will. */
    private static int[] inIndexOf(final int bits, final int[] record, final int[] target)
    {
        final int[] out = {target[0], 0, 0, 0};
        SmallestThreeMath.reexpress(SmallestThreeMathTest.halfRange(bits), record, 0, target[0], out, 1);
        return out;
    }

    /**
     * The same computation in doubles (axis-angle power, exact exponent) from the same codes. The fixed-point
     * result differs by a few hundred Q30 units at most, thousands of times less than a 15-bit code, so a
     * code differs by at most one where the value sits at a rounding midpoint, and the largest index only where
     * two components are within a few codes of each other.
     */
    @Property(tries = 3000)
    void agreesWithADoublePrecisionReference(@ForAll("motions") final Motion motion)
    {
        final int bits = motion.bits;
        final int halfRange = motion.halfRange();
        final int h = motion.h;
        final int d = motion.d;
        final int[] actual = motion.extrapolated();

        final double[] newest = DoubleQuaternions.fromCodes(halfRange, motion.newest, 0);
        final double[] older = DoubleQuaternions.fromCodes(halfRange, motion.older, 0);
        final double sign = DoubleQuaternions.dot(newest, older) < 0 ? -1 : 1;
        final double[] delta = DoubleQuaternions.normalized(DoubleQuaternions.multiply(newest,
            DoubleQuaternions.conjugate(new double[]{sign * older[0], sign * older[1], sign * older[2], sign * older[3]})));
        final double exponent = Math.min(SmallestThreeMath.MAX_EXTRAPOLATION_POWER, h / (double)d);
        final double[] predicted = DoubleQuaternions.normalized(
            DoubleQuaternions.multiply(DoubleQuaternions.power(delta, exponent), newest));
        final int[] expected = DoubleQuaternions.toCodes(halfRange, predicted);

        final boolean sameLargest = expected[0] == actual[0];
        if (!sameLargest)
        {
            assertTrue(DoubleQuaternions.largestMargin(predicted) < 3 / (halfRange * Math.sqrt(2)),
                "largest index " + actual[0] + ", expected " + expected[0] + " away from a tie");
        }
        final int[] comparable = sameLargest ? actual : inIndexOf(bits, actual, expected);
        for (int i = 1; i < 4; i++)
        {
            assertTrue(Math.abs(comparable[i] - expected[i]) <= (sameLargest ? 1 : 2),
                "code " + comparable[i] + ", expected " + expected[i] + " at " + bits + " bits");
        }
        Statistics.label("exponent").collect(h % d == 0 ? "whole" : "fraction");
        Statistics.label("baselines' largest index").collect(motion.newest[0] == motion.older[0] ? "same" : "differs");
        Statistics.label("exponent").coverage(checker -> checker.check("fraction").percentage(p -> p > 20));
        Statistics.label("baselines' largest index").coverage(checker -> checker.check("differs").percentage(p -> p > 5));
    }

    /**
     * Baselines 1 to 9 ticks apart and 1 to 3 ticks ahead: the fractional exponents an unacked reference gives (a
     * newest baseline 1 tick old, the acked one about 8).
     */
    @Provide
    Arbitrary<Motion> shortHorizons()
    {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.of(BITS), Arbitraries.integers().between(1, 3),
            Arbitraries.integers().between(1, 9))
            .as((seed, bits, h, d) -> Motion.of(new SplittableRandom(seed), bits, d, h, 0.3));
    }

    /**
     * {@link SmallestThreeMath#extrapolate} keeps only the exponent's fraction bits the delta's angle needs (fewer
     * square roots): against the full 16-bit exponent ({@link SmallestThreeMath#extrapolateByPower}), the codes move
     * by at most one, where a value sits near a rounding midpoint, and are otherwise the same.
     */
    @Property(tries = 3000)
    void fewerExponentBitsMoveACodeByAtMostOne(@ForAll("shortHorizons") final Motion motion)
    {
        final int[] kept = motion.extrapolated();
        final int[] full = new int[4];
        final long exponentQ16 = FixedPoint.divRound((long)motion.h << SmallestThreeMath.EXPONENT_FRACTION_BITS, motion.d);
        SmallestThreeMath.extrapolateByPower(motion.halfRange(), motion.newest, 0, motion.older, 0, exponentQ16, full, 0);
        final int[] comparable = kept[0] == full[0] ? kept : inIndexOf(motion.bits, kept, full);
        int moved = 0;
        for (int i = 1; i < 4; i++)
        {
            final int difference = Math.abs(comparable[i] - full[i]);
            assertTrue(difference <= (kept[0] == full[0] ? 1 : 2),
                "code " + comparable[i] + " against " + full[i] + " at " + motion.bits + " bits, h/d " + motion.h + "/" + motion.d);
            moved += difference;
        }
        Statistics.label("codes").collect(moved == 0 ? "same" : "moved");
        Statistics.label("exponent").collect(motion.h % motion.d == 0 ? "whole" : "fraction");
        Statistics.label("exponent").coverage(checker -> checker.check("fraction").percentage(p -> p > 50));
    }

    /**
     * Against the true future of a body at constant angular velocity. The prediction is exact for the exact
     * baselines, so all its error is the baselines' quantization carried forward: with {@code t = h/d}, each
     * baseline is off by at most {@code B = SmallestThree.maxAngleErrorRadians}, the per-{@code d} rotation by
     * {@code 2B}, its {@code t}-th power by {@code 2tB}, the prediction by {@code (1 + 2t) B}; an angle
     * {@code e} moves a component by at most {@code e/2}, which is {@code e/2 * H sqrt2} codes; the two
     * encodings add half a code each and re-expressing into the future's largest index up to two more.
     */
    @Property(tries = 3000)
    void landsWithinTheQuantizationBoundOfTheTrueFuture(@ForAll("motions") final Motion motion)
    {
        final int bits = motion.bits;
        final int halfRange = motion.halfRange();
        final int[] predicted = inIndexOf(bits, motion.extrapolated(), motion.future);
        final double t = motion.h / (double)motion.d;
        final double bound = (1 + 2 * t) * SmallestThree.maxAngleErrorRadians(bits) / 2 * halfRange * Math.sqrt(2) + 3;
        for (int i = 1; i < 4; i++)
        {
            assertTrue(Math.abs(predicted[i] - motion.future[i]) <= bound,
                "predicted " + predicted[i] + ", future " + motion.future[i] + ", bound " + bound);
        }
    }

    /**
     * On average no worse than quantization noise allows. To first order the prediction is
     * {@code (1 + t) * newest - t * older} per code, each rounded uniformly by up to half a code, and the
     * future is rounded too, so the error has standard deviation {@code sqrt(((1 + t)^2 + t^2 + 1) / 12)} and
     * mean magnitude {@code sqrt(2/pi)} times that. Any systematic error of the fixed-point maths would show
     * up on top of it (10% slack for the sample); holding the rotation is far worse.
     */
    @Example
    void meanErrorIsTheQuantizationNoiseCarriedForward()
    {
        for (final int bits : new int[]{9, 15})
        {
            for (final int[] ages : new int[][]{{1, 1}, {1, 2}, {3, 2}, {7, 1}, {12, 1}})
            {
                final int h = ages[0];
                final int d = ages[1];
                final SplittableRandom random = new SplittableRandom(31L * bits + h * 7L + d);
                double extrapolatedSum = 0;
                double heldSum = 0;
                final int samples = 4000;
                for (int s = 0; s < samples; s++)
                {
                    final Motion motion = Motion.of(random, bits, d, h, 0.3);
                    final int[] predicted = inIndexOf(bits, motion.extrapolated(), motion.future);
                    final int[] held = inIndexOf(bits, motion.newest, motion.future);
                    for (int i = 1; i < 4; i++)
                    {
                        extrapolatedSum += Math.abs(predicted[i] - motion.future[i]);
                        heldSum += Math.abs(held[i] - motion.future[i]);
                    }
                }
                final double t = h / (double)d;
                final double noise = Math.sqrt(((1 + t) * (1 + t) + t * t + 1) / 12) * Math.sqrt(2 / Math.PI);
                final double mean = extrapolatedSum / (3.0 * samples);
                assertTrue(mean <= 1.1 * noise, "mean error " + mean + " codes vs noise " + noise + " at " + bits +
                    " bits, h " + h + ", d " + d);
                assertTrue(mean * 10 < heldSum / (3.0 * samples), "holding is worse by far");
            }
        }
    }

    @Example
    void identicalBaselinesHoldTheNewestCodesExactly()
    {
        // Codes at a tie for the largest, where a round trip through Q30 could pick the other index.
        final int[] codes = {0, 180, 180, 180};
        final int[] out = new int[4];
        SmallestThreeMath.extrapolate(255, codes, 0, 7, codes.clone(), 0, 8, out, 0);
        assertArrayEquals(codes, out);
    }

    /**
     * Pins a few outputs (whole and fractional exponents, a clamped one, baselines in different largest
     * indices, 9 and 15 bits) so an accidental change to any rounding shows up: both ends of a connection must
     * keep computing exactly these.
     */
    @Example
    void goldenValues()
    {
        final int[] out = new int[4];

        SmallestThreeMath.extrapolate(255, new int[]{3, 40, -20, 100}, 0, 7, new int[]{3, 35, -18, 96}, 0, 8, out, 0);
        assertArrayEquals(new int[]{3, 74, -34, 127}, out, "9 bits, h 7, d 1");

        SmallestThreeMath.extrapolate(255, new int[]{2, 200, -30, 240}, 0, 6, new int[]{3, 190, -35, 250}, 0, 8, out, 0);
        assertArrayEquals(new int[]{3, 143, -4, -93}, out, "9 bits, largest index differs, h 6, d 2");

        SmallestThreeMath.extrapolate(255, new int[]{1, -120, 60, 5}, 0, 7, new int[]{1, -110, 64, 0}, 0, 10, out, 0);
        assertArrayEquals(new int[]{1, -143, 50, 17}, out, "9 bits, h 7, d 3: exponent 7/3");

        SmallestThreeMath.extrapolate(16383, new int[]{0, 5000, -7000, 3000}, 0, 40, new int[]{0, 4990, -6980, 3011}, 0, 41,
            out, 0);
        assertArrayEquals(new int[]{0, 5317, -7635, 2646}, out, "15 bits, h 40, d 1: exponent clamped to 32");

        final int[] reexpressed = new int[3];
        // x = sqrt(2 * 16383^2 - 5000^2 - 7000^2 - 15000^2) = 15420.9; w is negative, so all flip.
        SmallestThreeMath.reexpress(16383, new int[]{0, 5000, -7000, -15000}, 0, 3, reexpressed, 0);
        assertArrayEquals(new int[]{-15421, -5000, 7000}, reexpressed, "15 bits, x-largest re-expressed in w");
    }

    @Example
    void extrapolatingAndReexpressingAllocateNothing()
    {
        final int[] newest = {2, 200, -30, 240};
        final int[] older = {3, 190, -35, 250};
        final int[] out = new int[4];
        long checksum = 0;
        for (int warmUp = 0; warmUp < 20_000; warmUp++)
        {
            SmallestThreeMath.extrapolate(255, newest, 0, 1 + warmUp % 9, older, 0, 3 + warmUp % 9, out, 0);
            SmallestThreeMath.reexpress(255, out, 0, warmUp & 3, out, 1);
            checksum += out[1];
        }
        long allocated = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3 && allocated != 0; attempt++)
        {
            final long before = AllocationMeter.allocatedBytes();
            for (int i = 0; i < 10_000; i++)
            {
                SmallestThreeMath.extrapolate(255, newest, 0, 1 + i % 9, older, 0, 3 + i % 9, out, 0);
                SmallestThreeMath.reexpress(255, out, 0, i & 3, out, 1);
                checksum += out[1];
            }
            final long after = AllocationMeter.allocatedBytes();
            // The counter query itself may allocate a little; a leak would be bytes per call, 10 000 calls.
            allocated = after - before < 1024 ? 0 : after - before;
        }
        assertEquals(0, allocated, "allocated bytes (checksum " + checksum + ")");
    }
}
