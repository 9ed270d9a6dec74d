package dev.statesync.bench.jmh;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import dev.statesync.bench.jmh.reference.FiedlerBitReader;
import dev.statesync.bench.jmh.reference.FiedlerBitWriter;
import dev.statesync.bench.jmh.variants.UncheckedArgumentsBitWriter;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;

/**
 * Bitpacker throughput on a realistic mixed-width field sequence: mostly 1-bit flags and small deltas,
 * some 9..18-bit quantized values, a few full 32-bit words, as a snapshot writes them. One operation is one
 * field, so ops/s is fields per second.
 *
 * <p>{@code write} / {@code read} run statesync's checked {@link BitWriter} / {@link BitReader} over an Agrona
 * {@link UnsafeBuffer} (every call checked: arguments, capacity, bits left); {@code writeReference} /
 * {@code readReference} run the same fields through {@link FiedlerBitWriter} / {@link FiedlerBitReader}, the
 * serialize.java algorithm with its asserts compiled away, over a plain array: the bar. Both write the same bytes
 * ({@link #setUp()} checks it).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class BitPackerBenchmark
{
    static final int FIELDS = 1024;

    private final int[] widths = new int[FIELDS];
    private final int[] values = new int[FIELDS];
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private final FiedlerBitWriter referenceWriter = new FiedlerBitWriter();
    private final FiedlerBitReader referenceReader = new FiedlerBitReader();
    private final UncheckedArgumentsBitWriter uncheckedWriter = new UncheckedArgumentsBitWriter();
    private byte[] uncheckedBuffer;
    private UnsafeBuffer buffer;
    private int readLength;
    private byte[] referenceBuffer;
    private int referenceCapacity;

    @Setup
    public void setUp()
    {
        final SplittableRandom random = new SplittableRandom(2015);
        long totalBits = 0;
        for (int i = 0; i < FIELDS; i++)
        {
            final int roll = random.nextInt(100);
            final int width;
            if (roll < 40)
            {
                width = 1;
            }
            else if (roll < 70)
            {
                width = 2 + random.nextInt(7);
            }
            else if (roll < 95)
            {
                width = 9 + random.nextInt(10);
            }
            else
            {
                width = 19 + random.nextInt(14);
            }
            widths[i] = width;
            values[i] = (int)(random.nextLong() & ((1L << width) - 1));
            totalBits += width;
        }
        buffer = new UnsafeBuffer(new byte[(int)(totalBits / 8) + 16]);
        writer.wrap(buffer, 0, buffer.capacity());
        write();
        readLength = writer.flush();

        // The reference stores whole 8-byte words and reads 8-byte windows: a multiple of 8, plus 8 of slack.
        referenceCapacity = (readLength + 7) & ~7;
        referenceBuffer = new byte[referenceCapacity + 8];
        if (writeReference() != readLength ||
            !java.util.Arrays.equals(buffer.byteArray(), 0, readLength, referenceBuffer, 0, readLength) ||
            readReference() != read())
        {
            throw new IllegalStateException("the reference bitpacker disagrees with statesync's on the same fields");
        }
        uncheckedBuffer = new byte[buffer.capacity()];
        if (writeUnchecked() != readLength ||
            !java.util.Arrays.equals(buffer.byteArray(), 0, readLength, uncheckedBuffer, 0, readLength))
        {
            throw new IllegalStateException("the unchecked writer disagrees with statesync's on the same fields");
        }
    }

    /** The field values, for harnesses that run other writers on the same fields (not copied: do not modify). */
    int[] fieldValues()
    {
        return values;
    }

    /** The field widths, as {@link #fieldValues()}. */
    int[] fieldWidths()
    {
        return widths;
    }

    /** {@link BitWriter}'s bytes for the fields: the first {@link #writtenLength()} of this array. */
    byte[] writtenBytes()
    {
        return buffer.byteArray();
    }

    /** @return bytes the fields occupy. */
    int writtenLength()
    {
        return readLength;
    }

    @Benchmark
    @OperationsPerInvocation(FIELDS)
    public int write()
    {
        final BitWriter writer = this.writer;
        writer.reset();
        for (int i = 0; i < FIELDS; i++)
        {
            writer.writeBits(values[i], widths[i]);
        }
        return writer.flush();
    }

    @Benchmark
    @OperationsPerInvocation(FIELDS)
    public int read()
    {
        final BitReader reader = this.reader.wrap(buffer, 0, readLength);
        int checksum = 0;
        for (int i = 0; i < FIELDS; i++)
        {
            checksum += reader.readBits(widths[i]);
        }
        return checksum;
    }

    @Benchmark
    @OperationsPerInvocation(FIELDS)
    public int writeReference()
    {
        final FiedlerBitWriter writer = this.referenceWriter.reset(referenceBuffer, referenceCapacity);
        for (int i = 0; i < FIELDS; i++)
        {
            writer.writeBits(values[i], widths[i]);
        }
        writer.flush();
        return writer.bytesWritten();
    }

    /**
     * {@link #write()}'s fields through {@link UncheckedArgumentsBitWriter}: statesync's capacity scheme without its
     * argument check, over a plain array, to show what the check costs (issue 12). Not a writer statesync ships.
     */
    @Benchmark
    @OperationsPerInvocation(FIELDS)
    public int writeUnchecked()
    {
        final UncheckedArgumentsBitWriter writer = this.uncheckedWriter.wrap(uncheckedBuffer, uncheckedBuffer.length);
        for (int i = 0; i < FIELDS; i++)
        {
            writer.writeBits(values[i], widths[i]);
        }
        return writer.flush();
    }

    @Benchmark
    @OperationsPerInvocation(FIELDS)
    public int readReference()
    {
        final FiedlerBitReader reader = this.referenceReader.reset(referenceBuffer, readLength);
        int checksum = 0;
        for (int i = 0; i < FIELDS; i++)
        {
            checksum += reader.readBits(widths[i]);
        }
        return checksum;
    }
}
