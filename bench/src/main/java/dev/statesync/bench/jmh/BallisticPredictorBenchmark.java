package dev.statesync.bench.jmh;

import java.util.concurrent.TimeUnit;

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

import dev.statesync.bench.runner.SchemaKind;
import dev.statesync.codec.predict.PredictionInput;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

/**
 * The state schema's fixed-point ballistic predictor alone, on the baselines the cubes scene really sends: every
 * moving object of ticks {@value #FIRST_TICK} .. {@value #LAST_TICK} of the recorded scene (the runner's
 * quantize-both-sides states), predicted {@value #AGE_TICKS} ticks ahead, the age of a baseline acked over the
 * runner's 100 ms RTT. One operation is one prediction; {@value #PREDICTIONS} per invocation, cycling through
 * the moving objects found. It isolates the cost {@code CubesCodecBenchmark}'s state rows spend in
 * {@code BallisticPredictor} (the predictor, alternative 1 of the runner's cheapest-of), so a change to the
 * predictor can be measured without the codec's noise around it.
 *
 * <p>Command: {@code java -jar bench/target/benchmarks.jar BallisticPredictorBenchmark -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class BallisticPredictorBenchmark
{
    static final int FIRST_TICK = 61;
    static final int LAST_TICK = 360;
    static final int AGE_TICKS = 6;
    static final int PREDICTIONS = 4096;
    /** The ballistic alternative of the runner's state-schema predictor (0 is hold). */
    private static final int BALLISTIC = 1;

    private Predictor predictor;
    private PredictionInput input;
    private StateRecord out;
    private int[] baselines;
    private int stride;

    @Setup
    public void setUp()
    {
        final RecordedCubes recording = new RecordedCubes(SchemaKind.STATE, LAST_TICK);
        final StateSchema schema = recording.schema();
        stride = schema.stride();
        predictor = recording.predictor();
        input = new PredictionInput(schema);
        out = StateRecord.allocate(schema);
        int moving = 0;
        for (int tick = FIRST_TICK - AGE_TICKS; tick <= LAST_TICK - AGE_TICKS; tick++)
        {
            final QuantizedStates states = recording.at(tick);
            for (int object = 0; object < recording.objects(); object++)
            {
                moving += states.isAtRest(object) ? 0 : 1;
            }
        }
        if (moving == 0)
        {
            throw new IllegalStateException("no moving objects recorded");
        }
        baselines = new int[PREDICTIONS * stride];
        int found = 0;
        while (found < PREDICTIONS)
        {
            for (int tick = FIRST_TICK - AGE_TICKS; tick <= LAST_TICK - AGE_TICKS && found < PREDICTIONS; tick++)
            {
                final QuantizedStates states = recording.at(tick);
                for (int object = 0; object < recording.objects() && found < PREDICTIONS; object++)
                {
                    if (!states.isAtRest(object))
                    {
                        states.copyTo(object, baselines, found++ * stride);
                    }
                }
            }
        }
    }

    /** @return a checksum of the predictions, so none is dead code. */
    @Benchmark
    @OperationsPerInvocation(PREDICTIONS)
    public int predict()
    {
        int sum = 0;
        for (int i = 0; i < PREDICTIONS; i++)
        {
            predictor.predictAlternative(BALLISTIC, input.newest(baselines, i * stride, AGE_TICKS).noOlder(), out);
            sum += out.array()[out.offset()] ^ out.array()[out.offset() + stride - 1];
        }
        return sum;
    }
}
