package dev.statesync.codec.predict;

/**
 * Integer model of what happens to a smallest-three rotation across one engine tick under
 * quantize-both-sides: decode the codes as {@code SmallestThree} does, round to float (the authority writes
 * floats), normalize (ode4j's {@code dBodySetQuaternion}), integrate the angular velocity as ode4j's
 * {@code dxStepBody} does ({@code q += h/2 * w x q}, then normalize), round to float (the authority reads
 * floats), normalize and re-encode as {@code SmallestThree} does. All in 2.60 fixed point, so both ends
 * compute identical codes; the result matches the engine except when a value lands within about 1e-17 of a
 * rounding boundary.
 */
final class QuaternionStepModel
{
    private static final int FRACTION_BITS = 60;
    private static final long ONE = 1L << FRACTION_BITS;
    private static final long THREE = 3L << FRACTION_BITS;
    /** Newton steps {@link #inverseSqrt} is defined by. */
    static final int NEWTON_STEPS = 12;

    private final int centreCode;
    private final long componentStepQ60;
    private final long codesPerUnitQ48;
    private final long angularDivisor;
    /**
     * The quaternion (x, y, z, w), 2.60 fixed point: four fields rather than an array, so the compiler keeps them in
     * registers through a step's products and normalizations.
     */
    private long qx;
    private long qy;
    private long qz;
    private long qw;

    /**
     * @param rotationBits           smallest-three bits per component.
     * @param angularUnitsPerRadps   angular velocity grid.
     * @param tickRateHz             steps per second.
     */
    QuaternionStepModel(final int rotationBits, final int angularUnitsPerRadps, final int tickRateHz)
    {
        centreCode = (1 << (rotationBits - 1)) - 1;
        componentStepQ60 = Math.round(Math.sqrt(0.5) / centreCode * ONE);
        codesPerUnitQ48 = Math.round(centreCode / Math.sqrt(0.5) * (1L << 48));
        angularDivisor = 2L * angularUnitsPerRadps * tickRateHz;
    }

    /** Load signed smallest-three codes (largest index, then three signed codes) as the engine holds them. */
    void load(final int[] record, final int rot)
    {
        final int largest = record[rot];
        final long a = record[rot + 1] * componentStepQ60;
        final long b = record[rot + 2] * componentStepQ60;
        final long c = record[rot + 3] * componentStepQ60;
        final long rest = ONE - square(a) - square(b) - square(c);
        final long d = sqrt(rest);
        // The largest component is d; the other three are a, b, c in index order.
        qx = largest == 0 ? d : a;
        qy = largest == 1 ? d : largest == 0 ? a : b;
        qz = largest == 2 ? d : largest == 0 || largest == 1 ? b : c;
        qw = largest == 3 ? d : c;
        normalize();                     // SmallestThree.decode's scale (1 for codes of a unit quaternion)
        roundAllToFloat();               // the floats the authority writes
        normalize();                     // dBodySetQuaternion normalizes them
    }

    private void roundAllToFloat()
    {
        qx = roundToFloat(qx);
        qy = roundToFloat(qy);
        qz = roundToFloat(qz);
        qw = roundToFloat(qw);
    }

    /**
     * One integration step with angular velocity given in grid units, 32.32 fixed point.
     */
    void step(final long angularXQ32, final long angularYQ32, final long angularZQ32)
    {
        // f = w * h / 2 in 2.60.
        final long fx = halfStep(angularXQ32);
        final long fy = halfStep(angularYQ32);
        final long fz = halfStep(angularZQ32);
        final long x = qx;
        final long y = qy;
        final long z = qz;
        final long w = qw;
        qw = w - multiply(fx, x) - multiply(fy, y) - multiply(fz, z);
        qx = x + multiply(fx, w) + multiply(fy, z) - multiply(fz, y);
        qy = y - multiply(fx, z) + multiply(fy, w) + multiply(fz, x);
        qz = z + multiply(fx, y) - multiply(fy, x) + multiply(fz, w);
        normalize();
    }

    /** Encode the current quaternion as the authority would after reading it as floats. */
    void store(final int[] record, final int rot)
    {
        roundAllToFloat();
        normalize();
        // The first component of largest magnitude (a later one must be strictly larger to take its place).
        int largest = 0;
        long largestMagnitude = Math.abs(qx);
        if (Math.abs(qy) > largestMagnitude)
        {
            largest = 1;
            largestMagnitude = Math.abs(qy);
        }
        if (Math.abs(qz) > largestMagnitude)
        {
            largest = 2;
            largestMagnitude = Math.abs(qz);
        }
        if (Math.abs(qw) > largestMagnitude)
        {
            largest = 3;
        }
        final long sign = largest == 0 ? qx : largest == 1 ? qy : largest == 2 ? qz : qw;
        final boolean negate = sign < 0;
        record[rot] = largest;
        // The three others in index order.
        final long a = largest == 0 ? qy : qx;
        final long b = largest <= 1 ? qz : qy;
        final long c = largest <= 2 ? qw : qz;
        record[rot + 1] = code(negate ? -a : a);
        record[rot + 2] = code(negate ? -b : b);
        record[rot + 3] = code(negate ? -c : c);
    }

    private int code(final long valueQ60)
    {
        // rint(value * codesPerUnit): 2.60 x 16.48 is 108 fraction bits; the high 64 bits keep 44 of them.
        final long q44 = Math.multiplyHigh(valueQ60, codesPerUnitQ48);
        final long whole = q44 >> 44;
        final long fraction = q44 & ((1L << 44) - 1);
        final long half = 1L << 43;
        long k = whole;
        if (fraction > half || (fraction == half && (whole & 1) != 0))
        {
            k++;
        }
        return (int)Math.max(-centreCode, Math.min(centreCode, k));
    }

    private long halfStep(final long angularQ32)
    {
        final long whole = angularQ32 / angularDivisor;
        final long rest = angularQ32 % angularDivisor;
        return (whole << 28) + (rest << 28) / angularDivisor;
    }

    private void normalize()
    {
        final long lengthSquared = square(qx) + square(qy) + square(qz) + square(qw);
        if (lengthSquared <= 0)
        {
            return;
        }
        final long inverse = inverseSqrt(lengthSquared);
        qx = multiply(qx, inverse);
        qy = multiply(qy, inverse);
        qz = multiply(qz, inverse);
        qw = multiply(qw, inverse);
    }

    /** sqrt(x), 2.60 fixed point, for x in [0, 4): scaled by powers of 4 into [1/4, 4) for inverseSqrt. */
    static long sqrt(final long x)
    {
        if (x <= 0)
        {
            return 0;
        }
        long scaled = x;
        int halvings = 0;
        while (scaled < ONE >> 2)
        {
            scaled <<= 2;
            halvings++;
        }
        return multiply(scaled, inverseSqrt(scaled)) >> halvings;
    }

    /**
     * 1 / sqrt(x), 2.60 fixed point, for x in [1/4, 4): {@value #NEWTON_STEPS} steps of Newton's iteration
     * from a power of two within a factor of 2 of the answer. The answer stays at most 2 so its square fits
     * 2.60 (which holds up to 8).
     *
     * <p>The result is defined as the {@value #NEWTON_STEPS}th iterate, and that is what this returns, but
     * without always computing all of them. Each step is a pure function of {@code x} and the previous iterate,
     * so once an iterate repeats the rest of the sequence is known: a fixed point ({@code y[n+1] == y[n]}) stays,
     * and a two-cycle ({@code y[n+1] == y[n-1]}, which truncation produces for about 1.5% of inputs) alternates,
     * so the last iterate is whichever of the pair has the last index's parity. Normalizing a quaternion that is
     * already nearly unit length (every call but the square root in {@link #load}) reaches its fixed point in 3
     * to 5 steps instead of 12; an input that neither settles nor cycles runs all {@value #NEWTON_STEPS}.
     * {@code QuaternionStepModelFastPathTest} pins the result against the plain loop.
     */
    static long inverseSqrt(final long x)
    {
        final int halfExponent = (FRACTION_BITS - (63 - Long.numberOfLeadingZeros(x))) / 2;
        final long seed = halfExponent >= 0 ? ONE << halfExponent : ONE >> -halfExponent;
        long previous = seed;
        long y = seed;
        int first = 1;
        if (halfExponent == 0 || halfExponent == 1)
        {
            // The first step from a seed of 1 or 2 (every x in [1/4, 4)) multiplies only by powers of two, all
            // exact (no bits lost below 2^-60 or above 2^3): y1 = 2^h (3 - 4^h x) / 2, i.e. (3 - x) / 2 or 3 - 4x.
            y = halfExponent == 0 ? (THREE - x) >> 1 : THREE - (x << 2);
            if (y == seed)
            {
                return y;
            }
            first = 2;
        }
        for (int step = first; step <= NEWTON_STEPS; step++)
        {
            final long next = multiply(y, THREE - multiply(x, multiply(y, y))) >> 1;
            if (next == y)
            {
                return y;
            }
            if (next == previous)
            {
                // y[step] == y[step - 2]: the iterates alternate from step - 2 on, so the last one equals
                // y[step] when NEWTON_STEPS - step is even, else y[step - 1].
                return ((NEWTON_STEPS - step) & 1) == 0 ? next : y;
            }
            previous = y;
            y = next;
        }
        return y;
    }

    /** Round a 2.60 value to the nearest float (24 significant bits), ties to even. */
    static long roundToFloat(final long value)
    {
        final long magnitude = Math.abs(value);
        final int drop = 40 - Long.numberOfLeadingZeros(magnitude);
        if (drop <= 0)
        {
            return value;
        }
        // Ties to even without branches: adding half - 1 carries into the kept bits exactly when the dropped
        // part is above half, and adding the kept part's lowest bit as well carries at exactly half when it is odd.
        final long rounded = (magnitude + (1L << (drop - 1)) - 1 + ((magnitude >>> drop) & 1)) >>> drop << drop;
        return value < 0 ? -rounded : rounded;
    }

    private static long square(final long value)
    {
        return multiply(value, value);
    }

    /** (a * b) >> 60 with a 128-bit intermediate. */
    static long multiply(final long a, final long b)
    {
        final long high = Math.multiplyHigh(a, b);
        final long low = a * b;
        return (high << (64 - FRACTION_BITS)) | (low >>> FRACTION_BITS);
    }
}
