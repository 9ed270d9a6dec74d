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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.quantize.SmallestThree;

/**
 * Quantize + smallest-three encode of a quaternion into the bitpacker, and the reverse: read + decode to
 * floats. One operation is one quaternion (the loop runs over 256 random unit quaternions).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class QuaternionCodecBenchmark
{
    static final int COUNT = 256;

    @Param({"9", "15"})
    public int bitsPerComponent;

    private final float[] quaternions = new float[COUNT * 4];
    private final float[] decoded = new float[COUNT * 4];
    private final int[] codes = new int[SmallestThree.CODES_LENGTH];
    private SmallestThree codec;
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private UnsafeBuffer buffer;
    private int length;

    @Setup
    public void setUp()
    {
        codec = new SmallestThree(bitsPerComponent);
        final SplittableRandom random = new SplittableRandom(9);
        for (int i = 0; i < COUNT; i++)
        {
            double x = random.nextGaussian();
            double y = random.nextGaussian();
            double z = random.nextGaussian();
            double w = random.nextGaussian();
            final double norm = Math.sqrt(x * x + y * y + z * z + w * w);
            quaternions[i * 4] = (float)(x / norm);
            quaternions[i * 4 + 1] = (float)(y / norm);
            quaternions[i * 4 + 2] = (float)(z / norm);
            quaternions[i * 4 + 3] = (float)(w / norm);
        }
        buffer = new UnsafeBuffer(new byte[COUNT * 8 + 8]);
        writer.wrap(buffer, 0, buffer.capacity());
        length = encode();
    }

    @Benchmark
    @OperationsPerInvocation(COUNT)
    public int encode()
    {
        writer.reset();
        for (int i = 0; i < COUNT; i++)
        {
            codec.encode(quaternions, i * 4, codes, 0);
            codec.serialize(writer, codes, 0);
        }
        return writer.flush();
    }

    @Benchmark
    @OperationsPerInvocation(COUNT)
    public float decode()
    {
        reader.wrap(buffer, 0, length);
        for (int i = 0; i < COUNT; i++)
        {
            codec.serialize(reader, codes, 0);
            codec.decode(codes, 0, decoded, i * 4);
        }
        return decoded[COUNT * 4 - 1];
    }
}
