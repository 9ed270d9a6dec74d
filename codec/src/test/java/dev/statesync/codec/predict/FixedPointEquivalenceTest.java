package dev.statesync.codec.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The sped-up {@link FixedPoint} square roots give exactly the numbers the old ones ({@link ReferenceFixedPoint}) gave,
 * for every magnitude, around squares and midpoints and at the edges: both ends of a connection predict with them, so
 * a single changed bit would change the bytes on the wire (and every golden digest).
 */
class FixedPointEquivalenceTest
{
    private static final long MAX_ROOT = 3_037_000_499L;

    @Property(tries = 20_000)
    void sqrtFloorAndSqrtRoundEqualTheOldOnesAtEveryMagnitude(
        @ForAll final long bits, @ForAll @IntRange(min = 0, max = 63) final int shift)
    {
        final long value = bits >>> shift;
        assertEquals(ReferenceFixedPoint.sqrtFloor(value), FixedPoint.sqrtFloor(value), "sqrtFloor " + value);
        assertEquals(ReferenceFixedPoint.sqrtRound(value), FixedPoint.sqrtRound(value), "sqrtRound " + value);
        assertEquals(ReferenceFixedPoint.sqrtFloor(-value), FixedPoint.sqrtFloor(-value), "sqrtFloor " + -value);
        assertEquals(ReferenceFixedPoint.sqrtRound(-value), FixedPoint.sqrtRound(-value), "sqrtRound " + -value);
    }

    /** Around squares and midpoints, where the double seed is off by one and the remainder decides. */
    @Property(tries = 20_000)
    void squareRootsEqualTheOldOnesAroundSquares(
        @ForAll final long seed, @ForAll @IntRange(min = 1, max = 32) final int rootBits, @ForAll @IntRange(min = -3, max = 3) final int step)
    {
        final long root = Math.min(MAX_ROOT, (seed >>> (64 - rootBits)) | 1);
        final long square = root * root;
        for (final long value : new long[]{square + step, square + root + step, square + 2 * root + step})
        {
            if (value >= 0)
            {
                assertEquals(ReferenceFixedPoint.sqrtFloor(value), FixedPoint.sqrtFloor(value), "sqrtFloor " + value);
                assertEquals(ReferenceFixedPoint.sqrtRound(value), FixedPoint.sqrtRound(value), "sqrtRound " + value);
            }
        }
    }

    @Example
    void squareRootsEqualTheOldOnesAtTheEdges()
    {
        for (long value = -2; value < 1 << 22; value++)
        {
            assertEquals(ReferenceFixedPoint.sqrtFloor(value), FixedPoint.sqrtFloor(value), "sqrtFloor " + value);
            assertEquals(ReferenceFixedPoint.sqrtRound(value), FixedPoint.sqrtRound(value), "sqrtRound " + value);
        }
        final long[] edges = {Long.MAX_VALUE, Long.MAX_VALUE - 1, MAX_ROOT * MAX_ROOT, MAX_ROOT * MAX_ROOT - 1,
            MAX_ROOT * MAX_ROOT + MAX_ROOT, MAX_ROOT * MAX_ROOT + MAX_ROOT + 1, 1L << 62, (1L << 62) - 1, 1L << 60,
            (1L << 60) + (1L << 40), (1L << 53) + 1, Long.MIN_VALUE};
        for (final long value : edges)
        {
            assertEquals(ReferenceFixedPoint.sqrtFloor(value), FixedPoint.sqrtFloor(value), "sqrtFloor " + value);
            assertEquals(ReferenceFixedPoint.sqrtRound(value), FixedPoint.sqrtRound(value), "sqrtRound " + value);
        }
    }
}
