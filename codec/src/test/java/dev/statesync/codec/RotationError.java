package dev.statesync.codec;

/** Measuring rotation error in double, independent of the codec under test. */
public final class RotationError
{
    private RotationError()
    {
    }

    /**
     * @return the angle in radians of the rotation that takes {@code (ax, ay, az, aw)} to
     * {@code (bx, by, bz, bw)}; both are normalized first and q / -q count as the same rotation. Uses the
     * chord ({@code 4 asin(|a - b| / 2)}), which stays accurate for tiny angles where {@code acos} does not.
     */
    public static double angleRadians(
        final double ax, final double ay, final double az, final double aw,
        final double bx, final double by, final double bz, final double bw)
    {
        final double na = Math.sqrt(ax * ax + ay * ay + az * az + aw * aw);
        final double nb = Math.sqrt(bx * bx + by * by + bz * bz + bw * bw);
        final double dx = ax / na - bx / nb;
        final double dy = ay / na - by / nb;
        final double dz = az / na - bz / nb;
        final double dw = aw / na - bw / nb;
        final double sx = ax / na + bx / nb;
        final double sy = ay / na + by / nb;
        final double sz = az / na + bz / nb;
        final double sw = aw / na + bw / nb;
        final double chord = Math.min(
            Math.sqrt(dx * dx + dy * dy + dz * dz + dw * dw), Math.sqrt(sx * sx + sy * sy + sz * sz + sw * sw));
        return 4 * Math.asin(Math.min(1.0, chord / 2));
    }

    /** @return the rotation angle between a float quaternion and the decoded one at {@code decoded[0..3]}. */
    public static double angleRadians(final float[] input, final float[] decoded)
    {
        return angleRadians(input[0], input[1], input[2], input[3], decoded[0], decoded[1], decoded[2], decoded[3]);
    }
}
