package dev.statesync.codec.snapshot;

import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The bytes of bitpacked snapshots, budgeted or not, and of framed snapshots without a binding budget must not
 * change when the sender's internals do: receivers of earlier builds decode them, and the benchmark's compression
 * figures depend on them. The digests were taken from the sender before budgets were fitted to range-coded sizes;
 * a deliberate format change updates them (the failure message prints the table in source form).
 */
class SnapshotGoldenBytesTest
{
    private static final int OBJECTS = 40;
    private static final int TICKS = 120;
    private static final int[] BITPACKED_BUDGETS = {0, 72, 300};

    /** Per schema (RandomStates.schema order), per predictor: bitpacked at each budget, then framed unbudgeted. */
    private static final long[][][] EXPECTED = {
        {
            {245740909L, 1935154988L, 2918896777L, 2687683990L},
            {2481939547L, 4006235425L, 1910642264L, 1768768580L},
            {4267558318L, 674903760L, 964739752L, 3727622048L},
        },
        {
            {3808954521L, 500715632L, 1553754442L, 2953349123L},
            {741865196L, 2599142213L, 218665758L, 1564683259L},
            {3272033934L, 3616279465L, 2601777563L, 4153977276L},
        },
        {
            {2905592470L, 1694619035L, 473621284L, 4041579570L},
            {1125072216L, 857560942L, 3537088604L, 745442806L},
            {3973900157L, 1465818027L, 83072435L, 2399579602L},
        },
        {
            {3137816133L, 2988811411L, 2115687167L, 2242647806L},
            {52213537L, 4049199221L, 2800909246L, 2858587012L},
            {687364387L, 378785689L, 86977397L, 1721453470L},
        },
        {
            {3302083726L, 2662116293L, 3302083726L, 2984567485L},
            {2782098653L, 3701934643L, 2782098653L, 2589694299L},
            {2129096114L, 1498665255L, 2129096114L, 3097083485L},
        },
        {
            {936554056L, 2883881038L, 2690299759L, 3017647337L},
            {1151497704L, 1981808253L, 3169916371L, 3898332131L},
            {3611254964L, 3219075638L, 847148589L, 2035979428L},
        },
    };

    private static long digest(final int schemaIndex, final int predictorIndex, final boolean framed, final int budgetBytes)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final SnapshotLinkSimulation link = new SnapshotLinkSimulation(
            schema, OBJECTS, TestPredictors.of(schema, predictorIndex), 7 + schemaIndex * 31L + predictorIndex, 16, framed);
        link.run(TICKS, 0.1, 3, budgetBytes, 1);
        link.settle(30, 0.1, 3, budgetBytes, 1 + TICKS);
        return link.packetDigest.getValue();
    }

    @Test
    void packetBytesEqualThoseOfTheReferenceSender()
    {
        final StringBuilder actual = new StringBuilder();
        for (int schema = 0; schema < 6; schema++)
        {
            actual.append("        {\n");
            for (int predictor = 0; predictor < TestPredictors.KINDS; predictor++)
            {
                actual.append("            {");
                for (final int budget : BITPACKED_BUDGETS)
                {
                    actual.append(digest(schema, predictor, false, budget)).append("L, ");
                }
                actual.append(digest(schema, predictor, true, 0)).append("L},\n");
            }
            actual.append("        },\n");
        }
        assertEquals(expected(), actual.toString());
    }

    private static String expected()
    {
        final StringBuilder text = new StringBuilder();
        for (final long[][] schema : EXPECTED)
        {
            text.append("        {\n");
            for (final long[] row : schema)
            {
                text.append("            {");
                for (int i = 0; i < row.length; i++)
                {
                    text.append(row[i]).append(i + 1 < row.length ? "L, " : "L},\n");
                }
            }
            text.append("        },\n");
        }
        return text.toString();
    }
}
