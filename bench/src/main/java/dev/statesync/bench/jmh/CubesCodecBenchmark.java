package dev.statesync.bench.jmh;

import java.util.ArrayDeque;
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
import org.openjdk.jmh.infra.BenchmarkParams;

import dev.statesync.bench.runner.PredictorChoice;
import dev.statesync.bench.runner.SchemaKind;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.snapshot.SnapshotReceiver;

/**
 * CPU per client on the real cubes scene: encode and decode of the runner's default link, one snapshot per
 * operation, on recorded quantized states (see {@link RecordedCubes}, {@link RecordedCubesLink}: unbudgeted,
 * framed and range-coded, the runner's predictor, acks 6 ticks late, 5% of packets lost).
 *
 * <p>Ticks: the scene is recorded once per trial for {@link #WARMUP_TICKS} + {@link #MEASURED_TICKS} ticks from
 * its start, as the runner steps it. Every iteration starts from a fresh sender (encode) or receiver (decode)
 * that was run over the first {@link #WARMUP_TICKS} ticks: the connection's start, when every object goes out
 * absolute and the first acks arrive, is not what a warm server spends per tick. Those ends are built and
 * warmed up in the trial's setup, one per iteration, so that nothing an iteration's setup allocates shows in
 * {@code -prof gc}'s bytes per operation.
 *
 * <p>Why single-shot batches: the scene gets busier as it runs (about 70 objects sent per tick early on, 130
 * late), so a time-boxed iteration would measure whichever ticks it reached. An iteration here is one batch of
 * exactly {@link #MEASURED_TICKS} operations: ticks 61 .. 1260 in order, the whole recording once, never
 * wrapping. The score is the time of that batch; divide by the {@code objects} counter (objects sent in the
 * batch, the same every iteration) for time per object. With another {@code -bs} an end that reaches the
 * recording's end restarts inside the operation (from a spare end, or a new one, which allocates) and the
 * {@code restarts} counter says how often.
 *
 * <p>Command (results in {@code src/site/results.md}, "CPU per client"):
 * {@code java -jar bench/target/benchmarks.jar CubesCodecBenchmark -prof gc}; add {@code -p coding=bitpacked} for
 * the same snapshots without the range coder, {@code -p predictor=hold} (or {@code linear}) for a single predictor
 * instead of the runner's three alternatives.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 10, batchSize = CubesCodecBenchmark.MEASURED_TICKS)
@Measurement(iterations = 20, batchSize = CubesCodecBenchmark.MEASURED_TICKS)
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

    /**
     * "range-coded" (default: framed and range-coded, as the runner's default link sends) or "bitpacked" (the same
     * snapshots unframed and bitpacked, no entropy coder: what the rest of the codec costs; run it with
     * {@code -p coding=bitpacked}).
     */
    @Param({"range-coded"})
    public String coding = "range-coded";

    /**
     * "runner" (default: the runner's predictor, the cheapest of three alternatives per object), or a single one,
     * "linear" (snapshot schema) or "hold": what ranking and extrapolating cost against the bits they save (issue 12,
     * {@code -p predictor=runner,linear,hold}; the {@code frameBits} counter gives the bits of the same run).
     */
    @Param({"runner"})
    public String predictor = "runner";

    private RecordedCubes recording;
    private RecordedCubesLink.Frames frames;
    /** Fresh ends run over the warm-up ticks, taken one per iteration (and one per restart). */
    private ArrayDeque<RecordedCubesLink.Authority> authorities;
    private ArrayDeque<SnapshotReceiver> receivers;
    private RecordedCubesLink.Authority authority;
    private SnapshotReceiver receiver;
    private int encodeTick;
    private int decodeTick;
    private long decodeFailures;

    /** Objects coded per iteration: the batch's time divided by this is the time per object. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Objects
    {
        /** Objects carried by the snapshots coded (decode: delivered) this iteration. */
        public long objects;
        /** Bits of those snapshots' frames: divide by {@link #objects} for bits per object. */
        public long frameBits;

        @Setup(Level.Iteration)
        public void reset()
        {
            objects = 0;
            frameBits = 0;
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
    public void record(final BenchmarkParams params)
    {
        record(WARMUP_TICKS + MEASURED_TICKS);
        // One warmed-up end per iteration of the side this benchmark times, and two spares for restarts.
        final int count = params.getWarmup().getCount() + params.getMeasurement().getCount() + 2;
        final boolean decoding = params.getBenchmark().endsWith(".decode");
        prepareEnds(decoding ? 0 : count, decoding ? count : 0);
    }

    /** Build fresh senders and receivers, each run over the warm-up ticks. */
    void prepareEnds(final int authorityCount, final int receiverCount)
    {
        authorities = new ArrayDeque<>(authorityCount + 1);
        receivers = new ArrayDeque<>(receiverCount + 1);
        for (int i = 0; i < authorityCount; i++)
        {
            authorities.add(warmedUpAuthority());
        }
        for (int i = 0; i < receiverCount; i++)
        {
            receivers.add(warmedUpReceiver());
        }
    }

    /** Record {@code ticks} ticks (more than {@link #WARMUP_TICKS}) and the frames of one authority run over them. */
    void record(final int ticks)
    {
        recording = new RecordedCubes(SchemaKind.parse(schema), ticks, PredictorChoice.parse(predictor));
        frames = new RecordedCubesLink.Frames(recording, RecordedCubesLink.Coding.parse(coding));
    }

    @Setup(Level.Iteration)
    public void startEnds(final BenchmarkParams params)
    {
        if (params.getBenchmark().endsWith(".decode"))
        {
            startReceiver();
        }
        else
        {
            startAuthority();
        }
    }

    @TearDown(Level.Trial)
    public void check()
    {
        if (decodeFailures != 0)
        {
            throw new IllegalStateException(decodeFailures + " frames failed to decode");
        }
    }

    /** Continue from a fresh sender run over the warm-up ticks: a prepared one, else a new one. */
    void startAuthority()
    {
        final RecordedCubesLink.Authority spare = authorities.poll();
        authority = spare != null ? spare : warmedUpAuthority();
        encodeTick = WARMUP_TICKS + 1;
    }

    /** Continue from a fresh receiver given the warm-up ticks' frames: a prepared one, else a new one. */
    void startReceiver()
    {
        final SnapshotReceiver spare = receivers.poll();
        receiver = spare != null ? spare : warmedUpReceiver();
        decodeTick = WARMUP_TICKS + 1;
    }

    private RecordedCubesLink.Authority warmedUpAuthority()
    {
        final RecordedCubesLink.Authority fresh = new RecordedCubesLink.Authority(recording, RecordedCubesLink.Coding.parse(coding));
        for (int tick = 1; tick <= WARMUP_TICKS; tick++)
        {
            fresh.send(tick);
        }
        return fresh;
    }

    private SnapshotReceiver warmedUpReceiver()
    {
        final SnapshotReceiver fresh = RecordedCubesLink.newReceiver(recording, RecordedCubesLink.Coding.parse(coding));
        for (int tick = 1; tick <= WARMUP_TICKS; tick++)
        {
            if (!RecordedCubesLink.lost(tick))
            {
                countFailure(tick, frames.deliver(fresh, tick));
            }
        }
        return fresh;
    }

    /** Hear the due ack, then prepare, size and code the next tick's snapshot. @return frame bytes. */
    @Benchmark
    public int encode(final Objects objects, final Restarts restarts)
    {
        if (encodeTick > recording.ticks())
        {
            restarts.restarts++;
            startAuthority();
        }
        objects.objects += authority.send(encodeTick++);
        final int length = authority.lastLength();
        objects.frameBits += 8L * length;
        return length;
    }

    /**
     * Decode and apply the next tick's frame if it arrives (a lost one costs nothing).
     *
     * @return objects the frame updated, 0 for a lost one or one whose unacked reference was lost.
     */
    @Benchmark
    public int decode(final Objects objects, final Restarts restarts)
    {
        if (decodeTick > recording.ticks())
        {
            restarts.restarts++;
            startReceiver();
        }
        final int tick = decodeTick++;
        if (RecordedCubesLink.lost(tick))
        {
            return 0;
        }
        if (countFailure(tick, frames.deliver(receiver, tick)))
        {
            return 0;
        }
        objects.objects += frames.objectsSent(tick);
        objects.frameBits += 8L * frames.length(tick);
        return receiver.updatedCount();
    }

    /**
     * A frame refused because the unacked packet it was coded against was lost is the link's loss, not a failure
     * (RecordedCubesLink knows which frames those are: {@code Frames.unapplied}); any other outcome but OK is.
     *
     * @return true if the frame was not applied.
     */
    private boolean countFailure(final int tick, final DecodeResult result)
    {
        if (result != DecodeResult.OK && !(result == DecodeResult.BASELINE_MISSING && frames.unapplied(tick)))
        {
            decodeFailures++;
        }
        return result != DecodeResult.OK;
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
