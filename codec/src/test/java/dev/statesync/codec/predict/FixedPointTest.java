package dev.statesync.codec.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

class FixedPointTest
{
    @Property(tries = 5000)
    void sqrtFloorIsTheExactIntegerSquareRoot(@ForAll @LongRange(min = 0) final long value)
    {
        assertEquals(BigInteger.valueOf(value).sqrt().longValueExact(), FixedPoint.sqrtFloor(value));
    }

    /** Every magnitude: the double seed rounds the radicand to 53 bits from 2^53 up, so the last check must step. */
    @Property(tries = 5000)
    void sqrtFloorIsExactAtEveryMagnitude(@ForAll final long bits, @ForAll @IntRange(min = 1, max = 63) final int shift)
    {
        final long value = bits >>> shift;
        assertEquals(BigInteger.valueOf(value).sqrt().longValueExact(), FixedPoint.sqrtFloor(value));
    }

    @Example
    void sqrtFloorIsExactForSmallValuesAndAroundSquares()
    {
        for (long value = 0; value < 1 << 20; value++)
        {
            assertEquals(BigInteger.valueOf(value).sqrt().longValueExact(), FixedPoint.sqrtFloor(value), "sqrt " + value);
        }
        for (long root = 1; root < 3_037_000_499L; root += 1_000_003L + root / 7)
        {
            final long square = root * root;
            assertEquals(root, FixedPoint.sqrtFloor(square));
            assertEquals(root - 1, FixedPoint.sqrtFloor(square - 1));
            assertEquals(root, FixedPoint.sqrtFloor(square + 2 * root), "just below (root + 1)^2");
        }
    }

    @Property(tries = 5000)
    void sqrtRoundIsWithinHalfOfTheRealSquareRoot(@ForAll @LongRange(min = 0) final long value)
    {
        // |r - sqrt(v)| <= 1/2  <=>  (2r - 1)^2 <= 4v <= (2r + 1)^2 (the left side only for r >= 1), exactly.
        final BigInteger r = BigInteger.valueOf(FixedPoint.sqrtRound(value));
        final BigInteger fourV = BigInteger.valueOf(value).shiftLeft(2);
        final BigInteger below = r.shiftLeft(1).subtract(BigInteger.ONE);
        final BigInteger above = r.shiftLeft(1).add(BigInteger.ONE);
        assertTrue((r.signum() == 0 || below.multiply(below).compareTo(fourV) <= 0) && fourV.compareTo(above.multiply(above)) <= 0,
            "sqrtRound(" + value + ") = " + r);
    }

    @Example
    void squareRootsAtTheEdges()
    {
        assertEquals(0, FixedPoint.sqrtFloor(-5), "a negative radicand counts as 0");
        assertEquals(0, FixedPoint.sqrtRound(0));
        assertEquals(1, FixedPoint.sqrtRound(2), "sqrt 2 = 1.41");
        assertEquals(2, FixedPoint.sqrtRound(3), "sqrt 3 = 1.73");
        assertEquals(2, FixedPoint.sqrtRound(6), "sqrt 6 = 2.45");
        assertEquals(3, FixedPoint.sqrtRound(7), "sqrt 7 = 2.65");
        assertEquals(3_037_000_499L, FixedPoint.sqrtFloor(Long.MAX_VALUE));
        assertEquals(3_037_000_500L, FixedPoint.sqrtRound(Long.MAX_VALUE));
        final long square = 3_037_000_499L * 3_037_000_499L;
        assertEquals(3_037_000_499L, FixedPoint.sqrtFloor(square));
        assertEquals(3_037_000_498L, FixedPoint.sqrtFloor(square - 1));
    }

    /** Nearest, ties away from zero, for a denominator of 1 (its shortcut) as for any other. */
    @Property(tries = 5000)
    void divRoundIsTheNearestQuotientTiesAwayFromZero(
        @ForAll @LongRange(min = -(1L << 62), max = 1L << 62) final long numerator,
        @ForAll @LongRange(min = 1, max = 1L << 40) final long denominator)
    {
        for (final long d : new long[]{denominator, 1, 2, 3})
        {
            final BigInteger[] qr = BigInteger.valueOf(Math.abs(numerator)).divideAndRemainder(BigInteger.valueOf(d));
            final long magnitude = qr[0].longValueExact() + (2 * qr[1].longValueExact() >= d ? 1 : 0);
            assertEquals(numerator < 0 ? -magnitude : magnitude, FixedPoint.divRound(numerator, d),
                numerator + " / " + d);
        }
    }
}
