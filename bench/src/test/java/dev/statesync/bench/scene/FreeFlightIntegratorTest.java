package dev.statesync.bench.scene;

import org.jbox2d.collision.shapes.PolygonShape;
import org.jbox2d.common.MathUtils;
import org.jbox2d.common.Settings;
import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;
import org.jbox2d.dynamics.BodyDef;
import org.jbox2d.dynamics.BodyType;
import org.jbox2d.dynamics.World;
import org.junit.jupiter.api.Test;
import org.ode4j.math.DQuaternionC;
import org.ode4j.math.DVector3C;
import org.ode4j.ode.DBody;
import org.ode4j.ode.DMass;
import org.ode4j.ode.DWorld;
import org.ode4j.ode.OdeHelper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves the free-flight equations of {@code src/site/integrators.md}: the same equations, written here in
 * plain Java, reproduce the real engines bit for bit over 60 ticks for a body with no contacts.
 */
class FreeFlightIntegratorTest
{
    private static final int TICKS = 60;

    @Test
    void jbox2dFreeFlightMatchesWrittenEquationsBitExactly()
    {
        final float h = 1.0f / 60.0f;
        final float gravityY = -10.0f;
        final float linearDamping = 0.1f;
        final float angularDamping = 0.2f;

        final World world = new World(new Vec2(0f, gravityY));
        final BodyDef def = new BodyDef();
        def.type = BodyType.DYNAMIC;
        def.position.set(1.25f, 7.5f);
        def.angle = 0.3f;
        def.linearVelocity.set(3.0f, 5.0f);
        def.angularVelocity = 1.5f;
        def.linearDamping = linearDamping;
        def.angularDamping = angularDamping;
        final Body body = world.createBody(def);
        final PolygonShape box = new PolygonShape();
        box.setAsBox(0.25f, 0.25f);
        body.createFixture(box, 1.0f);

        float cx = 1.25f;
        float cy = 7.5f;
        float a = 0.3f;
        float vx = 3.0f;
        float vy = 5.0f;
        float w = 1.5f;
        final float gravityScale = 1.0f;
        final float invMass = 1.0f / body.getMass();
        final float forceX = 0f;
        final float forceY = 0f;

        for (int t = 0; t < TICKS; t++)
        {
            world.step(h, 8, 3);

            // Island.solve: integrate velocities (semi-implicit Euler), then damping.
            vx += h * (gravityScale * 0f + invMass * forceX);
            vy += h * (gravityScale * gravityY + invMass * forceY);
            final float linearFactor = MathUtils.clamp(1.0f - h * linearDamping, 0.0f, 1.0f);
            vx *= linearFactor;
            vy *= linearFactor;
            w *= MathUtils.clamp(1.0f - h * angularDamping, 0.0f, 1.0f);
            // Clamp translation and rotation per step.
            final float tx = vx * h;
            final float ty = vy * h;
            if (tx * tx + ty * ty > Settings.maxTranslationSquared)
            {
                final float ratio = Settings.maxTranslation / MathUtils.sqrt(tx * tx + ty * ty);
                vx *= ratio;
                vy *= ratio;
            }
            final float rotation = h * w;
            if (rotation * rotation > Settings.maxRotationSquared)
            {
                w *= Settings.maxRotation / MathUtils.abs(rotation);
            }
            // Integrate positions with the new velocities.
            cx += h * vx;
            cy += h * vy;
            a += h * w;

            assertBits(cx, body.getPosition().x, "x", t);
            assertBits(cy, body.getPosition().y, "y", t);
            assertBits(a, body.getAngle(), "angle", t);
            assertBits(vx, body.getLinearVelocity().x, "vx", t);
            assertBits(vy, body.getLinearVelocity().y, "vy", t);
            assertBits(w, body.getAngularVelocity(), "w", t);
        }
        assertTrue(body.isAwake(), "a body in free flight under gravity never sleeps");
    }

    @Test
    void ode4jFreeFlightMatchesWrittenEquationsBitExactlyWithoutGyroscopicTerm()
    {
        final OdeFlight flight = new OdeFlight(false);
        for (int t = 0; t < TICKS; t++)
        {
            flight.stepBoth();
            flight.assertPositionAndLinearVelocityBitExact(t);
            flight.assertRotationBitExact(t);
        }
    }

    @Test
    void ode4jFreeFlightOfCubeMatchesWrittenEquationsWithGyroscopicTermOn()
    {
        // ODE's default implicit gyroscopic torque is zero for a cube (isotropic inertia) up to rounding:
        // position and linear velocity stay bit-exact, rotation within 1e-12 of the torque-free equations.
        final OdeFlight flight = new OdeFlight(true);
        for (int t = 0; t < TICKS; t++)
        {
            flight.stepBoth();
            flight.assertPositionAndLinearVelocityBitExact(t);
            flight.assertRotationWithin(1e-12, t);
        }
    }

    /**
     * One ode4j body in free flight beside the written equations in plain double arithmetic.
     */
    private static final class OdeFlight
    {
        private static final double H = 1.0 / 60.0;
        private static final double GRAVITY_Z = -20.0;
        private static final double LINEAR_DAMPING = 0.01;
        private static final double ANGULAR_DAMPING = 0.01;
        private static final double DAMPING_THRESHOLD_SQ = 0.01 * 0.01;

        static
        {
            OdeHelper.initODE2(0);
        }

        private final DWorld world = OdeHelper.createWorld();
        private final DBody body;
        private final double mass;
        private final double invMass;
        private final double[] pos = { 1.0, -2.0, 10.0 };
        private final double[] vel = { 3.0, -2.0, 5.0 };
        private final double[] avel = { 1.0, 2.0, 0.5 };
        private final double[] q = { 1.0, 0.0, 0.0, 0.0 };

        OdeFlight(final boolean gyroscopic)
        {
            world.setGravity(0, 0, GRAVITY_Z);
            world.setLinearDamping(LINEAR_DAMPING);
            world.setAngularDamping(ANGULAR_DAMPING);
            world.setAutoDisableFlag(true);
            body = OdeHelper.createBody(world);
            final DMass m = OdeHelper.createMass();
            m.setBox(1.0, 0.4, 0.4, 0.4);
            body.setMass(m);
            body.setGyroscopicMode(gyroscopic);
            body.setPosition(pos[0], pos[1], pos[2]);
            body.setLinearVel(vel[0], vel[1], vel[2]);
            body.setAngularVel(avel[0], avel[1], avel[2]);
            mass = body.getMass().getMass();
            invMass = 1.0 / mass;
        }

        void stepBoth()
        {
            world.quickStep(H);

            // Stage 0: gravity into the force accumulator (only non-zero components), in newtons.
            final double faccZ = 0.0 + mass * GRAVITY_Z;
            // Stage 6a: v += facc * (h * invMass); avel += invI * (tacc * h) with tacc = 0.
            final double hInvMass = H * invMass;
            vel[2] += faccZ * hInvMass;
            // dxStepBody: position with the new velocity.
            for (int i = 0; i < 3; i++)
            {
                pos[i] = pos[i] + vel[i] * H;
            }
            // dxStepBody: infinitesimal rotation q += h * 0.5 * (0, w) * q, then normalize.
            final double wx = avel[0];
            final double wy = avel[1];
            final double wz = avel[2];
            final double dq0 = 0.5 * (-wx * q[1] - wy * q[2] - wz * q[3]);
            final double dq1 = 0.5 * (wx * q[0] + wy * q[3] - wz * q[2]);
            final double dq2 = 0.5 * (-wx * q[3] + wy * q[0] + wz * q[1]);
            final double dq3 = 0.5 * (wx * q[2] - wy * q[1] + wz * q[0]);
            q[0] = q[0] + dq0 * H;
            q[1] = q[1] + dq1 * H;
            q[2] = q[2] + dq2 * H;
            q[3] = q[3] + dq3 * H;
            double d = Math.abs(q[0]);
            for (int i = 1; i < 4; i++)
            {
                if (Math.abs(q[i]) > d)
                {
                    d = Math.abs(q[i]);
                }
            }
            final double inverseMax = 1 / d;
            for (int i = 0; i < 4; i++)
            {
                q[i] *= inverseMax;
            }
            final double inverseLength = 1. / Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
            for (int i = 0; i < 4; i++)
            {
                q[i] *= inverseLength;
            }
            // dxStepBody: damping last, only above the (squared) threshold; affects the next step.
            if (vel[0] * vel[0] + vel[1] * vel[1] + vel[2] * vel[2] > DAMPING_THRESHOLD_SQ)
            {
                final double k = 1 - LINEAR_DAMPING;
                for (int i = 0; i < 3; i++)
                {
                    vel[i] *= k;
                }
            }
            if (avel[0] * avel[0] + avel[1] * avel[1] + avel[2] * avel[2] > DAMPING_THRESHOLD_SQ)
            {
                final double k = 1 - ANGULAR_DAMPING;
                for (int i = 0; i < 3; i++)
                {
                    avel[i] *= k;
                }
            }
        }

        void assertPositionAndLinearVelocityBitExact(final int tick)
        {
            final DVector3C p = body.getPosition();
            final DVector3C v = body.getLinearVel();
            for (int i = 0; i < 3; i++)
            {
                assertBits(pos[i], p.get(i), "pos" + i, tick);
                assertBits(vel[i], v.get(i), "vel" + i, tick);
            }
            assertTrue(body.isEnabled(), "a body without joints is never auto-disabled");
        }

        void assertRotationBitExact(final int tick)
        {
            final DQuaternionC actual = body.getQuaternion();
            final DVector3C w = body.getAngularVel();
            for (int i = 0; i < 4; i++)
            {
                assertBits(q[i], actual.get(i), "q" + i, tick);
            }
            for (int i = 0; i < 3; i++)
            {
                assertBits(avel[i], w.get(i), "avel" + i, tick);
            }
        }

        void assertRotationWithin(final double tolerance, final int tick)
        {
            final DQuaternionC actual = body.getQuaternion();
            final DVector3C w = body.getAngularVel();
            for (int i = 0; i < 4; i++)
            {
                assertEquals(q[i], actual.get(i), tolerance, "q" + i + " at tick " + tick);
            }
            for (int i = 0; i < 3; i++)
            {
                assertEquals(avel[i], w.get(i), tolerance, "avel" + i + " at tick " + tick);
            }
        }
    }

    private static void assertBits(final float expected, final float actual, final String what, final int tick)
    {
        assertEquals(Float.floatToIntBits(expected), Float.floatToIntBits(actual),
            what + " at tick " + tick + ": expected " + expected + " but was " + actual);
    }

    private static void assertBits(final double expected, final double actual, final String what, final int tick)
    {
        assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(actual),
            what + " at tick " + tick + ": expected " + expected + " but was " + actual);
    }
}
