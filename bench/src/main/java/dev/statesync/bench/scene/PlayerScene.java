package dev.statesync.bench.scene;

import dev.statesync.bench.player.PlayerArena;
import dev.statesync.bench.player.PlayerSceneConfig;
import dev.statesync.bench.player.PlayerWorld;
import dev.statesync.bench.player.PredictionReport;
import dev.statesync.bench.player.PredictionSession;
import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;

/**
 * 2D scene in JBox2D 2.2.1.1 whose player is under client-side prediction: a scripted player box (object 0) walks,
 * stops and jumps through stacks of crates (objects 1..n) on a walled floor, predicted by a client and simulated
 * authoritatively by a server across a seeded {@link dev.statesync.sync.sim.NetworkSimulator}, messages carried
 * by two {@link dev.statesync.sync.reliable.ReliableEndpoint}s. One {@link #step()} runs one 60 Hz tick of the
 * whole session ({@link PredictionSession}).
 * <p>
 * What the scene reports ({@link #readState}) and what writes go into ({@link #applyState}) is the server's
 * authoritative world: that is the state a snapshot sender would replicate. The server steps its world only once
 * the client's first inputs have arrived and the input buffer has filled (a one-way latency plus
 * {@link PlayerSceneConfig#inputBufferTicks()}), so the reported world lags the client's prediction by that much.
 * The player's command comes from the client's script through the network, not from {@link #tick()}.
 * <p>
 * The client's world holds the crates too and predicts them; state messages carry the player, the crates near it
 * and a few others in turn, all compared with the prediction, so a correction re-syncs those (see
 * {@link PredictionSession}). {@link #predictionReport()} says how many corrections there were and what the
 * smoothed and unsmoothed displays made of them.
 * <p>
 * Writes: as in {@link PileScene}, {@code setTransform} stores position and angle exactly (every body's centre
 * of mass is its origin) and velocities are stored exactly. The world never puts bodies to sleep by itself
 * (sleep timers are hidden state that breaks replays), so every body reads as awake unless a write put it to
 * sleep (at rest true: velocities zeroed, until something touches it). A write changes the server's world only;
 * the client learns of it through state messages and corrects. Quantizing the server's world by such writes every
 * tick (1/4096 m, 1/32 m/s) makes the unquantized client correct on most ticks (measured over 1200 default ticks:
 * 939 corrections of 3 mm on average, up to 0.1 m; the player's present pose jumps up to 1 m when quantized
 * vertical velocity lets the server's player jump a tick earlier than the client's, which the smoother turns into
 * at most 0.2 m per frame). Quantize-both-sides is therefore not done by writes between steps but by
 * {@link #snapInsideStep}: inside the server's step, before its state message is built, and inside every step of
 * the client's world, so both go through the same quantization and no correction is needed (0 over 1200 ticks of
 * the runner's state schema; 618 when the server was snapped after it had sent). Hidden state: the contact list
 * (rebuilt every step), the broad-phase tree, the client's world, the network in flight and the script's position.
 */
public final class PlayerScene implements Scene, PredictionReporting, SnapsInsideStep
{
    private final PlayerSceneConfig config;
    private final PredictionSession session;
    private final PlayerWorld world;
    private final Vec2 scratch = new Vec2();

    /**
     * @param config layout, link and prediction settings (read at construction).
     */
    public PlayerScene(final PlayerSceneConfig config)
    {
        this.config = config;
        this.session = new PredictionSession(config);
        this.world = session.serverWorld();
    }

    /**
     * @return the settings this scene was built with.
     */
    public PlayerSceneConfig config()
    {
        return config;
    }

    /**
     * @return the client and server session under the scene, for tests and reports.
     */
    public PredictionSession session()
    {
        return session;
    }

    @Override
    public String name()
    {
        return "player";
    }

    @Override
    public int objectCount()
    {
        return world.bodyCount();
    }

    @Override
    public boolean is3d()
    {
        return false;
    }

    @Override
    public long tick()
    {
        return session.ticks();
    }

    @Override
    public void step()
    {
        session.step();
    }

    @Override
    public void readState(final ObjectStates out)
    {
        read(world, out);
    }

    @Override
    public void applyState(final int index, final ObjectStates in)
    {
        Box2dBodyStates.applyTransform(world.body(index), index, in, scratch);
        Box2dBodyStates.applyMotion(world.body(index), index, in, scratch);
    }

    /**
     * Writes all transforms first, then all velocities and sleep flags: {@code setTransform} creates the contacts
     * of new overlaps at once and JBox2D wakes both bodies of a new contact, so a sleep flag written before a
     * neighbour's transform could be undone.
     */
    @Override
    public void applyStates(final ObjectStates in)
    {
        write(world, in, scratch);
    }

    /**
     * Snaps the server's world after each of its steps, before its state message is built from it, and the
     * client's world after each predicted or replayed step: both then run through the same quantization and,
     * without divergence, hold bit-identical floats again.
     */
    @Override
    public void snapInsideStep(final StateSnap authority, final StateSnap prediction)
    {
        snapAfterEachStep(session.serverWorld(), authority);
        snapAfterEachStep(session.clientWorld(), prediction);
    }

    private static void snapAfterEachStep(final PlayerWorld world, final StateSnap snap)
    {
        final ObjectStates states = new ObjectStates(world.bodyCount());
        final Vec2 scratch = new Vec2();
        world.snapAfterEachStep(() ->
        {
            read(world, states);
            snap.snap(states);
            write(world, states, scratch);
        });
    }

    private static void read(final PlayerWorld world, final ObjectStates out)
    {
        final int count = world.bodyCount();
        out.count(count);
        for (int i = 0; i < count; i++)
        {
            Box2dBodyStates.read(world.body(i), i, out);
        }
    }

    private static void write(final PlayerWorld world, final ObjectStates in, final Vec2 scratch)
    {
        if (in.count() != world.bodyCount())
        {
            throw new IllegalArgumentException("count " + in.count() + " != objectCount " + world.bodyCount());
        }
        for (int i = 0; i < in.count(); i++)
        {
            Box2dBodyStates.applyTransform(world.body(i), i, in, scratch);
        }
        for (int i = 0; i < in.count(); i++)
        {
            Box2dBodyStates.applyMotion(world.body(i), i, in, scratch);
        }
    }

    @Override
    public PredictionReport predictionReport()
    {
        return session.report();
    }

    @Override
    public String toString()
    {
        return "PlayerScene{" + config + ", crates of " + 2 * PlayerArena.CRATE_HALF_SIZE_M + " m}";
    }
}
