package dev.statesync.bench.runner;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --sweep}: the same scene, seed and link run once per budget of {@link Options#sweepKbps()} for
 * {@link Options#sweepSeconds()}, so error can be read against kbps. Each budget is spent as the run's options
 * say (by default the rate-distortion controller); with {@code --sweep-compare} each budget is run a second time
 * with {@code --rate-distortion off} (fixed factors, a snapshot every tick, the preset's quantization). Each run is a whole {@link ScenarioRunner}
 * run from tick 1; the runs are shorter than the main run only to keep the sweep quick, and a short run's
 * figures include its start-up (the first snapshots, before baselines are acked, cost the most).
 */
public final class BudgetSweep
{
    private BudgetSweep()
    {
    }

    /**
     * @param base     the run's options (scene, seed, link, schema; budget and length are replaced).
     * @param progress where to print one line per finished budget, or null.
     * @return one point per budget, in the order given.
     */
    public static List<SweepPoint> run(final Options base, final PrintStream progress)
    {
        final List<SweepPoint> points = new ArrayList<>();
        for (final double kbps : base.sweepKbps())
        {
            final Options options = base.withBudget(kbps, base.sweepSeconds());
            points.add(point(options, kbps, progress));
            if (base.sweepCompare() && kbps > 0 && options.rateDistortionEngaged())
            {
                points.add(point(base.withBudgetFixedFactors(kbps, base.sweepSeconds()), kbps, progress));
            }
        }
        return points;
    }

    private static SweepPoint point(final Options options, final double kbps, final PrintStream progress)
    {
        final RunReport r = new ScenarioRunner(options, null).run();
        final SweepPoint point = new SweepPoint(kbps, r.stage(Stage.STATESYNC).kbps(), r.positionErrorMeanM(),
            r.positionErrorP99M(), r.positionErrorMaxM(), r.rotationErrorP99Deg(), options.rateDistortionEngaged(),
            r.displayDelay().meanMs());
        if (progress != null)
        {
            progress.printf("sweep: budget %s (%s) done (%.1f kbps used)%n", point.budgetLabel(), point.modeLabel(),
                point.kbps());
        }
        return point;
    }

    /** @return the sweep as a text table, one line per budget, headed by its length. */
    public static String table(final List<SweepPoint> points, final double seconds)
    {
        final StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "%nsweep (%.4g s per budget): budget, how it was spent (rd: rate-distortion " +
            "controller, fixed: fixed factors every tick), kbps used, position error p99/max/mean, rotation p99, mean display delay%n",
            seconds));
        t.append(String.format(Locale.ROOT, "%-10s %-6s %9s %11s %11s %11s %13s %9s%n",
            "budget", "spent", "kbps", "pos p99 m", "pos max m", "pos mean m", "rot p99 deg", "delay ms"));
        for (final SweepPoint p : points)
        {
            t.append(String.format(Locale.ROOT, "%-10s %-6s %9.1f %11.5f %11.4f %11.5f %13.3f %9.0f%n", p.budgetLabel(),
                p.modeLabel(), p.kbps(), p.positionErrorP99M(), p.positionErrorMaxM(), p.positionErrorMeanM(),
                p.rotationErrorP99Deg(), p.displayDelayMeanMs()));
        }
        return t.toString();
    }
}
