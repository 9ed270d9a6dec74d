package dev.statesync.bench.fuzz;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * The long-running fuzzer: feeds every network-facing entry point (or the ones named) hostile inputs built from its
 * honest session's traffic and prints a table per target. Exit codes: 0 clean, 1 an escape, a state change from
 * refused input or a divergence was found (each printed with its input), 2 bad arguments.
 * <pre>
 * java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
 *      -cp bench/target/statesync-bench.jar dev.statesync.bench.fuzz.HostileInputFuzzer --inputs 10000000
 * </pre>
 * ({@code -cp} does not read the jar manifest's {@code Add-Exports}, so Agrona's flag goes on the command line.)
 */
public final class HostileInputFuzzer
{
    /** Exit code: nothing found. */
    public static final int EXIT_CLEAN = 0;
    /** Exit code: at least one escape, state change from refused input or divergence. */
    public static final int EXIT_FOUND = 1;
    /** Exit code: bad arguments. */
    public static final int EXIT_USAGE = 2;

    /** Default total inputs: a minute or so on one core. */
    public static final long DEFAULT_INPUTS = 1_000_000;
    /** Default seed. */
    public static final long DEFAULT_SEED = 20_260_110;

    private HostileInputFuzzer()
    {
    }

    /** Entry point: exits with {@link #run}'s code. */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Everything {@link #main} does but exiting, so tests can check the exit codes.
     *
     * @return {@link #EXIT_CLEAN}, {@link #EXIT_FOUND} or {@link #EXIT_USAGE}.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final FuzzerOptions options = new FuzzerOptions();
        try
        {
            final CommandLine commandLine = new CommandLine(options);
            commandLine.parseArgs(args);
            if (commandLine.isUsageHelpRequested())
            {
                out.println(FuzzerOptions.usage());
                return EXIT_CLEAN;
            }
        }
        catch (final ParameterException ex)
        {
            err.println("HostileInputFuzzer: " + ex.getMessage());
            err.println(FuzzerOptions.usage());
            return EXIT_USAGE;
        }
        final List<String> targets = new ArrayList<>(options.targets);
        final long inputs = options.inputs;
        final boolean perTarget = options.perTarget;
        final long seed = options.seed;
        final boolean markdown = options.markdown;
        final long seconds = options.seconds;
        final int threads = options.threads;
        if (targets.isEmpty())
        {
            targets.addAll(FuzzTargets.names());
        }
        final long each = perTarget ? inputs : Math.max(1, inputs / targets.size());
        final int workers = Math.min(threads, targets.size());
        final long deadlineNs = seconds == 0 ? Long.MAX_VALUE : System.nanoTime() + (long)(seconds * 1e9);

        out.printf(Locale.ROOT, "hostile input fuzzing: %d inputs per target%s, %d targets, %d thread(s), seed %d%n", each,
            seconds == 0 ? "" : String.format(Locale.ROOT, " within %d s", seconds), targets.size(), workers, seed);
        out.printf(Locale.ROOT, "machine: %d cores, load average %.2f at start, %s %s%n",
            Runtime.getRuntime().availableProcessors(), loadAverage(), System.getProperty("java.vm.name"),
            System.getProperty("java.version"));
        final List<FuzzReport> reports = runAll(targets, each, deadlineNs, seed, workers, err);
        out.println();
        out.print(FuzzReportTable.format(reports, markdown));
        out.printf(Locale.ROOT, "load average %.2f at the end%n", loadAverage());
        boolean clean = true;
        for (final FuzzReport report : reports)
        {
            for (final FuzzFinding finding : report.findings())
            {
                out.println(finding);
            }
            clean &= report.clean();
        }
        return clean ? EXIT_CLEAN : EXIT_FOUND;
    }

    private static List<FuzzReport> runAll(
        final List<String> targets, final long each, final long deadlineNs, final long seed, final int workers,
        final PrintStream err)
    {
        final ExecutorService pool = Executors.newFixedThreadPool(workers);
        final AtomicInteger notStarted = new AtomicInteger(targets.size());
        final AtomicInteger running = new AtomicInteger();
        try
        {
            final List<Future<FuzzReport>> futures = new ArrayList<>();
            for (final String name : targets)
            {
                final long targetSeed = seed * 31 + name.hashCode();
                futures.add(pool.submit(() ->
                {
                    final long budgetNs = shareOfTimeLeft(deadlineNs, workers,
                        notStarted.getAndDecrement() + running.getAndIncrement());
                    final FuzzReport report;
                    try
                    {
                        report = FuzzRunner.run(FuzzTargets.create(name, targetSeed), each, budgetNs, targetSeed,
                            FuzzSettings.DEFAULT);
                    }
                    finally
                    {
                        running.decrementAndGet();
                    }
                    err.printf(Locale.ROOT, "%s: %d inputs in %.1f s%s%n", name, report.inputs(), report.wallNs() / 1e9,
                        report.clean() ? "" : ", FOUND " + (report.escapes() + report.stateChanges() + report.divergences()));
                    return report;
                }));
            }
            final List<FuzzReport> reports = new ArrayList<>();
            for (final Future<FuzzReport> future : futures)
            {
                reports.add(future.get());
            }
            return reports;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", ex);
        }
        catch (final ExecutionException ex)
        {
            throw new IllegalStateException("a fuzz run failed outside its harness", ex.getCause());
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    /**
     * @param claimants this target, the ones not started yet and the ones still running.
     * @return this target's share of the time left: the workers' time left over the claimants, and never past the
     * deadline.
     */
    private static long shareOfTimeLeft(final long deadlineNs, final int workers, final int claimants)
    {
        if (deadlineNs == Long.MAX_VALUE)
        {
            return Long.MAX_VALUE;
        }
        final long leftNs = Math.max(0, deadlineNs - System.nanoTime());
        return Math.min(leftNs, leftNs * workers / claimants);
    }

    /** @return a positive count from 10000000, 10_000_000 or 1e7. */
    static long parseCount(final String text)
    {
        final String plain = text.replace("_", "");
        final long count;
        try
        {
            if (plain.contains("e") || plain.contains("E"))
            {
                final double value = Double.parseDouble(plain);
                if (value != Math.rint(value) || value > Long.MAX_VALUE)
                {
                    throw new IllegalArgumentException("not a whole count: " + text);
                }
                count = (long)value;
            }
            else
            {
                count = Long.parseLong(plain);
            }
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("not a count: " + text);
        }
        if (count < 1)
        {
            throw new IllegalArgumentException("count must be >= 1: " + text);
        }
        return count;
    }

    private static double loadAverage()
    {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
