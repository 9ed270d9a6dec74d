package dev.statesync.bench.player;

import dev.statesync.bench.box2d.BodySlots;

/**
 * State of some or all dynamic bodies of a {@link PlayerWorld}: per body x, y (m), angle (rad), linear velocity
 * x, y (m/s) and angular velocity (rad/s) as the engine's floats, and whether the body is present.
 * <p>
 * The client's predictions hold every body; the server's state messages hold the player (body 0, always
 * present) and the crates near it, so that a correction also re-syncs what the player is touching while the
 * message stays a few hundred bytes instead of the whole world.
 */
public final class BodiesState
{
    /** Floats per body in {@link #values}. */
    public static final int VALUES_PER_BODY = BodySlots.VALUES_PER_BODY;
    /** Offset of x, metres. */
    public static final int X = BodySlots.X;
    /** Offset of y, metres. */
    public static final int Y = BodySlots.Y;
    /** Offset of the angle, radians. */
    public static final int ANGLE = BodySlots.ANGLE;
    /** Offset of the linear velocity's x, m/s. */
    public static final int VX = BodySlots.VX;
    /** Offset of the linear velocity's y, m/s. */
    public static final int VY = BodySlots.VY;
    /** Offset of the angular velocity, rad/s. */
    public static final int W = BodySlots.W;

    final float[] values;
    final boolean[] present;

    /**
     * @param bodyCount dynamic bodies of the world, player included.
     */
    public BodiesState(final int bodyCount)
    {
        values = new float[bodyCount * VALUES_PER_BODY];
        present = new boolean[bodyCount];
    }

    /**
     * @return number of bodies this state can describe.
     */
    public int bodyCount()
    {
        return present.length;
    }

    /**
     * @param body body index, 0 = player.
     * @return true when this state holds the body.
     */
    public boolean isPresent(final int body)
    {
        return present[body];
    }

    /**
     * @param body   body index.
     * @param offset one of {@link #X} .. {@link #W}.
     * @return the value.
     */
    public float value(final int body, final int offset)
    {
        return values[body * VALUES_PER_BODY + offset];
    }

    /**
     * @return number of present bodies.
     */
    public int presentCount()
    {
        int count = 0;
        for (final boolean p : present)
        {
            if (p)
            {
                count++;
            }
        }
        return count;
    }
}
