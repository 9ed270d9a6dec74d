package dev.statesync.bench.scene;

import java.util.SplittableRandom;

import dev.statesync.bench.box2d.DynamicBox;
import dev.statesync.bench.box2d.StaticGround;
import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;
import org.jbox2d.dynamics.World;

import static dev.statesync.bench.scene.PileSceneConfig.*;

/**
 * 2D scene in JBox2D 2.2.1.1: {@value PileSceneConfig#STACK_COUNT} stacks of boxes and a pile of boxes
 * dropped from a seeded jittered grid onto a ground between two walls, and a player box (fixed rotation, a bulldozer) that a script
 * drives through them at times; in between, everything comes to rest and JBox2D puts it to sleep.
 * <p>
 * Objects: 0 = player, then the stacks bottom-up (stack by stack), then the pile row by row.
 * <p>
 * Writes ({@link #applyState}): {@code Body.setTransform} stores the position and angle exactly (the
 * centre of mass is the origin of every body here, so the sweep centre equals the position) and
 * recomputes sin/cos with JBox2D's lookup table, resets the sweep ({@code c0 = c, a0 = a}) and updates
 * the broad-phase, creating contacts for new overlaps at once, which wakes both bodies of each new
 * contact ({@link #applyStates} therefore writes all transforms before any sleep flag); velocities are
 * stored exactly and a non-zero velocity wakes the body. At rest true puts the body to sleep, which zeroes
 * its velocities (written velocities of a resting body are lost); false wakes it.
 * <p>
 * Hidden state not covered by {@link ObjectStates}: each body's sleep timer, the contact list with its
 * manifolds and warm-starting impulses, the broad-phase tree, and the tick that drives the script. Restoring a saved state replays
 * bit-exactly only with warm starting off (its cached contact impulses are hidden state); this scene keeps JBox2D's defaults.
 * Never call {@link #applyState} from inside a JBox2D callback (setTransform asserts in a locked world).
 */
public final class PileScene implements Scene
{
    /** Index of the player object. */
    public static final int PLAYER = 0;

    /** Seed of the default layout. */
    public static final long DEFAULT_SEED = 0x5EED_2015L;

    private final World world;
    private final Body[] bodies;
    private final Vec2 scratch = new Vec2();
    private long tick;

    /**
     * @param seed seeds the jitter of the dropped pile; the same seed gives the same scene.
     */
    public PileScene(final long seed)
    {
        world = new World(new Vec2(0f, -GRAVITY_M_PER_S2));
        world.setAllowSleep(true);
        StaticGround.floorBetweenWalls(world, GROUND_HALF_WIDTH_M, GROUND_HALF_WIDTH_M + 1f, WALL_HEIGHT_M, FRICTION);

        bodies = new Body[1 + boxCount()];
        bodies[PLAYER] = new DynamicBox(PLAYER_HALF_WIDTH_M, PLAYER_HALF_HEIGHT_M, PLAYER_DENSITY_KG_PER_M2, FRICTION, true)
            .create(world, PLAYER_START_X_M, PLAYER_HALF_HEIGHT_M, 0f);
        final DynamicBox box = DynamicBox.square(BOX_HALF_SIZE_M, BOX_DENSITY_KG_PER_M2, FRICTION);
        int index = 1;
        for (int s = 0; s < STACK_COUNT; s++)
        {
            for (int level = 0; level < STACK_HEIGHT; level++)
            {
                bodies[index++] = box.create(world, STACK_X_M[s], BOX_HALF_SIZE_M * (2 * level + 1), 0f);
            }
        }
        final SplittableRandom random = new SplittableRandom(seed);
        final float leftM = -0.5f * (PILE_COLUMNS - 1) * PILE_SPACING_M;
        for (int row = 0; row < PILE_ROWS; row++)
        {
            for (int column = 0; column < PILE_COLUMNS; column++)
            {
                final float x = leftM + column * PILE_SPACING_M + jitter(random);
                final float y = PILE_BOTTOM_Y_M + row * PILE_SPACING_M + jitter(random);
                final float angle = (float)(random.nextDouble() - 0.5) * 0.2f;
                bodies[index++] = box.create(world, x, y, angle);
            }
        }
    }

    private static float jitter(final SplittableRandom random)
    {
        return (float)((random.nextDouble() * 2 - 1) * PILE_JITTER_M);
    }

    @Override
    public String name()
    {
        return "pile";
    }

    @Override
    public int objectCount()
    {
        return bodies.length;
    }

    @Override
    public boolean is3d()
    {
        return false;
    }

    @Override
    public long tick()
    {
        return tick;
    }

    /**
     * @param tick a tick number.
     * @return true when the script drives the player during that tick.
     */
    public static boolean isDriving(final long tick)
    {
        final long phase = tick % SCRIPT_PERIOD_TICKS;
        return (phase >= DRIVE_RIGHT_START_TICK && phase < DRIVE_RIGHT_END_TICK) || phase >= DRIVE_LEFT_START_TICK;
    }

    @Override
    public void step()
    {
        if (isDriving(tick))
        {
            drivePlayer();
        }
        world.step(TICK_DT_S, VELOCITY_ITERATIONS, POSITION_ITERATIONS);
        tick++;
    }

    /**
     * Push the player toward the current target x with a force proportional to the speed error, capped
     * at the cruise speed; the force wakes the player.
     */
    private void drivePlayer()
    {
        final long phase = tick % SCRIPT_PERIOD_TICKS;
        final float targetXM = phase < DRIVE_RIGHT_END_TICK ? DRIVE_TARGET_ABS_X_M : -DRIVE_TARGET_ABS_X_M;
        final Body player = bodies[PLAYER];
        final float errorM = targetXM - player.getPosition().x;
        final float wantedMPerS = Math.max(-PLAYER_CRUISE_M_PER_S, Math.min(PLAYER_CRUISE_M_PER_S, errorM));
        final float forceN = player.getMass() * PLAYER_DRIVE_GAIN_PER_S *
            (wantedMPerS - player.getLinearVelocity().x);
        scratch.set(forceN, 0f);
        player.applyForceToCenter(scratch);
    }

    @Override
    public void readState(final ObjectStates out)
    {
        out.count(bodies.length);
        for (int i = 0; i < bodies.length; i++)
        {
            Box2dBodyStates.read(bodies[i], i, out);
        }
    }

    @Override
    public void applyState(final int index, final ObjectStates in)
    {
        applyTransform(index, in);
        applyMotion(index, in);
    }

    /**
     * Writes all transforms first, then all velocities and sleep flags: {@code setTransform} creates the
     * contacts of new overlaps at once and JBox2D wakes both bodies of a new contact, so a sleep flag
     * written before a neighbour's transform could be undone.
     */
    @Override
    public void applyStates(final ObjectStates in)
    {
        if (in.count() != bodies.length)
        {
            throw new IllegalArgumentException("count " + in.count() + " != objectCount " + bodies.length);
        }
        for (int i = 0; i < bodies.length; i++)
        {
            applyTransform(i, in);
        }
        for (int i = 0; i < bodies.length; i++)
        {
            applyMotion(i, in);
        }
    }

    private void applyTransform(final int index, final ObjectStates in)
    {
        Box2dBodyStates.applyTransform(bodies[index], index, in, scratch);
    }

    private void applyMotion(final int index, final ObjectStates in)
    {
        Box2dBodyStates.applyMotion(bodies[index], index, in, scratch);
    }
}
