package dev.statesync.sync.predict;

/**
 * A mutable position (metres) and unit-quaternion rotation, the shape the smoother works on. 2D users set
 * z = 0 and a rotation about z with {@link #set2d(double, double, double)}.
 */
public final class Pose
{
    public double x;
    public double y;
    public double z;
    public double qx;
    public double qy;
    public double qz;
    public double qw = 1.0;

    /** Set all fields; the quaternion is used as given (pass a unit quaternion). */
    public Pose set(
        final double x, final double y, final double z, final double qx, final double qy, final double qz, final double qw)
    {
        this.x = x;
        this.y = y;
        this.z = z;
        this.qx = qx;
        this.qy = qy;
        this.qz = qz;
        this.qw = qw;
        return this;
    }

    /** Set a 2D pose: position in the plane z = 0 and an angle about z, radians. */
    public Pose set2d(final double x, final double y, final double angleRad)
    {
        return set(x, y, 0.0, 0.0, 0.0, Math.sin(angleRad * 0.5), Math.cos(angleRad * 0.5));
    }

    /** @return the angle about z of a 2D pose, radians in (-pi, pi]. */
    public double angle2dRad()
    {
        return 2.0 * Math.atan2(qz, qw);
    }

    /** Copy {@code other} into this pose. */
    public Pose set(final Pose other)
    {
        return set(other.x, other.y, other.z, other.qx, other.qy, other.qz, other.qw);
    }

    @Override
    public String toString()
    {
        return "Pose{" + x + ", " + y + ", " + z + " | " + qx + ", " + qy + ", " + qz + ", " + qw + '}';
    }
}
