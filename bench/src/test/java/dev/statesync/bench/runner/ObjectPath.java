package dev.statesync.bench.runner;

import dev.statesync.codec.quantize.StateQuantizer;

/**
 * One object's true path, tick by tick, as the float records the library's display holds ({@link FloatRecords}'s
 * 3D layout: position, quaternion x y z w, linear and angular velocity per second, at-rest flag), for the oracle
 * diagnostics ({@link InterpolationSampler}, {@link DisplayReplay}).
 */
record ObjectPath(int ticks, float[] records)
{
    /** Floats per record. */
    static final int STRIDE = StateQuantizer.FLOATS_3D;

    /** A path of {@code ticks} ticks, every record zero (fill it with {@link #records()}). */
    static ObjectPath of(final int ticks)
    {
        return new ObjectPath(ticks, new float[ticks * STRIDE]);
    }

    /** @return where tick {@code t}'s record starts in {@link #records()}. */
    int offset(final int t)
    {
        return t * STRIDE;
    }

    boolean atRest(final int t)
    {
        return records[t * STRIDE + STRIDE - 1] != 0f;
    }

    /** @return the distance from the position of {@code shown} to the path's at tick {@code t}, metres. */
    double positionErrorM(final int t, final float[] shown)
    {
        final int r = t * STRIDE;
        final double dx = shown[0] - records[r];
        final double dy = shown[1] - records[r + 1];
        final double dz = shown[2] - records[r + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** @return the angle between the rotation of {@code shown} and the path's at tick {@code t}, degrees. */
    double rotationErrorDeg(final int t, final float[] shown)
    {
        final int r = t * STRIDE + 3;
        final double dot = Math.abs((double)shown[3] * records[r] + (double)shown[4] * records[r + 1] +
            (double)shown[5] * records[r + 2] + (double)shown[6] * records[r + 3]);
        final double norm = Math.sqrt((double)shown[3] * shown[3] + (double)shown[4] * shown[4] +
            (double)shown[5] * shown[5] + (double)shown[6] * shown[6]);
        return Math.toDegrees(2 * Math.acos(Math.min(1.0, dot / Math.max(1e-12, norm))));
    }
}
