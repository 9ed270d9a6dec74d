package dev.statesync.bench.runner;

import java.util.Arrays;
import java.util.Locale;

/**
 * The runner's {@code --largest-errors N} table (see {@link DisplayErrorFigures}) with the sender's repeat counters,
 * which the runner does not print. A diagnostic kept with the tests, run from the built jars:
 * <pre>
 * mvn -B -o -q -DskipTests package &amp;&amp; mvn -B -o -q -pl bench test-compile
 * java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
 *      -cp bench/target/test-classes:bench/target/statesync-bench.jar \
 *      dev.statesync.bench.runner.LargestDisplayErrors [--largest N] [runner options]
 * </pre>
 * The {@code --add-exports} is what the bench jar's manifest grants Agrona when run with {@code -jar}; on a
 * class path it must be given by hand. Without the counters, {@code java -jar bench/target/statesync-bench.jar
 * --largest-errors N} prints the same table.
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
        System.out.printf(Locale.ROOT, "position error p99 %.5f m, max %.4f m; statesync %.1f bits/snapshot%n",
            report.positionErrorP99M(), report.positionErrorMaxM(), report.stage(Stage.STATESYNC).bitsPerSnapshot());
        System.out.print(TextTable.displayErrors(report.displayErrors()));
        System.out.printf("previous-tick states sent %d, objects held back a tick %d%n",
            runner.lastSender().previousStatesSent(), runner.lastSender().deferredObjects());
    }
}
