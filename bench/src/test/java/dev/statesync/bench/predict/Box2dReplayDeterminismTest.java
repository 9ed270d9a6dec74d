package dev.statesync.bench.predict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.IntFunction;

import dev.statesync.bench.box2d.BodyState;
import dev.statesync.bench.box2d.BodyStateCodec;
import dev.statesync.sync.predict.PredictionClient;
import dev.statesync.sync.predict.PredictionClientConfig;
import dev.statesync.sync.predict.Scripts;
import dev.statesync.sync.predict.TestInput;
import dev.statesync.sync.predict.TestInputCodec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Rewinding a JBox2D world and replaying the same inputs with the server confirming exactly what was predicted
 * must reproduce the original predictions bit for bit: otherwise every correction would itself cause drift.
 */
class Box2dReplayDeterminismTest
{
    private final BodyStateCodec codec = new BodyStateCodec();
    private final IntFunction<TestInput> script = Scripts.walkAndJump();

    /** Present ticks 560 and 565 are mid-jump, rewinding to the ground; 600 is after pushing crates. */
    @ParameterizedTest
    @CsvSource({"600, 1", "600, 15", "600, 60", "600, 200", "560, 40", "565, 30"})
    void shouldReproduceOriginalPredictionsBitExactlyAfterRewindAndReplay(final int presentTick, final int rewindTicks)
    {
        final Box2dPlayerWorld world = new Box2dPlayerWorld(1024, 4);
        final PredictionClient<BodyState, TestInput> client = new PredictionClient<>(
            new PredictionClientConfig().positionThresholdM(-1.0), world, codec, new TestInputCodec(), codec);
        for (int t = 0; t < presentTick; t++)
        {
            client.tick(script.apply(t));
        }
        final int fromTick = presentTick - rewindTicks;
        final int[] original = predictedBits(client, fromTick, presentTick);
        final float[] originalWorld = world.snapshot();
        final BodyState confirmed = new BodyState();
        codec.copy(client.predictedState(fromTick), confirmed);

        assertTrue(client.onServerState(fromTick - 1, confirmed), "threshold -1 forces the rewind");

        assertArrayEquals(original, predictedBits(client, fromTick, presentTick));
        assertArrayEquals(originalWorld, world.snapshot(), "crates too");
        assertEquals(1, client.corrections().count());
        assertEquals(0.0, client.corrections().maxErrorM());
    }

    private int[] predictedBits(final PredictionClient<BodyState, TestInput> client, final int from, final int to)
    {
        final int[] bits = new int[(to - from) * 6];
        int i = 0;
        for (int t = from; t < to; t++)
        {
            final BodyState s = client.predictedState(t);
            bits[i++] = Float.floatToRawIntBits(s.x);
            bits[i++] = Float.floatToRawIntBits(s.y);
            bits[i++] = Float.floatToRawIntBits(s.angle);
            bits[i++] = Float.floatToRawIntBits(s.vx);
            bits[i++] = Float.floatToRawIntBits(s.vy);
            bits[i++] = Float.floatToRawIntBits(s.angularVelocity);
        }
        return bits;
    }
}
