package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link ObjectCodec#gammaBits} without its branch on zero is the branching form it replaced (as of 0d8073e) for
 * every residual: small ones (zero included), differences of two ints (what the estimate passes), powers of two and
 * their neighbours, and any long (the extremes included).
 */
class GammaBitsTest
{
    /** The estimate's residual cost as written before: 1 bit for zero, else 2 * bit length + 1. */
    private static int branchingGammaBits(final long residual)
    {
        final long magnitude = Math.abs(residual);
        return magnitude == 0 ? 1 : 2 * (64 - Long.numberOfLeadingZeros(magnitude)) + 1;
    }

    @Property(tries = 20000)
    void sameAsTheBranchingForm(@ForAll("residuals") final long residual)
    {
        assertEquals(branchingGammaBits(residual), ObjectCodec.gammaBits(residual), "residual " + residual);
    }

    @Property(tries = 200)
    void sameAroundEveryPowerOfTwo(@ForAll("exponents") final int exponent)
    {
        for (long d = -2; d <= 2; d++)
        {
            final long v = (1L << exponent) + d;
            assertEquals(branchingGammaBits(v), ObjectCodec.gammaBits(v), "residual " + v);
            assertEquals(branchingGammaBits(-v), ObjectCodec.gammaBits(-v), "residual " + -v);
        }
    }

    @Provide
    Arbitrary<Long> residuals()
    {
        return Arbitraries.oneOf(
            Arbitraries.longs().between(-300, 300),
            Arbitraries.integers().tuple2().map(t -> (long)t.get1() - t.get2()),
            Arbitraries.longs(),
            Arbitraries.of(0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1,
                (long)Integer.MIN_VALUE - Integer.MAX_VALUE, (long)Integer.MAX_VALUE - Integer.MIN_VALUE));
    }

    @Provide
    Arbitrary<Integer> exponents()
    {
        return Arbitraries.integers().between(0, 62);
    }
}
