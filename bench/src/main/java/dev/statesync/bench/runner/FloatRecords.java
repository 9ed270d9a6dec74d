package dev.statesync.bench.runner;

import dev.statesync.bench.scene.ObjectStates;
import dev.statesync.codec.quantize.StateQuantizer;

/**
 * Copies between a scene's {@link ObjectStates} columns and {@link StateQuantizer}'s float records
 * (3D: px py pz qx qy qz qw vx vy vz wx wy wz atRest; 2D: px py angle vx vy w atRest).
 */
public final class FloatRecords
{
    private FloatRecords()
    {
    }

    /** @return floats per record. */
    public static int stride(final boolean is3d)
    {
        return is3d ? StateQuantizer.FLOATS_3D : StateQuantizer.FLOATS_2D;
    }

    /** Write object {@code i} of {@code in} as a record at {@code out[offset]}. */
    public static void toRecord(final ObjectStates in, final int i, final boolean is3d, final float[] out, final int offset)
    {
        out[offset] = in.posX[i];
        out[offset + 1] = in.posY[i];
        if (is3d)
        {
            out[offset + 2] = in.posZ[i];
            out[offset + 3] = in.rotX[i];
            out[offset + 4] = in.rotY[i];
            out[offset + 5] = in.rotZ[i];
            out[offset + 6] = in.rotW[i];
            out[offset + 7] = in.linX[i];
            out[offset + 8] = in.linY[i];
            out[offset + 9] = in.linZ[i];
            out[offset + 10] = in.angX[i];
            out[offset + 11] = in.angY[i];
            out[offset + 12] = in.angZ[i];
            out[offset + 13] = in.atRest[i] ? 1f : 0f;
        }
        else
        {
            out[offset + 2] = in.angle[i];
            out[offset + 3] = in.linX[i];
            out[offset + 4] = in.linY[i];
            out[offset + 5] = in.angZ[i];
            out[offset + 6] = in.atRest[i] ? 1f : 0f;
        }
    }

    /** Write the record at {@code in[offset]} into object {@code i} of {@code out}. */
    public static void fromRecord(final float[] in, final int offset, final boolean is3d, final ObjectStates out, final int i)
    {
        out.posX[i] = in[offset];
        out.posY[i] = in[offset + 1];
        if (is3d)
        {
            out.posZ[i] = in[offset + 2];
            out.rotX[i] = in[offset + 3];
            out.rotY[i] = in[offset + 4];
            out.rotZ[i] = in[offset + 5];
            out.rotW[i] = in[offset + 6];
            out.linX[i] = in[offset + 7];
            out.linY[i] = in[offset + 8];
            out.linZ[i] = in[offset + 9];
            out.angX[i] = in[offset + 10];
            out.angY[i] = in[offset + 11];
            out.angZ[i] = in[offset + 12];
            out.atRest[i] = in[offset + 13] != 0f;
        }
        else
        {
            out.angle[i] = in[offset + 2];
            out.linX[i] = in[offset + 3];
            out.linY[i] = in[offset + 4];
            out.angZ[i] = in[offset + 5];
            out.atRest[i] = in[offset + 6] != 0f;
        }
    }
}
