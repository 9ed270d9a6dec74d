package dev.statesync.bench.runner;

import dev.statesync.bench.scene.ObjectStates;
import dev.statesync.bench.scene.StateSnap;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.quantize.StateQuantizer;
import dev.statesync.codec.state.StateSchema;

/**
 * One side's quantization of a scene's states: its own {@link StateQuantizer} (which remembers rotation codes per
 * object, so each side needs its own), the quantized states and the float records they came from or dequantize
 * to. As a {@link StateSnap} it quantizes and writes the dequantized values back: quantize-both-sides.
 * Allocation-free after construction.
 */
final class QuantizingSnap implements StateSnap
{
    private final boolean is3d;
    private final int stride;
    private final StateQuantizer quantizer;
    private final float[] records;
    private final QuantizedStates quantized;

    QuantizingSnap(final StateSchema schema, final int objects)
    {
        this.is3d = schema.is3d();
        this.stride = FloatRecords.stride(is3d);
        this.quantizer = new StateQuantizer(schema, objects);
        this.records = new float[objects * stride];
        this.quantized = new QuantizedStates(schema, objects);
    }

    /** Quantize every object of {@code states} into {@link #quantized()}; {@link #records()} holds its floats. */
    void quantize(final ObjectStates states)
    {
        for (int i = 0, n = states.count(); i < n; i++)
        {
            FloatRecords.toRecord(states, i, is3d, records, i * stride);
            quantizer.quantize(i, records, i * stride, quantized);
        }
    }

    /** Overwrite every object of {@code states} and {@link #records()} with the dequantized {@link #quantized()}. */
    void dequantize(final ObjectStates states)
    {
        for (int i = 0, n = states.count(); i < n; i++)
        {
            quantizer.dequantize(quantized, i, records, i * stride);
            FloatRecords.fromRecord(records, i * stride, is3d, states, i);
        }
    }

    @Override
    public void snap(final ObjectStates states)
    {
        quantize(states);
        dequantize(states);
    }

    /** @return the states last quantized (reused). */
    QuantizedStates quantized()
    {
        return quantized;
    }

    /** @return the float records last quantized or dequantized (reused). */
    float[] records()
    {
        return records;
    }
}
