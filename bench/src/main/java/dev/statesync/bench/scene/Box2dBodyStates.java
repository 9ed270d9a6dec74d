package dev.statesync.bench.scene;

import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;

/**
 * Reading and writing one JBox2D body's state as an {@link ObjectStates} record, shared by the 2D scenes.
 *
 * <p>Writes come in two halves because {@code setTransform} creates the contacts of new overlaps at once and
 * JBox2D wakes both bodies of a new contact: a scene writes every transform first, then every velocity and
 * sleep flag, so a sleep flag written before a neighbour's transform is not undone.
 */
final class Box2dBodyStates
{
    private Box2dBodyStates()
    {
    }

    /** Copy a body's state into record {@code index}; the angle also as a quaternion about z. */
    static void read(final Body body, final int index, final ObjectStates out)
    {
        // getPosition() and getLinearVelocity() return the live vectors: copy the values.
        final Vec2 p = body.getPosition();
        final Vec2 v = body.getLinearVelocity();
        final float angleRad = body.getAngle();
        out.posX[index] = p.x;
        out.posY[index] = p.y;
        out.posZ[index] = 0f;
        out.angle[index] = angleRad;
        out.rotX[index] = 0f;
        out.rotY[index] = 0f;
        out.rotZ[index] = (float)StrictMath.sin(0.5 * angleRad);
        out.rotW[index] = (float)StrictMath.cos(0.5 * angleRad);
        out.linX[index] = v.x;
        out.linY[index] = v.y;
        out.linZ[index] = 0f;
        out.angX[index] = 0f;
        out.angY[index] = 0f;
        out.angZ[index] = body.getAngularVelocity();
        out.atRest[index] = !body.isAwake();
    }

    /** Write position and angle of record {@code index}. */
    static void applyTransform(final Body body, final int index, final ObjectStates in, final Vec2 scratch)
    {
        scratch.set(in.posX[index], in.posY[index]);
        body.setTransform(scratch, in.angle[index]);
    }

    /** Write velocities and the sleep flag of record {@code index}. */
    static void applyMotion(final Body body, final int index, final ObjectStates in, final Vec2 scratch)
    {
        scratch.set(in.linX[index], in.linY[index]);
        body.setLinearVelocity(scratch);
        body.setAngularVelocity(in.angZ[index]);
        // Last, so that rest wins: sleeping zeroes the velocities, waking keeps them.
        body.setAwake(!in.atRest[index]);
    }
}
