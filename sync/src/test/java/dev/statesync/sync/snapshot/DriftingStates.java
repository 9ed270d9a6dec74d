package dev.statesync.sync.snapshot;

import java.util.SplittableRandom;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/** The loopback tests' world: random records, two thirds of which drift a few units a tick. */
final class DriftingStates
{
    private DriftingStates()
    {
    }

    /** Every object but each third one moves each field but the rotation and at-rest bit by -6..6 units, clamped. */
    static void drift(final StateSchema schema, final QuantizedStates states, final SplittableRandom motion)
    {
        final int[] record = states.array();
        for (int object = 0; object < states.objectCount(); object++)
        {
            if (object % 3 == 0)
            {
                continue;
            }
            final int base = states.offsetOf(object);
            for (int f = 0; f < schema.stride(); f++)
            {
                if (f == schema.atRestOffset() || f == schema.rotationOffset())
                {
                    continue;
                }
                final int value = record[base + f] + motion.nextInt(-6, 7);
                record[base + f] = Math.max(schema.fieldMin(f), Math.min(schema.fieldMax(f), value));
            }
        }
    }

    /** A random record in every field's range, not at rest. */
    static void randomRecord(
        final StateSchema schema, final QuantizedStates states, final SplittableRandom motion, final int object)
    {
        final int base = states.offsetOf(object);
        final int[] record = states.array();
        for (int f = 0; f < schema.stride(); f++)
        {
            record[base + f] = schema.fieldMin(f) + motion.nextInt(schema.fieldMax(f) - schema.fieldMin(f) + 1);
        }
        record[base + schema.atRestOffset()] = 0;
    }
}
