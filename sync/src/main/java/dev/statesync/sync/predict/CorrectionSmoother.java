package dev.statesync.sync.predict;

/**
 * Hides corrections from the eye: the physics state snaps to the corrected one at once (and stays exact), while
 * the displayed pose is the simulated pose plus a visual offset that decays to zero.
 *
 * <p>On a correction the offset absorbs the jump: {@code offset += before - after}, so the displayed pose is
 * exactly where it was the frame before: no abrupt motion when a new error arrives (the flaw of restarting a
 * lerp timer). The offset then decays with a time constant, not a per-frame factor, so the motion is the same
 * at 30, 60 or 144 Hz (the flaw of a constant per-frame lerp), and faster for larger errors (see
 * {@link ErrorDecay}). Rotation offsets decay by slerp toward identity with their own time constant. Offsets
 * beyond the snap thresholds are dropped: a 2 m slide looks worse than a snap.
 *
 * <p>The display therefore never moves more in one frame than the simulated object itself plus
 * {@code (1 - exp(-frameTime / largeErrorTau))} of the offset: 15% of it per 60 Hz frame with the defaults.
 *
 * <p>Per frame: {@link #update(long)} with the frame time, then {@link #displayed(Pose, Pose)}. On a correction
 * (e.g. from a {@link CorrectionListener}): {@link #onCorrection(Pose, Pose)}. Allocation free.
 */
public final class CorrectionSmoother
{
    private final CorrectionSmootherConfig config;
    private final ErrorDecay decay;
    private double ox;
    private double oy;
    private double oz;
    private double rx;
    private double ry;
    private double rz;
    private double rw = 1.0;
    private long snaps;

    /** @param config time constants and thresholds. */
    public CorrectionSmoother(final CorrectionSmootherConfig config)
    {
        this.config = config;
        this.decay = config.errorDecay();
    }

    /**
     * Absorb a correction into the offset.
     *
     * @param before simulated pose just before the correction.
     * @param after  simulated pose just after it.
     */
    public void onCorrection(final Pose before, final Pose after)
    {
        ox += before.x - after.x;
        oy += before.y - after.y;
        oz += before.z - after.z;
        if (Math.sqrt(ox * ox + oy * oy + oz * oz) > config.snapThresholdM())
        {
            ox = 0.0;
            oy = 0.0;
            oz = 0.0;
            snaps++;
        }

        // displayed = simulated * offset must not change: newOffset = conj(after) * before * offset.
        final double ax = -after.qx;
        final double ay = -after.qy;
        final double az = -after.qz;
        final double aw = after.qw;
        final double bx = before.qx;
        final double by = before.qy;
        final double bz = before.qz;
        final double bw = before.qw;
        final double cx = aw * bx + ax * bw + ay * bz - az * by;
        final double cy = aw * by - ax * bz + ay * bw + az * bx;
        final double cz = aw * bz + ax * by - ay * bx + az * bw;
        final double cw = aw * bw - ax * bx - ay * by - az * bz;
        final double nx = cw * rx + cx * rw + cy * rz - cz * ry;
        final double ny = cw * ry - cx * rz + cy * rw + cz * rx;
        final double nz = cw * rz + cx * ry - cy * rx + cz * rw;
        final double nw = cw * rw - cx * rx - cy * ry - cz * rz;
        final double norm = Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
        rx = nx / norm;
        ry = ny / norm;
        rz = nz / norm;
        rw = nw / norm;
        if (rotationOffsetRad() > config.snapThresholdRad())
        {
            clearRotation();
            snaps++;
        }
    }

    /** Decay the offsets by {@code dtNs} of frame time. */
    public void update(final long dtNs)
    {
        if (dtNs <= 0)
        {
            return;
        }
        final double dtS = dtNs * 1e-9;
        final double errorM = positionOffsetM();
        if (errorM > 0.0)
        {
            final double decayedM = decay.decay(errorM, dtS);
            if (decayedM < config.settledM())
            {
                ox = 0.0;
                oy = 0.0;
                oz = 0.0;
            }
            else
            {
                final double scale = decayedM / errorM;
                ox *= scale;
                oy *= scale;
                oz *= scale;
            }
        }

        final double angleRad = rotationOffsetRad();
        if (angleRad > 0.0)
        {
            // slerp(identity, offset, k) keeps the axis and scales the angle by k.
            final double newAngleRad = angleRad * Math.exp(-dtS * 1000.0 / config.rotationTauMs());
            if (newAngleRad < 1e-7)
            {
                clearRotation();
            }
            else
            {
                final double sign = rw < 0.0 ? -1.0 : 1.0;
                final double axisScale = sign * Math.sin(newAngleRad * 0.5) / Math.sin(angleRad * 0.5);
                rx *= axisScale;
                ry *= axisScale;
                rz *= axisScale;
                rw = Math.cos(newAngleRad * 0.5);
            }
        }
    }

    /** Write {@code simulated} plus the visual offset into {@code out} (may be the same object). */
    public void displayed(final Pose simulated, final Pose out)
    {
        final double sx = simulated.qx;
        final double sy = simulated.qy;
        final double sz = simulated.qz;
        final double sw = simulated.qw;
        out.x = simulated.x + ox;
        out.y = simulated.y + oy;
        out.z = simulated.z + oz;
        out.qx = sw * rx + sx * rw + sy * rz - sz * ry;
        out.qy = sw * ry - sx * rz + sy * rw + sz * rx;
        out.qz = sw * rz + sx * ry - sy * rx + sz * rw;
        out.qw = sw * rw - sx * rx - sy * ry - sz * rz;
    }

    /** @return length of the position offset, metres. */
    public double positionOffsetM()
    {
        return Math.sqrt(ox * ox + oy * oy + oz * oz);
    }

    /** @return angle of the rotation offset, radians in [0, pi]. */
    public double rotationOffsetRad()
    {
        final double v = Math.sqrt(rx * rx + ry * ry + rz * rz);
        return 2.0 * Math.atan2(v, Math.abs(rw));
    }

    /** @return true when there is no offset left: display equals simulation. */
    public boolean isSettled()
    {
        return ox == 0.0 && oy == 0.0 && oz == 0.0 && rx == 0.0 && ry == 0.0 && rz == 0.0;
    }

    /** @return corrections dropped because they exceeded a snap threshold. */
    public long snaps()
    {
        return snaps;
    }

    /** Drop all offsets (e.g. on teleport or respawn). */
    public void reset()
    {
        ox = 0.0;
        oy = 0.0;
        oz = 0.0;
        clearRotation();
    }

    private void clearRotation()
    {
        rx = 0.0;
        ry = 0.0;
        rz = 0.0;
        rw = 1.0;
    }
}
