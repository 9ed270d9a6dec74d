package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.SmallestThreeMath;

import java.util.SplittableRandom;

/**
 * Double-precision reference for {@link SmallestThreeMath}: the same operations in the obvious floating-point
 * form (axis-angle for powers), to measure the fixed-point code against. Quaternions are {@code (x, y, z, w)}.
 */
public final class DoubleQuaternions
{
    private DoubleQuaternions()
    {
    }

    /** A uniformly random unit quaternion (normalized Gaussian 4-vector). */
    public static double[] random(final SplittableRandom random)
    {
        final double[] q = new double[4];
        for (int i = 0; i < 4; i++)
        {
            q[i] = gaussian(random);
        }
        return normalized(q);
    }

    /** A random unit vector times {@code angle}: an axis-angle rotation vector. */
    public static double[] randomRotationVector(final SplittableRandom random, final double angle)
    {
        final double[] v = {gaussian(random), gaussian(random), gaussian(random)};
        final double length = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        for (int i = 0; i < 3; i++)
        {
            v[i] *= angle / length;
        }
        return v;
    }

    private static double gaussian(final SplittableRandom random)
    {
        // Box-Muller; SplittableRandom has no nextGaussian on Java 17.
        final double u = 1.0 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    /** exp of a rotation vector {@code v * t}: the unit quaternion turning by {@code |v| t} about {@code v}. */
    public static double[] exp(final double[] rotationVector, final double t)
    {
        final double angle = Math.sqrt(rotationVector[0] * rotationVector[0] + rotationVector[1] * rotationVector[1] +
            rotationVector[2] * rotationVector[2]) * t;
        if (angle == 0)
        {
            return new double[]{0, 0, 0, 1};
        }
        final double s = Math.sin(angle / 2) * t / angle;
        return new double[]{rotationVector[0] * s, rotationVector[1] * s, rotationVector[2] * s, Math.cos(angle / 2)};
    }

    public static double[] multiply(final double[] a, final double[] b)
    {
        return new double[]{
            a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
    }

    public static double[] conjugate(final double[] q)
    {
        return new double[]{-q[0], -q[1], -q[2], q[3]};
    }

    public static double dot(final double[] a, final double[] b)
    {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    }

    public static double[] normalized(final double[] q)
    {
        final double length = Math.sqrt(dot(q, q));
        return new double[]{q[0] / length, q[1] / length, q[2] / length, q[3] / length};
    }

    /** {@code q^t} along the shorter arc (q is negated first if its w is negative), by axis-angle. */
    public static double[] power(final double[] q, final double t)
    {
        final double sign = q[3] < 0 ? -1 : 1;
        final double vectorLength = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
        if (vectorLength == 0)
        {
            return new double[]{0, 0, 0, 1};
        }
        final double halfAngle = Math.atan2(vectorLength, sign * q[3]);
        final double s = sign * Math.sin(t * halfAngle) / vectorLength;
        return new double[]{q[0] * s, q[1] * s, q[2] * s, Math.cos(t * halfAngle)};
    }

    /** Decode signed smallest-three codes ({@code record[rot]} the largest index) as the codec's grid means them. */
    public static double[] fromCodes(final int halfRange, final int[] record, final int rot)
    {
        final double[] q = new double[4];
        double sum = 0;
        int k = 1;
        for (int i = 0; i < 4; i++)
        {
            if (i != record[rot])
            {
                q[i] = record[rot + k++] / (halfRange * Math.sqrt(2));
                sum += q[i] * q[i];
            }
        }
        q[record[rot]] = Math.sqrt(Math.max(0, 1 - sum));
        return normalized(q);
    }

    /** Encode as smallest three with signed codes, like {@code SmallestThree.encode} (ties: lowest index). */
    public static int[] toCodes(final int halfRange, final double[] q)
    {
        int largest = 0;
        for (int i = 1; i < 4; i++)
        {
            if (Math.abs(q[i]) > Math.abs(q[largest]))
            {
                largest = i;
            }
        }
        final double sign = q[largest] < 0 ? -1 : 1;
        final int[] codes = new int[4];
        codes[0] = largest;
        int k = 1;
        for (int i = 0; i < 4; i++)
        {
            if (i != largest)
            {
                final long code = Math.round(sign * q[i] * halfRange * Math.sqrt(2));
                codes[k++] = (int)Math.max(-halfRange, Math.min(halfRange, code));
            }
        }
        return codes;
    }

    /** Difference between the largest and second-largest component magnitudes. */
    public static double largestMargin(final double[] q)
    {
        double first = 0;
        double second = 0;
        for (final double component : q)
        {
            final double magnitude = Math.abs(component);
            if (magnitude > first)
            {
                second = first;
                first = magnitude;
            }
            else if (magnitude > second)
            {
                second = magnitude;
            }
        }
        return first - second;
    }
}
