package dev.statesync.bench.scene;

import org.ode4j.math.DQuaternionC;

/**
 * The float quaternions last written to ode4j bodies, with the doubles ode4j turned them into.
 * <p>
 * ode4j renormalizes every quaternion written to a body, so casting the engine's doubles back to float can
 * differ from what was written by about an ulp. While a body's quaternion is still exactly the doubles
 * recorded at the write (the body has not been stepped, or was not rotated), the written floats are the
 * truthful answer to "what state did we set", and reporting them keeps applyState / readState exact.
 */
final class WrittenQuaternions
{
    private static final int COMPONENTS = 4;

    private final float[] written;
    private final double[] engine;
    private final boolean[] valid;

    WrittenQuaternions(final int objectCount)
    {
        written = new float[objectCount * COMPONENTS];
        engine = new double[objectCount * COMPONENTS];
        valid = new boolean[objectCount];
    }

    /**
     * Record the floats written to object {@code index} and the doubles the engine holds after the write.
     */
    void remember(final int index, final ObjectStates in, final DQuaternionC engineQuaternion)
    {
        final int base = index * COMPONENTS;
        written[base] = in.rotW[index];
        written[base + 1] = in.rotX[index];
        written[base + 2] = in.rotY[index];
        written[base + 3] = in.rotZ[index];
        for (int c = 0; c < COMPONENTS; c++)
        {
            engine[base + c] = engineQuaternion.get(c);
        }
        valid[index] = true;
    }

    /**
     * Put the written floats of object {@code index} into {@code out} if the engine still holds exactly
     * the doubles of that write; forget the write otherwise.
     *
     * @return true when {@code out} was filled.
     */
    boolean readIfUnchanged(final int index, final DQuaternionC engineQuaternion, final ObjectStates out)
    {
        if (!valid[index])
        {
            return false;
        }
        final int base = index * COMPONENTS;
        for (int c = 0; c < COMPONENTS; c++)
        {
            if (Double.doubleToRawLongBits(engine[base + c]) != Double.doubleToRawLongBits(engineQuaternion.get(c)))
            {
                valid[index] = false;
                return false;
            }
        }
        out.rotW[index] = written[base];
        out.rotX[index] = written[base + 1];
        out.rotY[index] = written[base + 2];
        out.rotZ[index] = written[base + 3];
        return true;
    }
}
