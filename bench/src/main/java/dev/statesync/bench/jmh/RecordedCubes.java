package dev.statesync.bench.jmh;

import dev.statesync.bench.runner.PredictorChoice;
import dev.statesync.bench.runner.Predictors;
import dev.statesync.bench.runner.QuantizedScene;
import dev.statesync.bench.runner.SchemaKind;
import dev.statesync.bench.scene.Scene;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * The runner's default scene (cubes) stepped and quantized once, exactly as the runner's authority quantizes it
 * ({@link QuantizedScene}: for the state schema the dequantized state is written back every tick), and every
 * tick's quantized states kept, so a benchmark can code real states without paying for physics. The scene is
 * deterministic (the runner's seed only drives its network simulator), so a recording is the runner's run.
 *
 * <p>Tick {@code t} (1 .. {@link #ticks()}) is the scene's {@code t}-th step, as in the runner. Memory:
 * {@code ticks * objects * stride * 4} bytes (about 36 MB for 1260 ticks of the snapshot schema).
 */
final class RecordedCubes
{
    /** The runner's default scene. */
    static final String SCENE = "cubes";

    private final SchemaKind kind;
    private final PredictorChoice predictor;
    private final Scene scene;
    private final StateSchema schema;
    private final int objects;
    private final QuantizedStates[] states;

    /** Step the scene {@code ticks} times and keep every tick's quantized states; both ends predict as the runner. */
    RecordedCubes(final SchemaKind kind, final int ticks)
    {
        this(kind, ticks, PredictorChoice.RUNNER);
    }

    /** Step the scene {@code ticks} times and keep every tick's quantized states; both ends predict as given. */
    RecordedCubes(final SchemaKind kind, final int ticks, final PredictorChoice predictor)
    {
        this.kind = kind;
        this.predictor = predictor;
        final QuantizedScene world = new QuantizedScene(SCENE, kind);
        scene = world.scene();
        schema = world.schema();
        objects = world.objectCount();
        // Fails here, before the recording, on a predictor the schema does not take.
        Predictors.forRun(kind, scene, schema, predictor);
        states = new QuantizedStates[ticks + 1];
        for (int tick = 1; tick <= ticks; tick++)
        {
            final QuantizedStates copy = new QuantizedStates(schema, objects);
            copy.copyFrom(world.step());
            states[tick] = copy;
        }
    }

    /** @return a new predictor of the recording's kind (the runner's unless chosen otherwise), one per end. */
    Predictor predictor()
    {
        return Predictors.forRun(kind, scene, schema, predictor);
    }

    /** @return the quantized states of tick {@code tick}, 1 .. {@link #ticks()}. */
    QuantizedStates at(final int tick)
    {
        return states[tick];
    }

    /** @return ticks recorded. */
    int ticks()
    {
        return states.length - 1;
    }

    StateSchema schema()
    {
        return schema;
    }

    int objects()
    {
        return objects;
    }
}
