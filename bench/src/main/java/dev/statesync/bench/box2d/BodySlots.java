package dev.statesync.bench.box2d;

import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;

/**
 * The saved states of a fixed set of JBox2D bodies: {@link #VALUES_PER_BODY} floats per body (position,
 * angle, linear and angular velocity), in save slots for rewind and replay, and the reads and writes of one body
 * that the worlds built on it share.
 *
 * <p>{@code getPosition()} and {@code getLinearVelocity()} return the body's live vectors, so the numbers are
 * copied. A write sets the transform (which also resets the sweep and updates the broad phase) and then the
 * velocities; never write from inside a JBox2D callback ({@code setTransform} asserts in a locked world).
 * Reads and writes allocate nothing.
 */
public final class BodySlots
{
    /** Floats per body. */
    public static final int VALUES_PER_BODY = 6;
    /** Offset of x, m. */
    public static final int X = 0;
    /** Offset of y, m. */
    public static final int Y = 1;
    /** Offset of the angle, rad. */
    public static final int ANGLE = 2;
    /** Offset of the x velocity, m/s. */
    public static final int VX = 3;
    /** Offset of the y velocity, m/s. */
    public static final int VY = 4;
    /** Offset of the angular velocity, rad/s. */
    public static final int W = 5;

    private final Body[] bodies;
    private final float[][] slots;
    private final Vec2 scratch = new Vec2();

    /**
     * @param bodies    the bodies, in the order they are saved (kept, not copied).
     * @param slotCount save slots; 0 for a world that never rewinds.
     */
    public BodySlots(final Body[] bodies, final int slotCount)
    {
        this.bodies = bodies;
        this.slots = new float[slotCount][bodies.length * VALUES_PER_BODY];
    }

    /** Save every body into {@code slot}. */
    public void save(final int slot)
    {
        readAll(slots[slot]);
    }

    /** Write every body from {@code slot}. */
    public void restore(final int slot)
    {
        final float[] values = slots[slot];
        for (int body = 0; body < bodies.length; body++)
        {
            write(bodies[body], values, body * VALUES_PER_BODY);
        }
    }

    /** Read every body into {@code dst}, {@link #VALUES_PER_BODY} floats each. */
    public void readAll(final float[] dst)
    {
        for (int body = 0; body < bodies.length; body++)
        {
            read(bodies[body], dst, body * VALUES_PER_BODY);
        }
    }

    /** Copy {@code body}'s state into {@code dst} from {@code base}. */
    public static void read(final Body body, final float[] dst, final int base)
    {
        final Vec2 position = body.getPosition();
        final Vec2 velocity = body.getLinearVelocity();
        dst[base + X] = position.x;
        dst[base + Y] = position.y;
        dst[base + ANGLE] = body.getAngle();
        dst[base + VX] = velocity.x;
        dst[base + VY] = velocity.y;
        dst[base + W] = body.getAngularVelocity();
    }

    /** Write {@code body}'s state from {@code values} at {@code base}. */
    public void write(final Body body, final float[] values, final int base)
    {
        write(body, values[base + X], values[base + Y], values[base + ANGLE], values[base + VX], values[base + VY],
            values[base + W]);
    }

    /** Write {@code body}'s state: position (m), angle (rad), velocity (m/s) and angular velocity (rad/s). */
    public void write(
        final Body body, final float x, final float y, final float angleRad, final float vx, final float vy, final float w)
    {
        scratch.set(x, y);
        body.setTransform(scratch, angleRad);
        scratch.set(vx, vy);
        body.setLinearVelocity(scratch);
        body.setAngularVelocity(w);
    }
}
