package dev.statesync.bench.runner;

/**
 * The smallest capacity per tick that sends every demand by its deadline, when what becomes sendable at tick
 * {@code t} must be sent at one of ticks {@code t .. t + slack}. Earliest deadline first is optimal for this, and it
 * succeeds exactly when no window of release ticks {@code [a, c]} demands more than the capacity of the
 * {@code c - a + 1 + slack} ticks it may use, so the answer is the largest such ratio. Ticks past the last one
 * counted carry nothing (a run's slice of a game that goes on: its tail must not borrow capacity the next ticks'
 * own demand needs), so a window's ticks end at {@code to - 1}. A diagnostic for {@link OracleBudgetBound}.
 */
final class DeadlineCapacity
{
    private DeadlineCapacity()
    {
    }

    /**
     * @param demand demand released at each tick (any unit, e.g. bits), non-negative.
     * @param from   first tick counted.
     * @param to     one past the last tick counted.
     * @param slack  ticks a demand may wait after its release, {@code >= 0}.
     * @return the smallest per-tick capacity that meets every deadline, in the demand's unit.
     */
    static double perTick(final double[] demand, final int from, final int to, final int slack)
    {
        if (slack < 0)
        {
            throw new IllegalArgumentException("slack must be >= 0, got " + slack);
        }
        double worst = 0;
        for (int a = from; a < to; a++)
        {
            double sum = 0;
            for (int c = a; c < to; c++)
            {
                sum += demand[c];
                worst = Math.max(worst, sum / (Math.min(c + slack, to - 1) - a + 1));
            }
        }
        return worst;
    }
}
