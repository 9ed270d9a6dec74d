package dev.statesync.bench.fuzz;

import java.util.SplittableRandom;

/**
 * The long-running loop over one target: seeded random {@link MutationChoice}s, honest ticks sprinkled between
 * them, an honest phase every {@link FuzzSettings#inputsPerPhase()} inputs and one at the end, so the last inputs
 * are checked for divergence too. A first phase before any input shows the honest session converges on its own,
 * so a target whose later phases all follow accepted forgeries still has one checked phase. The same seed and
 * input count give the same run; a time budget (looked at every 256 inputs) ends a run early.
 */
public final class FuzzRunner
{
    private static final int CLOCK_CHECK_INPUTS = 256;

    private FuzzRunner()
    {
    }

    /**
     * @param target   the entry point.
     * @param inputs   hostile inputs to feed.
     * @param seed     seeds the choices and the rebuilt sessions.
     * @param settings pacing.
     * @return what was found, with the wall time of the whole run.
     */
    public static FuzzReport run(final FuzzTarget target, final long inputs, final long seed, final FuzzSettings settings)
    {
        return run(target, inputs, Long.MAX_VALUE, seed, settings);
    }

    /**
     * @param target   the entry point.
     * @param inputs   most hostile inputs to feed.
     * @param budgetNs wall time after which no more inputs are fed (the final honest phase still runs).
     * @param seed     seeds the choices and the rebuilt sessions.
     * @param settings pacing.
     * @return what was found, with the wall time of the whole run.
     */
    public static FuzzReport run(
        final FuzzTarget target, final long inputs, final long budgetNs, final long seed, final FuzzSettings settings)
    {
        final long startNs = System.nanoTime();
        final SplittableRandom random = new SplittableRandom(seed);
        final FuzzHarness harness = new FuzzHarness(target, settings, random.nextLong());
        harness.honestPhase();
        for (long i = 0; i < inputs; i++)
        {
            if (i % CLOCK_CHECK_INPUTS == 0 && i > 0 && System.nanoTime() - startNs > budgetNs)
            {
                break;
            }
            if (i > 0 && i % settings.inputsPerPhase() == 0)
            {
                harness.honestPhase();
            }
            if (random.nextInt(settings.honestTickOneIn()) == 0)
            {
                harness.honestTicks(1);
            }
            harness.hostile(MutationChoice.random(random));
        }
        harness.honestPhase();
        final FuzzReport report = harness.report();
        report.wallNs(System.nanoTime() - startNs);
        return report;
    }
}
