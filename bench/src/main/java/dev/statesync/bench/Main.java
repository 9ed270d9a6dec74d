package dev.statesync.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.statesync.bench.runner.BudgetSweep;
import dev.statesync.bench.runner.HtmlReport;
import dev.statesync.bench.runner.JsonReport;
import dev.statesync.bench.runner.Options;
import dev.statesync.bench.runner.RunReport;
import dev.statesync.bench.runner.ScenarioRunner;
import dev.statesync.bench.runner.SeedPoint;
import dev.statesync.bench.runner.SeedSweep;
import dev.statesync.bench.runner.SweepPoint;
import dev.statesync.bench.runner.TextTable;
import dev.statesync.bench.runner.UdpAuthorityServer;
import dev.statesync.bench.runner.UdpReplicaClient;

/**
 * The scenario runner's command line: {@code java -jar bench/target/statesync-bench.jar [options]}.
 * See {@link Options#usage()}. Exit codes: 0 done, 2 bad options, 1 a run or report failed.
 */
public final class Main
{
    /** Exit code of a successful run or of {@code --help}. */
    public static final int EXIT_OK = 0;
    /** Exit code of a failed run or an unwritable report. */
    public static final int EXIT_FAILED = 1;
    /** Exit code of bad options. */
    public static final int EXIT_USAGE = 2;

    private Main()
    {
    }

    /** Entry point: exits with {@link #run}'s code. */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Everything {@link #main} does except exiting, so tests can check exit codes.
     *
     * @return {@link #EXIT_OK}, {@link #EXIT_USAGE} or {@link #EXIT_FAILED}.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final Options options;
        try
        {
            options = Options.parse(args);
        }
        catch (final IllegalArgumentException ex)
        {
            err.println("statesync-bench: " + ex.getMessage());
            return EXIT_USAGE;
        }
        if (options.help())
        {
            out.println(Options.usage());
            return EXIT_OK;
        }

        if (!Options.COMMAND_RUN.equals(options.command()))
        {
            return runUdp(options, out, err);
        }
        final RunReport report;
        try
        {
            report = new ScenarioRunner(options, err).run();
        }
        catch (final IllegalArgumentException ex)
        {
            err.println("statesync-bench: " + ex.getMessage());
            return EXIT_USAGE;
        }
        out.print(TextTable.format(report));
        final List<SweepPoint> sweep = options.sweep() ? BudgetSweep.run(options, err) : List.of();
        if (options.sweep())
        {
            out.print(BudgetSweep.table(sweep, options.sweepSeconds()));
        }
        final List<SeedPoint> seeds = options.seedRuns() > 0 ? SeedSweep.run(options, err) : List.of();
        if (!seeds.isEmpty())
        {
            out.print(SeedSweep.table(seeds));
        }
        try
        {
            if (options.jsonFile() != null)
            {
                Files.writeString(Path.of(options.jsonFile()), JsonReport.format(report, sweep, seeds), StandardCharsets.UTF_8);
                out.println("wrote " + options.jsonFile());
            }
            if (options.htmlFile() != null)
            {
                Files.writeString(Path.of(options.htmlFile()), HtmlReport.format(report, sweep, seeds), StandardCharsets.UTF_8);
                out.println("wrote " + options.htmlFile());
            }
        }
        catch (final IOException ex)
        {
            err.println("statesync-bench: cannot write report: " + ex.getMessage());
            return EXIT_FAILED;
        }
        return EXIT_OK;
    }

    private static int runUdp(final Options options, final PrintStream out, final PrintStream err)
    {
        try
        {
            if (Options.COMMAND_SERVER.equals(options.command()))
            {
                try (UdpAuthorityServer server = new UdpAuthorityServer(options, options.port(), false))
                {
                    out.println("server: 127.0.0.1:" + server.port() + ", " + options.scene() + ", " + options.ticks() + " ticks");
                    server.run(out);
                }
            }
            else
            {
                try (UdpReplicaClient client = new UdpReplicaClient(options, options.port()))
                {
                    if (!client.run(out))
                    {
                        err.println("statesync-bench: UDP: no connection to 127.0.0.1:" + options.port());
                        return EXIT_FAILED;
                    }
                }
            }
            return EXIT_OK;
        }
        catch (final IllegalArgumentException ex)
        {
            err.println("statesync-bench: " + ex.getMessage());
            return EXIT_USAGE;
        }
        catch (final IOException ex)
        {
            err.println("statesync-bench: UDP: " + ex.getMessage());
            return EXIT_FAILED;
        }
    }
}
