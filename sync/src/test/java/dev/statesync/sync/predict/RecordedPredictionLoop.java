package dev.statesync.sync.predict;

import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;

/**
 * A predicting client and the server's input channel and world, joined by a lossless in-order link with one tick
 * of latency each way, recording every input and state message so a test can replay, mutate and forge real ones.
 * The client corrects any difference at all (thresholds 0), so "no correction" means its prediction equals the
 * server's state bit for bit.
 */
final class RecordedPredictionLoop
{
    private static final int CAPACITY = 64;

    final PointPhysics physics = new PointPhysics();
    final PredictionClient<PointState, TestInput> client;
    final ServerInputChannel<TestInput> channel;
    final StepFunctionWorld<PointState, TestInput> serverWorld;
    /** Every input message the client sent, oldest first. */
    final List<byte[]> inputMessages = new ArrayList<>();
    /** Every state message the server sent, oldest first. */
    final List<byte[]> stateMessages = new ArrayList<>();
    /** The newest of each, sent this tick and delivered on the next (null: none). */
    byte[] inputInFlight;
    byte[] stateInFlight;

    private final StateMessage<PointState> stateMessage = new StateMessage<>(physics);
    private final PointState serverState = new PointState();
    private final TestInput input = new TestInput();
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[1024]);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private int lastSentProcessedTick = Integer.MIN_VALUE;
    private int lastSentSlackTicks;

    RecordedPredictionLoop()
    {
        final PredictionClientConfig config = new PredictionClientConfig()
            .bufferCapacity(CAPACITY).positionThresholdM(0).rotationThresholdRad(0);
        client = new PredictionClient<>(config, new StepFunctionWorld<>(physics, physics, CAPACITY, new PointState()),
            physics, new TestInputCodec(), physics);
        channel = new ServerInputChannel<>(new ServerInputChannelConfig().startDelayTicks(2), new TestInputCodec());
        serverWorld = new StepFunctionWorld<>(physics, physics, 2, new PointState());
    }

    /**
     * One honest tick: deliver what is in flight, the client predicts and sends its inputs, the server applies one
     * input and sends its state.
     *
     * @return true if the client corrected its prediction this tick.
     */
    boolean honestTick()
    {
        final long correctionsBefore = client.corrections().count();
        if (inputInFlight != null)
        {
            channel.onInputMessage(reader.wrap(new UnsafeBuffer(inputInFlight), 0, inputInFlight.length));
            inputInFlight = null;
        }
        if (stateInFlight != null)
        {
            client.onStateMessage(reader.wrap(new UnsafeBuffer(stateInFlight), 0, stateInFlight.length));
            stateInFlight = null;
        }

        InputSender.scriptedInput(client.currentTick(), input);
        client.tick(input);
        writer.wrap(buffer, 0, buffer.capacity());
        if (client.writeInputMessage(writer) > 0)
        {
            inputInFlight = bytes(writer.bytesWritten());
            inputMessages.add(inputInFlight);
        }

        final TestInput applied = channel.pollInput();
        if (applied != null)
        {
            serverWorld.step(applied);
            serverWorld.readState(serverState);
            lastSentProcessedTick = channel.lastProcessedInputTick();
            lastSentSlackTicks = channel.inputSlackTicks();
            stateMessage.set(lastSentProcessedTick, lastSentSlackTicks, serverState);
            writer.wrap(buffer, 0, buffer.capacity());
            stateMessage.serialize(writer);
            stateInFlight = bytes(writer.flush());
            stateMessages.add(stateInFlight);
        }
        return client.corrections().count() != correctionsBefore;
    }

    private byte[] bytes(final int length)
    {
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    /**
     * Honest ticks until the client's predictions have matched the server exactly for {@code quietTicks} ticks in a
     * row, with the acked tick and the slack of the newest state the server sent.
     *
     * @return ticks it took, or -1 if that did not happen within {@code maxTicks}.
     */
    int settle(final int quietTicks, final int maxTicks)
    {
        int quiet = 0;
        for (int t = 1; t <= maxTicks; t++)
        {
            final int sentProcessedTick = lastSentProcessedTick;
            final int sentSlackTicks = lastSentSlackTicks;
            final boolean corrected = honestTick();
            final boolean agrees = !corrected && client.lastAckedInputTick() == sentProcessedTick &&
                client.serverInputSlackTicks() == sentSlackTicks;
            quiet = agrees ? quiet + 1 : 0;
            if (quiet == quietTicks)
            {
                return t;
            }
        }
        return -1;
    }
}
