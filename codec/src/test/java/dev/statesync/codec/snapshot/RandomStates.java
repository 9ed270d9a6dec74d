package dev.statesync.codec.snapshot;

import dev.statesync.codec.state.StateSchema;

import java.util.SplittableRandom;

/** Valid random quantized records and plausible motion between ticks, for tests. */
public final class RandomStates
{
    private RandomStates()
    {
    }

    public static void randomRecord(final StateSchema schema, final SplittableRandom random, final int[] out, final int offset)
    {
        for (int f = 0; f < schema.stride(); f++)
        {
            out[offset + f] = schema.fieldMin(f) + random.nextInt(schema.fieldMax(f) - schema.fieldMin(f) + 1);
        }
        out[offset + schema.atRestOffset()] = 0;
        if (random.nextInt(3) == 0)
        {
            setAtRest(schema, out, offset);
        }
    }

    public static void setAtRest(final StateSchema schema, final int[] out, final int offset)
    {
        out[offset + schema.atRestOffset()] = 1;
        if (schema.hasVelocities())
        {
            for (int f = schema.linearOffset(); f < schema.stride(); f++)
            {
                out[offset + f] = 0;
            }
        }
    }

    /** Move an object a little (most often), a lot (sometimes), or jump anywhere (rarely). */
    public static void evolve(final StateSchema schema, final SplittableRandom random, final int[] record, final int offset)
    {
        final int roll = random.nextInt(100);
        if (roll < 50)
        {
            return;
        }
        if (roll < 52)
        {
            randomRecord(schema, random, record, offset);
            return;
        }
        final int scale = roll < 90 ? 4 : 300;
        for (int f = 0; f < schema.stride(); f++)
        {
            if (f == schema.atRestOffset() || (schema.is3d() && f == schema.rotationOffset()))
            {
                continue;
            }
            final int value = record[offset + f] + random.nextInt(-scale, scale + 1);
            record[offset + f] = Math.max(schema.fieldMin(f), Math.min(schema.fieldMax(f), value));
        }
        if (schema.is3d() && random.nextInt(20) == 0)
        {
            record[offset + schema.rotationOffset()] = random.nextInt(4);
        }
        record[offset + schema.atRestOffset()] = random.nextInt(4) == 0 ? 1 : 0;
        if (record[offset + schema.atRestOffset()] != 0)
        {
            setAtRest(schema, record, offset);
        }
    }

    /**
     * Move an object the way a settling scene does: no change {@code stillPercent}% of the time, a fresh random
     * record 1% of the time, otherwise every field but the at-rest flag (and a 3D rotation's largest-component
     * index) steps by -6..6, then the object is at rest one time in five.
     */
    public static void drift(
        final StateSchema schema, final SplittableRandom random, final int[] record, final int offset, final int stillPercent)
    {
        final int roll = random.nextInt(100);
        if (roll < stillPercent)
        {
            return;
        }
        if (roll == 99)
        {
            randomRecord(schema, random, record, offset);
            return;
        }
        for (int f = 0; f < schema.stride(); f++)
        {
            if (f == schema.atRestOffset() || (schema.is3d() && f == schema.rotationOffset()))
            {
                continue;
            }
            final int value = record[offset + f] + random.nextInt(-6, 7);
            record[offset + f] = Math.max(schema.fieldMin(f), Math.min(schema.fieldMax(f), value));
        }
        final boolean atRest = random.nextInt(5) == 0;
        record[offset + schema.atRestOffset()] = 0;
        if (atRest)
        {
            setAtRest(schema, record, offset);
        }
    }

    public static StateSchema schema(final int which)
    {
        return switch (which)
        {
            case 0 -> StateSchema.fiedler3d();
            case 1 -> StateSchema.snapshot3d();
            case 2 -> StateSchema.highPrecision3d();
            case 3 -> StateSchema.default2d();
            case 4 -> StateSchema.builder2d().velocities(false).build();
            default -> StateSchema.highPrecision2d();
        };
    }
}
