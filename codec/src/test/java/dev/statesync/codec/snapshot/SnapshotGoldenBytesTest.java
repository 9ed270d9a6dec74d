package dev.statesync.codec.snapshot;

import dev.statesync.codec.state.StateSchema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The bytes of bitpacked snapshots, budgeted or not, and of framed snapshots without a binding budget must not
 * change when the sender's internals do: receivers of earlier builds decode them, and the benchmark's compression
 * figures depend on them. The digests were taken from the sender before budgets were fitted to range-coded sizes;
 * a deliberate format change updates them (the failure message prints the table in source form). Re-pinned on
branch bits: every framed (range-coded) digest changed when the baseline table's ages became gaps, those of the
multi-alternative predictor (the third of each schema) also when the alternative moved into the position motion
class's context and position residual contexts split by alternative; bitpacked bytes did not change. Re-pinned on
branch bits2: every framed digest changed when the residual contexts got a fourth size level of earlier residuals;
bitpacked bytes did not change. Re-pinned on branch setctx: every digest changed when the baseline table moved
before the count and the object set (bitpacked: the same fields and sizes in a new order), framed ones also when
the range-coded set got its newest-entry flag and the refs four contexts. Re-pinned on branch flush: every framed
digest changed when the range coder stopped sending LZMA's leading 0 byte and ended with 0 or 1 byte of low instead
of 4; bitpacked bytes did not change.
 */
class SnapshotGoldenBytesTest
{
    private static final int OBJECTS = 40;
    private static final int TICKS = 120;
    private static final int[] BITPACKED_BUDGETS = {0, 72, 300};

    /** Per schema (RandomStates.schema order), per predictor: bitpacked at each budget, then framed unbudgeted. */
    private static final long[][][] EXPECTED = {
        {
            {2948714119L, 1095350488L, 3867981945L, 3329693498L},
            {2964178749L, 454577906L, 2270277263L, 1125294692L},
            {4084296508L, 21021438L, 976840865L, 23797852L},
        },
        {
            {3520360376L, 1546955193L, 311491155L, 3451058995L},
            {1071937785L, 4126810421L, 494680131L, 1779139725L},
            {697087332L, 4232982084L, 945721338L, 919763253L},
        },
        {
            {493969645L, 3547702496L, 3872043052L, 1062505860L},
            {1798048676L, 1447079910L, 980896316L, 763981180L},
            {3107891478L, 2500315679L, 3585448667L, 3749195397L},
        },
        {
            {3312212890L, 2638725788L, 2480439328L, 3547616789L},
            {1438824719L, 984565187L, 386216819L, 2935666060L},
            {3388206867L, 3823950688L, 1818329702L, 1823579634L},
        },
        {
            {2345485273L, 9994502L, 2388556160L, 4280275146L},
            {1119504215L, 1602691298L, 3056744711L, 1170745855L},
            {1716110644L, 837274585L, 3950647648L, 2778135848L},
        },
        {
            {3990882543L, 4073189286L, 1103239456L, 2333226478L},
            {305333409L, 1566015600L, 4250476310L, 1539108391L},
            {3112770652L, 2395708170L, 61722743L, 637332470L},
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
