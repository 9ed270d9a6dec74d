package dev.statesync.codec.predict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The register-resident {@link SmallestThreeMath} extrapolation gives exactly the codes the old array-based one
 * ({@link ReferenceSmallestThreeMath}) gave, on random and nearby baselines of every schema width, any ages and
 * exponents: both ends of a connection predict with it, so a single changed bit would change the bytes on the wire
 * (and every golden digest).
 */
class SmallestThreeMathEquivalenceTest
{
    /** Random valid records (codes anywhere in [-H, H], so many overshoot the unit sphere), any ages. */
    @Property(tries = 20_000)
    void extrapolateEqualsTheOldOneForAnyRecords(
        @ForAll final long seed,
        @ForAll @IntRange(min = 2, max = 24) final int bits,
        @ForAll @IntRange(min = -2, max = 45) final int newestAgeTicks,
        @ForAll @IntRange(min = -2, max = 45) final int spanTicks)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int h = SmallestThreeMathTest.halfRange(bits);
        final int[] newest = randomRecord(random, h);
        final int[] older = randomRecord(random, h);
        assertExtrapolationsEqual(h, newest, older, newestAgeTicks, newestAgeTicks + spanTicks);
    }

    /** Baselines a small turn apart, as a moving body's are: small deltas, whole and fractional exponents. */
    @Property(tries = 20_000)
    void extrapolateEqualsTheOldOneForNearbyBaselines(
        @ForAll final long seed,
        @ForAll @IntRange(min = 2, max = 24) final int bits,
        @ForAll @IntRange(min = 1, max = 40) final int newestAgeTicks,
        @ForAll @IntRange(min = 1, max = 9) final int spanTicks,
        @ForAll @IntRange(min = 0, max = 12) final int turnBits)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int h = SmallestThreeMathTest.halfRange(bits);
        final int[] newest = randomRecord(random, h);
        final int[] older = newest.clone();
        final int turn = Math.max(1, h >> turnBits);
        for (int i = 1; i < 4; i++)
        {
            older[i] = Math.max(-h, Math.min(h, older[i] + random.nextInt(-turn, turn + 1)));
        }
        if (random.nextInt(4) == 0)
        {
            // Re-expressed in another largest index, as a body crossing a smallest-three boundary.
            final int target = random.nextInt(4);
            final int[] codes = new int[3];
            SmallestThreeMath.reexpress(h, older, 0, target, codes, 0);
            older[0] = target;
            System.arraycopy(codes, 0, older, 1, 3);
        }
        assertExtrapolationsEqual(h, newest, older, newestAgeTicks, newestAgeTicks + spanTicks);
    }

    @Property(tries = 20_000)
    void extrapolateByPowerEqualsTheOldOne(
        @ForAll final long seed,
        @ForAll @IntRange(min = 2, max = 24) final int bits,
        @ForAll @IntRange(min = 0, max = 16) final int keptFractionBits,
        @ForAll final boolean nearby)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int h = SmallestThreeMathTest.halfRange(bits);
        final int[] newest = randomRecord(random, h);
        final int[] older = nearby ? newest.clone() : randomRecord(random, h);
        if (nearby)
        {
            final int turn = Math.max(1, h >> random.nextInt(13));
            for (int i = 1; i < 4; i++)
            {
                older[i] = Math.max(-h, Math.min(h, older[i] + random.nextInt(-turn, turn + 1)));
            }
        }
        final int dropped = SmallestThreeMath.EXPONENT_FRACTION_BITS - keptFractionBits;
        // Up to 40 (past the clamp at 32), and now and then zero or negative.
        final long exponentQ16 = random.nextInt(4) == 0 ?
            random.nextLong(-2, 3) : (random.nextLong(40L << keptFractionBits) << dropped);
        final int[] expected = new int[4];
        final int[] actual = new int[4];
        ReferenceSmallestThreeMath.extrapolateByPower(h, newest, 0, older, 0, exponentQ16, expected, 0,
            new long[ReferenceSmallestThreeMath.SCRATCH_LENGTH]);
        SmallestThreeMath.extrapolateByPower(h, newest, 0, older, 0, exponentQ16, actual, 0);
        assertArrayEquals(expected, actual,
            () -> "h " + h + " newest " + Arrays.toString(newest) + " older " + Arrays.toString(older) + " e " + exponentQ16);
    }

    /** The array forms share {@link SmallestThreeMath#normalize}'s new inverse helper: still the old numbers. */
    @Property(tries = 20_000)
    void normalizeAndPowerEqualTheOldOnes(@ForAll final long seed, @ForAll @IntRange(min = 0, max = 31) final int scaleBits)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final long[] q = new long[12];
        final long limit = 1L << scaleBits;
        for (int i = 0; i < 4; i++)
        {
            q[i] = random.nextLong(-limit, limit + 1);
        }
        final long[] expected = q.clone();
        ReferenceSmallestThreeMath.normalize(expected, 0);
        final long[] actual = q.clone();
        SmallestThreeMath.normalize(actual, 0);
        assertArrayEquals(expected, actual, () -> "normalize " + Arrays.toString(q));

        final long exponentQ16 = random.nextLong(33L << SmallestThreeMath.EXPONENT_FRACTION_BITS);
        ReferenceSmallestThreeMath.power(expected, 0, exponentQ16, 4, 8);
        SmallestThreeMath.power(actual, 0, exponentQ16, 4, 8);
        assertArrayEquals(expected, actual, () -> "power " + Arrays.toString(q) + " e " + exponentQ16);
    }

    @Example
    void zeroQuaternionNormalizesToTheIdentityAsBefore()
    {
        final long[] expected = {0, 0, 0, 0};
        final long[] actual = {0, 0, 0, 0};
        ReferenceSmallestThreeMath.normalize(expected, 0);
        SmallestThreeMath.normalize(actual, 0);
        assertArrayEquals(expected, actual);
    }

    private static void assertExtrapolationsEqual(
        final int h, final int[] newest, final int[] older, final int newestAgeTicks, final int olderAgeTicks)
    {
        final int[] expected = new int[4];
        final int[] actual = new int[4];
        ReferenceSmallestThreeMath.extrapolate(h, newest, 0, newestAgeTicks, older, 0, olderAgeTicks, expected, 0,
            new long[ReferenceSmallestThreeMath.SCRATCH_LENGTH]);
        SmallestThreeMath.extrapolate(h, newest, 0, newestAgeTicks, older, 0, olderAgeTicks, actual, 0);
        assertArrayEquals(expected, actual, () -> "h " + h + " newest " + Arrays.toString(newest) + " older " +
            Arrays.toString(older) + " ages " + newestAgeTicks + ", " + olderAgeTicks);
    }

    private static int[] randomRecord(final SplittableRandom random, final int h)
    {
        final int[] record = new int[4];
        record[0] = random.nextInt(4);
        for (int i = 1; i < 4; i++)
        {
            // Now and then the extremes, where the omitted component's radicand is most negative.
            record[i] = random.nextInt(8) == 0 ? (random.nextBoolean() ? h : -h) : random.nextInt(-h, h + 1);
        }
        return record;
    }
}
