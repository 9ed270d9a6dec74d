package dev.statesync.sync.predict;

import java.util.function.IntFunction;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.sync.sim.DatagramHandler;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One predicting client and its server, each with its own world, joined by the library's seeded
 * {@link NetworkSimulator} (client at address {@link #CLIENT}, server at {@link #SERVER}), run tick by tick in
 * synthetic time. Per tick: the client takes arrived states, the server takes arrived inputs; the client
 * predicts and sends its inputs; the server applies one input, steps and sends the state.
 */
public final class Session<S, I>
{
    public static final int CLIENT = 0;
    public static final int SERVER = 1;

    public final PredictionClient<S, I> client;
    public final ServerInputChannel<I> channel;
    public final SimulationWorld<S, I> serverWorld;
    public final long tickNs;

    private NetworkSimulator network;
    private NetworkSimulator previousNetwork;
    private final StateMessage<S> stateMessage;
    private final S serverState;
    private final byte[] bytes = new byte[1500];
    private final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private final DatagramHandler handler = this::onDatagram;
    private long nowNs;
    private int serverTicks;
    private long inputsLost;
    private long statesLost;

    public Session(
        final PredictionClient<S, I> client,
        final ServerInputChannel<I> channel,
        final SimulationWorld<S, I> serverWorld,
        final StateCodec<S> stateCodec,
        final NetworkSimulator network,
        final long tickNs)
    {
        this.client = client;
        this.channel = channel;
        this.serverWorld = serverWorld;
        this.network = network;
        this.tickNs = tickNs;
        this.stateMessage = new StateMessage<>(stateCodec);
        this.serverState = stateCodec.newState();
    }

    /** A network with the same one-way latency and loss both ways, no jitter: packets stay in order. */
    public static NetworkSimulator network(final long seed, final long oneWayNs, final double lossFraction)
    {
        return new NetworkSimulator(new NetworkSimulatorConfig()
            .seed(seed)
            .latencyMs(oneWayNs / 1e6)
            .lossFraction(lossFraction)
            .maxEndpoints(2));
    }

    /**
     * Send from now on through {@code next}; what is in flight on the current network still arrives. This is
     * how a test changes link conditions mid-run without losing the packets already sent.
     */
    public void switchNetwork(final NetworkSimulator next)
    {
        previousNetwork = network;
        network = next;
    }

    /** Run one tick; {@code script} gives the client's input for a client tick. */
    public void tick(final IntFunction<I> script)
    {
        nowNs += tickNs;

        if (previousNetwork != null)
        {
            previousNetwork.poll(nowNs, handler);
        }
        network.poll(nowNs, handler);

        client.tick(script.apply(client.currentTick()));
        if (client.writeInputMessage(writer.wrap(buffer, 0, bytes.length)) > 0 &&
            !network.send(CLIENT, SERVER, buffer, 0, writer.bytesWritten(), nowNs))
        {
            inputsLost++;
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
            if (!network.send(SERVER, CLIENT, buffer, 0, writer.flush(), nowNs))
            {
                statesLost++;
            }
        }
    }

    private void onDatagram(final int from, final int to, final DirectBuffer datagram, final int offset, final int length)
    {
        if (to == CLIENT)
        {
            client.onStateMessage(reader.wrap(datagram, offset, length));
        }
        else
        {
            channel.onInputMessage(reader.wrap(datagram, offset, length));
        }
    }

    public long nowNs()
    {
        return nowNs;
    }

    public int serverTicks()
    {
        return serverTicks;
    }

    /** @return input messages the network dropped. */
    public long inputsLost()
    {
        return inputsLost;
    }

    /** @return state messages the network dropped. */
    public long statesLost()
    {
        return statesLost;
    }
}
