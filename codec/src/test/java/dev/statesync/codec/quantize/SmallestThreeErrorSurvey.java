package dev.statesync.codec.quantize;

import dev.statesync.codec.RotationError;

import java.util.Random;

/**
 * Measures the worst rotation error of {@link SmallestThree} over random and adversarial rotations. The
 * tests call {@link #observedMaxRadians} with small counts; {@link #main} prints the table in the class
 * javadoc and src/site/quantization.md (run it from codec/ after a build:
 * {@code java -cp target/classes:target/test-classes dev.statesync.codec.quantize.SmallestThreeErrorSurvey}).
 */
final class SmallestThreeErrorSurvey
{
    private SmallestThreeErrorSurvey()
    {
    }

    public static void main(final String[] args)
    {
        final int randomCount = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        final int adversarialCount = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        System.out.println("| bits | wire bits | bound (rad) | bound (deg) | observed max (rad) | " +
            "observed max (deg) | " +
            "2*sqrt6/(2^b-2) (rad) |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (int bits = 8; bits <= 20; bits++)
        {
            final SmallestThree codec = new SmallestThree(bits);
            final double bound = SmallestThree.maxAngleErrorRadians(bits);
            final double observed = observedMaxRadians(codec, new Random(bits), randomCount, adversarialCount);
            System.out.printf("| %d | %d | %.4e | %.3g | %.4e | %.3g | %.4e |%n", bits, codec.bits(), bound,
                Math.toDegrees(bound), observed, Math.toDegrees(observed), 2 * Math.sqrt(6) / ((1L << bits) - 2));
        }
    }

    /** @return the largest rotation error seen, in radians. */
    static double observedMaxRadians(
        final SmallestThree codec, final Random random, final int randomCount, final int adversarialCount)
    {
        final float[] input = new float[4];
        final float[] decoded = new float[4];
        final int[] codes = new int[SmallestThree.CODES_LENGTH];
        double worst = 0;
        for (int i = 0; i < randomCount + adversarialCount; i++)
        {
            if (i < randomCount)
            {
                randomRotation(random, input);
            }
            else
            {
                adversarialRotation(codec, random, input);
            }
            codec.encode(input, 0, codes, 0);
            codec.decode(codes, 0, decoded, 0);
            worst = Math.max(worst, RotationError.angleRadians(input, decoded));
        }
        return worst;
    }

    /** A rotation uniform over SO(3): a normalized 4D Gaussian. */
    static void randomRotation(final Random random, final float[] q)
    {
        q[0] = (float)random.nextGaussian();
        q[1] = (float)random.nextGaussian();
        q[2] = (float)random.nextGaussian();
        q[3] = (float)random.nextGaussian();
    }

    /**
     * A rotation near the corner where all four components are 1/2 (the largest is smallest there, so the
     * rebuilt component amplifies errors most), with each sent component a hair below a rounding midpoint so
     * that it rounds by almost half a step, outward. Random signs and a random position for the largest.
     */
    static void adversarialRotation(final SmallestThree codec, final Random random, final float[] q)
    {
        final double codesPerUnit = codec.zeroCode() / Math.sqrt(0.5);
        final double halfInCodes = 0.5 * codesPerUnit;
        final long highestBelowHalf = (long)Math.floor(halfInCodes - 0.5);
        final double hair = (1.5 + random.nextDouble()) * 0x1p-24 * codesPerUnit; // beyond float rounding
        final double[] s = new double[3];
        double sumOfSquares = 0;
        for (int i = 0; i < 3; i++)
        {
            final long k = highestBelowHalf - random.nextInt(3);
            final double inCodes = k + 0.5 - Math.min(0.49, hair * (1 + random.nextDouble()));
            s[i] = inCodes / codesPerUnit * (random.nextBoolean() ? 1 : -1);
            sumOfSquares += s[i] * s[i];
        }
        final double largest = Math.sqrt(1 - sumOfSquares) * (random.nextBoolean() ? 1 : -1);
        final int largestIndex = random.nextInt(4);
        int next = 0;
        for (int i = 0; i < 4; i++)
        {
            q[i] = (float)(i == largestIndex ? largest : s[next++]);
        }
    }
}
