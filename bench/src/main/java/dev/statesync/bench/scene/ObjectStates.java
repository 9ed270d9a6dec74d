package dev.statesync.bench.scene;

import java.util.Arrays;

/**
 * Structure-of-arrays snapshot of the state of all objects of a {@link Scene}: preallocated, copyable,
 * no object per body.
 * <p>
 * Units: positions in metres, linear velocities in m/s, angular velocities in rad/s (world frame).
 * Rotation is a unit quaternion {@code (rotX, rotY, rotZ, rotW)} with {@code rotW} the scalar part.
 * <p>
 * 2D scenes (x/y plane): {@code angle} holds the engine's exact body angle in radians and is what
 * {@link Scene#applyState} writes; the quaternion is derived from it as a rotation about z
 * ({@code rotX = rotY = 0, rotZ = sin(angle / 2), rotW = cos(angle / 2)}) for code that handles 2D and
 * 3D alike; {@code posZ}, {@code linZ}, {@code angX} and {@code angY} are 0 and {@code angZ} is the
 * angular velocity. 3D scenes leave {@code angle} at 0.
 * <p>
 * {@code atRest} is the engine's own sleep flag (JBox2D: not awake; ode4j: disabled).
 */
public final class ObjectStates
{
    public final float[] posX;
    public final float[] posY;
    public final float[] posZ;
    public final float[] rotX;
    public final float[] rotY;
    public final float[] rotZ;
    public final float[] rotW;
    public final float[] angle;
    public final float[] linX;
    public final float[] linY;
    public final float[] linZ;
    public final float[] angX;
    public final float[] angY;
    public final float[] angZ;
    public final boolean[] atRest;

    private final int capacity;
    private int count;

    /**
     * @param capacity maximum number of objects these states can hold.
     */
    public ObjectStates(final int capacity)
    {
        if (capacity < 0)
        {
            throw new IllegalArgumentException("capacity < 0: " + capacity);
        }
        this.capacity = capacity;
        posX = new float[capacity];
        posY = new float[capacity];
        posZ = new float[capacity];
        rotX = new float[capacity];
        rotY = new float[capacity];
        rotZ = new float[capacity];
        rotW = new float[capacity];
        angle = new float[capacity];
        linX = new float[capacity];
        linY = new float[capacity];
        linZ = new float[capacity];
        angX = new float[capacity];
        angY = new float[capacity];
        angZ = new float[capacity];
        atRest = new boolean[capacity];
    }

    public int capacity()
    {
        return capacity;
    }

    /**
     * @return number of objects currently held.
     */
    public int count()
    {
        return count;
    }

    /**
     * @param count number of objects held, at most {@link #capacity()}.
     */
    public void count(final int count)
    {
        if (count < 0 || count > capacity)
        {
            throw new IllegalArgumentException("count " + count + " outside [0, " + capacity + "]");
        }
        this.count = count;
    }

    /**
     * Copy all of {@code source} (count included) into this; the capacity must suffice.
     *
     * @param source states to copy.
     */
    public void copyFrom(final ObjectStates source)
    {
        count(source.count);
        final int n = source.count;
        System.arraycopy(source.posX, 0, posX, 0, n);
        System.arraycopy(source.posY, 0, posY, 0, n);
        System.arraycopy(source.posZ, 0, posZ, 0, n);
        System.arraycopy(source.rotX, 0, rotX, 0, n);
        System.arraycopy(source.rotY, 0, rotY, 0, n);
        System.arraycopy(source.rotZ, 0, rotZ, 0, n);
        System.arraycopy(source.rotW, 0, rotW, 0, n);
        System.arraycopy(source.angle, 0, angle, 0, n);
        System.arraycopy(source.linX, 0, linX, 0, n);
        System.arraycopy(source.linY, 0, linY, 0, n);
        System.arraycopy(source.linZ, 0, linZ, 0, n);
        System.arraycopy(source.angX, 0, angX, 0, n);
        System.arraycopy(source.angY, 0, angY, 0, n);
        System.arraycopy(source.angZ, 0, angZ, 0, n);
        System.arraycopy(source.atRest, 0, atRest, 0, n);
    }

    /**
     * Index of the first object whose state differs from {@code other} in any float bit pattern
     * ({@link Float#floatToIntBits}) or in the at-rest flag.
     *
     * @param other states to compare with.
     * @return first differing index, {@code -1} when equal, {@code 0} when the counts differ.
     */
    public int firstBitDifference(final ObjectStates other)
    {
        if (count != other.count)
        {
            return 0;
        }
        for (int i = 0; i < count; i++)
        {
            if (!bitEqual(i, other))
            {
                return i;
            }
        }
        return -1;
    }

    private boolean bitEqual(final int i, final ObjectStates o)
    {
        return same(posX[i], o.posX[i]) && same(posY[i], o.posY[i]) && same(posZ[i], o.posZ[i]) &&
            same(rotX[i], o.rotX[i]) && same(rotY[i], o.rotY[i]) && same(rotZ[i], o.rotZ[i]) &&
            same(rotW[i], o.rotW[i]) && same(angle[i], o.angle[i]) &&
            same(linX[i], o.linX[i]) && same(linY[i], o.linY[i]) && same(linZ[i], o.linZ[i]) &&
            same(angX[i], o.angX[i]) && same(angY[i], o.angY[i]) && same(angZ[i], o.angZ[i]) &&
            atRest[i] == o.atRest[i];
    }

    private static boolean same(final float a, final float b)
    {
        return Float.floatToIntBits(a) == Float.floatToIntBits(b);
    }

    /**
     * @param i object index.
     * @return one-line description of object {@code i}, for failure messages.
     */
    public String describe(final int i)
    {
        return "#" + i + " pos=" + Arrays.toString(new float[]{ posX[i], posY[i], posZ[i] }) +
            " rot=" + Arrays.toString(new float[]{ rotX[i], rotY[i], rotZ[i], rotW[i] }) +
            " angle=" + angle[i] +
            " lin=" + Arrays.toString(new float[]{ linX[i], linY[i], linZ[i] }) +
            " ang=" + Arrays.toString(new float[]{ angX[i], angY[i], angZ[i] }) +
            " atRest=" + atRest[i];
    }
}
