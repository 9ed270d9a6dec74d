package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class SeedSweepTest
{
    private static SeedPoint point(final long seed, final double ratio, final double maxM, final long lost)
    {
        return new SeedPoint(seed, 1000 * ratio, ratio, 100 * ratio, 0.001 * seed, maxM, 0.2, lost, seed - 1);
    }

    @Test
    void shouldTakeTheMiddleValueOfAnOddCountAndTheMeanOfTheMiddleTwoOfAnEvenOne()
    {
        final List<SeedPoint> odd = List.of(point(1, 0.45, 0.30, 50), point(2, 0.44, 0.09, 60), point(3, 0.46, 0.12, 40));
        assertEquals(0.45, SeedSweep.median(odd, SeedPoint::ratioToFiedler), 1e-12);
        assertEquals(0.12, SeedSweep.median(odd, SeedPoint::positionErrorMaxM), 1e-12);
        assertEquals(50, SeedSweep.median(odd, p -> p.snapshotDatagramsLost()), 1e-12);
        final List<SeedPoint> even = List.of(point(1, 0.40, 0.08, 10), point(2, 0.50, 0.20, 30),
            point(3, 0.44, 0.10, 20), point(4, 0.47, 0.40, 40));
        assertEquals((0.44 + 0.47) / 2, SeedSweep.median(even, SeedPoint::ratioToFiedler), 1e-12);
        assertEquals((0.10 + 0.20) / 2, SeedSweep.median(even, SeedPoint::positionErrorMaxM), 1e-12);
        assertTrue(Double.isNaN(SeedSweep.median(List.of(), SeedPoint::ratioToFiedler)));
    }

    @Test
    void shouldCallTheLargestValueTheWorstAndCountTheRunsWithinTheLargestErrorTarget()
    {
        final List<SeedPoint> runs = List.of(point(1, 0.45, 0.30, 50), point(2, 0.44, SeedSweep.LARGEST_ERROR_TARGET_M, 60),
            point(3, 0.46, 0.09, 40), point(4, 0.43, 0.1001, 45));
        assertEquals(0.46, SeedSweep.worst(runs, SeedPoint::ratioToFiedler), 1e-12);
        assertEquals(0.30, SeedSweep.worst(runs, SeedPoint::positionErrorMaxM), 1e-12);
        assertEquals(60, SeedSweep.worst(runs, p -> p.snapshotDatagramsLost()), 1e-12);
        assertEquals(2, SeedSweep.withinLargestErrorTarget(runs), "exactly 10 cm counts; 10.01 cm does not");
        assertTrue(Double.isNaN(SeedSweep.worst(List.of(), SeedPoint::ratioToFiedler)));
    }

    @Test
    void shouldPrintOneLinePerSeedThenTheMedianTheWorstAndTheCountWithinTarget()
    {
        final String table = SeedSweep.table(List.of(point(1, 0.45, 0.30, 50), point(2, 0.44, 0.09, 60),
            point(3, 0.46, 0.12, 40)));
        final List<String> lines = table.strip().lines().toList();
        assertEquals(1 + 1 + 3 + 2 + 1, lines.size(), table);
        assertTrue(lines.get(2).startsWith("1 ") && lines.get(4).startsWith("3 "), table);
        assertTrue(lines.get(5).startsWith("median ") && lines.get(5).contains(" 0.450 ") &&
            lines.get(5).contains(" 0.1200 "), table);
        assertTrue(lines.get(6).startsWith("worst ") && lines.get(6).contains(" 0.460 ") &&
            lines.get(6).contains(" 0.3000 "), table);
        assertEquals("largest displayed error at most 0.10 m on 1 of 3 seeds", lines.get(7), table);
    }
}
