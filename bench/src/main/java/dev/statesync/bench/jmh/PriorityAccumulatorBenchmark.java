package dev.statesync.bench.jmh;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import dev.statesync.codec.priority.ObjectSizer;
import dev.statesync.codec.priority.PriorityAccumulator;

/**
 * Cost of choosing one packet's objects in Fiedler's cube scene: 901 objects (900 cubes and the player), one
 * frame of accumulation, selection against a 1200-byte budget, and zeroing the sent accumulators. Run with
 * {@code -prof gc}: {@code gc.alloc.rate.norm} must stay near 0 B/op, the proof that the packet path does not
 * allocate.
 *
 * <p>Factors follow Fiedler: player 1,000,000, about 10% of cubes interacting at 100, the rest 1, and a few
 * excluded (negative). Sizes model the per-object encoding: ~90% at rest (index, at-rest bit, small deltas:
 * 20..60 bits), the rest moving (100..330 bits; 321 is the uncompressed cube).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class PriorityAccumulatorBenchmark
{
    private static final int OBJECT_COUNT = 901;
    private static final int PLAYER = 900;
    private static final int BUDGET_BITS = 1200 * 8;
    private static final long SEED = 0x5EEDL;

    /** Candidates in a row allowed to miss before the packet counts as full; 0 means try all. */
    @Param({"0", "32"})
    public int maxConsecutiveMisses;

    private PriorityAccumulator accumulator;
    private ObjectSizer sizer;
    private final int[] selected = new int[OBJECT_COUNT];

    @Setup
    public void setup()
    {
        accumulator = maxConsecutiveMisses == 0 ?
            new PriorityAccumulator(OBJECT_COUNT) : new PriorityAccumulator(OBJECT_COUNT, maxConsecutiveMisses);
        final SplittableRandom random = new SplittableRandom(SEED);
        final int[] sizeBits = new int[OBJECT_COUNT];
        for (int object = 0; object < OBJECT_COUNT; object++)
        {
            final int roll = random.nextInt(100);
            final float factor = roll < 10 ? 100.0f : roll < 12 ? -1.0f : 1.0f;
            accumulator.setPriorityFactor(object, object == PLAYER ? 1_000_000.0f : factor);
            sizeBits[object] = roll < 10 || object == PLAYER ? random.nextInt(100, 331) : random.nextInt(20, 61);
        }
        sizer = (object) -> sizeBits[object];

        // Reach a steady state in which accumulators differ, as after many packets.
        for (int packet = 0; packet < 1000; packet++)
        {
            accumulateSelectAndMarkSent();
        }
    }

    /** One frame's accumulation plus one packet's selection and reset: the per-packet cost at 60 pps. */
    @Benchmark
    public int accumulateSelectAndMarkSent()
    {
        final PriorityAccumulator accumulator = this.accumulator;
        accumulator.accumulate();
        final int count = accumulator.select(sizer, BUDGET_BITS, selected);
        accumulator.markSent(selected, count);

        return count + accumulator.selectedBits();
    }

    /**
     * Baseline: the accumulation pass alone (one linear sweep over 901 floats). On a shared machine read
     * {@link #accumulateSelectAndMarkSent()} as a multiple of this rather than as an absolute figure.
     */
    @Benchmark
    public float accumulateOnly()
    {
        accumulator.accumulate();

        return accumulator.accumulator(PLAYER);
    }
}
