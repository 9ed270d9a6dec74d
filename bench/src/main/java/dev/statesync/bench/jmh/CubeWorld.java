package dev.statesync.bench.jmh;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

/**
 * A synthetic, exactly periodic 901-object world for codec benchmarks: a 30 x 30 grid of resting cubes
 * plus a player, of which a fixed set (about 5%) slides back and forth and turns a little. Because the
 * motion repeats every {@link #PERIOD_TICKS} ticks, a recorded period of snapshots can be replayed forever
 * with only the tick field changed, which lets the decode benchmark run on valid packets indefinitely.
 */
final class CubeWorld
{
    static final int OBJECTS = 901;
    static final int PERIOD_TICKS = 120;

    final StateSchema schema;
    final QuantizedStates states;
    final boolean[] moving = new boolean[OBJECTS];
    private final int[] baseX = new int[OBJECTS];
    private final int[] baseRotA = new int[OBJECTS];

    CubeWorld(final StateSchema schema, final int movingEvery)
    {
        this.schema = schema;
        this.states = new QuantizedStates(schema, OBJECTS);
        final int units = schema.positionUnitsPerMetre();
        for (int i = 0; i < OBJECTS; i++)
        {
            final int cell = Math.max(0, i - 1);
            final double x = i == 0 ? 0 : -14.5 + cell % 30;
            final double y = i == 0 ? 0 : -14.5 + cell / 30;
            states.set(i, 0, (int)Math.round(x * units));
            states.set(i, 1, (int)Math.round(y * units));
            if (schema.is3d())
            {
                states.set(i, 2, (int)Math.round((i == 0 ? 0.75 : 0.2) * units));
            }
            baseX[i] = states.get(i, 0);
            baseRotA[i] = states.get(i, schema.rotationOffset() + (schema.is3d() ? 1 : 0));
            moving[i] = i % movingEvery == 0;
        }
    }

    /** Set every object to its state at {@code tick}. */
    void update(final int tick)
    {
        final int phase = Math.floorMod(tick, PERIOD_TICKS);
        final int triangle = phase < PERIOD_TICKS / 2 ? phase : PERIOD_TICKS - phase;
        final int rotField = schema.rotationOffset() + (schema.is3d() ? 1 : 0);
        for (int i = 0; i < OBJECTS; i++)
        {
            if (!moving[i])
            {
                continue;
            }
            final boolean still = phase == 0;
            states.set(i, schema.atRestOffset(), still ? 1 : 0);
            states.set(i, 0, baseX[i] + 21 * triangle);
            states.set(i, rotField, schema.is3d() ? baseRotA[i] + triangle / 3 : (baseRotA[i] + triangle * 7) & 0xFFF);
            if (schema.hasVelocities())
            {
                final int vx = still ? 0 : (phase < PERIOD_TICKS / 2 ? 1 : -1) * 40;
                states.set(i, schema.linearOffset(), vx);
            }
        }
    }
}
