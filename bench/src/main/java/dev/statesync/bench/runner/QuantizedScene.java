package dev.statesync.bench.runner;

import dev.statesync.bench.scene.ObjectStates;
import dev.statesync.bench.scene.Scene;
import dev.statesync.bench.scene.SceneFactory;
import dev.statesync.bench.scene.SnapsInsideStep;
import dev.statesync.codec.priority.QuantizationForError;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * A scene as an authority runs it: step, read, quantize every object, and for quantize-both-sides write
 * the dequantized state back into the scene. Shared by the simulated run and the UDP server.
 * <p>
 * A scene that {@link SnapsInsideStep} (it sends state from inside its step) is handed the snap instead, so that
 * it is applied between its physics step and its send; a step in which that scene's authority did not simulate
 * (the player scene's server waiting for its first inputs) is quantized without a write-back, since the
 * authority's state is then exactly what it was.
 */
public final class QuantizedScene
{
    private final Scene scene;
    private final boolean is3d;
    private final int objects;
    private final StateSchema schema;
    private final boolean writeBackAfterStep;
    private final QuantizingSnap authority;
    private final ObjectStates states;
    private boolean snappedInStep;

    /** @throws IllegalArgumentException for a scene not in this build. */
    public QuantizedScene(final String sceneName, final SchemaKind kind)
    {
        this(sceneName, kind, 0, 0);
    }

    /**
     * The scene of a run at the run's precision: coarser, chosen from the error targets, when a budget engages
     * coarse quantization ({@link Options#coarseQuantization()}), else the schema's preset. The simulated run, the
     * {@code server} and the {@code client} all build theirs here, so both ends of a real link agree.
     *
     * @throws IllegalArgumentException for a scene not in this build.
     */
    static QuantizedScene forRun(final Options options)
    {
        return options.coarseQuantization() ? new QuantizedScene(options.scene(), options.schema(),
            QuantizationForError.positionUnitsPerMetre(options.targetPositionM(),
                QuantizationForError.DEFAULT_QUANTIZATION_SHARE),
            QuantizationForError.rotationBits(options.targetRotationDeg(), QuantizationForError.DEFAULT_QUANTIZATION_SHARE)) :
            new QuantizedScene(options.scene(), options.schema());
    }

    /**
     * A scene quantized to {@link SchemaKind#schema(boolean, int, int)}: coarser than the preset when asked.
     *
     * @throws IllegalArgumentException for a scene not in this build.
     */
    public QuantizedScene(
        final String sceneName, final SchemaKind kind, final int positionUnitsPerMetre, final int rotationBits)
    {
        this.scene = SceneFactory.create(sceneName);
        this.is3d = scene.is3d();
        this.objects = scene.objectCount();
        this.schema = kind.schema(is3d, positionUnitsPerMetre, rotationBits);
        this.authority = new QuantizingSnap(schema, objects);
        this.states = new ObjectStates(objects);
        if (kind.quantizeBothSides() && scene instanceof SnapsInsideStep snapping)
        {
            snapping.snapInsideStep(
                stepped ->
                {
                    authority.snap(stepped);
                    snappedInStep = true;
                },
                new QuantizingSnap(schema, objects));
            this.writeBackAfterStep = false;
        }
        else
        {
            this.writeBackAfterStep = kind.quantizeBothSides();
        }
    }

    /** Step one tick and quantize it. @return the quantized states (reused every tick). */
    public QuantizedStates step()
    {
        snappedInStep = false;
        scene.step();
        if (!snappedInStep)
        {
            scene.readState(states);
            authority.quantize(states);
            if (writeBackAfterStep)
            {
                authority.dequantize(states);
                scene.applyStates(states);
            }
        }
        return authority.quantized();
    }

    /**
     * @return the float records of every object after the last {@link #step()}: what the authority's scene
     * holds (for quantize-both-sides, the dequantized state written back). Reused every tick.
     */
    public float[] records()
    {
        return authority.records();
    }

    /** @return true for a 3D scene. */
    public boolean is3d()
    {
        return is3d;
    }

    /** @return the scene. */
    public Scene scene()
    {
        return scene;
    }

    /** @return the schema. */
    public StateSchema schema()
    {
        return schema;
    }

    /** @return objects. */
    public int objectCount()
    {
        return objects;
    }
}
