package dev.statesync.codec.bits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

import org.junit.jupiter.api.Test;

/** {@link BitLadder#rungOf} starts from a table by bit length; it must agree with a scan from rung 0 everywhere. */
class BitLadderTest
{
    @Property(tries = 2000)
    void rungOfShouldMatchAScanFromTheLowestRung(@ForAll("laddersAndValues") final Tuple2<int[], Integer> ladderAndValue)
    {
        final BitLadder ladder = new BitLadder(ladderAndValue.get1());
        final int value = Math.min(ladderAndValue.get2(), ladder.maxValue());
        for (final int v : new int[] {value, 0, ladder.maxValue(), Math.max(0, value - 1)})
        {
            final int rung = scan(ladder, v);
            assertEquals(rung, ladder.rungOf(v), ladder + " value " + v);
            assertEquals(rung + (rung == ladder.rungCount() - 1 ? 0 : 1) + ladder.width(rung), ladder.bitsFor(v));
        }
        // Every rung's first and last value, where the table's guess and the scan are most likely to part.
        for (int rung = 0; rung < ladder.rungCount(); rung++)
        {
            final long first = ladder.start(rung);
            final long last = first + (1L << ladder.width(rung)) - 1;
            assertEquals(rung, ladder.rungOf((int)first), ladder + " first of rung " + rung);
            assertEquals(rung, ladder.rungOf((int)Math.min(last, ladder.maxValue())), ladder + " last of rung " + rung);
        }
    }

    @Test
    void theLaddersTheCodecUsesShouldGiveTheDocumentedRungs()
    {
        final BitLadder example = new BitLadder(0, 1, 3, 8);
        final int[] rungs = {0, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3};
        for (int v = 0; v < rungs.length; v++)
        {
            assertEquals(rungs[v], example.rungOf(v), "value " + v);
        }
        assertEquals(3, example.rungOf(266));
        assertThrows(IllegalArgumentException.class, () -> example.rungOf(267));
        assertThrows(IllegalArgumentException.class, () -> example.rungOf(-1));
        final BitLadder zeros = new BitLadder(0, 0, 0, 0, 0, 5);
        for (int v = 0; v <= zeros.maxValue(); v++)
        {
            assertEquals(Math.min(v, 5), zeros.rungOf(v), "value " + v + " of a ladder of one-value rungs");
        }
    }

    private static int scan(final BitLadder ladder, final int value)
    {
        int rung = 0;
        while (rung < ladder.rungCount() - 1 && value >= ladder.start(rung + 1))
        {
            rung++;
        }
        return rung;
    }

    @Provide
    Arbitrary<Tuple2<int[], Integer>> laddersAndValues()
    {
        final Arbitrary<int[]> widths = Arbitraries.integers().between(0, 12).list().ofMinSize(1).ofMaxSize(12)
            .map(BitLadderTest::toArray)
            .filter(w -> covered(w) - 1 <= Integer.MAX_VALUE);
        final Arbitrary<int[]> wide = Arbitraries.of(List.of(new int[] {0, 1, 3, 5, 8, 12, 17, 22, 30},
            new int[] {1, 3, 6, 10, 16, 30}, new int[] {3, 6, 10, 30}, new int[] {31}, new int[] {0, 30, 29}));
        return Combinators.combine(Arbitraries.oneOf(widths, wide), Arbitraries.integers().between(0, Integer.MAX_VALUE))
            .as(Tuple::of);
    }

    private static int[] toArray(final List<Integer> list)
    {
        final int[] out = new int[list.size()];
        for (int i = 0; i < out.length; i++)
        {
            out[i] = list.get(i);
        }
        return out;
    }

    private static long covered(final int[] widths)
    {
        long total = 0;
        for (final int w : widths)
        {
            total += 1L << w;
        }
        return total;
    }
}
