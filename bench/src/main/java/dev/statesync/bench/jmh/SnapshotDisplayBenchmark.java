/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.jmh;

import dev.statesync.codec.quantize.StateQuantizer;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.snapshot.SnapshotDisplay;
import dev.statesync.sync.snapshot.SnapshotDisplayConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * A replica's display for one tick of the cubes scene: {@code SnapshotDisplay.hold} for the states a snapshot
 * updated (94 of 901 objects, the cubes run's mean), then {@code show} for every object at the display tick, 6 ticks
 * behind. With {@code lateStates} some of the holds are states of a tick older than the newest the object has, as a
 * repeat of a lost tick or a resent state is; the display puts them in their place in its history instead of
 * dropping them. Score: ns per tick; {@code -prof gc} must show no allocation.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Thread)
public class SnapshotDisplayBenchmark
{
    private static final int OBJECTS = 901;
    private static final int UPDATED_PER_TICK = 94;
    private static final int DELAY_TICKS = 6;

    /** Holds per tick that are a late state (a tick 3 older than the object's newest), of {@value #UPDATED_PER_TICK}. */
    @Param({"0", "5"})
    public int lateStates;

    private SnapshotDisplay display;
    private final float[] record = new float[StateQuantizer.FLOATS_3D];
    private final float[] shown = new float[StateQuantizer.FLOATS_3D];
    private int[] order;
    private int[] newest;
    private int tick;
    private int cursor;

    @Setup
    public void setUp()
    {
        display = new SnapshotDisplay(StateSchema.snapshot3d(), OBJECTS, new SnapshotDisplayConfig());
        final SplittableRandom random = new SplittableRandom(24301);
        order = new int[OBJECTS];
        newest = new int[OBJECTS];
        for (int i = 0; i < OBJECTS; i++)
        {
            order[i] = i;
        }
        for (int i = OBJECTS - 1; i > 0; i--)
        {
            final int j = random.nextInt(i + 1);
            final int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        record[6] = 1;
        // Fill every history: a state every other tick for 64 ticks.
        for (tick = 1; tick <= 64; tick++)
        {
            for (int i = tick % 2; i < OBJECTS; i += 2)
            {
                hold(i, tick);
            }
        }
    }

    private void hold(final int object, final int stateTick)
    {
        record[0] = object + stateTick * 0.01f;
        record[1] = stateTick * 0.02f;
        display.hold(object, stateTick, record, 0);
        newest[object] = Math.max(newest[object], stateTick);
    }

    @Benchmark
    public float tick()
    {
        tick++;
        for (int k = 0; k < UPDATED_PER_TICK; k++)
        {
            final int object = order[cursor];
            cursor = cursor + 1 == OBJECTS ? 0 : cursor + 1;
            if (k < lateStates)
            {
                // Older than the newest held and never held before: an object's states are 9-10 ticks apart here.
                hold(object, newest[object] - 3);
            }
            hold(object, tick);
        }
        float sum = 0;
        for (int object = 0; object < OBJECTS; object++)
        {
            display.show(object, tick - DELAY_TICKS, shown, 0);
            sum += shown[0];
        }
        return sum;
    }
}
