package dev.statesync.bench.scene;

import org.ode4j.math.DMatrix3C;
import org.ode4j.math.DQuaternion;
import org.ode4j.math.DQuaternionC;
import org.ode4j.math.DVector3C;
import org.ode4j.ode.DBody;
import org.ode4j.ode.DBox;
import org.ode4j.ode.DContact;
import org.ode4j.ode.DContactBuffer;
import org.ode4j.ode.DGeom;
import org.ode4j.ode.DHashSpace;
import org.ode4j.ode.DJoint;
import org.ode4j.ode.DJointGroup;
import org.ode4j.ode.DMass;
import org.ode4j.ode.DMisc;
import org.ode4j.ode.DSpace;
import org.ode4j.ode.DWorld;
import org.ode4j.ode.OdeHelper;

import static dev.statesync.bench.scene.CubesSceneConfig.*;

/**
 * Fiedler's GDC 2015 cube scene in ode4j 0.5.3 (3D): 900 small cubes asleep in a 30 x 30 grid on the plane
 * z = 0 and a player cube dropped from (0, 0, 10) that hovers and blasts cubes aside while a script
 * ({@link RowSweepScript}) sweeps it along the rows. Constants are in {@link CubesSceneConfig}.
 * <p>
 * Objects: 0 = player, 1 .. 900 = cubes, row-major from (-14.5, -14.5): cube {@code 1 + iy * 30 + ix} starts
 * at {@code (-14.5 + ix, -14.5 + iy, 0.2)}.
 * <p>
 * Writes ({@link #applyState}): position and velocities are stored as the doubles of the given floats, so
 * they read back bit-exactly. ode4j renormalizes the quaternion in double ({@code dBodySetQuaternion}:
 * scale by 1 / largest |component|, then by 1 / length), which moves a float unit quaternion by up to
 * about one float ulp (measured: some components of some writes); the engine then simulates with the
 * renormalized doubles, identically on every peer that writes the same floats. So that a write reads back
 * exactly, the scene remembers the written floats ({@link WrittenQuaternions}) and reports them until the
 * engine's quaternion changes. Velocities are kept on disable. At rest true disables the body; false
 * enables a disabled body, which restarts its idle countdown.
 * <p>
 * Hidden state not covered by {@link ObjectStates}: each body's auto-disable countdown (idle steps and
 * time), the rotation matrix (recomputed from the quaternion on write), the script's current waypoint and
 * the tick that drives the wobble, and ODE's global random seed that
 * QuickStep uses to reorder constraints. The scene keeps its own copy of that seed and installs it around
 * every step, so scenes in one JVM do not disturb each other; scenes are single-threaded.
 */
public final class CubesScene implements Scene
{
    /** Index of the player object. */
    public static final int PLAYER = 0;

    /** Initial value of this scene's copy of ODE's global random seed. */
    public static final long INITIAL_RANDOM_SEED = 0L;

    static
    {
        OdeHelper.initODE2(0);
    }

    private final DWorld world;
    private final DSpace space;
    private final DJointGroup contactGroup;
    private final DBody[] bodies;
    private final double[] massKg;
    /** Objects the last step's collision pass found touching the ground or another object. */
    private final boolean[] touching;
    private final DContactBuffer contacts = new DContactBuffer(MAX_CONTACTS_PER_PAIR);
    private final DGeom.DNearCallback nearCallback = this::nearCallback;
    private final DQuaternion scratchQuaternion = new DQuaternion();
    private final WrittenQuaternions writtenQuaternions;
    private final PlayerInput input = new PlayerInput();
    private final RowSweepScript script = new RowSweepScript();
    private long randomSeed = INITIAL_RANDOM_SEED;
    private long tick;

    /**
     * Build the scene in its initial state: cubes asleep on the ground, player in the air.
     */
    public CubesScene()
    {
        world = OdeHelper.createWorld();
        world.setGravity(0, 0, -GRAVITY_M_PER_S2);
        world.setQuickStepNumIterations(QUICKSTEP_ITERATIONS);
        world.setERP(ERP);
        world.setCFM(CFM);
        world.setContactMaxCorrectingVel(MAX_CORRECTING_VELOCITY_M_PER_S);
        world.setContactSurfaceLayer(CONTACT_SURFACE_LAYER_M);
        // Damping and auto-disable parameters are copied into each body when it is created: set them first.
        world.setLinearDamping(LINEAR_DAMPING_PER_STEP);
        world.setAngularDamping(ANGULAR_DAMPING_PER_STEP);
        world.setAutoDisableFlag(true);
        world.setAutoDisableTime(AUTO_DISABLE_TIME_S);
        world.setAutoDisableSteps(AUTO_DISABLE_STEPS);
        world.setAutoDisableLinearThreshold(AUTO_DISABLE_LINEAR_M_PER_S);
        world.setAutoDisableAngularThreshold(AUTO_DISABLE_ANGULAR_RAD_PER_S);

        final DHashSpace hashSpace = OdeHelper.createHashSpace(null);
        hashSpace.setLevels(-2, 2);
        space = hashSpace;
        contactGroup = OdeHelper.createJointGroup();
        OdeHelper.createPlane(space, 0, 0, 1, 0);

        bodies = new DBody[1 + CUBE_COUNT];
        massKg = new double[1 + CUBE_COUNT];
        touching = new boolean[1 + CUBE_COUNT];
        writtenQuaternions = new WrittenQuaternions(1 + CUBE_COUNT);
        bodies[PLAYER] = createCube(PLAYER, PLAYER_SIZE_M, 0, 0, PLAYER_START_Z_M);
        final double halfSpanM = 0.5 * (GRID_SIDE - 1) * GRID_SPACING_M;
        for (int iy = 0; iy < GRID_SIDE; iy++)
        {
            for (int ix = 0; ix < GRID_SIDE; ix++)
            {
                final int index = 1 + iy * GRID_SIDE + ix;
                final DBody cube = createCube(
                    index, CUBE_SIZE_M, -halfSpanM + ix * GRID_SPACING_M, -halfSpanM + iy * GRID_SPACING_M,
                    0.5 * CUBE_SIZE_M);
                cube.disable();
                bodies[index] = cube;
            }
        }
    }

    private DBody createCube(final int index, final double sizeM, final double xM, final double yM, final double zM)
    {
        final DBody body = OdeHelper.createBody(world);
        final DMass mass = OdeHelper.createMass();
        mass.setBox(DENSITY_KG_PER_M3, sizeM, sizeM, sizeM);
        body.setMass(mass);
        body.setPosition(xM, yM, zM);
        final DBox box = OdeHelper.createBox(space, sizeM, sizeM, sizeM);
        box.setBody(body);
        massKg[index] = mass.getMass();
        // Lets the collision callback name the objects in contact; no effect on the simulation.
        body.setData(index);
        return body;
    }

    @Override
    public String name()
    {
        return "cubes";
    }

    @Override
    public int objectCount()
    {
        return bodies.length;
    }

    @Override
    public boolean is3d()
    {
        return true;
    }

    @Override
    public long tick()
    {
        return tick;
    }

    /**
     * @return the input the script produced for the last step (for reports and tests).
     */
    public PlayerInput lastInput()
    {
        return input;
    }

    /**
     * @return number of the script's current waypoint, see {@link RowSweepScript#waypoint()}.
     */
    public int scriptWaypoint()
    {
        return script.waypoint();
    }

    @Override
    public void step()
    {
        final DBody player = bodies[PLAYER];
        final DVector3C p = player.getPosition();
        final DVector3C v = player.getLinearVel();
        input.clear();
        script.update(p.get0(), p.get1(), v.get0(), v.get1(), input);
        applyInput(input);

        DMisc.dRandSetSeed(randomSeed);
        java.util.Arrays.fill(touching, false);
        space.collide(null, nearCallback);
        world.quickStep(STEP_DT_S);
        randomSeed = DMisc.dRandGetSeed();
        contactGroup.empty();
        tick++;
    }

    private void applyInput(final PlayerInput in)
    {
        final DBody player = bodies[PLAYER];
        final boolean anyKey = in.left || in.right || in.up || in.down || in.push;
        if (anyKey && !player.isEnabled())
        {
            player.enable();
        }
        final DVector3C v = player.getLinearVel();
        final double fx = arrowForceN(in.left, in.right, v.get0(), in.push);
        final double fy = arrowForceN(in.down, in.up, v.get1(), in.push);
        player.addForce(fx, fy, 0);
        if (in.push)
        {
            hover(player);
            player.setLinearVel(
                v.get0() * PUSH_XY_VELOCITY_FACTOR_PER_TICK, v.get1() * PUSH_XY_VELOCITY_FACTOR_PER_TICK, v.get2());
            pushCubes(player.getPosition().get0(), player.getPosition().get1());
        }
    }

    /**
     * Arrow force along one axis: 120 N, doubled when it opposes the current velocity unless pushing.
     */
    private static double arrowForceN(
        final boolean negative, final boolean positive, final double velocityMPerS, final boolean push)
    {
        double forceN = 0;
        if (positive)
        {
            forceN += ARROW_FORCE_N * (!push && velocityMPerS < 0 ? 2 : 1);
        }
        if (negative)
        {
            forceN -= ARROW_FORCE_N * (!push && velocityMPerS > 0 ? 2 : 1);
        }
        return forceN;
    }

    /**
     * Hover: a spring-damper toward {@link CubesSceneConfig#HOVER_HEIGHT_M} on top of gravity compensation,
     * a small wobble force and torque that are functions of the tick (StrictMath, so the same on every
     * platform), and a torque that turns the player's z axis back to world up.
     */
    private void hover(final DBody player)
    {
        final double massPlayerKg = massKg[PLAYER];
        final DVector3C p = player.getPosition();
        final DVector3C v = player.getLinearVel();
        final DVector3C w = player.getAngularVel();
        final double tS = tick * STEP_DT_S;

        final double liftAccel = GRAVITY_M_PER_S2 + HOVER_STIFFNESS_PER_S2 * (HOVER_HEIGHT_M - p.get2()) -
            HOVER_DAMPING_PER_S * v.get2();
        final double wobbleX = StrictMath.sin(tS * 1.1 + 1.0) + StrictMath.sin(tS * 2.3 + 3.0);
        final double wobbleY = StrictMath.sin(tS * 1.7 + 2.0) + StrictMath.sin(tS * 0.7 + 5.0);
        final double wobbleZ = StrictMath.sin(tS * 2.9 + 4.0);
        player.addForce(
            massPlayerKg * WOBBLE_ACCELERATION_M_PER_S2 * 0.5 * wobbleX,
            massPlayerKg * WOBBLE_ACCELERATION_M_PER_S2 * 0.5 * wobbleY,
            massPlayerKg * (liftAccel + WOBBLE_ACCELERATION_M_PER_S2 * wobbleZ));

        // Inertia of a cube about any axis through its centre: m * s^2 / 6.
        final double inertiaKgM2 = massPlayerKg * PLAYER_SIZE_M * PLAYER_SIZE_M / 6.0;
        final DMatrix3C r = player.getRotation();
        final double upX = r.get(0, 2);
        final double upY = r.get(1, 2);
        // up x (0, 0, 1) = (upY, -upX, 0): the axis that turns the body's z axis toward world z.
        final double torqueX = UPRIGHT_STIFFNESS_PER_S2 * upY - UPRIGHT_DAMPING_PER_S * w.get0() +
            WOBBLE_ANGULAR_ACCELERATION_RAD_PER_S2 * StrictMath.sin(tS * 1.3 + 0.5);
        final double torqueY = -UPRIGHT_STIFFNESS_PER_S2 * upX - UPRIGHT_DAMPING_PER_S * w.get1() +
            WOBBLE_ANGULAR_ACCELERATION_RAD_PER_S2 * StrictMath.sin(tS * 1.9 + 1.5);
        final double torqueZ = -UPRIGHT_DAMPING_PER_S * w.get2() +
            WOBBLE_ANGULAR_ACCELERATION_RAD_PER_S2 * StrictMath.sin(tS * 0.9 + 2.5);
        player.addTorque(inertiaKgM2 * torqueX, inertiaKgM2 * torqueY, inertiaKgM2 * torqueZ);
    }

    /**
     * Push every cube within {@link CubesSceneConfig#PUSH_RADIUS_M} of (player x, y, -0.1) away from that
     * point with acceleration min(200 / d^2, 500) times its mass; pushed cubes are woken.
     */
    private void pushCubes(final double centreXM, final double centreYM)
    {
        final double radiusSq = PUSH_RADIUS_M * PUSH_RADIUS_M;
        for (int i = 1; i < bodies.length; i++)
        {
            final DBody cube = bodies[i];
            final DVector3C c = cube.getPosition();
            final double dx = c.get0() - centreXM;
            final double dy = c.get1() - centreYM;
            final double dz = c.get2() - PUSH_POINT_Z_M;
            final double distanceSq = dx * dx + dy * dy + dz * dz;
            if (distanceSq < radiusSq && distanceSq > 0)
            {
                final double distanceM = Math.sqrt(distanceSq);
                final double accel = Math.min(PUSH_STRENGTH_M3_PER_S2 / distanceSq, PUSH_MAX_ACCELERATION_M_PER_S2);
                final double scale = accel * massKg[i] / distanceM;
                if (!cube.isEnabled())
                {
                    cube.enable();
                }
                cube.addForce(dx * scale, dy * scale, dz * scale);
            }
        }
    }

    private void nearCallback(final Object data, final DGeom o1, final DGeom o2)
    {
        final DBody b1 = o1.getBody();
        final DBody b2 = o2.getBody();
        // A contact whose bodies are all disabled or static never joins an island: skip the work.
        if (!isAwake(b1) && !isAwake(b2))
        {
            return;
        }
        final int n = OdeHelper.collide(o1, o2, MAX_CONTACTS_PER_PAIR, contacts.getGeomBuffer());
        for (int i = 0; i < n; i++)
        {
            final DContact contact = contacts.get(i);
            contact.surface.mode = 0;
            contact.surface.mu = FRICTION_MU;
            contact.surface.bounce = 0;
            final DJoint joint = OdeHelper.createContactJoint(world, contactGroup, contact);
            joint.attach(b1, b2);
        }
        if (n > 0)
        {
            markTouching(b1);
            markTouching(b2);
        }
    }

    private void markTouching(final DBody body)
    {
        if (body != null && body.getData() instanceof Integer index)
        {
            touching[index] = true;
        }
    }

    @Override
    public boolean reportsContacts()
    {
        return true;
    }

    @Override
    public boolean inContact(final int index)
    {
        return touching[index];
    }

    private static boolean isAwake(final DBody body)
    {
        return body != null && body.isEnabled();
    }

    @Override
    public void readState(final ObjectStates out)
    {
        out.count(bodies.length);
        for (int i = 0; i < bodies.length; i++)
        {
            final DBody body = bodies[i];
            final DVector3C p = body.getPosition();
            final DQuaternionC q = body.getQuaternion();
            final DVector3C v = body.getLinearVel();
            final DVector3C w = body.getAngularVel();
            out.posX[i] = (float)p.get0();
            out.posY[i] = (float)p.get1();
            out.posZ[i] = (float)p.get2();
            if (!writtenQuaternions.readIfUnchanged(i, q, out))
            {
                out.rotW[i] = (float)q.get0();
                out.rotX[i] = (float)q.get1();
                out.rotY[i] = (float)q.get2();
                out.rotZ[i] = (float)q.get3();
            }
            out.angle[i] = 0f;
            out.linX[i] = (float)v.get0();
            out.linY[i] = (float)v.get1();
            out.linZ[i] = (float)v.get2();
            out.angX[i] = (float)w.get0();
            out.angY[i] = (float)w.get1();
            out.angZ[i] = (float)w.get2();
            out.atRest[i] = !body.isEnabled();
        }
    }

    @Override
    public void applyState(final int index, final ObjectStates in)
    {
        final DBody body = bodies[index];
        body.setPosition(in.posX[index], in.posY[index], in.posZ[index]);
        scratchQuaternion.set(in.rotW[index], in.rotX[index], in.rotY[index], in.rotZ[index]);
        body.setQuaternion(scratchQuaternion);
        writtenQuaternions.remember(index, in, body.getQuaternion());
        body.setLinearVel(in.linX[index], in.linY[index], in.linZ[index]);
        body.setAngularVel(in.angX[index], in.angY[index], in.angZ[index]);
        if (in.atRest[index])
        {
            if (body.isEnabled())
            {
                body.disable();
            }
        }
        else if (!body.isEnabled())
        {
            body.enable();
        }
    }
}
