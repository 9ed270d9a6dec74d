package dev.statesync.bench.box2d;

import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;

/**
 * One 2D rigid body's state at full float precision: what a prediction client predicts for a player body when
 * nothing is quantized, so equal simulations compare exactly. Mutable and reused.
 */
public final class BodyState
{
    /** x, metres. */
    public float x;
    /** y, metres. */
    public float y;
    /** Angle, radians. */
    public float angle;
    /** x velocity, m/s. */
    public float vx;
    /** y velocity, m/s. */
    public float vy;
    /** Angular velocity, rad/s. */
    public float angularVelocity;

    /**
     * Copy {@code body}'s state (the numbers: JBox2D's getters return live vectors).
     *
     * @return this.
     */
    public BodyState read(final Body body)
    {
        final Vec2 position = body.getPosition();
        final Vec2 velocity = body.getLinearVelocity();
        x = position.x;
        y = position.y;
        angle = body.getAngle();
        vx = velocity.x;
        vy = velocity.y;
        angularVelocity = body.getAngularVelocity();
        return this;
    }
}
