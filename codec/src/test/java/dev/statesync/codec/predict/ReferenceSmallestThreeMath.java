package dev.statesync.codec.predict;

import dev.statesync.codec.state.StateSchema;

/**
 * Test-only: {@link SmallestThreeMath} exactly as it was before its speed-ups (main at 0d8073e), kept as the
 * oracle that the production class still computes these numbers bit for bit: both ends of a connection
 * predict, and the bytes on the wire depend on every bit of the prediction.
 *
 * <p>Original documentation:
 *
 * Integer maths on smallest-three rotations as records hold them (the largest index, then three signed codes
 * in {@code [-H, H]}, where {@code H = StateSchema.rotationHalfRange()} and code {@code H} stands for
 * {@code +1/sqrt(2)}), for predictions both ends of a connection must compute bit for bit: no float or
 * double anywhere, only long arithmetic, so every JVM gives the same answer.
 *
 * <p>Two uses. {@link #reexpress} writes a rotation's codes as if another component were the largest, so a
 * prediction whose largest index differs from the actual record's can still serve as a baseline for
 * residuals instead of forcing an absolute rotation. {@link #extrapolate} predicts a rotation from two
 * baselines as a quaternion (constant angular velocity), which on the cube scene costs far fewer bits than
 * holding the rotation or extrapolating the three codes linearly, because a tumbling cube's codes are not
 * linear in time and its largest index changes often.
 *
 * <p>Quaternions are four longs in {@code (x, y, z, w)} order, <b>Q30</b> fixed point: value times
 * {@code 2^30}, so 1.0 is {@link #ONE_Q30}. Q30 keeps a product of two components exact in a long
 * ({@code 2^60}) and a sum of four such products in range; its resolution (about
 * {@code 1e-9}) is about 90 times finer than a code at the finest schema (24 bits), and about 46 000 times
 * finer at the 15-bit high-precision preset. Rounding, everywhere to nearest:
 * <ul>
 * <li>{@link #multiply}: the four exact Q60 products of each component are summed, then rounded once to
 * Q30, ties towards positive infinity (an arithmetic shift of the sum plus half).</li>
 * <li>{@link #normalize}: the exact Q60 squared length {@code s}; the inverse length in Q32 as
 * {@code 2^62 / sqrtRound(s)} rounded to nearest, or, within {@code 2^-20} of unit length (all products of
 * unit quaternions), as {@code (3 - s) / 2} rounded to nearest (one Newton step, exact to {@code 2^-41});
 * each component times it, rounded to nearest on the magnitude, ties away from zero.</li>
 * <li>{@link #toQuaternion}: each code times {@code 2^62 / (H sqrt2)} (itself rounded to nearest) over
 * {@code 2^32}, rounded to nearest on the magnitude, ties away from zero; the omitted component is the
 * rounded square root of {@code 1 - a^2 - b^2 - c^2}, or 0 and then {@link #normalize} if that is
 * negative.</li>
 * <li>{@link #toCodes}: {@code round(|v| * H * sqrt(2))} on the magnitude (so {@code q} and {@code -q} give
 * the same codes), ties away from zero, clamped to {@code H}.</li>
 * </ul>
 * The irrational constants are long literals, each checked in the tests against an exact
 * {@code BigInteger} square root.
 *
 * <p>All methods are static and allocate nothing; those that need working space take it from the caller
 * ({@link #SCRATCH_LENGTH} longs), so one scratch array per thread.
 */
final class ReferenceSmallestThreeMath
{
    /** Fraction bits of the quaternion format. */
    public static final int FRACTION_BITS = 30;
    /** 1.0 in Q30. */
    public static final long ONE_Q30 = 1L << FRACTION_BITS;
    /** Longs of scratch {@link #extrapolate} needs: four quaternions. */
    public static final int SCRATCH_LENGTH = 16;
    /** Largest power {@link #extrapolate} raises the baselines' rotation to; longer gaps are clamped to it. */
    public static final int MAX_EXTRAPOLATION_POWER = 32;
    /** Fraction bits of the exponent {@link #power} takes: the exponent is a multiple of {@code 2^-16}. */
    public static final int EXPONENT_FRACTION_BITS = 16;

    /** {@code round(2^61.5)}: 1/sqrt(2) in Q62, for the code-to-Q30 scale in {@link #toQuaternion}. */
    static final long INV_SQRT2_Q62 = 3_260_954_456_333_195_553L;
    /** {@code round(2^62.5)}: sqrt(2) in Q62, for a 128-bit product in {@link #toCode}. */
    static final long SQRT2_Q62 = 6_521_908_912_666_391_106L;

    private static final long ONE_Q60 = 1L << (2 * FRACTION_BITS);
    private static final long HALF_Q30_ULP_Q60 = 1L << (FRACTION_BITS - 1);
    private static final long NEAR_UNIT_Q60 = 1L << 40;
    private static final int NEWEST = 0;
    private static final int DELTA = 4;
    private static final int POWER = 8;
    private static final int WORK = 12;

    private ReferenceSmallestThreeMath()
    {
    }

    /**
     * Write the three codes a smallest-three rotation would have if {@code targetLargest} were its largest
     * component. The omitted component is rebuilt in code units as {@code sqrt(2 H^2 - a^2 - b^2 - c^2)}
     * (rounded to nearest, 0 if the codes overshoot the unit sphere); if the target component is negative all
     * four are negated (q and -q are the same rotation, and the target must come out non-negative); the other
     * three are written in index order, clamped to {@code [-H, H]}. With {@code targetLargest} equal to the
     * record's own largest index the codes are copied unchanged.
     *
     * <p>Why: the codec predicts a record's rotation and codes the residual; when the prediction's largest
     * index is not the actual one, the re-expressed prediction still lands within a couple of codes of the
     * actual codes (the rebuilt component is off by at most about two codes), so the residual stays small.
     * It is a prediction, not an exact conversion: it only has to be deterministic and close.
     *
     * @param halfRange     {@code H}, the schema's {@code rotationHalfRange()}, at most {@code 2^23 - 1}.
     * @param record        holds the largest index at {@code rotOffset}, then the three signed codes.
     * @param rotOffset     offset of the largest index in {@code record}.
     * @param targetLargest index 0..3 of the component to treat as the largest.
     * @param out           receives three codes at {@code outOffset}; it may overlap {@code record}.
     * @param outOffset     where the first code goes.
     */
    public static void reexpress(
        final int halfRange,
        final int[] record,
        final int rotOffset,
        final int targetLargest,
        final int[] out,
        final int outOffset)
    {
        final int largest = record[rotOffset];
        final long a = record[rotOffset + 1];
        final long b = record[rotOffset + 2];
        final long c = record[rotOffset + 3];
        if (targetLargest == largest)
        {
            out[outOffset] = (int)a;
            out[outOffset + 1] = (int)b;
            out[outOffset + 2] = (int)c;
            return;
        }
        final long h = halfRange;
        final long omitted = ReferenceFixedPoint.sqrtRound(2 * h * h - a * a - b * b - c * c);
        final long sign = component(targetLargest, largest, omitted, a, b, c) < 0 ? -1 : 1;
        int k = outOffset;
        for (int i = 0; i < 4; i++)
        {
            if (i != targetLargest)
            {
                out[k++] = ReferenceFixedPoint.clamp(sign * component(i, largest, omitted, a, b, c), -halfRange, halfRange);
            }
        }
    }

    /**
     * Decode smallest-three codes into a unit quaternion in Q30 (see the class comment for the rounding). The
     * result is unit length to within a few Q30 units; codes that overshoot the unit sphere (the omitted
     * component's radicand negative) are normalized.
     *
     * @param halfRange {@code H}, at most {@code 2^23 - 1}.
     * @param record    holds the largest index at {@code rotOffset}, then the three signed codes.
     * @param rotOffset offset of the largest index.
     * @param q         receives {@code (x, y, z, w)} in Q30 at {@code qOffset}; its largest component is
     *                  non-negative.
     * @param qOffset   where x goes.
     */
    public static void toQuaternion(
        final int halfRange, final int[] record, final int rotOffset, final long[] q, final int qOffset)
    {
        toQuaternion(codeScaleQ32(halfRange), record, rotOffset, q, qOffset);
    }

    /** Q30 per code, in Q32: 2^62 / (H sqrt2), at least 2^38, so its rounding moves a component by under 2^-9 of a Q30 unit. */
    private static long codeScaleQ32(final int halfRange)
    {
        return ReferenceFixedPoint.divRound(INV_SQRT2_Q62, halfRange);
    }

    /** {@link #toQuaternion(int, int[], int, long[], int)} with {@link #codeScaleQ32} computed once by the caller. */
    private static void toQuaternion(
        final long scaleQ32, final int[] record, final int rotOffset, final long[] q, final int qOffset)
    {
        final int largest = record[rotOffset];
        // |code| * scale <= 2^61.5 fits.
        final long a = scaleQ32(record[rotOffset + 1], scaleQ32);
        final long b = scaleQ32(record[rotOffset + 2], scaleQ32);
        final long c = scaleQ32(record[rotOffset + 3], scaleQ32);
        final long rest = ONE_Q60 - a * a - b * b - c * c;
        final long omitted = ReferenceFixedPoint.sqrtRound(rest);
        for (int i = 0; i < 4; i++)
        {
            q[qOffset + i] = component(i, largest, omitted, a, b, c);
        }
        if (rest < 0)
        {
            normalize(q, qOffset);
        }
    }

    /**
     * Encode a Q30 unit quaternion as smallest three: the largest index is that of the component of largest
     * magnitude (ties: the lowest index, as {@code SmallestThree} does), the quaternion is negated if that
     * component is negative, and the other three are written as codes in index order.
     *
     * @param halfRange {@code H}, at most {@code 2^23 - 1}.
     * @param q         {@code (x, y, z, w)} in Q30 at {@code qOffset}, unit length.
     * @param qOffset   where x is.
     * @param record    receives the largest index at {@code rotOffset}, then the three codes.
     * @param rotOffset where the largest index goes.
     */
    public static void toCodes(
        final int halfRange, final long[] q, final int qOffset, final int[] record, final int rotOffset)
    {
        int largest = 0;
        long largestMagnitude = Math.abs(q[qOffset]);
        for (int i = 1; i < 4; i++)
        {
            final long magnitude = Math.abs(q[qOffset + i]);
            if (magnitude > largestMagnitude)
            {
                largest = i;
                largestMagnitude = magnitude;
            }
        }
        final boolean negate = q[qOffset + largest] < 0;
        record[rotOffset] = largest;
        int k = rotOffset + 1;
        for (int i = 0; i < 4; i++)
        {
            if (i != largest)
            {
                final int code = toCode(halfRange, q[qOffset + i]);
                record[k++] = negate ? -code : code;
            }
        }
    }

    /**
     * {@code round(value * H * sqrt(2))} on the magnitude, ties away from zero, clamped to {@code [-H, H]}.
     * The 128-bit product's high half is {@code |value| * H * sqrt(2) * 2^28} floored, which differs from the
     * exact product by less than {@code 2^-28} of a code.
     */
    static int toCode(final int halfRange, final long valueQ30)
    {
        final long magnitude = valueQ30 < 0 ? -valueQ30 : valueQ30;
        if (magnitude < 0 || magnitude >= ONE_Q30)
        {
            return valueQ30 < 0 ? -halfRange : halfRange;
        }
        final long scaledQ28 = Math.multiplyHigh(magnitude * halfRange, SQRT2_Q62);
        final int code = (int)Math.min(halfRange, (scaledQ28 + (1L << 27)) >> 28);
        return valueQ30 < 0 ? -code : code;
    }

    /**
     * {@code out = a * b} (Hamilton product, {@code a} applied after {@code b}), each component rounded once
     * from the exact Q60 sum. {@code out} may be {@code a} or {@code b}. Inputs must be at most about unit
     * length so the Q60 sums fit a long.
     */
    public static void multiply(
        final long[] a, final int aOffset, final long[] b, final int bOffset, final long[] out, final int outOffset)
    {
        final long ax = a[aOffset];
        final long ay = a[aOffset + 1];
        final long az = a[aOffset + 2];
        final long aw = a[aOffset + 3];
        final long bx = b[bOffset];
        final long by = b[bOffset + 1];
        final long bz = b[bOffset + 2];
        final long bw = b[bOffset + 3];
        out[outOffset] = roundQ60(aw * bx + ax * bw + ay * bz - az * by);
        out[outOffset + 1] = roundQ60(aw * by - ax * bz + ay * bw + az * bx);
        out[outOffset + 2] = roundQ60(aw * bz + ax * by - ay * bx + az * bw);
        out[outOffset + 3] = roundQ60(aw * bw - ax * bx - ay * by - az * bz);
    }

    /** Conjugate in place: the inverse rotation of a unit quaternion. Exact. */
    public static void conjugate(final long[] q, final int offset)
    {
        q[offset] = -q[offset];
        q[offset + 1] = -q[offset + 1];
        q[offset + 2] = -q[offset + 2];
    }

    /**
     * Scale to unit length in place (see the class comment for the rounding). A zero quaternion becomes the
     * identity. The squared length must be below 8 (it is at most 4 for the sums this class forms).
     */
    public static void normalize(final long[] q, final int offset)
    {
        final long x = q[offset];
        final long y = q[offset + 1];
        final long z = q[offset + 2];
        final long w = q[offset + 3];
        final long lengthSquaredQ60 = x * x + y * y + z * z + w * w;
        final long inverseQ32;
        if (Math.abs(lengthSquaredQ60 - ONE_Q60) <= NEAR_UNIT_Q60)
        {
            // Products of unit quaternions drift from unit length by a few Q30 units; for |1 - s| <= 2^-20 one
            // Newton step of 1/sqrt(s) from 1, (3 - s) / 2, is off by under 3/8 * 2^-40, far below a Q30 unit,
            // and needs no square root or division.
            inverseQ32 = (3 * ONE_Q60 - lengthSquaredQ60 + (1L << 28)) >> 29;
        }
        else
        {
            final long length = ReferenceFixedPoint.sqrtRound(lengthSquaredQ60);
            if (length == 0)
            {
                q[offset] = 0;
                q[offset + 1] = 0;
                q[offset + 2] = 0;
                q[offset + 3] = ONE_Q30;
                return;
            }
            // 1/length in Q32, 2^62 / length (relative error below 2^-32): one division instead of four.
            inverseQ32 = ReferenceFixedPoint.divRound(1L << 62, length);
        }
        // Each |component| <= length, so component * inverse stays within 2^62 (plus rounding) and fits.
        q[offset] = scaleQ32(x, inverseQ32);
        q[offset + 1] = scaleQ32(y, inverseQ32);
        q[offset + 2] = scaleQ32(z, inverseQ32);
        q[offset + 3] = scaleQ32(w, inverseQ32);
    }

    /** {@code round(value * scaleQ32 / 2^32)} on the magnitude, ties away from zero. */
    private static long scaleQ32(final long value, final long scaleQ32)
    {
        final long magnitude = ((value < 0 ? -value : value) * scaleQ32 + (1L << 31)) >> 32;
        return value < 0 ? -magnitude : magnitude;
    }

    /**
     * Raise a unit quaternion to a non-negative power: {@code q[resultOffset] = q[baseOffset]^exponent}, with
     * the exponent in Q16 ({@link #EXPONENT_FRACTION_BITS}). A base with negative w is negated first, so the
     * power turns along the shorter arc (for a whole exponent that changes nothing but the sign).
     *
     * <p>The whole part is square-and-multiply; the fraction is built from repeated square roots,
     * {@code sqrt(q) = normalize(q + 1)} for {@code w >= 0}, multiplying in {@code q^(2^-k)} for each set bit
     * {@code k} of the fraction. No trigonometry. Products are not renormalized one by one: each rounds to
     * about a Q30 unit, which moves the length by as little as the direction, so up to the extrapolation's
     * exponent limit of 32 the length stays within {@code 2^-24} of 1, and one normalization of the result
     * removes the drift. Rounding
     * the exponent to {@code 2^-16} moves the result by at most {@code angle * 2^-17}.
     *
     * @param q            holds the base, the result and four longs of working space, at distinct offsets.
     * @param baseOffset   the base, unit length; left unchanged.
     * @param exponentQ16  the exponent times {@code 2^16}, 0 to {@code 2^31}.
     * @param resultOffset receives the power, normalized.
     * @param workOffset   working space.
     */
    public static void power(
        final long[] q, final int baseOffset, final long exponentQ16, final int resultOffset, final int workOffset)
    {
        q[resultOffset] = 0;
        q[resultOffset + 1] = 0;
        q[resultOffset + 2] = 0;
        q[resultOffset + 3] = ONE_Q30;

        long fraction = exponentQ16 & ((1L << EXPONENT_FRACTION_BITS) - 1);
        int bit = EXPONENT_FRACTION_BITS - 1;
        copyShorterArc(q, baseOffset, workOffset);
        while (fraction != 0)
        {
            q[workOffset + 3] += ONE_Q30;
            normalize(q, workOffset);
            if ((fraction & (1L << bit)) != 0)
            {
                multiply(q, resultOffset, q, workOffset, q, resultOffset);
                fraction &= ~(1L << bit);
            }
            bit--;
        }

        long whole = exponentQ16 >>> EXPONENT_FRACTION_BITS;
        copyShorterArc(q, baseOffset, workOffset);
        while (whole != 0)
        {
            if ((whole & 1) != 0)
            {
                multiply(q, resultOffset, q, workOffset, q, resultOffset);
            }
            whole >>>= 1;
            if (whole != 0)
            {
                multiply(q, workOffset, q, workOffset, q, workOffset);
            }
        }
        normalize(q, resultOffset);
    }

    /**
     * Predict a rotation from two baselines assuming constant angular velocity, in the smallest-three codes
     * of the result. With {@code h = newestAgeTicks} and {@code d = olderAgeTicks - newestAgeTicks}:
     * {@code delta = q_newest * conj(q_older)} (the older baseline negated first if needed so that
     * {@code dot >= 0}, the shorter way round), then {@code predicted = delta^(h/d) * q_newest}, normalized
     * and encoded with the largest index that of its largest component (ties: the lowest index).
     *
     * <p>The exponent {@code h/d} is rounded to {@code 2^-k}, with {@code k <= 16} just enough fraction bits that the
     * rounding moves the prediction by about a quarter of a code at most for this delta's angle, and clamped to
     * {@link #MAX_EXTRAPOLATION_POWER}; when {@code d} divides {@code h} (the common case: consecutive acked
     * baselines, {@code d = 1}) it is exact and {@link #power} only multiplies. Identical baseline codes, a
     * non-positive {@code d} or {@code h} hold the newest rotation exactly (no round trip through Q30, which
     * could move a code that sits at a tie).
     *
     * @param halfRange      {@code H}, at most {@code 2^23 - 1}.
     * @param newest         the newest baseline record.
     * @param newestRot      offset of its largest index.
     * @param newestAgeTicks ticks from the newest baseline to the predicted tick.
     * @param older          the older baseline record.
     * @param olderRot       offset of its largest index.
     * @param olderAgeTicks  ticks from the older baseline to the predicted tick.
     * @param out            receives the predicted largest index at {@code outRot}, then three codes; it may
     *                       be {@code newest} or {@code older}.
     * @param outRot         where the largest index goes.
     * @param scratch        at least {@link #SCRATCH_LENGTH} longs of working space.
     */
    public static void extrapolate(
        final int halfRange,
        final int[] newest,
        final int newestRot,
        final int newestAgeTicks,
        final int[] older,
        final int olderRot,
        final int olderAgeTicks,
        final int[] out,
        final int outRot,
        final long[] scratch)
    {
        final long span = (long)olderAgeTicks - newestAgeTicks;
        if (span <= 0 || newestAgeTicks <= 0)
        {
            System.arraycopy(newest, newestRot, out, outRot, 4);
            return;
        }
        if (sameCodes(newest, newestRot, older, olderRot))
        {
            System.arraycopy(newest, newestRot, out, outRot, 4);
            return;
        }
        delta(halfRange, newest, newestRot, older, olderRot, scratch);
        final int kept = exponentFractionBits(halfRange, scratch, DELTA);
        final long exponentQ16 = ReferenceFixedPoint.divRound((long)newestAgeTicks << kept, span) << (EXPONENT_FRACTION_BITS - kept);
        if (exponentQ16 == 0)
        {
            // A turn too small to move a code over so short a horizon: hold, exactly as a zero exponent does.
            System.arraycopy(newest, newestRot, out, outRot, 4);
            return;
        }
        powerTimesNewest(halfRange, scratch, exponentQ16, out, outRot);
    }

    /**
     * Fraction bits of the exponent that {@link #extrapolate} keeps for this {@code delta}: enough that rounding the
     * exponent moves the prediction by at most about a quarter of a code, and no more, since {@link #power} takes one
     * square root per fraction bit down to the lowest set one. Rounding the exponent by {@code 2^-(k+1)} turns the
     * prediction by {@code 2^-(k+1)} times delta's angle {@code theta <= pi |v|} ({@code v} its vector part); a code
     * is {@code sqrt2 / H} of angle. So {@code 2^(k+1) >= 2 sqrt2 pi H |v|}, about {@code 9 H |v|}. A cube turning 0.05
     * rad a tick, predicted 1 tick past a newest baseline 7 ticks after the older ({@code h/d = 1/7}, an unacked
     * reference), keeps 8 bits at 9-bit codes and takes 8 square roots where 16 bits took 15 (results.md, "CPU per
     * client", "After the exponent's fraction bits").
     * Integer math on the decoded delta, so both ends choose the same.
     */
    private static int exponentFractionBits(final int halfRange, final long[] q, final int offset)
    {
        final long x = q[offset];
        final long y = q[offset + 1];
        final long z = q[offset + 2];
        // |v| in Q30, at most 2^30 (products below 2^61 each, sum below 2^63).
        final long vectorQ30 = ReferenceFixedPoint.sqrtFloor(x * x + y * y + z * z) + 1;
        // 9 H |v| in Q30 units: H < 2^23 and |v| <= 2^30 + 1, so the product fits in 63 bits.
        final long needed = ((9L * halfRange * vectorQ30) >> FRACTION_BITS) + 1;
        final int bits = 64 - Long.numberOfLeadingZeros(needed);
        return Math.max(0, Math.min(EXPONENT_FRACTION_BITS, bits - 1));
    }

    /**
     * {@link #extrapolate} with the exponent given: {@code predicted = delta^e * q_newest} for
     * {@code delta = q_newest * conj(q_older)}, for a caller whose rotation between the baselines and after the
     * newest is not at constant angular velocity (a damped body turns by less each step, see
     * {@link FreeFlightExtrapolationPredictor}). Identical baseline codes or a non-positive exponent hold the
     * newest rotation exactly. An exponent with fewer fraction bits costs fewer square roots.
     *
     * @param exponentQ16 {@code e * 2^16}; clamped to {@link #MAX_EXTRAPOLATION_POWER}.
     * @see #extrapolate
     */
    public static void extrapolateByPower(
        final int halfRange,
        final int[] newest,
        final int newestRot,
        final int[] older,
        final int olderRot,
        final long exponentQ16,
        final int[] out,
        final int outRot,
        final long[] scratch)
    {
        if (exponentQ16 <= 0 || sameCodes(newest, newestRot, older, olderRot))
        {
            System.arraycopy(newest, newestRot, out, outRot, 4);
            return;
        }
        delta(halfRange, newest, newestRot, older, olderRot, scratch);
        powerTimesNewest(halfRange, scratch, exponentQ16, out, outRot);
    }

    /** {@code scratch[NEWEST] = q_newest}, {@code scratch[DELTA] = q_newest * conj(q_older)}, the shorter way round. */
    private static void delta(
        final int halfRange, final int[] newest, final int newestRot, final int[] older, final int olderRot,
        final long[] scratch)
    {
        // One division for both records' scale.
        final long scaleQ32 = codeScaleQ32(halfRange);
        toQuaternion(scaleQ32, newest, newestRot, scratch, NEWEST);
        toQuaternion(scaleQ32, older, olderRot, scratch, DELTA);
        if (dot(scratch, NEWEST, DELTA) < 0)
        {
            for (int i = 0; i < 4; i++)
            {
                scratch[DELTA + i] = -scratch[DELTA + i];
            }
        }
        conjugate(scratch, DELTA);
        multiply(scratch, NEWEST, scratch, DELTA, scratch, DELTA);
    }

    /** The codes of {@code delta^exponent * q_newest}, from {@link #delta}'s scratch. */
    private static void powerTimesNewest(
        final int halfRange, final long[] scratch, final long exponentQ16, final int[] out, final int outRot)
    {
        final long maxExponentQ16 = (long)MAX_EXTRAPOLATION_POWER << EXPONENT_FRACTION_BITS;
        power(scratch, DELTA, Math.min(maxExponentQ16, exponentQ16), POWER, WORK);
        multiply(scratch, POWER, scratch, NEWEST, scratch, POWER);
        normalize(scratch, POWER);
        toCodes(halfRange, scratch, POWER, out, outRot);
    }

    private static boolean sameCodes(final int[] first, final int firstOffset, final int[] second, final int secondOffset)
    {
        return first[firstOffset] == second[secondOffset] &&
            first[firstOffset + 1] == second[secondOffset + 1] &&
            first[firstOffset + 2] == second[secondOffset + 2] &&
            first[firstOffset + 3] == second[secondOffset + 3];
    }

    private static long dot(final long[] q, final int firstOffset, final int secondOffset)
    {
        return q[firstOffset] * q[secondOffset] + q[firstOffset + 1] * q[secondOffset + 1] +
            q[firstOffset + 2] * q[secondOffset + 2] + q[firstOffset + 3] * q[secondOffset + 3];
    }

    private static void copyShorterArc(final long[] q, final int from, final int to)
    {
        final long sign = q[from + 3] < 0 ? -1 : 1;
        for (int i = 0; i < 4; i++)
        {
            q[to + i] = sign * q[from + i];
        }
    }

    /** Component {@code index} of a smallest-three quaternion whose largest one is {@code omitted}. */
    private static long component(
        final int index, final int largest, final long omitted, final long a, final long b, final long c)
    {
        if (index == largest)
        {
            return omitted;
        }
        final int slot = index < largest ? index : index - 1;
        return slot == 0 ? a : slot == 1 ? b : c;
    }

    private static long roundQ60(final long valueQ60)
    {
        return (valueQ60 + HALF_Q30_ULP_Q60) >> FRACTION_BITS;
    }
}
