package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * The input slack a state message carries steers the client's clock, so only a state the client accepts may
 * set it: one it counts as stale or unmatched (not predicted yet, or older than its prediction buffer) must
 * leave the slack, the acked tick and every other piece of client state as they were.
 */
class RefusedStateSlackTest
{
    private static final int CAPACITY = 64;
    private static final int TICKS = 100;

    private final PointPhysics physics = new PointPhysics();
    private final PredictionClient<PointState, TestInput> client = new PredictionClient<>(
        new PredictionClientConfig().bufferCapacity(CAPACITY),
        new StepFunctionWorld<>(physics, physics, CAPACITY, new PointState()), physics, new TestInputCodec(), physics);
    private final StateMessage<PointState> message = new StateMessage<>(physics);
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();

    RefusedStateSlackTest()
    {
        final TestInput input = new TestInput();
        for (int t = 0; t < TICKS; t++)
        {
            client.tick(input.set(1, false));
        }
    }

    private boolean deliver(final int lastProcessedInputTick, final int slackTicks, final PointState state)
    {
        message.set(lastProcessedInputTick, slackTicks, state);
        writer.wrap(buffer, 0, buffer.capacity());
        message.serialize(writer);
        return client.onStateMessage(reader.wrap(buffer, 0, writer.flush()));
    }

    private void assertRefusedWithoutChange(final int lastProcessedInputTick, final int slackTicks)
    {
        final long digest = client.stateDigest();
        final int slack = client.serverInputSlackTicks();
        final int acked = client.lastAckedInputTick();
        final long refusedBefore = client.counter(PredictionClientCounters.UNMATCHED_STATES) + client.counter(PredictionClientCounters.STALE_STATES);

        assertFalse(deliver(lastProcessedInputTick, slackTicks, new PointState()));

        assertEquals(refusedBefore + 1, client.counter(PredictionClientCounters.UNMATCHED_STATES) + client.counter(PredictionClientCounters.STALE_STATES));
        assertEquals(slack, client.serverInputSlackTicks(), "slack of a refused state");
        assertEquals(acked, client.lastAckedInputTick(), "ack of a refused state");
        assertEquals(digest, client.stateDigest());
    }

    @Test
    void shouldKeepSlackWhenStateIsForTickNotPredictedYet()
    {
        assertRefusedWithoutChange(TICKS + 5, 40);
        assertRefusedWithoutChange(Integer.MAX_VALUE, -60);
    }

    @Test
    void shouldKeepSlackAndAckWhenStateIsOlderThanPredictionBuffer()
    {
        assertRefusedWithoutChange(TICKS - CAPACITY - 10, 33);
    }

    @Test
    void shouldKeepSlackWhenStateIsStale()
    {
        final PointState matching = new PointState();
        client.readPresentState(matching);
        deliver(TICKS - 1, 3, matching);
        assertEquals(3, client.serverInputSlackTicks());
        assertRefusedWithoutChange(TICKS - 2, 20);
        assertRefusedWithoutChange(TICKS - 1, 21);
    }

    @Test
    void shouldTakeSlackOfAcceptedStateAfterRefusals()
    {
        assertRefusedWithoutChange(TICKS + 1, 50);
        final PointState matching = new PointState();
        client.readPresentState(matching);
        final long received = client.counter(PredictionClientCounters.STATES_RECEIVED);
        assertFalse(deliver(TICKS - 1, -7, matching), "matches the prediction: no correction");
        assertEquals(received + 1, client.counter(PredictionClientCounters.STATES_RECEIVED));
        assertEquals(-7, client.serverInputSlackTicks());
        assertEquals(TICKS - 1, client.lastAckedInputTick());
    }
}
