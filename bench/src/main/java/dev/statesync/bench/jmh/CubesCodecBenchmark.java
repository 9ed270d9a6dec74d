package dev.statesync.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.statesync.bench.runner.SchemaKind;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.snapshot.SnapshotReceiver;

/**
 * CPU per client on the real cubes scene: encode and decode of the runner's default link, one snapshot per
 * operation, on recorded quantized states (see {@link RecordedCubes}, {@link RecordedCubesLink}: unbudgeted,
 * framed and range-coded, the runner's predictor, acks 6 ticks late, 5% of packets lost).
 *
 * <p>Ticks: the scene is recorded once per trial for {@link #WARMUP_TICKS} + {@link #MEASURED_TICKS} ticks from
 * its start, as the runner steps it. Every iteration starts a fresh sender (encode) or receiver (decode) at
 * tick 1 and, in its setup (untimed), runs it over the first {@link #WARMUP_TICKS}: the connection's start, when
 * every object goes out absolute and the first acks arrive, is not what a warm server spends per tick. The
 * timed operations then take ticks 61, 62, ... in order. An iteration is sized (the {@code -r} time) to end
 * before the recording does; if one reaches its end anyway, the end restarts inside the operation (a fresh end
 * run over the warm-up ticks, which allocates) and the {@code restarts} counter says how often.
 *
 * <p>{@code objects} counts objects carried by the snapshots coded (decode: by the frames delivered; lost
 * frames are skipped and not counted). In average-time mode JMH reports it as time per object.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 10, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class CubesCodecBenchmark
{
    /** Ticks at the start of every iteration that are coded untimed. */
    static final int WARMUP_TICKS = 60;
    /** Ticks the timed operations may take before the recording ends: 20 s, the runner's default run. */
    static final int MEASURED_TICKS = 1200;

    /** The runner's schemas: "snapshot" (the cubes default) or "state". */
    @Param({"snapshot", "state"})
    public String schema;

    private RecordedCubes recording;
    private RecordedCubesLink.Frames frames;
    private RecordedCubesLink.Authority authority;
    private SnapshotReceiver receiver;
    private int encodeTick;
    private int decodeTick;
    private long decodeFailures;

    /** Objects per operation, so JMH reports time per object as well as per snapshot. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Objects
    {
        /** Objects carried by the snapshots coded this iteration. */
        public long objects;

        @Setup(Level.Iteration)
        public void reset()
        {
            objects = 0;
        }
    }

    /** Restarts at the recording's end inside timed operations: 0 when the iteration fit the recording. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Restarts
    {
        /** Restarts this iteration. */
        public long restarts;

        @Setup(Level.Iteration)
        public void reset()
        {
            restarts = 0;
        }
    }

    @Setup(Level.Trial)
    public void record()
    {
        record(WARMUP_TICKS + MEASURED_TICKS);
    }

    /** Record {@code ticks} ticks (more than {@link #WARMUP_TICKS}) and the frames of one authority run over them. */
    void record(final int ticks)
    {
        recording = new RecordedCubes(SchemaKind.parse(schema), ticks);
        frames = new RecordedCubesLink.Frames(recording);
    }

    @Setup(Level.Iteration)
    public void startEnds()
    {
        startAuthority();
        startReceiver();
    }

    @TearDown(Level.Trial)
    public void check()
    {
        if (decodeFailures != 0)
        {
            throw new IllegalStateException(decodeFailures + " frames failed to decode");
        }
    }

    /** A fresh sender run over the warm-up ticks. */
    void startAuthority()
    {
        authority = new RecordedCubesLink.Authority(recording);
        for (int tick = 1; tick <= WARMUP_TICKS; tick++)
        {
            authority.send(tick);
        }
        encodeTick = WARMUP_TICKS + 1;
    }

    /** A fresh receiver given the warm-up ticks' frames that arrive. */
    void startReceiver()
    {
        receiver = RecordedCubesLink.newReceiver(recording);
        for (int tick = 1; tick <= WARMUP_TICKS; tick++)
        {
            if (!RecordedCubesLink.lost(tick) && frames.deliver(receiver, tick) != DecodeResult.OK)
            {
                decodeFailures++;
            }
        }
        decodeTick = WARMUP_TICKS + 1;
    }

    /** Hear the due ack, then prepare, size and range-code the next tick's snapshot. @return frame bytes. */
    @Benchmark
    public int encode(final Objects objects, final Restarts restarts)
    {
        if (encodeTick > recording.ticks())
        {
            restarts.restarts++;
            startAuthority();
        }
        objects.objects += authority.send(encodeTick++);
        return authority.lastLength();
    }

    /** Decode and apply the next frame that arrives (lost ones are skipped). */
    @Benchmark
    public int decode(final Objects objects, final Restarts restarts)
    {
        while (decodeTick <= recording.ticks() && RecordedCubesLink.lost(decodeTick))
        {
            decodeTick++;
        }
        if (decodeTick > recording.ticks())
        {
            restarts.restarts++;
            startReceiver();
        }
        final int tick = decodeTick++;
        if (frames.deliver(receiver, tick) != DecodeResult.OK)
        {
            decodeFailures++;
        }
        objects.objects += frames.objectsSent(tick);
        return receiver.updatedCount();
    }

    /** @return the recording, for tests. */
    RecordedCubes recording()
    {
        return recording;
    }

    RecordedCubesLink.Frames frames()
    {
        return frames;
    }

    RecordedCubesLink.Authority authority()
    {
        return authority;
    }

    SnapshotReceiver receiver()
    {
        return receiver;
    }
}
