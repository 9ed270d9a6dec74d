package dev.statesync.codec.predict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link QuaternionStepModel}'s fast paths compute exactly what the plain version computed
 * ({@link ReferenceQuaternionStepModel}): the ballistic predictor's rotations go on the wire as residuals
 * against it, so one differing bit on one end changes the bytes (or desynchronizes the ends). Every property
 * checks a batch of inputs drawn from its seed, so each run covers hundreds of thousands of values.
 */
class QuaternionStepModelFastPathTest
{
    private static final long ONE = 1L << 60;
    private static final int BATCH = 500;

    /** Every {@code x} the model can pass: [1/4, 4) for normalizations and the scaled square root. */
    @Property(tries = 400)
    void inverseSqrtEqualsTwelveNewtonStepsAcrossItsRange(@ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < BATCH; i++)
        {
            final long x = random.nextLong(ONE >> 2, 4 * ONE);
            assertEquals(ReferenceQuaternionStepModel.inverseSqrt(x), QuaternionStepModel.inverseSqrt(x), "x = " + x);
        }
    }

    /** What normalizing a nearly unit quaternion passes: within 2^-shift of 1, both sides. */
    @Property(tries = 400)
    void inverseSqrtEqualsTwelveNewtonStepsNearOne(@ForAll final long seed, @ForAll @IntRange(min = 2, max = 58) final int shift)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final long spread = ONE >> shift;
        for (int i = 0; i < BATCH; i++)
        {
            final long x = ONE + random.nextLong(-spread, spread + 1);
            assertEquals(ReferenceQuaternionStepModel.inverseSqrt(x), QuaternionStepModel.inverseSqrt(x), "x = " + x);
        }
    }

    /** Outside the documented range the iteration may not settle; the result must still be the 12th iterate. */
    @Property(tries = 200)
    void inverseSqrtEqualsTwelveNewtonStepsForAnyPositiveInput(@ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < BATCH; i++)
        {
            final long x = random.nextLong(1, Long.MAX_VALUE) >>> random.nextInt(63);
            if (x > 0)
            {
                assertEquals(ReferenceQuaternionStepModel.inverseSqrt(x), QuaternionStepModel.inverseSqrt(x), "x = " + x);
            }
        }
    }

    @Example
    void inverseSqrtEqualsTwelveNewtonStepsAtTheEdges()
    {
        final long[] edges = {1, 2, 3, ONE >> 2, (ONE >> 2) + 1, (ONE >> 1) - 1, ONE >> 1, ONE - 1, ONE, ONE + 1,
            2 * ONE - 1, 2 * ONE, 2 * ONE + 1, 3 * ONE, 4 * ONE - 1, 4 * ONE, 7 * ONE, Long.MAX_VALUE};
        for (final long x : edges)
        {
            assertEquals(ReferenceQuaternionStepModel.inverseSqrt(x), QuaternionStepModel.inverseSqrt(x), "x = " + x);
        }
    }

    @Property(tries = 200)
    void roundToFloatEqualsThePlainOne(@ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < BATCH; i++)
        {
            final long bits = random.nextLong() >> random.nextInt(64);
            // Values at and next to every tie: the low dropped bits all zero but one.
            final long nearTie = (bits & ~((1L << 20) - 1)) | (random.nextBoolean() ? 1L << 19 : 0) | random.nextInt(2);
            for (final long x : new long[]{bits, nearTie, -nearTie})
            {
                assertEquals(ReferenceQuaternionStepModel.roundToFloat(x), QuaternionStepModel.roundToFloat(x), "x = " + x);
            }
        }
    }

    @Example
    void roundToFloatEqualsThePlainOneAtTheEdges()
    {
        final long[] edges = {0, 1, -1, (1L << 24) - 1, 1L << 24, (1L << 24) + 1, (1L << 25) + 1, (1L << 25) + 3,
            (1L << 25) - 1, ONE + (1L << 35), ONE + (3L << 35), ONE - 1, 4 * ONE - 1, Long.MAX_VALUE, Long.MIN_VALUE,
            Long.MIN_VALUE + 1, -ONE - (1L << 35)};
        for (final long x : edges)
        {
            assertEquals(ReferenceQuaternionStepModel.roundToFloat(x), QuaternionStepModel.roundToFloat(x), "x = " + x);
            assertEquals(ReferenceQuaternionStepModel.roundToFloat(-x), QuaternionStepModel.roundToFloat(-x), "x = " + -x);
        }
    }

    @Property(tries = 400)
    void squareRootEqualsThePlainOne(@ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < BATCH; i++)
        {
            final long x = random.nextLong(0, 4 * ONE) >>> random.nextInt(62);
            assertEquals(ReferenceQuaternionStepModel.sqrt(x), QuaternionStepModel.sqrt(x), "x = " + x);
        }
    }

    /**
     * Load, then steps with store-and-load between them (what quantize-both-sides does every tick), then store:
     * the codes after every step equal the plain model's, for random codes (including codes off the unit sphere
     * and at +-H) and angular velocities from none to the schema's largest, whole or fractional.
     */
    @Property(tries = 1000)
    void stepsGiveThePlainModelsCodes(
        @ForAll final long seed,
        @ForAll @IntRange(min = 2, max = 24) final int bits,
        @ForAll @IntRange(min = 1, max = 12) final int steps,
        @ForAll final boolean wholeUnits)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int unitsPerRadps = random.nextBoolean() ? 4096 : 1 + random.nextInt(1 << 14);
        final int hz = random.nextBoolean() ? 60 : 1 + random.nextInt(240);
        final QuaternionStepModel fast = new QuaternionStepModel(bits, unitsPerRadps, hz);
        final ReferenceQuaternionStepModel plain = new ReferenceQuaternionStepModel(bits, unitsPerRadps, hz);
        final int half = (1 << (bits - 1)) - 1;
        final int[] record = {0, random.nextInt(4), 0, 0, 0};
        for (int i = 2; i < 5; i++)
        {
            record[i] = random.nextInt(8) == 0 ? (random.nextBoolean() ? half : -half) :
                random.nextInt(-half, half + 1);
        }
        final int[] fastCodes = record.clone();
        final int[] plainCodes = record.clone();
        fast.load(fastCodes, 1);
        plain.load(plainCodes, 1);
        final long maxRadps = random.nextBoolean() ? 30 : 200;
        for (int step = 0; step < steps; step++)
        {
            final long[] angularQ32 = new long[3];
            for (int axis = 0; axis < 3; axis++)
            {
                final long units = random.nextLong(-maxRadps * unitsPerRadps, maxRadps * unitsPerRadps + 1);
                final long fraction = wholeUnits ? 0 : random.nextInt() & 0xFFFF_FFFFL;
                angularQ32[axis] = random.nextInt(5) == 0 ? 0 : (units << 32) + fraction;
            }
            fast.step(angularQ32[0], angularQ32[1], angularQ32[2]);
            plain.step(angularQ32[0], angularQ32[1], angularQ32[2]);
            fast.store(fastCodes, 1);
            plain.store(plainCodes, 1);
            assertArrayEquals(plainCodes, fastCodes, "after step " + step);
            fast.load(fastCodes, 1);
            plain.load(plainCodes, 1);
        }
    }
}
