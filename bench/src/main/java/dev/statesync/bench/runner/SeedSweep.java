package dev.statesync.bench.runner;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * {@code --seeds N}: the run's scenario again with network simulator seeds 1..N, everything else as given (scene,
 * link, budget, length, every codec and display setting), so a figure can be told from one seed's luck.
 *
 * <p>Why: the physics is the same on every seed, but which packets are lost, delayed or reordered is not, and the
 * largest displayed error is decided by a few rare events (a burst of losses across a collision). Measured on the
 * default cubes run: bits per snapshot vary by under 1% across seeds, the largest displayed error by a factor of
 * four or more (results.md, "Fidelity across seeds"). So a target on the largest error is only met when the worst of
 * several seeds meets it.
 */
public final class SeedSweep
{
    /** Largest displayed position error the summary counts runs against, metres: issue 13's unbudgeted target. */
    public static final double LARGEST_ERROR_TARGET_M = 0.10;

    private SeedSweep()
    {
    }

    /**
     * @param base     the run's options; only the seed is replaced.
     * @param progress where to print one line per finished seed, or null.
     * @return one point per seed 1..{@link Options#seedRuns()}, in that order.
     */
    public static List<SeedPoint> run(final Options base, final PrintStream progress)
    {
        final List<SeedPoint> points = new ArrayList<>();
        for (long seed = 1; seed <= base.seedRuns(); seed++)
        {
            final RunReport report = new ScenarioRunner(base.withSeed(seed), null).run();
            final SeedPoint point = SeedPoint.of(seed, report);
            points.add(point);
            if (progress != null)
            {
                progress.printf(Locale.ROOT, "seeds: seed %d done (largest error %.4f m)%n", seed,
                    point.positionErrorMaxM());
            }
        }
        return points;
    }

    /** @return the median of {@code metric} over {@code points}: the mean of the two middle values for an even count. */
    public static double median(final List<SeedPoint> points, final ToDoubleFunction<SeedPoint> metric)
    {
        final double[] values = sorted(points, metric);
        final int n = values.length;
        if (n == 0)
        {
            return Double.NaN;
        }
        return (n & 1) == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /** @return the largest value of {@code metric} over {@code points}, NaN for none. */
    public static double worst(final List<SeedPoint> points, final ToDoubleFunction<SeedPoint> metric)
    {
        final double[] values = sorted(points, metric);
        return values.length == 0 ? Double.NaN : values[values.length - 1];
    }

    /** @return how many of {@code points} show a largest displayed error of at most {@link #LARGEST_ERROR_TARGET_M}. */
    public static int withinLargestErrorTarget(final List<SeedPoint> points)
    {
        int count = 0;
        for (final SeedPoint p : points)
        {
            count += p.positionErrorMaxM() <= LARGEST_ERROR_TARGET_M ? 1 : 0;
        }
        return count;
    }

    private static double[] sorted(final List<SeedPoint> points, final ToDoubleFunction<SeedPoint> metric)
    {
        final double[] values = points.stream().mapToDouble(metric).toArray();
        Arrays.sort(values);
        return values;
    }

    /** @return the runs as a text table, one line per seed, then the median and the worst of each column. */
    public static String table(final List<SeedPoint> points)
    {
        final StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "%nseeds (the same run with network seeds 1..%d): statesync bits/snapshot, " +
            "its ratio to fiedler-2015, kbps, displayed position error p99/max, rotation p99, snapshot datagrams lost, " +
            "baseline misses%n", points.size()));
        final String row = "%-8s %10s %7s %8s %11s %11s %13s %6s %7s%n";
        t.append(String.format(Locale.ROOT, row, "seed", "bits", "ratio", "kbps", "pos p99 m", "pos max m",
            "rot p99 deg", "lost", "misses"));
        for (final SeedPoint p : points)
        {
            t.append(String.format(Locale.ROOT, "%-8d %10.1f %7.3f %8.1f %11.5f %11.4f %13.3f %6d %7d%n", p.seed(),
                p.bitsPerSnapshot(), p.ratioToFiedler(), p.kbps(), p.positionErrorP99M(), p.positionErrorMaxM(),
                p.rotationErrorP99Deg(), p.snapshotDatagramsLost(), p.baselineMisses()));
        }
        summary(t, "median", points, true);
        summary(t, "worst", points, false);
        t.append(String.format(Locale.ROOT, "largest displayed error at most %.2f m on %d of %d seeds%n",
            LARGEST_ERROR_TARGET_M, withinLargestErrorTarget(points), points.size()));
        return t.toString();
    }

    private static void summary(final StringBuilder t, final String label, final List<SeedPoint> points,
        final boolean median)
    {
        t.append(String.format(Locale.ROOT, "%-8s %10.1f %7.3f %8.1f %11.5f %11.4f %13.3f %6.1f %7.1f%n", label,
            pick(points, SeedPoint::bitsPerSnapshot, median), pick(points, SeedPoint::ratioToFiedler, median),
            pick(points, SeedPoint::kbps, median), pick(points, SeedPoint::positionErrorP99M, median),
            pick(points, SeedPoint::positionErrorMaxM, median), pick(points, SeedPoint::rotationErrorP99Deg, median),
            pick(points, p -> p.snapshotDatagramsLost(), median), pick(points, p -> p.baselineMisses(), median)));
    }

    private static double pick(final List<SeedPoint> points, final ToDoubleFunction<SeedPoint> metric,
        final boolean median)
    {
        return median ? median(points, metric) : worst(points, metric);
    }
}
