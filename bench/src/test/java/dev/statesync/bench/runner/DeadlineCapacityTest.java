package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DeadlineCapacityTest
{
    @Test
    void steadyDemandNeedsItsOwnRateWhateverTheSlack()
    {
        final double[] demand = {5, 5, 5, 5, 5, 5};
        assertEquals(5, DeadlineCapacity.perTick(demand, 0, demand.length, 0), 1e-12);
        assertEquals(5, DeadlineCapacity.perTick(demand, 0, demand.length, 3), 1e-12);
    }

    @Test
    void aBurstIsSpreadOverItsSlack()
    {
        final double[] demand = {0, 0, 12, 0, 0, 0, 0};
        assertEquals(12, DeadlineCapacity.perTick(demand, 0, demand.length, 0), 1e-12);
        assertEquals(4, DeadlineCapacity.perTick(demand, 0, demand.length, 2), 1e-12);
    }

    @Test
    void theWorstWindowDecides()
    {
        // Two bursts two ticks apart: with slack 2 the pair (released at ticks 1..3, sent in ticks 1..5) needs
        // (8 + 8) / 5, more than either alone (8 / 3).
        final double[] demand = {0, 8, 0, 8, 0, 0, 0};
        assertEquals(16.0 / 5, DeadlineCapacity.perTick(demand, 0, demand.length, 2), 1e-12);
        assertEquals(8.0 / 3, DeadlineCapacity.perTick(demand, 2, demand.length, 2), 1e-12);
    }

    @Test
    void theLastTicksBorrowNothingFromAfterTheRun()
    {
        final double[] demand = {0, 0, 0, 9};
        assertEquals(9, DeadlineCapacity.perTick(demand, 0, demand.length, 5), 1e-12);
    }

    @Test
    void aNegativeSlackIsRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> DeadlineCapacity.perTick(new double[1], 0, 1, -1));
    }
}
