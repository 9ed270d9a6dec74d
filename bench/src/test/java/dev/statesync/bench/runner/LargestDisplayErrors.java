package dev.statesync.bench.runner;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * Lists the largest displayed position errors of a scenario run and their causes (see {@link DisplayErrorCauses}).
 * A diagnostic kept with the tests, run from the built jars:
 * <pre>
 * mvn -B -o -q -DskipTests package &amp;&amp; mvn -B -o -q -pl bench test-compile
 * java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
 *      -cp bench/target/test-classes:bench/target/statesync-bench.jar \
 *      dev.statesync.bench.runner.LargestDisplayErrors [--largest N] [runner options]
 * </pre>
 * The {@code --add-exports} is what the bench jar's manifest grants Agrona when run with {@code -jar}; on a
 * class path it must be given by hand.
 */
public final class LargestDisplayErrors
{
    private LargestDisplayErrors()
    {
    }

    /** @param args {@code --largest N} (default 10), then any of the runner's options. */
    public static void main(final String[] args)
    {
        int largest = 10;
        String[] rest = args;
        if (args.length >= 2 && "--largest".equals(args[0]))
        {
            largest = Integer.parseInt(args[1]);
            rest = Arrays.copyOfRange(args, 2, args.length);
        }
        final ScenarioRunner runner = new ScenarioRunner(Options.parse(rest), null);
        final RunReport report = runner.run(largest);
        print(report, runner.errorCauses(), System.out);
        System.out.printf("previous-tick states sent %d, objects held back a tick %d%n",
            runner.lastSender().previousStatesSent(), runner.lastSender().deferredObjects());
    }

    static void print(final RunReport report, final DisplayErrorCauses causes, final PrintStream out)
    {
        out.printf("position error p99 %.5f m, max %.4f m; statesync %.1f bits/snapshot%n",
            report.positionErrorP99M(), report.positionErrorMaxM(), statesyncBits(report));
        out.println("| error m | object | display tick | held tick | blended towards | gap causes |");
        out.println("|---|---|---|---|---|---|");
        for (final DisplayErrorCauses.Event e : causes.largest())
        {
            out.printf("| %.4f | %d | %d | %d | %s | %s |%n", e.errorM(), e.object(), e.shownTick(), e.heldTick(),
                e.nextTick() == Integer.MIN_VALUE ? "-" : Integer.toString(e.nextTick()), e.causeText());
        }
        out.printf("errors >= %.0f mm by cause (samples, largest):%n", DisplayErrorCauses.THRESHOLD_M * 1000);
        for (final int c : causes.causesSeen())
        {
            out.printf("  %-24s %8d  %.4f m%n", DisplayErrorCauses.causeText(c), causes.count(c), causes.max(c));
        }
    }

    private static double statesyncBits(final RunReport report)
    {
        for (final StageFigures s : report.stages())
        {
            if ("statesync".equals(s.name()))
            {
                return s.bitsPerSnapshot();
            }
        }
        return Double.NaN;
    }
}
