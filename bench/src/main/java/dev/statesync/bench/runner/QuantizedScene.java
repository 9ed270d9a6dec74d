package dev.statesync.bench.runner;

import dev.statesync.bench.scene.ObjectStates;
import dev.statesync.bench.scene.Scene;
import dev.statesync.bench.scene.SceneFactory;
import dev.statesync.codec.snapshot.QuantizedStates;
import dev.statesync.codec.snapshot.StateQuantizer;
import dev.statesync.codec.snapshot.StateSchema;

/**
 * A scene as an authority runs it: step, read, quantize every object, and for quantize-both-sides write
 * the dequantized state back into the scene. Shared by the simulated run and the UDP server.
 */
public final class QuantizedScene
{
    private final Scene scene;
    private final boolean is3d;
    private final int objects;
    private final StateSchema schema;
    private final SchemaKind kind;
    private final StateQuantizer quantizer;
    private final ObjectStates states;
    private final ObjectStates applied;
    private final float[] records;
    private final QuantizedStates current;

    /** @throws IllegalArgumentException for a scene not in this build. */
    public QuantizedScene(final String sceneName, final SchemaKind kind)
    {
        this.scene = SceneFactory.create(sceneName);
        this.is3d = scene.is3d();
        this.objects = scene.objectCount();
        this.kind = kind;
        this.schema = kind.schema(is3d);
        this.quantizer = new StateQuantizer(schema, objects);
        this.states = new ObjectStates(objects);
        this.applied = new ObjectStates(objects);
        applied.count(objects);
        this.records = new float[objects * FloatRecords.stride(is3d)];
        this.current = new QuantizedStates(schema, objects);
    }

    /** Step one tick and quantize it. @return the quantized states (reused every tick). */
    public QuantizedStates step()
    {
        final int stride = FloatRecords.stride(is3d);
        scene.step();
        scene.readState(states);
        for (int i = 0; i < objects; i++)
        {
            FloatRecords.toRecord(states, i, is3d, records, i * stride);
            quantizer.quantize(i, records, i * stride, current);
        }
        if (kind.quantizeBothSides())
        {
            for (int i = 0; i < objects; i++)
            {
                quantizer.dequantize(current, i, records, i * stride);
                FloatRecords.fromRecord(records, i * stride, is3d, applied, i);
            }
            scene.applyStates(applied);
        }
        return current;
    }

    /**
     * @return the float records of every object after the last {@link #step()}: what the authority's scene
     * holds (for quantize-both-sides, the dequantized state written back). Reused every tick.
     */
    public float[] records()
    {
        return records;
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
