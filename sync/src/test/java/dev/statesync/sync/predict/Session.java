package dev.statesync.sync.predict;

import java.util.function.IntFunction;

import dev.statesync.codec.BitReader;
import dev.statesync.codec.BitWriter;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One predicting client and its server, each with its own world, joined by two lossy delay lines, run tick by
 * tick in synthetic time. Per tick: the client takes arrived states, predicts and sends its inputs; the server
 * takes arrived inputs, applies one input, steps and sends the state.
 */
final class Session<S, I>
{
    final PredictionClient<S, I> client;
    final ServerInputChannel<I> channel;
    final SimulationWorld<S, I> serverWorld;
    final LossyDelayLine toServer;
    final LossyDelayLine toClient;
    final long tickNs;

    private final StateMessage<S> stateMessage;
    private final S serverState;
    private final byte[] bytes = new byte[1500];
    private final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private long nowNs;
    private int serverTicks;

    Session(
        final PredictionClient<S, I> client,
        final ServerInputChannel<I> channel,
        final SimulationWorld<S, I> serverWorld,
        final StateCodec<S> stateCodec,
        final LossyDelayLine toServer,
        final LossyDelayLine toClient,
        final long tickNs)
    {
        this.client = client;
        this.channel = channel;
        this.serverWorld = serverWorld;
        this.toServer = toServer;
        this.toClient = toClient;
        this.tickNs = tickNs;
        this.stateMessage = new StateMessage<>(stateCodec);
        this.serverState = stateCodec.newState();
    }

    /** Run one tick; {@code script} gives the client's input for a client tick. */
    void tick(final IntFunction<I> script)
    {
        nowNs += tickNs;

        byte[] packet;
        while ((packet = toClient.poll(nowNs)) != null)
        {
            client.onStateMessage(reader.wrap(new UnsafeBuffer(packet), 0, packet.length));
        }
        client.tick(script.apply(client.currentTick()));
        if (client.writeInputMessage(writer.wrap(buffer, 0, bytes.length)) > 0)
        {
            toServer.send(bytes, writer.bytesWritten(), nowNs);
        }

        while ((packet = toServer.poll(nowNs)) != null)
        {
            channel.onInputMessage(reader.wrap(new UnsafeBuffer(packet), 0, packet.length));
        }
        final I input = channel.pollInput();
        if (input != null)
        {
            serverWorld.step(input);
            serverTicks++;
            serverWorld.readState(serverState);
            stateMessage.set(channel.lastProcessedInputTick(), channel.inputSlackTicks(), serverState);
            writer.wrap(buffer, 0, bytes.length);
            stateMessage.serialize(writer);
            toClient.send(bytes, writer.flush(), nowNs);
        }
    }

    long nowNs()
    {
        return nowNs;
    }

    int serverTicks()
    {
        return serverTicks;
    }
}
