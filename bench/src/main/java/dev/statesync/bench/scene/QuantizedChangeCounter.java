package dev.statesync.bench.scene;

/**
 * Counts the objects whose quantized state changed since the previous tick: the objects a snapshot would
 * have to send as "changed" against the previous snapshot. This is how the scenes prove they are as busy
 * as Fiedler's demo (about 89 of 901 cubes per snapshot).
 * <p>
 * Position is quantized at {@link #POSITION_UNITS_PER_M} (Fiedler's snapshot compression fields, 1/512 m); each quaternion
 * component at {@link #ROTATION_UNITS_PER_UNIT} (about 1e-3); for 2D the angle is quantized at
 * {@link #ANGLE_UNITS_PER_RAD}. Velocities are not compared: an object that moves changes position.
 */
public final class QuantizedChangeCounter
{
    /** Position quantum: 512 units per metre. */
    public static final float POSITION_UNITS_PER_M = 512f;

    /** Quaternion component quantum: 1024 units per unit, about 1e-3. */
    public static final float ROTATION_UNITS_PER_UNIT = 1024f;

    /** 2D angle quantum: 1024 units per radian, about 1e-3 rad. */
    public static final float ANGLE_UNITS_PER_RAD = 1024f;

    private static final int COMPONENTS = 8;

    private final int[] previous;
    private final int[] current;
    private final int objectCount;
    private boolean primed;

    /**
     * @param objectCount number of objects of the scene observed.
     */
    public QuantizedChangeCounter(final int objectCount)
    {
        this.objectCount = objectCount;
        previous = new int[objectCount * COMPONENTS];
        current = new int[objectCount * COMPONENTS];
    }

    /**
     * Record this tick's states.
     *
     * @param states states of the observed scene.
     * @return number of objects whose quantized state differs from the previous call's; 0 on the first call.
     */
    public int update(final ObjectStates states)
    {
        if (states.count() != objectCount)
        {
            throw new IllegalArgumentException("count " + states.count() + " != " + objectCount);
        }
        int changed = 0;
        for (int i = 0; i < objectCount; i++)
        {
            final int base = i * COMPONENTS;
            current[base] = quantize(states.posX[i], POSITION_UNITS_PER_M);
            current[base + 1] = quantize(states.posY[i], POSITION_UNITS_PER_M);
            current[base + 2] = quantize(states.posZ[i], POSITION_UNITS_PER_M);
            current[base + 3] = quantize(states.rotX[i], ROTATION_UNITS_PER_UNIT);
            current[base + 4] = quantize(states.rotY[i], ROTATION_UNITS_PER_UNIT);
            current[base + 5] = quantize(states.rotZ[i], ROTATION_UNITS_PER_UNIT);
            current[base + 6] = quantize(states.rotW[i], ROTATION_UNITS_PER_UNIT);
            current[base + 7] = quantize(states.angle[i], ANGLE_UNITS_PER_RAD);
            for (int c = 0; c < COMPONENTS; c++)
            {
                if (current[base + c] != previous[base + c])
                {
                    changed++;
                    break;
                }
            }
        }
        System.arraycopy(current, 0, previous, 0, current.length);
        if (!primed)
        {
            primed = true;
            return 0;
        }
        return changed;
    }

    private static int quantize(final float value, final float unitsPerValue)
    {
        return Math.round(value * unitsPerValue);
    }
}
