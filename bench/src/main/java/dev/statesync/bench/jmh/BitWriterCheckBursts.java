package dev.statesync.bench.jmh;

import java.util.Arrays;
import java.util.function.IntSupplier;

import dev.statesync.bench.jmh.variants.UncheckedArgumentsBitWriter;

/**
 * {@link BitPackerBursts} for what statesync's writer pays for its argument check (issue 12): {@code BitWriter},
 * serialize.java's reference writer, and {@link UncheckedArgumentsBitWriter} (the same capacity scheme, no argument
 * check) on {@link BitPackerBenchmark}'s 1024 mixed-width fields in one JVM: rotating bursts of 100 passes timed by
 * the thread's CPU time, best burst of the second half, in M fields/s. Each writer is a class of its own, so the JIT
 * compiles each loop for one writer. Checks first that the variant writes {@code BitWriter}'s bytes.
 *
 * <p>{@code java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp bench/target/benchmarks.jar
 * dev.statesync.bench.jmh.BitWriterCheckBursts [bursts]}
 */
public final class BitWriterCheckBursts
{
    private BitWriterCheckBursts()
    {
    }

    /**
     * Run the bursts and print one line per writer.
     *
     * @param args optional burst count per writer (default 300).
     */
    public static void main(final String[] args)
    {
        final int bursts = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        final BitPackerBenchmark benchmark = new BitPackerBenchmark();
        benchmark.setUp();
        final int[] values = benchmark.fieldValues();
        final int[] widths = benchmark.fieldWidths();
        final int length = benchmark.writtenLength();
        final byte[] array = new byte[benchmark.writtenBytes().length];
        final UncheckedArgumentsBitWriter unchecked = new UncheckedArgumentsBitWriter();
        final IntSupplier uncheckedLoop = () ->
        {
            final UncheckedArgumentsBitWriter writer = unchecked.wrap(array, array.length);
            for (int i = 0; i < BitPackerBenchmark.FIELDS; i++)
            {
                writer.writeBits(values[i], widths[i]);
            }
            return writer.flush();
        };
        if (uncheckedLoop.getAsInt() != length || !Arrays.equals(array, 0, length, benchmark.writtenBytes(), 0, length))
        {
            throw new IllegalStateException("the unchecked writer disagrees with BitWriter on the same fields");
        }
        final String[] names = {"write", "writeReference", "writeUnchecked"};
        final IntSupplier[] loops = {benchmark::write, benchmark::writeReference, uncheckedLoop};
        final double[] best = new double[loops.length];
        final long sink = BitPackerBursts.bestRates(loops, bursts, best);
        for (int k = 0; k < loops.length; k++)
        {
            System.out.printf("%-15s %6.0f M fields/s  %.2fx of serialize.java%n", names[k], best[k], best[k] / best[1]);
        }
        System.out.println("(checksum " + (sink & 0xFF) + ")");
    }
}
