package dev.statesync.bench.fuzz;

import java.util.SplittableRandom;
import dev.statesync.sync.predict.ServerInputChannelCounters;
import dev.statesync.sync.predict.PredictionClientCounters;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.bench.player.PlayerCommand;
import dev.statesync.bench.player.PlayerCommandCodec;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.sync.predict.PredictionClient;
import dev.statesync.sync.predict.PredictionClientConfig;
import dev.statesync.sync.predict.ServerInputChannel;
import dev.statesync.sync.predict.ServerInputChannelConfig;
import dev.statesync.sync.predict.StateMessage;
import dev.statesync.sync.predict.StepFunctionWorld;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;

/**
 * A {@link PredictionClient} and the server's {@link ServerInputChannel} for it, over a lossy, jittery network
 * simulator, predicting a {@link FuzzBody} with a seeded walk-and-jump script. Input messages go one way, state
 * messages the other, each recorded for its target. Both sides step the same integer physics, and the client
 * corrects on any difference at all (thresholds of zero), so "converged" is exact: the client's prediction for the
 * tick the server's newest state describes equals that state.
 */
final class PredictionPairSession implements HonestSession
{
    static final long TICK_NS = 1_000_000_000L / 60;
    private static final int CLIENT = 0;
    private static final int SERVER = 1;
    private static final int BUFFER_TICKS = 64;
    private static final int MESSAGE_BYTES = 512;

    final PredictionClient<FuzzBody, PlayerCommand> client;
    final ServerInputChannel<PlayerCommand> channel;
    final FuzzCorpus inputMessages = new FuzzCorpus();
    final FuzzCorpus stateMessages = new FuzzCorpus();
    private final FuzzBody.Physics physics = new FuzzBody.Physics();
    private final NetworkSimulator network;
    private final SplittableRandom random;
    private final StateMessage<FuzzBody> stateMessage = new StateMessage<>(physics);
    private final PlayerCommand input = new PlayerCommand();
    private final UnsafeBuffer message = new UnsafeBuffer(new byte[MESSAGE_BYTES]);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private final FuzzBody present = new FuzzBody();
    private FuzzBody serverState = new FuzzBody();
    private FuzzBody serverNext = new FuzzBody();
    private int tick;
    private long honestErrors;

    PredictionPairSession(final long seed)
    {
        random = new SplittableRandom(seed);
        network = new NetworkSimulator(new NetworkSimulatorConfig().latencyMs(30).jitterMs(8).lossFraction(0.05)
            .reorderFraction(0.02).seed(random.nextLong()));
        final PredictionClientConfig config = new PredictionClientConfig().bufferCapacity(BUFFER_TICKS)
            .positionThresholdM(0).rotationThresholdRad(0);
        client = new PredictionClient<>(config, new StepFunctionWorld<>(physics, physics, BUFFER_TICKS, new FuzzBody()),
            physics, new PlayerCommandCodec(), physics);
        channel = new ServerInputChannel<>(new ServerInputChannelConfig(), new PlayerCommandCodec());
    }

    long nowNs()
    {
        return tick * TICK_NS;
    }

    /** One tick: deliveries due; the client predicts and sends its inputs; the server applies one and replies. */
    @Override
    public void tick(final boolean moving)
    {
        tick++;
        network.poll(nowNs(), this::deliver);

        if (moving)
        {
            final int moveX = random.nextInt(10) == 0 ? random.nextInt(3) - 1 : input.moveX;
            input.set(moveX, random.nextInt(20) == 0);
        }
        else
        {
            input.set(0, false);
        }
        client.tick(input);
        writer.wrap(message, 0, MESSAGE_BYTES);
        if (client.writeInputMessage(writer) > 0)
        {
            send(CLIENT, SERVER, writer.bytesWritten(), inputMessages);
        }

        final PlayerCommand applied = channel.pollInput();
        if (applied != null)
        {
            physics.step(serverState, applied, serverNext);
            final FuzzBody previous = serverState;
            serverState = serverNext;
            serverNext = previous;
            stateMessage.set(channel.lastProcessedInputTick(), channel.inputSlackTicks(), serverState);
            writer.wrap(message, 0, MESSAGE_BYTES);
            stateMessage.serialize(writer);
            send(SERVER, CLIENT, writer.flush(), stateMessages);
        }
    }

    /** @return true when the client's prediction for the server's newest state's tick is that state exactly. */
    @Override
    public boolean converged()
    {
        if (!channel.hasProcessedInput())
        {
            return false;
        }
        final int serverTick = channel.lastProcessedInputTick() + 1;
        final int ahead = client.currentTick() - serverTick;
        if (ahead == 0)
        {
            client.readPresentState(present);
            return FuzzBody.Physics.same(present, serverState);
        }
        return ahead > 0 && ahead <= BUFFER_TICKS && FuzzBody.Physics.same(client.predictedState(serverTick), serverState);
    }

    /** @return honest messages the other end refused as malformed. */
    @Override
    public long honestErrors()
    {
        return honestErrors;
    }

    /** @return the client's digest and the state of its world, which a refused state message must not touch. */
    long clientDigest()
    {
        client.readPresentState(present);
        return FuzzBody.Physics.digest(client.stateDigest(), present);
    }

    boolean feedInputMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        return channel.onInputMessage(reader.wrap(buffer, offset, length));
    }

    boolean feedStateMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        final long before = client.counter(PredictionClientCounters.STATES_RECEIVED);
        client.onStateMessage(reader.wrap(buffer, offset, length));
        return client.counter(PredictionClientCounters.STATES_RECEIVED) != before;
    }

    private void send(final int from, final int to, final int length, final FuzzCorpus corpus)
    {
        corpus.record(message, 0, length);
        network.send(from, to, message, 0, length, nowNs());
    }

    private void deliver(final int from, final int to, final DirectBuffer buffer, final int offset, final int length)
    {
        if (to == SERVER)
        {
            final long malformed = channel.counter(ServerInputChannelCounters.MALFORMED_MESSAGES);
            channel.onInputMessage(reader.wrap(buffer, offset, length));
            honestErrors += channel.counter(ServerInputChannelCounters.MALFORMED_MESSAGES) - malformed;
        }
        else
        {
            final long malformed = client.counter(PredictionClientCounters.MALFORMED_STATES);
            client.onStateMessage(reader.wrap(buffer, offset, length));
            honestErrors += client.counter(PredictionClientCounters.MALFORMED_STATES) - malformed;
        }
    }
}
