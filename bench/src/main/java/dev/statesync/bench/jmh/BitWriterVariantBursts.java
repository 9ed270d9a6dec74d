package dev.statesync.bench.jmh;

import java.util.Arrays;
import java.util.function.IntSupplier;

import dev.statesync.bench.jmh.variants.ByteStoreBitWriter;

/**
 * {@link BitPackerBursts} for writer variants (issue 12): statesync's {@code BitWriter}, serialize.java's reference
 * writer, {@link ByteStoreBitWriter} (zstd-style, an 8-byte store per write; round 4, lost) and
 * {@code UncheckedArgumentsBitWriter} ({@code BitWriter} without its argument check, through
 * {@link BitPackerBenchmark#writeUnchecked()}; added 2026-11-29, so runs before then had three loops) on
 * {@link BitPackerBenchmark}'s 1024 mixed-width fields in one JVM, rotating bursts of 100 passes timed by the
 * thread's CPU time, best burst of the second half, in M fields/s. Checks first that each variant writes the same
 * bytes as {@code BitWriter} (the unchecked one in the benchmark's setup).
 *
 * <p>{@code java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp bench/target/benchmarks.jar
 * dev.statesync.bench.jmh.BitWriterVariantBursts [bursts]}
 */
public final class BitWriterVariantBursts
{
    private BitWriterVariantBursts()
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
        // The same slack as BitPackerBenchmark's buffer: the fast path covers all but the region's last 7 bytes.
        final byte[] array = new byte[benchmark.writtenBytes().length];
        final ByteStoreBitWriter byteStore = new ByteStoreBitWriter();
        final IntSupplier byteStoreLoop = () ->
        {
            final ByteStoreBitWriter writer = byteStore.wrap(array, 0, array.length);
            for (int i = 0; i < BitPackerBenchmark.FIELDS; i++)
            {
                writer.writeBits(values[i], widths[i]);
            }
            return writer.bytesWritten();
        };
        if (byteStoreLoop.getAsInt() != length ||
            !Arrays.equals(array, 0, length, benchmark.writtenBytes(), 0, length))
        {
            throw new IllegalStateException("the byte-store writer disagrees with BitWriter on the same fields");
        }
        final String[] names = {"write", "writeReference", "writeByteStore", "writeUnchecked"};
        final IntSupplier[] loops = {benchmark::write, benchmark::writeReference, byteStoreLoop, benchmark::writeUnchecked};
        final double[] best = new double[loops.length];
        final long sink = BitPackerBursts.bestRates(loops, bursts, best);
        for (int k = 0; k < loops.length; k++)
        {
            System.out.printf("%-15s %6.0f M fields/s  %.2fx of serialize.java%n", names[k], best[k], best[k] / best[1]);
        }
        System.out.printf("(checksum %d)%n", sink);
    }
}
