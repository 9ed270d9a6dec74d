package dev.statesync.bench.jmh;

import java.util.concurrent.TimeUnit;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.sync.predict.ErrorMetric;
import dev.statesync.sync.predict.InputCodec;
import dev.statesync.sync.predict.PredictionClient;
import dev.statesync.sync.predict.PredictionClientConfig;
import dev.statesync.sync.predict.SimulationWorld;
import dev.statesync.sync.predict.StateCodec;
import org.jbox2d.collision.shapes.PolygonShape;
import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;
import org.jbox2d.dynamics.BodyDef;
import org.jbox2d.dynamics.BodyType;
import org.jbox2d.dynamics.FixtureDef;
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

    /** State of the predicted body (the player). */
    public static final class BodyState
    {
        float x;
        float y;
        float angle;
        float vx;
        float vy;
        float w;
    }

    /** A JBox2D world of 100 boxes (one is the player) with save slots; warm starting and sleeping off. */
    static final class Box2dWorld implements SimulationWorld<BodyState, Input>
    {
        private final World world = new World(new Vec2(0.0f, -10.0f));
        private final Body[] bodies = new Body[BODIES];
        private final float[][] slots;
        private final Vec2 scratch = new Vec2();

        Box2dWorld(final int slotCount)
        {
            world.setWarmStarting(false);
            world.setAllowSleep(false);
            world.setContinuousPhysics(false);
            final BodyDef groundDef = new BodyDef();
            groundDef.position.set(0.0f, -0.5f);
            final PolygonShape groundShape = new PolygonShape();
            groundShape.setAsBox(100.0f, 0.5f);
            world.createBody(groundDef).createFixture(groundShape, 0.0f);
            for (int i = 0; i < BODIES; i++)
            {
                final BodyDef def = new BodyDef();
                def.type = BodyType.DYNAMIC;
                def.position.set(-24.75f + (i % 33) * 1.5f, 0.3f + (i / 33) * 0.7f);
                final PolygonShape shape = new PolygonShape();
                shape.setAsBox(0.3f, 0.3f);
                final FixtureDef fixture = new FixtureDef();
                fixture.shape = shape;
                fixture.density = 1.0f;
                fixture.friction = 0.5f;
                bodies[i] = world.createBody(def);
                bodies[i].createFixture(fixture);
            }
            slots = new float[slotCount][BODIES * 6];
        }

        public void saveState(final int slot)
        {
            final float[] v = slots[slot];
            int i = 0;
            for (final Body body : bodies)
            {
                final Vec2 p = body.getPosition();
                final Vec2 lv = body.getLinearVelocity();
                v[i++] = p.x;
                v[i++] = p.y;
                v[i++] = body.getAngle();
                v[i++] = lv.x;
                v[i++] = lv.y;
                v[i++] = body.getAngularVelocity();
            }
        }

        public void restoreState(final int slot)
        {
            final float[] v = slots[slot];
            for (int b = 0, i = 0; b < BODIES; b++, i += 6)
            {
                set(bodies[b], v[i], v[i + 1], v[i + 2], v[i + 3], v[i + 4], v[i + 5]);
            }
        }

        public void step(final Input input)
        {
            scratch.set(input.moveX * 5.0f, 0.0f);
            bodies[0].applyForceToCenter(scratch);
            world.step(DT, 8, 3);
        }

        public void readState(final BodyState dst)
        {
            final Body player = bodies[0];
            dst.x = player.getPosition().x;
            dst.y = player.getPosition().y;
            dst.angle = player.getAngle();
            dst.vx = player.getLinearVelocity().x;
            dst.vy = player.getLinearVelocity().y;
            dst.w = player.getAngularVelocity();
        }

        public void writeState(final BodyState src)
        {
            set(bodies[0], src.x, src.y, src.angle, src.vx, src.vy, src.w);
        }

        private void set(
            final Body body, final float x, final float y, final float angle, final float vx, final float vy, final float w)
        {
            scratch.set(x, y);
            body.setTransform(scratch, angle);
            scratch.set(vx, vy);
            body.setLinearVelocity(scratch);
            body.setAngularVelocity(w);
        }
    }

    static final class StateCodecs implements StateCodec<BodyState>, ErrorMetric<BodyState>
    {
        public BodyState newState()
        {
            return new BodyState();
        }

        public void copy(final BodyState src, final BodyState dst)
        {
            dst.x = src.x;
            dst.y = src.y;
            dst.angle = src.angle;
            dst.vx = src.vx;
            dst.vy = src.vy;
            dst.w = src.w;
        }

        public void serialize(final BitStream stream, final BodyState state)
        {
            state.x = stream.serializeFloat(state.x);
            state.y = stream.serializeFloat(state.y);
            state.angle = stream.serializeFloat(state.angle);
            state.vx = stream.serializeFloat(state.vx);
            state.vy = stream.serializeFloat(state.vy);
            state.w = stream.serializeFloat(state.w);
        }

        public double positionErrorM(final BodyState predicted, final BodyState authoritative)
        {
            return Math.hypot(predicted.x - authoritative.x, predicted.y - authoritative.y);
        }

        public double rotationErrorRad(final BodyState predicted, final BodyState authoritative)
        {
            return Math.abs(predicted.angle - authoritative.angle);
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

    private final StateCodecs codecs = new StateCodecs();
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
