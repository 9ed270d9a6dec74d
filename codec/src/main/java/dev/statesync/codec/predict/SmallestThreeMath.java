package dev.statesync.codec.predict;

import dev.statesync.codec.state.StateSchema;

/**
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
 * <p>All methods are static and allocate nothing. {@link #extrapolate} and {@link #extrapolateByPower} keep their
 * intermediate quaternions in local variables (registers), so they need no working space; {@link #power} works in
 * the caller's array.
 */
public final class SmallestThreeMath
{
    /** Fraction bits of the quaternion format. */
    public static final int FRACTION_BITS = 30;
    /** 1.0 in Q30. */
    public static final long ONE_Q30 = 1L << FRACTION_BITS;
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
    /** What {@link #inverseLengthQ32} returns for a zero length: every real inverse is positive. */
    private static final long ZERO_LENGTH = -1;
    private static final long FRACTION_MASK = (1L << EXPONENT_FRACTION_BITS) - 1;

    private SmallestThreeMath()
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
        final long omitted = FixedPoint.sqrtRound(2 * h * h - a * a - b * b - c * c);
        final long sign = component(targetLargest, largest, omitted, a, b, c) < 0 ? -1 : 1;
        int k = outOffset;
        for (int i = 0; i < 4; i++)
        {
            if (i != targetLargest)
            {
                out[k++] = FixedPoint.clamp(sign * component(i, largest, omitted, a, b, c), -halfRange, halfRange);
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
        return FixedPoint.divRound(INV_SQRT2_Q62, halfRange);
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
        final long omitted = FixedPoint.sqrtRound(rest);
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
        toCodes(halfRange, q[qOffset], q[qOffset + 1], q[qOffset + 2], q[qOffset + 3], record, rotOffset);
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
        final long inverseQ32 = inverseLengthQ32(x * x + y * y + z * z + w * w);
        if (inverseQ32 == ZERO_LENGTH)
        {
            q[offset] = 0;
            q[offset + 1] = 0;
            q[offset + 2] = 0;
            q[offset + 3] = ONE_Q30;
            return;
        }
        // Each |component| <= length, so component * inverse stays within 2^62 (plus rounding) and fits.
        q[offset] = scaleQ32(x, inverseQ32);
        q[offset + 1] = scaleQ32(y, inverseQ32);
        q[offset + 2] = scaleQ32(z, inverseQ32);
        q[offset + 3] = scaleQ32(w, inverseQ32);
    }

    /**
     * The inverse length {@link #normalize} scales by, in Q32, from the exact Q60 squared length; or
     * {@link #ZERO_LENGTH} for a quaternion whose rounded length is 0 (it becomes the identity).
     */
    private static long inverseLengthQ32(final long lengthSquaredQ60)
    {
        if (Math.abs(lengthSquaredQ60 - ONE_Q60) <= NEAR_UNIT_Q60)
        {
            // Products of unit quaternions drift from unit length by a few Q30 units; for |1 - s| <= 2^-20 one
            // Newton step of 1/sqrt(s) from 1, (3 - s) / 2, is off by under 3/8 * 2^-40, far below a Q30 unit,
            // and needs no square root or division.
            return (3 * ONE_Q60 - lengthSquaredQ60 + (1L << 28)) >> 29;
        }
        final long length = FixedPoint.sqrtRound(lengthSquaredQ60);
        if (length == 0)
        {
            return ZERO_LENGTH;
        }
        // 1/length in Q32, 2^62 / length rounded to nearest (relative error below 2^-32): one division instead of four.
        return FixedPoint.divRound(1L << 62, length);
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
        final int outRot)
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
        extrapolateInRegisters(halfRange, newest, newestRot, older, olderRot, newestAgeTicks, span, 0, out, outRot);
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
    private static int exponentFractionBits(final int halfRange, final long x, final long y, final long z)
    {
        // |v| in Q30, at most 2^30 (products below 2^61 each, sum below 2^63).
        final long vectorQ30 = FixedPoint.sqrtFloor(x * x + y * y + z * z) + 1;
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
        final int outRot)
    {
        if (exponentQ16 <= 0 || sameCodes(newest, newestRot, older, olderRot))
        {
            System.arraycopy(newest, newestRot, out, outRot, 4);
            return;
        }
        extrapolateInRegisters(halfRange, newest, newestRot, older, olderRot, 0, 0, exponentQ16, out, outRot);
    }

    /**
     * {@link #extrapolate} (for {@code span > 0}, the exponent from the ages) and {@link #extrapolateByPower} (the
     * exponent given) past their hold checks: {@code delta = q_newest * conj(q_older)} the shorter way round, then
     * the codes of {@code normalize(power(delta, e) * q_newest)}, exactly as {@link #toQuaternion},
     * {@link #multiply}, {@link #normalize}, {@link #power} and {@link #toCodes} compute them on arrays.
     *
     * <p>Why one long method: the quaternions live in local variables, which the JIT keeps in registers, where the
     * array forms store and reload every component of every intermediate through a scratch array (with its range
     * checks); this pipeline is a quaternion power per predicted object, the predictors' largest cost on the cube
     * run's encode and decode (results.md, "CPU per client"). One more saving, exact: the power's first factor is
     * multiplied into the identity, whose product with {@code b} rounds to {@code b} itself
     * ({@code (2^30 b + 2^29) >> 30 = b}), so it is copied instead.
     */
    private static void extrapolateInRegisters(
        final int halfRange,
        final int[] newest,
        final int newestRot,
        final int[] older,
        final int olderRot,
        final int newestAgeTicks,
        final long span,
        final long givenExponentQ16,
        final int[] out,
        final int outRot)
    {
        final long scaleQ32 = codeScaleQ32(halfRange);

        // q_newest, as toQuaternion decodes it.
        final int newestLargest = newest[newestRot];
        final long na = scaleQ32(newest[newestRot + 1], scaleQ32);
        final long nb = scaleQ32(newest[newestRot + 2], scaleQ32);
        final long nc = scaleQ32(newest[newestRot + 3], scaleQ32);
        final long newestRest = ONE_Q60 - na * na - nb * nb - nc * nc;
        final long newestOmitted = FixedPoint.sqrtRound(newestRest);
        long nx = component(0, newestLargest, newestOmitted, na, nb, nc);
        long ny = component(1, newestLargest, newestOmitted, na, nb, nc);
        long nz = component(2, newestLargest, newestOmitted, na, nb, nc);
        long nw = component(3, newestLargest, newestOmitted, na, nb, nc);
        if (newestRest < 0)
        {
            final long inverseQ32 = inverseLengthQ32(nx * nx + ny * ny + nz * nz + nw * nw);
            if (inverseQ32 == ZERO_LENGTH)
            {
                nx = 0;
                ny = 0;
                nz = 0;
                nw = ONE_Q30;
            }
            else
            {
                nx = scaleQ32(nx, inverseQ32);
                ny = scaleQ32(ny, inverseQ32);
                nz = scaleQ32(nz, inverseQ32);
                nw = scaleQ32(nw, inverseQ32);
            }
        }

        // q_older, likewise.
        final int olderLargest = older[olderRot];
        final long oa = scaleQ32(older[olderRot + 1], scaleQ32);
        final long ob = scaleQ32(older[olderRot + 2], scaleQ32);
        final long oc = scaleQ32(older[olderRot + 3], scaleQ32);
        final long olderRest = ONE_Q60 - oa * oa - ob * ob - oc * oc;
        final long olderOmitted = FixedPoint.sqrtRound(olderRest);
        long ox = component(0, olderLargest, olderOmitted, oa, ob, oc);
        long oy = component(1, olderLargest, olderOmitted, oa, ob, oc);
        long oz = component(2, olderLargest, olderOmitted, oa, ob, oc);
        long ow = component(3, olderLargest, olderOmitted, oa, ob, oc);
        if (olderRest < 0)
        {
            final long inverseQ32 = inverseLengthQ32(ox * ox + oy * oy + oz * oz + ow * ow);
            if (inverseQ32 == ZERO_LENGTH)
            {
                ox = 0;
                oy = 0;
                oz = 0;
                ow = ONE_Q30;
            }
            else
            {
                ox = scaleQ32(ox, inverseQ32);
                oy = scaleQ32(oy, inverseQ32);
                oz = scaleQ32(oz, inverseQ32);
                ow = scaleQ32(ow, inverseQ32);
            }
        }

        // delta = q_newest * conj(q_older), q_older negated first if the dot product is negative: conj(s q) is
        // (-s x, -s y, -s z, s w) with s the sign.
        final long sign = nx * ox + ny * oy + nz * oz + nw * ow < 0 ? -1 : 1;
        final long bx = -sign * ox;
        final long by = -sign * oy;
        final long bz = -sign * oz;
        final long bw = sign * ow;
        final long dx = roundQ60(nw * bx + nx * bw + ny * bz - nz * by);
        final long dy = roundQ60(nw * by - nx * bz + ny * bw + nz * bx);
        final long dz = roundQ60(nw * bz + nx * by - ny * bx + nz * bw);
        final long dw = roundQ60(nw * bw - nx * bx - ny * by - nz * bz);

        long exponentQ16 = givenExponentQ16;
        if (span > 0)
        {
            final int kept = exponentFractionBits(halfRange, dx, dy, dz);
            exponentQ16 = FixedPoint.divRound((long)newestAgeTicks << kept, span) << (EXPONENT_FRACTION_BITS - kept);
            if (exponentQ16 == 0)
            {
                // A turn too small to move a code over so short a horizon: hold, exactly as a zero exponent does.
                System.arraycopy(newest, newestRot, out, outRot, 4);
                return;
            }
        }
        exponentQ16 = Math.min((long)MAX_EXTRAPOLATION_POWER << EXPONENT_FRACTION_BITS, exponentQ16);

        // power(delta, e), as power computes it; "identity" while the result is still the identity it starts as.
        long rx = 0;
        long ry = 0;
        long rz = 0;
        long rw = ONE_Q30;
        boolean identity = true;
        final long arc = dw < 0 ? -1 : 1;
        long fraction = exponentQ16 & FRACTION_MASK;
        int bit = EXPONENT_FRACTION_BITS - 1;
        long wx = arc * dx;
        long wy = arc * dy;
        long wz = arc * dz;
        long ww = arc * dw;
        while (fraction != 0)
        {
            // The square root normalize(w + 1). w starts >= 0 (the shorter arc) and scaling keeps its sign, so w + 1
            // is at least ONE_Q30, the length at least 1: never normalize's zero case, which needs no branch here.
            ww += ONE_Q30;
            final long inverseQ32 = inverseLengthQ32(wx * wx + wy * wy + wz * wz + ww * ww);
            wx = scaleQ32(wx, inverseQ32);
            wy = scaleQ32(wy, inverseQ32);
            wz = scaleQ32(wz, inverseQ32);
            ww = scaleQ32(ww, inverseQ32);
            if ((fraction & (1L << bit)) != 0)
            {
                if (identity)
                {
                    rx = wx;
                    ry = wy;
                    rz = wz;
                    rw = ww;
                    identity = false;
                }
                else
                {
                    final long px = roundQ60(rw * wx + rx * ww + ry * wz - rz * wy);
                    final long py = roundQ60(rw * wy - rx * wz + ry * ww + rz * wx);
                    final long pz = roundQ60(rw * wz + rx * wy - ry * wx + rz * ww);
                    final long pw = roundQ60(rw * ww - rx * wx - ry * wy - rz * wz);
                    rx = px;
                    ry = py;
                    rz = pz;
                    rw = pw;
                }
                fraction &= ~(1L << bit);
            }
            bit--;
        }

        long whole = exponentQ16 >>> EXPONENT_FRACTION_BITS;
        wx = arc * dx;
        wy = arc * dy;
        wz = arc * dz;
        ww = arc * dw;
        while (whole != 0)
        {
            if ((whole & 1) != 0)
            {
                if (identity)
                {
                    rx = wx;
                    ry = wy;
                    rz = wz;
                    rw = ww;
                    identity = false;
                }
                else
                {
                    final long px = roundQ60(rw * wx + rx * ww + ry * wz - rz * wy);
                    final long py = roundQ60(rw * wy - rx * wz + ry * ww + rz * wx);
                    final long pz = roundQ60(rw * wz + rx * wy - ry * wx + rz * ww);
                    final long pw = roundQ60(rw * ww - rx * wx - ry * wy - rz * wz);
                    rx = px;
                    ry = py;
                    rz = pz;
                    rw = pw;
                }
            }
            whole >>>= 1;
            if (whole != 0)
            {
                final long sx = roundQ60(ww * wx + wx * ww + wy * wz - wz * wy);
                final long sy = roundQ60(ww * wy - wx * wz + wy * ww + wz * wx);
                final long sz = roundQ60(ww * wz + wx * wy - wy * wx + wz * ww);
                final long sw = roundQ60(ww * ww - wx * wx - wy * wy - wz * wz);
                wx = sx;
                wy = sy;
                wz = sz;
                ww = sw;
            }
        }
        final long powerInverseQ32 = inverseLengthQ32(rx * rx + ry * ry + rz * rz + rw * rw);
        if (powerInverseQ32 == ZERO_LENGTH)
        {
            rx = 0;
            ry = 0;
            rz = 0;
            rw = ONE_Q30;
        }
        else
        {
            rx = scaleQ32(rx, powerInverseQ32);
            ry = scaleQ32(ry, powerInverseQ32);
            rz = scaleQ32(rz, powerInverseQ32);
            rw = scaleQ32(rw, powerInverseQ32);
        }

        // normalize(power * q_newest), then its codes.
        long px = roundQ60(rw * nx + rx * nw + ry * nz - rz * ny);
        long py = roundQ60(rw * ny - rx * nz + ry * nw + rz * nx);
        long pz = roundQ60(rw * nz + rx * ny - ry * nx + rz * nw);
        long pw = roundQ60(rw * nw - rx * nx - ry * ny - rz * nz);
        final long inverseQ32 = inverseLengthQ32(px * px + py * py + pz * pz + pw * pw);
        if (inverseQ32 == ZERO_LENGTH)
        {
            px = 0;
            py = 0;
            pz = 0;
            pw = ONE_Q30;
        }
        else
        {
            px = scaleQ32(px, inverseQ32);
            py = scaleQ32(py, inverseQ32);
            pz = scaleQ32(pz, inverseQ32);
            pw = scaleQ32(pw, inverseQ32);
        }
        toCodes(halfRange, px, py, pz, pw, out, outRot);
    }

    /** {@link #toCodes(int, long[], int, int[], int)} on a quaternion held in four longs (the array form calls this). */
    private static void toCodes(
        final int halfRange, final long x, final long y, final long z, final long w, final int[] record,
        final int rotOffset)
    {
        final long ax = Math.abs(x);
        final long ay = Math.abs(y);
        final long az = Math.abs(z);
        final long aw = Math.abs(w);
        // Largest magnitude, ties to the lowest index.
        int largest = 0;
        long largestMagnitude = ax;
        if (ay > largestMagnitude)
        {
            largest = 1;
            largestMagnitude = ay;
        }
        if (az > largestMagnitude)
        {
            largest = 2;
            largestMagnitude = az;
        }
        if (aw > largestMagnitude)
        {
            largest = 3;
        }
        final long largestValue = largest == 0 ? x : largest == 1 ? y : largest == 2 ? z : w;
        final boolean negate = largestValue < 0;
        record[rotOffset] = largest;
        int k = rotOffset + 1;
        if (largest != 0)
        {
            record[k++] = negate ? -toCode(halfRange, x) : toCode(halfRange, x);
        }
        if (largest != 1)
        {
            record[k++] = negate ? -toCode(halfRange, y) : toCode(halfRange, y);
        }
        if (largest != 2)
        {
            record[k++] = negate ? -toCode(halfRange, z) : toCode(halfRange, z);
        }
        if (largest != 3)
        {
            record[k] = negate ? -toCode(halfRange, w) : toCode(halfRange, w);
        }
    }

    private static boolean sameCodes(final int[] first, final int firstOffset, final int[] second, final int secondOffset)
    {
        return first[firstOffset] == second[secondOffset] &&
            first[firstOffset + 1] == second[secondOffset + 1] &&
            first[firstOffset + 2] == second[secondOffset + 2] &&
            first[firstOffset + 3] == second[secondOffset + 3];
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
