package dev.statesync.bench.fuzz;

import java.util.SplittableRandom;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * Valid quantized states that move from a seed the way a busy scene's do: most objects still on a tick, some
 * drifting by a few units, a few jumping far (so deltas, predictions and absolute states all occur), at rest now
 * and then. The snapshot sessions' authority sends these.
 */
final class MovingObjects
{
    final QuantizedStates states;
    private final StateSchema schema;
    private final SplittableRandom random;

    MovingObjects(final StateSchema schema, final int objectCount, final SplittableRandom random)
    {
        this.schema = schema;
        this.random = random;
        this.states = new QuantizedStates(schema, objectCount);
        for (int i = 0; i < objectCount; i++)
        {
            randomRecord(i);
        }
    }

    /** Move every object one tick. */
    void step()
    {
        for (int i = 0; i < states.objectCount(); i++)
        {
            evolve(i);
        }
    }

    private void evolve(final int object)
    {
        final int roll = random.nextInt(100);
        if (roll < 60)
        {
            return;
        }
        if (roll < 62)
        {
            randomRecord(object);
            return;
        }
        final int scale = roll < 92 ? 6 : 300;
        final int base = states.offsetOf(object);
        final int[] record = states.array();
        for (int f = 0; f < schema.stride(); f++)
        {
            if (f == schema.atRestOffset() || (schema.is3d() && f == schema.rotationOffset()))
            {
                continue;
            }
            final int value = record[base + f] + random.nextInt(-scale, scale + 1);
            record[base + f] = Math.max(schema.fieldMin(f), Math.min(schema.fieldMax(f), value));
        }
        if (schema.is3d() && random.nextInt(30) == 0)
        {
            record[base + schema.rotationOffset()] = random.nextInt(4);
        }
        setRest(object, random.nextInt(5) == 0);
    }

    private void randomRecord(final int object)
    {
        final int base = states.offsetOf(object);
        final int[] record = states.array();
        for (int f = 0; f < schema.stride(); f++)
        {
            record[base + f] = schema.fieldMin(f) + random.nextInt(schema.fieldMax(f) - schema.fieldMin(f) + 1);
        }
        setRest(object, random.nextInt(3) == 0);
    }

    private void setRest(final int object, final boolean atRest)
    {
        final int base = states.offsetOf(object);
        states.array()[base + schema.atRestOffset()] = atRest ? 1 : 0;
        if (atRest && schema.hasVelocities())
        {
            for (int f = schema.linearOffset(); f < schema.stride(); f++)
            {
                states.array()[base + f] = 0;
            }
        }
    }
}
