package dev.statesync.bench.jmh;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.priority.PriorityAccumulator;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.snapshot.ObjectCodec;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.codec.state.StateSchema;

/**
 * A 901-object 3D snapshot with about 5% of objects moving, delta-coded per object against acked baselines
 * with prediction: encode including priority selection into a 1200-byte budget, and decode. Acks come back
 * {@link #ACK_DELAY_TICKS} ticks later (100 ms at 60 Hz), so baselines are as old as on a real link.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class SnapshotCodecBenchmark
{
    static final int ACK_DELAY_TICKS = 6;
    static final int BUDGET_BYTES = 1200;

    @Param({"snapshot-linear", "state-hold"})
    public String setup;

    private CubeWorld world;
    private SnapshotSender sender;
    private SnapshotReceiver receiver;
    private PriorityAccumulator priorities;
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private UnsafeBuffer packetBuffer;
    private final int[] chosen = new int[CubeWorld.OBJECTS];
    private int tick;

    private byte[][] recorded;
    private UnsafeBuffer[] recordedBuffers;
    private int replayIndex;
    private int replayTick;
    private long decodeFailures;

    @Setup
    public void setUp()
    {
        final boolean snapshot = setup.startsWith("snapshot");
        final StateSchema schema = snapshot ? StateSchema.snapshot3d() : StateSchema.fiedler3d();
        final Predictor predictor = setup.endsWith("linear") ? new LinearExtrapolationPredictor(false) : HoldPredictor.INSTANCE;
        world = new CubeWorld(schema, 20);
        // Whole ticks: the decode replay rewrites each recorded packet's tick field in place.
        final SnapshotConfig config = new SnapshotConfig().shortTicks(false);
        sender = new SnapshotSender(schema, CubeWorld.OBJECTS, predictor, new ObjectCodec(schema), config);
        receiver = new SnapshotReceiver(schema, CubeWorld.OBJECTS, predictor, new ObjectCodec(schema), config);
        priorities = new PriorityAccumulator(CubeWorld.OBJECTS);
        for (int i = 0; i < CubeWorld.OBJECTS; i++)
        {
            priorities.setPriorityFactor(i, i == 0 ? 1e6f : world.moving[i] ? 100f : 1f);
        }
        packetBuffer = new UnsafeBuffer(new byte[BUDGET_BYTES]);

        // Warm up two periods with the receiver in the loop, then record one period for the decode replay.
        recorded = new byte[CubeWorld.PERIOD_TICKS][];
        recordedBuffers = new UnsafeBuffer[CubeWorld.PERIOD_TICKS];
        for (int i = 0; i < 3 * CubeWorld.PERIOD_TICKS; i++)
        {
            final int length = encode();
            reader.wrap(packetBuffer, 0, length);
            if (receiver.decode(reader) != DecodeResult.OK)
            {
                throw new IllegalStateException("setup decode failed at tick " + tick);
            }
            if (i >= 2 * CubeWorld.PERIOD_TICKS)
            {
                final int k = i - 2 * CubeWorld.PERIOD_TICKS;
                recorded[k] = Arrays.copyOf(packetBuffer.byteArray(), length);
                recordedBuffers[k] = new UnsafeBuffer(recorded[k]);
            }
        }
        replayTick = tick;
    }

    @TearDown
    public void checkReplay()
    {
        if (decodeFailures != 0)
        {
            throw new IllegalStateException(decodeFailures + " replayed snapshots failed to decode");
        }
    }

    /** One tick on the authority: move, accumulate priorities, prepare, select within budget, write, ack. */
    @Benchmark
    public int encode()
    {
        tick++;
        world.update(tick);
        priorities.accumulate();
        sender.prepare(tick, world.states, BUDGET_BYTES * 8);
        final int count = priorities.select(sender, BUDGET_BYTES * 8 - sender.headerBits(), chosen);
        writer.wrap(packetBuffer, 0, BUDGET_BYTES);
        sender.write(chosen, count, writer, tick & 0xFFFF);
        priorities.markSent(chosen, count);
        sender.onAcked((tick - ACK_DELAY_TICKS) & 0xFFFF);
        return writer.bytesWritten();
    }

    /** One tick on the replica: decode and apply a snapshot of the recorded (periodic) stream. */
    @Benchmark
    public DecodeResult decode()
    {
        replayTick++;
        final UnsafeBuffer packet = recordedBuffers[replayIndex];
        replayIndex = replayIndex + 1 == CubeWorld.PERIOD_TICKS ? 0 : replayIndex + 1;
        // Bit 0 is the "anchored" flag (0: a whole tick), the tick's low 31 bits follow.
        packet.putInt(0, replayTick << 1, ByteOrder.LITTLE_ENDIAN);
        reader.wrap(packet, 0, packet.capacity());
        final DecodeResult result = receiver.decode(reader);
        if (result != DecodeResult.OK)
        {
            decodeFailures++;
        }
        return result;
    }
}
