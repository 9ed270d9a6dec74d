package dev.statesync.bench.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.IntSupplier;

/**
 * {@link BitPackerBenchmark}'s four loops (statesync's checked writer and reader, serialize.java's reference writer
 * and reader, same 1024 mixed-width fields) in one JVM, in rotating bursts of 100 passes timed by the thread's CPU
 * time, best burst of the second half per loop, in M fields/s.
 *
 * <p>Why next to the JMH benchmark: on a shared machine JMH's wall-clock forks swing by 2x with the load, and each
 * fork runs one loop, so a ratio from two forks is mostly noise. Thread CPU time barely moves with the load, and
 * the four loops share one JVM, so their ratio repeats to within a few percent; run it several times (each JVM's
 * JIT may compile a loop into a different shape, which is what the spread between runs shows). It does not replace
 * a quiet JMH run: CPU time still includes what a busy sibling core costs.
 *
 * <p>{@code java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp bench/target/benchmarks.jar
 * dev.statesync.bench.jmh.BitPackerBursts [bursts]}
 */
public final class BitPackerBursts
{
    private static final int PASSES_PER_BURST = 100;

    private BitPackerBursts()
    {
    }

    /**
     * Run the bursts and print one line per loop.
     *
     * @param args optional burst count per loop (default 300).
     */
    public static void main(final String[] args)
    {
        final int bursts = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        final BitPackerBenchmark benchmark = new BitPackerBenchmark();
        benchmark.setUp();
        final String[] names = {"write", "read", "writeReference", "readReference"};
        final IntSupplier[] loops = {benchmark::write, benchmark::read, benchmark::writeReference,
            benchmark::readReference};
        final double[] best = new double[loops.length];
        final long sink = bestRates(loops, bursts, best);
        for (int k = 0; k < loops.length; k++)
        {
            System.out.printf("%-15s %6.0f M fields/s%n", names[k], best[k]);
        }
        System.out.printf("write %.2fx, read %.2fx of serialize.java (checksum %d)%n", best[0] / best[2],
            best[1] / best[3], sink);
    }

    /**
     * Run {@code loops} in rotating bursts of {@value #PASSES_PER_BURST} passes, each timed by the thread's CPU
     * time, and keep each loop's best burst of the second half.
     *
     * @param loops  passes over {@link BitPackerBenchmark#FIELDS} fields each; their results are summed so the JIT
     *               cannot drop them.
     * @param bursts bursts per loop.
     * @param best   out: per loop, its best rate in M fields/s.
     * @return the sum of every pass's result (print it).
     */
    static long bestRates(final IntSupplier[] loops, final int bursts, final double[] best)
    {
        final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long sink = 0;
        for (int burst = 0; burst < bursts; burst++)
        {
            for (int k = 0; k < loops.length; k++)
            {
                final long start = threads.getCurrentThreadCpuTime();
                for (int pass = 0; pass < PASSES_PER_BURST; pass++)
                {
                    sink += loops[k].getAsInt();
                }
                final long nanos = threads.getCurrentThreadCpuTime() - start;
                if (burst >= bursts / 2)
                {
                    best[k] = Math.max(best[k], (double)PASSES_PER_BURST * BitPackerBenchmark.FIELDS * 1000 / nanos);
                }
            }
        }
        return sink;
    }
}
