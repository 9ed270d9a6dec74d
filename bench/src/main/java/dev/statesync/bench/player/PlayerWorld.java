package dev.statesync.bench.player;

import java.util.Arrays;
import java.util.SplittableRandom;

import dev.statesync.bench.box2d.BodySlots;
import dev.statesync.bench.box2d.DynamicBox;
import dev.statesync.bench.box2d.ReplayableWorld;
import dev.statesync.bench.box2d.StaticGround;
import dev.statesync.sync.predict.SimulationWorld;
import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;
import org.jbox2d.dynamics.World;

import static dev.statesync.bench.player.PlayerArena.*;

/**
 * The player scene's JBox2D world (2.2.1.1), used both as the client's predicting world and as the server's
 * authoritative one: the player (body 0) and the crates (bodies 1..n), with save slots for rewind and replay.
 * <p>
 * A restored world replays bit-exactly: it is {@link ReplayableWorld#configure configured} for it and rebuilds
 * its contacts before every step ({@link ReplayableWorld#rebuildContacts}); bodies are saved and written by
 * {@link BodySlots}.
 * Two worlds built with the same seed and crate count and stepped with the same commands hold bit-identical
 * floats. Never write states from inside a JBox2D callback (setTransform asserts in a locked world).
 */
public final class PlayerWorld implements SimulationWorld<BodiesState, PlayerCommand>
{
    /** Index of the player body. */
    public static final int PLAYER = 0;

    private final World world;
    private final Body[] bodies;
    private final BodySlots slots;
    private final float playerMassKg;
    private final Vec2 scratch = new Vec2();
    private Runnable stepSnap;

    /**
     * @param seed       seeds the crates' offsets in their stacks.
     * @param crateCount crates, 0 to {@link PlayerArena#MAX_CRATES}.
     * @param slotCount  save slots for {@link #saveState(int)} (the prediction client's buffer capacity; 0 for a
     *                   server world that never rewinds).
     */
    public PlayerWorld(final long seed, final int crateCount, final int slotCount)
    {
        if (crateCount < 0 || crateCount > MAX_CRATES)
        {
            throw new IllegalArgumentException("crateCount must be 0.." + MAX_CRATES + ", got " + crateCount);
        }
        world = ReplayableWorld.configure(new World(new Vec2(0.0f, -GRAVITY_M_PER_S2)));
        StaticGround.floorBetweenWalls(world, FLOOR_HALF_WIDTH_M + 2.0f, FLOOR_HALF_WIDTH_M + 1.0f, WALL_HEIGHT_M, FRICTION);

        bodies = new Body[1 + crateCount];
        bodies[PLAYER] = DynamicBox.square(PLAYER_HALF_SIZE_M, PLAYER_DENSITY_KG_PER_M2, FRICTION).withFixedRotation(true)
            .create(world, 0.0f, PLAYER_HALF_SIZE_M, 0.0f);
        final DynamicBox crate = DynamicBox.square(CRATE_HALF_SIZE_M, CRATE_DENSITY_KG_PER_M2, FRICTION);
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < crateCount; i++)
        {
            final int stack = i / STACK_HEIGHT;
            final int level = i % STACK_HEIGHT;
            final float side = stack % 2 == 0 ? 1.0f : -1.0f;
            final float jitterM = (float)((random.nextDouble() * 2.0 - 1.0) * CRATE_JITTER_M);
            final float x = side * (FIRST_STACK_OFFSET_M + (stack / 2) * STACK_SPACING_M) + jitterM;
            final float y = CRATE_HALF_SIZE_M * (2 * level + 1);
            bodies[1 + i] = crate.create(world, x, y, 0.0f);
        }
        playerMassKg = bodies[PLAYER].getMass();
        slots = new BodySlots(bodies, slotCount);
    }

    /**
     * @return number of dynamic bodies, player included.
     */
    public int bodyCount()
    {
        return bodies.length;
    }

    /**
     * @param index body index, 0 = player.
     * @return the engine body, for reading and exact writes by the scene.
     */
    public Body body(final int index)
    {
        return bodies[index];
    }

    /**
     * Run {@code snap} at the end of every {@link #step}, before anything reads the world: quantize-both-sides
     * rewrites the bodies with their quantized values there. In the step and not after it, because the server
     * builds its state message from the stepped world and the client's replays step through this same method:
     * snapped anywhere later, the server would send numbers it does not simulate from, or the client would replay
     * numbers the server never had.
     *
     * @param snap reads and rewrites this world's bodies (never steps it); null for none.
     */
    public void snapAfterEachStep(final Runnable snap)
    {
        this.stepSnap = snap;
    }

    /** {@inheritDoc} */
    public void saveState(final int slot)
    {
        slots.save(slot);
    }

    /** {@inheritDoc} */
    public void restoreState(final int slot)
    {
        slots.restore(slot);
    }

    /**
     * Walk toward {@code moveX} x the walking speed (braking when 0) with a force proportional to the speed error,
     * jump when asked and standing still vertically, then advance one 60 Hz tick and run the step snap, if any
     * (see {@link #snapAfterEachStep}).
     */
    public void step(final PlayerCommand input)
    {
        ReplayableWorld.rebuildContacts(world);
        final Body player = bodies[PLAYER];
        final Vec2 velocity = player.getLinearVelocity();
        final float vx = velocity.x;
        final float vy = velocity.y;
        final float forceN = playerMassKg * PLAYER_DRIVE_GAIN_PER_S * (input.moveX * PLAYER_WALK_M_PER_S - vx);
        scratch.set(forceN, 0.0f);
        player.applyForceToCenter(scratch);
        if (input.jump && Math.abs(vy) < JUMP_MAX_VERTICAL_M_PER_S)
        {
            scratch.set(0.0f, playerMassKg * PLAYER_JUMP_M_PER_S);
            player.applyLinearImpulse(scratch, player.getWorldCenter());
        }
        world.step(TICK_DT_S, VELOCITY_ITERATIONS, POSITION_ITERATIONS);
        if (stepSnap != null)
        {
            stepSnap.run();
        }
    }

    /** Read every body (all present). */
    public void readState(final BodiesState dst)
    {
        for (int body = 0; body < bodies.length; body++)
        {
            read(body, dst);
            dst.present[body] = true;
        }
    }

    /**
     * Read the player and the crates whose centre is within {@code radiusM} of the player's, lowest index first,
     * at most {@code maxCrates} of them: what a server state message carries.
     *
     * @param dst       receives the bodies; the others are marked absent.
     * @param radiusM   metres.
     * @param maxCrates most crates to include.
     */
    public void readNearState(final BodiesState dst, final float radiusM, final int maxCrates)
    {
        Arrays.fill(dst.present, false);
        read(PLAYER, dst);
        dst.present[PLAYER] = true;
        final Vec2 playerPosition = bodies[PLAYER].getPosition();
        final float px = playerPosition.x;
        final float py = playerPosition.y;
        final float radiusSquared = radiusM * radiusM;
        int included = 0;
        for (int body = 1; body < bodies.length && included < maxCrates; body++)
        {
            final Vec2 position = bodies[body].getPosition();
            final float dx = position.x - px;
            final float dy = position.y - py;
            if (dx * dx + dy * dy <= radiusSquared)
            {
                read(body, dst);
                dst.present[body] = true;
                included++;
            }
        }
    }

    /**
     * Read what a server state message carries: {@link #readNearState} plus up to {@code rotatingCrates} more
     * crates taken in turn from {@code cursor} on (wrapping, skipping those already near), so that every crate is
     * compared and re-synced now and then even far from the player.
     *
     * @param dst            receives the bodies; the others are marked absent.
     * @param radiusM        metres.
     * @param maxNearCrates  most near crates to include.
     * @param cursor         crate (0-based, 0 .. crates - 1) to continue the rotation from.
     * @param rotatingCrates most crates to add in turn.
     * @return the cursor for the next message.
     */
    public int readSyncState(
        final BodiesState dst, final float radiusM, final int maxNearCrates, final int cursor, final int rotatingCrates)
    {
        readNearState(dst, radiusM, maxNearCrates);
        final int crates = bodies.length - 1;
        int next = cursor;
        int added = 0;
        for (int examined = 0; examined < crates && added < rotatingCrates; examined++)
        {
            final int body = 1 + next;
            next = next + 1 == crates ? 0 : next + 1;
            if (!dst.present[body])
            {
                read(body, dst);
                dst.present[body] = true;
                added++;
            }
        }
        return next;
    }

    /** Overwrite the bodies present in {@code src} (the authoritative player and the crates near it). */
    public void writeState(final BodiesState src)
    {
        for (int body = 0; body < bodies.length; body++)
        {
            if (src.present[body])
            {
                write(body, src.values, body * BodiesState.VALUES_PER_BODY);
            }
        }
    }

    private void read(final int body, final BodiesState dst)
    {
        BodySlots.read(bodies[body], dst.values, body * BodiesState.VALUES_PER_BODY);
    }

    private void write(final int body, final float[] values, final int base)
    {
        slots.write(bodies[body], values, base);
    }
}
