package dev.statesync.codec.quantize;

import dev.statesync.codec.bits.BitStream;

/**
 * The "smallest three" rotation codec: a unit quaternion in {@code 2 + 3 * bitsPerComponent} bits (29 at
 * Fiedler's 9 bits).
 *
 * <p>Components are in {@code (x, y, z, w)} order. The encoder normalizes the input in double, picks the
 * component of largest magnitude (ties: the lowest index, so equal inputs always give equal codes), negates
 * the quaternion if that component is negative (q and -q are the same rotation and encode identically), and
 * sends its 2-bit index plus the other three components in index order. Those three lie in
 * {@code [-1/sqrt2, +1/sqrt2]} (a second component above 1/sqrt2 would make two squares sum past 1); each is
 * clamped into that range before quantizing, so no input can overflow a field (a float that normalizes to a
 * hair above 1/sqrt2 would otherwise wrap a code, a real bug in a popular C# library).
 *
 * <p>The grid has {@code 2^b - 1} points symmetric about zero: code {@code k + c} stands for
 * {@code k / c * (1/sqrt2)} with {@code c = 2^(b-1) - 1} and {@code k} in {@code [-c, c]}, so 0 and
 * {@code +-1/sqrt2} are exact grid points. Codes are {@code 0 .. 2^b - 2}; the all-ones code
 * {@code 2^b - 1} is invalid and a reader fails on it. The decoder rebuilds the largest component as
 * {@code sqrt(max(0, 1 - a^2 - b^2 - c^2))} in double, renormalizes in double and rounds to float once.
 * Identity and every rotation whose components are in {0, +-1/sqrt2, +-1} (all 90 and 180 degree
 * rotations about x, y or z, and compositions such as 180 about x then 90 about z) therefore decode exactly
 * to the floats of their exact components, up to the q / -q sign. The eight 120-degree rotations about cube
 * diagonals have components +-1/2, which no grid containing 0 and 1/sqrt2 holds; they decode within the
 * bound below.
 *
 * <p>Input the encoder cannot normalize (a NaN or infinite component, or zero length) is sent as the
 * identity. Subnormal and huge finite components normalize normally (the arithmetic is in double).
 *
 * <p>Worst-case error, as the rotation angle between input and decoded rotation. Each sent component is off
 * by at most {@code d = 1 / (sqrt2 * (2^b - 2))}, so the three together by {@code e = sqrt3 * d}. Lifting
 * the straight segment between the true and decoded three-vectors onto the unit sphere (the fourth
 * component is {@code sqrt(1 - |s|^2)}, at least 1/2 before quantizing, so {@code |s| <= sqrt3/2}) gives an
 * arc of length at most {@code asin(sqrt3/2 + e) - pi/3}; the rotation angle is twice the arc. Adding
 * 2^-22 rad for the final rounding to float:
 * <pre>
 *   bound(b) = 2 * (asin(sqrt3/2 + sqrt3 * d) - pi/3) + 2^-22  ~  2*sqrt6 / (2^b - 2)  (+1.7% at b = 8)
 * </pre>
 * The often quoted {@code 2*sqrt6 / (2^b - 2)} assumes the rebuilt component stays at least 1/2; it does not
 * when all three sent components round outward at the corner where all four are 1/2, so it is not a proof
 * (no input in the survey below exceeded it, though). {@link #maxAngleErrorRadians(int)} computes the proven
 * bound. Observed maximum over 500 000 uniformly random rotations plus 500 000 adversarial ones (every sent
 * component a hair below a rounding midpoint so it rounds outward by almost half a step, near that corner),
 * from {@code SmallestThreeErrorSurvey} in the tests:
 * <pre>
 *   bits  wire bits  bound rad  (deg)              observed rad (deg)
 *      8         26  1.9452e-02 (1.11     deg)   1.8942e-02 (1.09     deg)
 *      9         29  9.6464e-03 (0.553    deg)   9.4404e-03 (0.541    deg)
 *     10         32  4.8038e-03 (0.275    deg)   4.7505e-03 (0.272    deg)
 *     11         35  2.3971e-03 (0.137    deg)   2.3828e-03 (0.137    deg)
 *     12         38  1.1975e-03 (0.0686   deg)   1.1930e-03 (0.0684   deg)
 *     13         41  5.9856e-04 (0.0343   deg)   5.9723e-04 (0.0342   deg)
 *     14         44  2.9932e-04 (0.0171   deg)   2.9834e-04 (0.0171   deg)
 *     15         47  1.4976e-04 (0.00858  deg)   1.4882e-04 (0.00853  deg)
 *     16         50  7.4996e-05 (0.00430  deg)   7.4073e-05 (0.00424  deg)
 *     17         53  3.7616e-05 (0.00216  deg)   3.6753e-05 (0.00211  deg)
 *     18         56  1.8927e-05 (0.00108  deg)   1.8032e-05 (0.00103  deg)
 *     19         59  9.5826e-06 (0.000549 deg)   8.7753e-06 (0.000503 deg)
 *     20         62  4.9105e-06 (0.000281 deg)   4.0779e-06 (0.000234 deg)
 * </pre>
 *
 * <p>Re-encoding a decoded rotation gives back the same codes except near a tie for the largest component:
 * there the rebuilt component can come out smaller than a sent one, and the re-encode picks the other index.
 * Over uniformly random rotations that happens for 0.35% at 8 bits, 0.17% at 9, 0.04% at 11 and 24 per
 * million at 15, and most of those then alternate between two code sets forever. A peer that applies the
 * decoded state to its own simulation (quantizing on both sides, see {@code src/site/quantization.md})
 * should therefore keep the codes of an object that has not moved rather than re-encode its decoded
 * rotation, or a resting object can flip by one quantum every snapshot.
 *
 * <p>Immutable and allocation-free; share one instance per schema.
 */
public final class SmallestThree
{
    /** Fewest bits per component: 3 grid points, -1/sqrt2, 0 and +1/sqrt2. */
    public static final int MIN_BITS_PER_COMPONENT = 2;
    /** Most bits per component; beyond about 24 the float output, not the grid, limits precision. */
    public static final int MAX_BITS_PER_COMPONENT = 30;
    /** Ints one encoded rotation occupies in a codes array: the largest index, then three codes. */
    public static final int CODES_LENGTH = 4;

    private static final double INV_SQRT2 = Math.sqrt(0.5);
    private static final double FLOAT_OUTPUT_SLACK_RADIANS = 0x1p-22;

    private final int bitsPerComponent;
    private final int maxCode;
    private final int centreCode;
    private final double codesPerUnit;

    /**
     * @param bitsPerComponent bits of each of the three sent components, 2..30 (Fiedler: 9, or 15 when both
     *                         sides simulate the quantized state).
     * @throws IllegalArgumentException if {@code bitsPerComponent} is outside 2..30.
     */
    public SmallestThree(final int bitsPerComponent)
    {
        checkBits(bitsPerComponent);
        this.bitsPerComponent = bitsPerComponent;
        this.centreCode = (1 << (bitsPerComponent - 1)) - 1;
        this.maxCode = 2 * centreCode;
        this.codesPerUnit = centreCode / INV_SQRT2;
    }

    /**
     * Proven upper bound on the rotation angle between a rotation and its decoded form (see the class
     * comment for the derivation); {@code pi} where the bound does not apply (fewer than 4 bits).
     *
     * @param bitsPerComponent 2..30.
     * @return the bound in radians.
     */
    public static double maxAngleErrorRadians(final int bitsPerComponent)
    {
        checkBits(bitsPerComponent);
        final double componentError = 1.0 / (Math.sqrt(2.0) * ((1L << bitsPerComponent) - 2));
        final double reach = Math.sqrt(3.0) / 2 + Math.sqrt(3.0) * componentError;
        if (reach >= 1.0)
        {
            return Math.PI;
        }
        return Math.min(Math.PI, 2 * (Math.asin(reach) - Math.PI / 3) + FLOAT_OUTPUT_SLACK_RADIANS);
    }

    private static void checkBits(final int bitsPerComponent)
    {
        if (bitsPerComponent < MIN_BITS_PER_COMPONENT || bitsPerComponent > MAX_BITS_PER_COMPONENT)
        {
            throw new IllegalArgumentException("bits per component must be " + MIN_BITS_PER_COMPONENT + ".." +
                MAX_BITS_PER_COMPONENT + ", got " + bitsPerComponent);
        }
    }

    /**
     * Encode a rotation into {@code codes[offset .. offset + 3]}: the index (0..3) of the largest component,
     * then the codes of the other three components in index order.
     *
     * @param x any float; the quaternion need not be unit length (see the class comment for NaN and zero).
     */
    public void encode(final float x, final float y, final float z, final float w, final int[] codes, final int offset)
    {
        final double lengthSquared = (double)x * x + (double)y * y + (double)z * z + (double)w * w;
        if (!(lengthSquared > 0.0) || lengthSquared == Double.POSITIVE_INFINITY)
        {
            codes[offset] = 3;
            codes[offset + 1] = centreCode;
            codes[offset + 2] = centreCode;
            codes[offset + 3] = centreCode;
            return;
        }

        final double scale = 1.0 / Math.sqrt(lengthSquared);
        final double nx = x * scale;
        final double ny = y * scale;
        final double nz = z * scale;
        final double nw = w * scale;

        int largest = 0;
        double largestMagnitude = Math.abs(nx);
        if (Math.abs(ny) > largestMagnitude)
        {
            largest = 1;
            largestMagnitude = Math.abs(ny);
        }
        if (Math.abs(nz) > largestMagnitude)
        {
            largest = 2;
            largestMagnitude = Math.abs(nz);
        }
        if (Math.abs(nw) > largestMagnitude)
        {
            largest = 3;
        }

        final double largestValue = largest == 0 ? nx : largest == 1 ? ny : largest == 2 ? nz : nw;
        final double sign = largestValue < 0 ? -1.0 : 1.0;
        codes[offset] = largest;
        codes[offset + 1] = componentCode(sign * (largest == 0 ? ny : nx));
        codes[offset + 2] = componentCode(sign * (largest <= 1 ? nz : ny));
        codes[offset + 3] = componentCode(sign * (largest <= 2 ? nw : nz));
    }

    /**
     * Encode {@code q[qOffset .. qOffset + 3]} = (x, y, z, w); see
     * {@link #encode(float, float, float, float, int[], int)}.
     */
    public void encode(final float[] q, final int qOffset, final int[] codes, final int offset)
    {
        encode(q[qOffset], q[qOffset + 1], q[qOffset + 2], q[qOffset + 3], codes, offset);
    }

    private int componentCode(final double value)
    {
        // Clamping k to [-c, c] is clamping value to [-1/sqrt2, 1/sqrt2]; rint ties go to the even k.
        final double k = Math.rint(value * codesPerUnit);
        if (k <= -centreCode)
        {
            return 0;
        }
        if (k >= centreCode)
        {
            return maxCode;
        }
        return (int)k + centreCode;
    }

    private double componentValue(final int code)
    {
        // (k / c) is exactly +-1 or 0 at the ends and centre, so those decode to exactly +-1/sqrt2 and 0.
        return (double)(code - centreCode) / centreCode * INV_SQRT2;
    }

    /**
     * Decode {@code codes[offset .. offset + 3]} into a unit quaternion at {@code q[qOffset .. qOffset + 3]}
     * (x, y, z, w), its largest component non-negative.
     *
     * @throws IllegalArgumentException if the index or a code is out of range (a reader never produces one:
     *                                  it fails instead).
     */
    public void decode(final int[] codes, final int offset, final float[] q, final int qOffset)
    {
        final int largest = codes[offset];
        final int codeA = codes[offset + 1];
        final int codeB = codes[offset + 2];
        final int codeC = codes[offset + 3];
        if ((largest & ~3) != 0 || codeA < 0 || codeA > maxCode || codeB < 0 || codeB > maxCode ||
            codeC < 0 || codeC > maxCode)
        {
            throw new IllegalArgumentException("invalid smallest-three codes [" + largest + ", " + codeA + ", " +
                codeB + ", " + codeC + "] for " + bitsPerComponent + " bits per component");
        }

        final double a = componentValue(codeA);
        final double b = componentValue(codeB);
        final double c = componentValue(codeC);
        final double sumOfSquares = a * a + b * b + c * c;
        final double d = Math.sqrt(Math.max(0.0, 1.0 - sumOfSquares));
        final double scale = 1.0 / Math.sqrt(sumOfSquares + d * d);

        final float fa = (float)(a * scale);
        final float fb = (float)(b * scale);
        final float fc = (float)(c * scale);
        final float fd = (float)(d * scale);
        switch (largest)
        {
            case 0:
                set(q, qOffset, fd, fa, fb, fc);
                break;
            case 1:
                set(q, qOffset, fa, fd, fb, fc);
                break;
            case 2:
                set(q, qOffset, fa, fb, fd, fc);
                break;
            default:
                set(q, qOffset, fa, fb, fc, fd);
                break;
        }
    }

    private static void set(
        final float[] q, final int offset, final float x, final float y, final float z, final float w)
    {
        q[offset] = x;
        q[offset + 1] = y;
        q[offset + 2] = z;
        q[offset + 3] = w;
    }

    /**
     * Serialize {@code codes[offset .. offset + 3]} in {@link #bits()} bits: the index in 2 bits, then each
     * code as a bounded int in {@code [0, 2^b - 2]}. A reader stores what it read there; a component code of
     * {@code 2^b - 1} fails it (check {@link BitStream#isFailed()}; the array then holds in-range
     * placeholders, never a code {@link #decode} would refuse).
     */
    public void serialize(final BitStream stream, final int[] codes, final int offset)
    {
        codes[offset] = stream.serializeInt(codes[offset], 0, 3);
        codes[offset + 1] = stream.serializeInt(codes[offset + 1], 0, maxCode);
        codes[offset + 2] = stream.serializeInt(codes[offset + 2], 0, maxCode);
        codes[offset + 3] = stream.serializeInt(codes[offset + 3], 0, maxCode);
    }

    /** @return bits of one encoded rotation on the wire, {@code 2 + 3 * bitsPerComponent}. */
    public int bits()
    {
        return 2 + 3 * bitsPerComponent;
    }

    /** @return bits of each sent component. */
    public int bitsPerComponent()
    {
        return bitsPerComponent;
    }

    /** @return the largest valid component code, {@code 2^b - 2}. */
    public int maxCode()
    {
        return maxCode;
    }

    /** @return the code of a zero component, {@code 2^(b-1) - 1}. */
    public int zeroCode()
    {
        return centreCode;
    }

    @Override
    public String toString()
    {
        return "SmallestThree[" + bitsPerComponent + " bits per component, " + bits() + " bits]";
    }
}
