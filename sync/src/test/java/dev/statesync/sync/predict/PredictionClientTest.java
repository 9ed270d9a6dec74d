package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.IntFunction;

import dev.statesync.codec.AllocationMeter;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class PredictionClientTest
{
    private static final long TICK_NS = 1_000_000_000L / 60;
    private static final long ONE_WAY_NS = 75_000_000L;

    private final PointPhysics physics = new PointPhysics();
    private final IntFunction<TestInput> script = Scripts.walkAndJump();

    private PredictionClient<PointState, TestInput> newClient(final PredictionClientConfig config)
    {
        final StepFunctionWorld<PointState, TestInput> world =
            new StepFunctionWorld<>(physics, physics, config.bufferCapacity(), new PointState());
        return new PredictionClient<>(config, world, physics, new TestInputCodec(), physics);
    }

    private Session<PointState, TestInput> newSession(final long seed, final double loss)
    {
        final PredictionClient<PointState, TestInput> client = newClient(new PredictionClientConfig());
        final ServerInputChannel<TestInput> channel =
            new ServerInputChannel<>(new ServerInputChannelConfig(), new TestInputCodec());
        final StepFunctionWorld<PointState, TestInput> serverWorld =
            new StepFunctionWorld<>(physics, physics, 2, new PointState());
        return new Session<>(client, channel, serverWorld, physics, Session.network(seed, ONE_WAY_NS, loss), TICK_NS);
    }

    @Test
    void shouldNotCorrectWhenServerAppliesTheSameInputs()
    {
        final Session<PointState, TestInput> session = newSession(7, 0.10);
        for (int i = 0; i < 1200; i++)
        {
            session.tick(script);
        }
        assertTrue(session.inputsLost() > 50, "the link must actually lose packets");
        assertEquals(0, session.channel.counter(ServerInputChannelCounters.MISSING_INPUTS));
        assertEquals(0, session.client.corrections().count());
        assertTrue(session.client.counter(PredictionClientCounters.STATES_RECEIVED) > 1000);
    }

    @Test
    void shouldCorrectMissingInputsDuringHeavyLossAndAgreeAgainOnceLossEnds()
    {
        final Session<PointState, TestInput> session = newSession(3, 0.6);
        for (int i = 0; i < 600; i++)
        {
            session.tick(script);
        }
        final long missing = session.channel.counter(ServerInputChannelCounters.MISSING_INPUTS);
        final long correctionsDuringLoss = session.client.corrections().count();
        session.switchNetwork(Session.network(4, ONE_WAY_NS, 0.0));
        for (int i = 0; i < 60; i++)
        {
            session.tick(script);
        }
        final long correctionsAfterRecovery = session.client.corrections().count();
        final long missingAfterRecovery = session.channel.counter(ServerInputChannelCounters.MISSING_INPUTS);
        for (int i = 0; i < 600; i++)
        {
            session.tick(script);
        }
        final CorrectionStats stats = session.client.corrections();
        System.out.printf("60%% loss: missingInputs=%d corrections=%d maxErrorM=%.4f meanErrorM=%.4f%n",
            missing, stats.count(), stats.maxErrorM(), stats.meanErrorM());
        assertTrue(missing > 0, "60% loss each way must starve the server of some inputs");
        assertTrue(correctionsDuringLoss > 0, "held-still ticks differ from the prediction");
        assertEquals(correctionsAfterRecovery, stats.count(), "no corrections once the link is clean");
        assertEquals(missingAfterRecovery, session.channel.counter(ServerInputChannelCounters.MISSING_INPUTS), "no missing inputs once the link is clean");
    }

    @Test
    void shouldCorrectOnceWhenOnlyTheServerIsDisturbedAndAgreeAfterwards()
    {
        final Session<PointState, TestInput> session = newSession(11, 0.10);
        final PointState serverState = new PointState();
        for (int i = 0; i < 600; i++)
        {
            if (i == 300)
            {
                session.serverWorld.readState(serverState);
                serverState.x += 0.75f;
                session.serverWorld.writeState(serverState);
            }
            session.tick(script);
        }
        assertEquals(1, session.client.corrections().count());
        assertEquals(0.75, session.client.corrections().maxErrorM(), 1e-3);

        // After the correction the client's prediction for the server's newest tick equals the server's state.
        session.serverWorld.readState(serverState);
        final int serverTick = session.channel.lastProcessedInputTick() + 1;
        final PointState predicted = session.client.predictedState(serverTick);
        assertEquals(Float.floatToIntBits(serverState.x), Float.floatToIntBits(predicted.x));
        assertEquals(Float.floatToIntBits(serverState.y), Float.floatToIntBits(predicted.y));
    }

    @Test
    void shouldReproduceOriginalPredictionsBitExactlyWhenReplayingUnchangedServerData()
    {
        final PredictionClient<PointState, TestInput> client = newClient(new PredictionClientConfig().positionThresholdM(-1.0));
        for (int t = 0; t < 300; t++)
        {
            client.tick(script.apply(t));
        }
        final PointState[] original = snapshot(client, 200, 300);
        final PointState server = new PointState();
        physics.copy(client.predictedState(200), server);

        assertTrue(client.onServerState(199, server), "threshold -1 forces a rewind");

        final PointState[] replayed = snapshot(client, 200, 300);
        for (int i = 0; i < original.length; i++)
        {
            assertEquals(Float.floatToIntBits(original[i].x), Float.floatToIntBits(replayed[i].x), "tick " + (200 + i));
            assertEquals(Float.floatToIntBits(original[i].y), Float.floatToIntBits(replayed[i].y), "tick " + (200 + i));
            assertEquals(Float.floatToIntBits(original[i].vx), Float.floatToIntBits(replayed[i].vx));
            assertEquals(Float.floatToIntBits(original[i].vy), Float.floatToIntBits(replayed[i].vy));
        }
    }

    private PointState[] snapshot(final PredictionClient<PointState, TestInput> client, final int from, final int to)
    {
        final PointState[] states = new PointState[to - from + 1];
        for (int t = from; t < to; t++)
        {
            states[t - from] = new PointState();
            physics.copy(client.predictedState(t), states[t - from]);
        }
        states[to - from] = new PointState();
        client.readPresentState(states[to - from]);
        return states;
    }

    @Test
    void shouldIgnoreStaleAndFutureServerStates()
    {
        final PredictionClient<PointState, TestInput> client = newClient(new PredictionClientConfig());
        for (int t = 0; t < 50; t++)
        {
            client.tick(script.apply(t));
        }
        final PointState far = new PointState();
        far.x = 100.0f;
        assertFalse(client.onServerState(80, far));
        assertEquals(1, client.counter(PredictionClientCounters.UNMATCHED_STATES));
        assertEquals(-1, client.lastAckedInputTick());

        final PointState state = new PointState();
        physics.copy(client.predictedState(31), state);
        assertFalse(client.onServerState(30, state));
        assertEquals(30, client.lastAckedInputTick());
        assertFalse(client.onServerState(20, far), "older than the newest seen: ignored even though wrong");
        assertEquals(1, client.counter(PredictionClientCounters.STALE_STATES));
        assertEquals(0, client.corrections().count());
    }

    @Test
    void shouldSendOnlyUnacknowledgedInputsCappedAtTheConfiguredMaximum()
    {
        final PredictionClient<PointState, TestInput> client = newClient(new PredictionClientConfig().maxInputsPerMessage(8));
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        final BitWriter writer = new BitWriter();
        final InputMessage<TestInput> decoded = new InputMessage<>(new TestInputCodec());
        for (int t = 0; t < 5; t++)
        {
            client.tick(script.apply(t));
        }
        assertEquals(5, client.writeInputMessage(writer.wrap(buffer, 0, 256)));
        for (int t = 5; t < 40; t++)
        {
            client.tick(script.apply(t));
        }
        assertEquals(8, client.writeInputMessage(writer.wrap(buffer, 0, 256)));
        assertTrue(decoded.read(new BitReader(buffer, 0, writer.bytesWritten())));
        assertEquals(39, decoded.newestTick());
        assertEquals(32, decoded.oldestTick());

        final PointState state = new PointState();
        physics.copy(client.predictedState(37), state);
        client.onServerState(36, state);
        assertEquals(3, client.writeInputMessage(writer.wrap(buffer, 0, 256)));
        physics.copy(client.predictedState(39), state);
        client.onServerState(38, state);
        assertEquals(1, client.writeInputMessage(writer.wrap(buffer, 0, 256)));
    }

    @Test
    void shouldNotAllocateWhileTickingMessagingAndReplaying()
    {
        final PredictionClient<PointState, TestInput> client = newClient(new PredictionClientConfig().positionThresholdM(-1.0));
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        final BitWriter writer = new BitWriter();
        final PointState server = new PointState();
        final TestInput input = new TestInput();
        runTicks(client, writer, buffer, server, input, 0, 2000); // warm up (JIT, lambdas)

        final long calibrationBytes = AllocationMeter.allocatedBytes();
        final long beforeBytes = AllocationMeter.allocatedBytes();
        final long measurementBytes = beforeBytes - calibrationBytes;
        runTicks(client, writer, buffer, server, input, 2000, 12000);
        final long allocatedBytes = AllocationMeter.allocatedBytes() - beforeBytes - measurementBytes;

        assertTrue(client.corrections().count() > 1000, "replays must have happened");
        // One object per tick would be >= 160 kB here; the few bytes allowed are the JVM's own one-off noise
        // (deoptimisation, the measurement), not ours.
        assertTrue(allocatedBytes < 1024, "bytes allocated by 10000 ticks with a 16-tick replay every 10 ticks: "
            + allocatedBytes);
    }

    private static void runTicks(
        final PredictionClient<PointState, TestInput> client,
        final BitWriter writer,
        final UnsafeBuffer buffer,
        final PointState server,
        final TestInput input,
        final int from,
        final int to)
    {
        for (int t = from; t < to; t++)
        {
            input.set((t / 37) % 3 - 1, t % 50 == 0);
            client.tick(input);
            client.writeInputMessage(writer.wrap(buffer, 0, 256));
            if (t % 10 == 0 && t >= 16)
            {
                server.x = t;
                client.onServerState(t - 16, server);
            }
        }
    }
}
