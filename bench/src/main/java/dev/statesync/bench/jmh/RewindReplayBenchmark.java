package dev.statesync.bench.jmh;

import java.util.concurrent.TimeUnit;

import dev.statesync.bench.box2d.BodySlots;
import dev.statesync.bench.box2d.BodyState;
import dev.statesync.bench.box2d.BodyStateCodec;
import dev.statesync.bench.box2d.DynamicBox;
import dev.statesync.bench.box2d.ReplayableWorld;
import dev.statesync.bench.box2d.StaticGround;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.sync.predict.InputCodec;
import dev.statesync.sync.predict.PredictionClient;
import dev.statesync.sync.predict.PredictionClientConfig;
import dev.statesync.sync.predict.SimulationWorld;
import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;
import org.jbox2d.dynamics.World;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of a client correction: rewind a JBox2D world of 100 bodies 15 ticks (250 ms at 60 Hz, a typical round
 * trip) and replay them, through {@link PredictionClient}.
 *
 * <p>Each invocation predicts one tick and then receives a server state 15 ticks old that forces a correction
 * (threshold -1), so {@code tickAndReplay15} - {@code tickOnly} is the cost of one rewind-and-replay of 15 ticks
 * (15 world steps plus restoring and saving 100 bodies per tick). The server state equals the prediction, so
 * the world stays on the same trajectory from invocation to invocation.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Thread)
public class RewindReplayBenchmark
{
    private static final int BODIES = 100;
    private static final int REWIND_TICKS = 15;
    private static final float DT = 1.0f / 60.0f;

    /** Input: push the player left or right. */
    public static final class Input
    {
        int moveX;
    }

    /** A JBox2D world of 100 boxes (one is the player) with save slots, {@link ReplayableWorld configured} for replay. */
    static final class Box2dWorld implements SimulationWorld<BodyState, Input>
    {
        private final World world = ReplayableWorld.configure(new World(new Vec2(0.0f, -10.0f)));
        private final Body[] bodies = new Body[BODIES];
        private final BodySlots slots;
        private final Vec2 scratch = new Vec2();

        Box2dWorld(final int slotCount)
        {
            StaticGround.flat(world, 100.0f);
            final DynamicBox box = DynamicBox.square(0.3f, 1.0f, 0.5f);
            for (int i = 0; i < BODIES; i++)
            {
                bodies[i] = box.create(world, -24.75f + (i % 33) * 1.5f, 0.3f + (i / 33) * 0.7f, 0.0f);
            }
            slots = new BodySlots(bodies, slotCount);
        }

        public void saveState(final int slot)
        {
            slots.save(slot);
        }

        public void restoreState(final int slot)
        {
            slots.restore(slot);
        }

        public void step(final Input input)
        {
            scratch.set(input.moveX * 5.0f, 0.0f);
            bodies[0].applyForceToCenter(scratch);
            world.step(DT, 8, 3);
        }

        public void readState(final BodyState dst)
        {
            dst.read(bodies[0]);
        }

        public void writeState(final BodyState src)
        {
            slots.write(bodies[0], src.x, src.y, src.angle, src.vx, src.vy, src.angularVelocity);
        }
    }

    static final class InputCodecs implements InputCodec<Input>
    {
        public Input newInput()
        {
            return new Input();
        }

        public void copy(final Input src, final Input dst)
        {
            dst.moveX = src.moveX;
        }

        public boolean isSame(final Input a, final Input b)
        {
            return a.moveX == b.moveX;
        }

        public void setNeutral(final Input input)
        {
            input.moveX = 0;
        }

        public void serialize(final BitStream stream, final Input input)
        {
            input.moveX = stream.serializeInt(input.moveX, -1, 1);
        }
    }

    private final BodyStateCodec codecs = new BodyStateCodec();
    private final InputCodecs inputCodecs = new InputCodecs();
    private final Input input = new Input();
    private final BodyState confirmed = new BodyState();
    private PredictionClient<BodyState, Input> client;

    @Setup(Level.Trial)
    public void setUp()
    {
        final PredictionClientConfig config = new PredictionClientConfig().positionThresholdM(-1.0);
        client = new PredictionClient<>(config, new Box2dWorld(config.bufferCapacity()), codecs, inputCodecs, codecs);
        for (int t = 0; t < 120; t++)
        {
            nextInput();
            client.tick(input);
        }
    }

    private void nextInput()
    {
        input.moveX = (client.currentTick() / 60) % 2 == 0 ? 1 : -1;
    }

    /** Baseline: predict one tick (save 100 bodies, step the world). */
    @Benchmark
    public int tickOnly()
    {
        nextInput();
        client.tick(input);
        return client.currentTick();
    }

    /** Predict one tick, then a correction: rewind 15 ticks and replay them. */
    @Benchmark
    public boolean tickAndReplay15()
    {
        nextInput();
        client.tick(input);
        final int serverTick = client.currentTick() - REWIND_TICKS;
        codecs.copy(client.predictedState(serverTick), confirmed);
        return client.onServerState(serverTick - 1, confirmed);
    }
}
