package dev.statesync.bench.runner;

/**
 * The library's display rules ({@code SnapshotDisplay}) applied to one object's true path, for the oracle diagnostics
 * ({@link InterpolationSampler}, {@link DisplayReplay}): the pose a replica shows at a display tick from the states of
 * the path it holds. Poses are 7 doubles: position (metres) and a quaternion x, y, z, w, not normalised after a blend.
 */
final class DisplayModel
{
    /** One object's path, per tick {@code 0..ticks - 1}. */
    record Path(
        int ticks,
        /* position[3 * t + k]: axis k of the position at tick t, metres. */
        double[] position,
        /* velocity[3 * t + k]: metres per tick. */
        double[] velocity,
        /* rotation[4 * t + k]: quaternion x, y, z, w, unit. */
        double[] rotation,
        /* angularVelocity[3 * t + k]: radians per tick, world frame. */
        double[] angularVelocity,
        boolean[] atRest)
    {
    }

    /**
     * The display's limits.
     *
     * @param maxBlendTicks                the display blends across at most this many ticks.
     * @param maxExtrapolationTicks        it extrapolates at most this many ticks (0: never).
     * @param minExtrapolationSpeedPerTick only objects faster than this are extrapolated, metres per tick.
     * @param velocitySpanTicks            0: it extrapolates with the true velocity (a schema that carries
     *                                     velocities); else with the velocity between the two newest states it holds
     *                                     when they are at most this many ticks apart (the snapshot schema), else not.
     */
    record Rules(int maxBlendTicks, int maxExtrapolationTicks, double minExtrapolationSpeedPerTick, int velocitySpanTicks)
    {
    }

    private final Rules rules;
    /** The velocity the current extrapolation uses: metres per tick, then radians per tick (world frame). */
    private final double[] velocity = new double[6];
    private boolean extrapolates;

    DisplayModel(final Rules rules)
    {
        this.rules = rules;
    }

    Rules rules()
    {
        return rules;
    }

    /**
     * Choose the velocity {@link #showUnblended} continues state {@code a} with: the truth, or the one from the
     * state held before it ({@code previous}, -1 for none).
     */
    void prepareExtrapolation(final Path path, final int a, final int previous)
    {
        extrapolates = false;
        if (path.atRest()[a] || rules.maxExtrapolationTicks() <= 0)
        {
            return;
        }
        final double[] e = velocity;
        if (rules.velocitySpanTicks() == 0)
        {
            System.arraycopy(path.velocity(), 3 * a, e, 0, 3);
            System.arraycopy(path.angularVelocity(), 3 * a, e, 3, 3);
        }
        else
        {
            if (previous < 0 || a - previous > rules.velocitySpanTicks())
            {
                return;
            }
            final double span = a - previous;
            final double[] p = path.position();
            for (int k = 0; k < 3; k++)
            {
                e[k] = (p[3 * a + k] - p[3 * previous + k]) / span;
            }
            // The rotation from the previous state to a, qA * conj(qP), as an angle vector per tick.
            final double[] q = path.rotation();
            final double ax = q[4 * a];
            final double ay = q[4 * a + 1];
            final double az = q[4 * a + 2];
            final double aw = q[4 * a + 3];
            final double px = -q[4 * previous];
            final double py = -q[4 * previous + 1];
            final double pz = -q[4 * previous + 2];
            final double pw = q[4 * previous + 3];
            final double rw = aw * pw - ax * px - ay * py - az * pz;
            final double sign = rw < 0 ? -1 : 1;
            final double rx = sign * (aw * px + ax * pw + ay * pz - az * py);
            final double ry = sign * (aw * py - ax * pz + ay * pw + az * px);
            final double rz = sign * (aw * pz + ax * py - ay * px + az * pw);
            final double sinHalf = Math.sqrt(rx * rx + ry * ry + rz * rz);
            final double scale = sinHalf < 1e-12 ? 0 : 2 * Math.atan2(sinHalf, sign * rw) / sinHalf / span;
            e[3] = rx * scale;
            e[4] = ry * scale;
            e[5] = rz * scale;
        }
        extrapolates = Math.sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]) > rules.minExtrapolationSpeedPerTick();
    }

    /** The pose shown at {@code s} from {@code a} with nothing newer held: held, or extrapolated as prepared. */
    void showUnblended(final Path path, final int a, final int s, final double[] shown)
    {
        final double[] p = path.position();
        final double[] q = path.rotation();
        final double[] e = velocity;
        final double ahead = extrapolates ? Math.min(s - a, rules.maxExtrapolationTicks()) : 0;
        for (int k = 0; k < 3; k++)
        {
            shown[k] = p[3 * a + k] + e[k] * ahead;
        }
        final double wx = e[3] * ahead;
        final double wy = e[4] * ahead;
        final double wz = e[5] * ahead;
        final double angle = Math.sqrt(wx * wx + wy * wy + wz * wz);
        final double qx = q[4 * a];
        final double qy = q[4 * a + 1];
        final double qz = q[4 * a + 2];
        final double qw = q[4 * a + 3];
        if (angle < 1e-12)
        {
            shown[3] = qx;
            shown[4] = qy;
            shown[5] = qz;
            shown[6] = qw;
            return;
        }
        // dq * q, dq the rotation by the world-frame angle vector (wx, wy, wz).
        final double s2 = Math.sin(angle / 2) / angle;
        final double dx = wx * s2;
        final double dy = wy * s2;
        final double dz = wz * s2;
        final double dw = Math.cos(angle / 2);
        shown[3] = dw * qx + dx * qw + dy * qz - dz * qy;
        shown[4] = dw * qy - dx * qz + dy * qw + dz * qx;
        shown[5] = dw * qz + dx * qy - dy * qx + dz * qw;
        shown[6] = dw * qw - dx * qx - dy * qy - dz * qz;
    }

    /** The pose shown at {@code s} blended from {@code a} towards {@code b} (positions linearly, rotations by nlerp). */
    static void showBlend(final Path path, final int a, final int b, final int s, final double[] shown)
    {
        final double f = (double)(s - a) / (b - a);
        final double[] p = path.position();
        for (int k = 0; k < 3; k++)
        {
            shown[k] = p[3 * a + k] + (p[3 * b + k] - p[3 * a + k]) * f;
        }
        final double[] q = path.rotation();
        final double dot = q[4 * a] * q[4 * b] + q[4 * a + 1] * q[4 * b + 1] + q[4 * a + 2] * q[4 * b + 2] +
            q[4 * a + 3] * q[4 * b + 3];
        final double sign = dot < 0 ? -1 : 1;
        for (int k = 0; k < 4; k++)
        {
            shown[3 + k] = q[4 * a + k] + (sign * q[4 * b + k] - q[4 * a + k]) * f;
        }
    }

    /** @return the distance from {@code shown}'s position to the path's at tick {@code s}, metres. */
    static double positionError(final Path path, final int s, final double[] shown)
    {
        final double[] p = path.position();
        final double dx = shown[0] - p[3 * s];
        final double dy = shown[1] - p[3 * s + 1];
        final double dz = shown[2] - p[3 * s + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** @return the angle between {@code shown}'s rotation and the path's at tick {@code s}, radians. */
    static double rotationError(final Path path, final int s, final double[] shown)
    {
        final double[] q = path.rotation();
        final double dot = Math.abs(shown[3] * q[4 * s] + shown[4] * q[4 * s + 1] + shown[5] * q[4 * s + 2] +
            shown[6] * q[4 * s + 3]);
        final double norm = Math.sqrt(shown[3] * shown[3] + shown[4] * shown[4] + shown[5] * shown[5] +
            shown[6] * shown[6]);
        return 2 * Math.acos(Math.min(1.0, dot / Math.max(1e-12, norm)));
    }
}
