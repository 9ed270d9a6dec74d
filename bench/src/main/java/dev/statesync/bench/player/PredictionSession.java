package dev.statesync.bench.player;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.sync.predict.ServerInputChannelCounters;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.sync.predict.CorrectionSmoother;
import dev.statesync.sync.predict.CorrectionSmootherConfig;
import dev.statesync.sync.predict.CorrectionStats;
import dev.statesync.sync.predict.Pose;
import dev.statesync.sync.predict.PredictionClient;
import dev.statesync.sync.predict.PredictionClientConfig;
import dev.statesync.sync.predict.ServerInputChannel;
import dev.statesync.sync.predict.ServerInputChannelConfig;
import dev.statesync.sync.predict.StateMessage;
import dev.statesync.sync.reliable.ReliableConfig;
import dev.statesync.sync.reliable.ReliableEndpoint;
import dev.statesync.sync.sim.DatagramHandler;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.jbox2d.common.Vec2;
import org.jbox2d.dynamics.Body;

/**
 * One predicting client and its server, each with its own {@link PlayerWorld}, joined by two
 * {@link ReliableEndpoint}s over a seeded {@link NetworkSimulator}, run tick by tick in synthetic time.
 * <p>
 * Per {@link #step()} (one 60 Hz tick): deliver the datagrams due (the client reconciles with each state
 * message, the server buffers each input message); the client predicts the scripted command and sends every
 * input the server has not acknowledged; the server applies one input (or its missing-input policy), steps the
 * authoritative world and sends the player's state with the crates near it; the smoother decays and the
 * displayed pose is measured.
 * <p>
 * The client world holds the crates too and predicts them with the player, so pushing them shows at once.
 * Without divergence the two worlds are bit-identical tick for tick (same floats, replay-safe world; quantized
 * both sides, both snap inside their steps, see {@link PlayerWorld#snapAfterEachStep}) and no correction is ever
 * needed. When they diverge (an input the server did not get in time, or a write into the
 * server world), the state message's crates near the player re-sync what the player touches on the
 * correction. A few more crates ride along in turn ({@link PlayerSceneConfig#rotatingCratesPerMessage()}), so a
 * crate far from the player that differs is corrected within a fraction of a second too, before the player
 * reaches it.
 */
public final class PredictionSession
{
    /** Simulator address of the client. */
    public static final int CLIENT_ADDRESS = 0;
    /** Simulator address of the server. */
    public static final int SERVER_ADDRESS = 1;
    /** Length of a tick, nanoseconds (60 Hz). */
    public static final long TICK_NS = 1_000_000_000L / 60;

    private static final int MAX_MESSAGE_BYTES = 4096;

    private final PlayerSceneConfig config;
    private final PlayerScript script;
    private final PlayerWorld clientWorld;
    private final PlayerWorld serverWorld;
    private final PredictionClient<BodiesState, PlayerCommand> client;
    private final ServerInputChannel<PlayerCommand> channel;
    private final StateMessage<BodiesState> stateMessage;
    private final BodiesState serverState;
    private final CorrectionSmoother smoother = new CorrectionSmoother(new CorrectionSmootherConfig());
    private final NetworkSimulator network;
    private final ReliableEndpoint clientEndpoint;
    private final ReliableEndpoint serverEndpoint;

    private final UnsafeBuffer message = new UnsafeBuffer(new byte[MAX_MESSAGE_BYTES]);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private final Pose poseBefore = new Pose();
    private final Pose poseAfter = new Pose();
    private final Pose simulated = new Pose();
    private final Pose displayed = new Pose();
    private final FrameStepMeter displayedSteps = new FrameStepMeter();
    private final FrameStepMeter rawSteps = new FrameStepMeter();
    private final DatagramHandler datagramHandler = this::onDatagram;

    private long nowNs;
    private int syncCursor;
    private long ticks;
    private long serverTicks;
    private boolean correctedThisFrame;
    private double maxCorrectionJumpM;
    private long inputMessages;
    private long inputMessageBytes;
    private long stateMessages;
    private long stateMessageBytes;

    /**
     * @param config layout, link and prediction settings.
     */
    public PredictionSession(final PlayerSceneConfig config)
    {
        this.config = config;
        script = new PlayerScript(config.seed());
        clientWorld = new PlayerWorld(config.seed(), config.crateCount(), config.predictionBufferTicks());
        serverWorld = new PlayerWorld(config.seed(), config.crateCount(), 0);

        final BodiesStateCodec stateCodec = new BodiesStateCodec(clientWorld.bodyCount());
        final PlayerCommandCodec commandCodec = new PlayerCommandCodec();
        client = new PredictionClient<>(
            new PredictionClientConfig().bufferCapacity(config.predictionBufferTicks()),
            clientWorld, stateCodec, commandCodec, stateCodec);
        client.correctionListener(this::onCorrection);
        channel = new ServerInputChannel<>(
            new ServerInputChannelConfig().startDelayTicks(config.inputBufferTicks()), commandCodec);
        stateMessage = new StateMessage<>(stateCodec);
        serverState = stateCodec.newState();

        network = new NetworkSimulator(new NetworkSimulatorConfig()
            .latencyMs(config.latencyMs())
            .jitterMs(config.jitterMs())
            .lossFraction(config.lossFraction())
            .seed(config.seed()));
        final ReliableConfig reliableConfig = new ReliableConfig();
        clientEndpoint = new ReliableEndpoint(
            reliableConfig,
            (buffer, offset, length) -> network.send(CLIENT_ADDRESS, SERVER_ADDRESS, buffer, offset, length, nowNs),
            this::onStatePayload,
            sequence -> {},
            0L);
        serverEndpoint = new ReliableEndpoint(
            reliableConfig,
            (buffer, offset, length) -> network.send(SERVER_ADDRESS, CLIENT_ADDRESS, buffer, offset, length, nowNs),
            this::onInputPayload,
            sequence -> {},
            0L);
    }

    /**
     * Advance the whole session one tick, see the class doc.
     */
    public void step()
    {
        nowNs += TICK_NS;
        correctedThisFrame = false;
        network.poll(nowNs, datagramHandler);

        client.tick(script.commandFor(client.currentTick()));
        writer.wrap(message, 0, MAX_MESSAGE_BYTES);
        if (client.writeInputMessage(writer) > 0)
        {
            final int length = writer.bytesWritten();
            clientEndpoint.sendPacket(message, 0, length, nowNs);
            inputMessages++;
            inputMessageBytes += length;
        }

        final PlayerCommand input = channel.pollInput();
        if (input != null)
        {
            serverWorld.step(input);
            serverTicks++;
            syncCursor = serverWorld.readSyncState(serverState, config.syncRadiusM(), config.maxSyncedCrates(),
                syncCursor, config.rotatingCratesPerMessage());
            stateMessage.set(channel.lastProcessedInputTick(), channel.inputSlackTicks(), serverState);
            writer.wrap(message, 0, MAX_MESSAGE_BYTES);
            stateMessage.serialize(writer);
            final int length = writer.flush();
            serverEndpoint.sendPacket(message, 0, length, nowNs);
            stateMessages++;
            stateMessageBytes += length;
        }
        clientEndpoint.update(nowNs);
        serverEndpoint.update(nowNs);

        smoother.update(TICK_NS);
        final Body player = clientWorld.body(PlayerWorld.PLAYER);
        final Vec2 position = player.getPosition();
        simulated.set2d(position.x, position.y, player.getAngle());
        smoother.displayed(simulated, displayed);
        displayedSteps.frame(displayed.x, displayed.y, correctedThisFrame);
        rawSteps.frame(simulated.x, simulated.y, correctedThisFrame);
        ticks++;
    }

    private void onDatagram(final int from, final int to, final DirectBuffer buffer, final int offset, final int length)
    {
        if (to == CLIENT_ADDRESS)
        {
            clientEndpoint.receivePacket(buffer, offset, length, nowNs);
        }
        else
        {
            serverEndpoint.receivePacket(buffer, offset, length, nowNs);
        }
    }

    private boolean onStatePayload(final int sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        client.onStateMessage(reader.wrap(buffer, offset, length));
        return true;
    }

    private boolean onInputPayload(final int sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        channel.onInputMessage(reader.wrap(buffer, offset, length));
        return true;
    }

    private void onCorrection(final int serverTick, final BodiesState before, final BodiesState after)
    {
        final int player = PlayerWorld.PLAYER;
        poseBefore.set2d(
            before.value(player, BodiesState.X), before.value(player, BodiesState.Y),
            before.value(player, BodiesState.ANGLE));
        poseAfter.set2d(
            after.value(player, BodiesState.X), after.value(player, BodiesState.Y),
            after.value(player, BodiesState.ANGLE));
        smoother.onCorrection(poseBefore, poseAfter);
        maxCorrectionJumpM = Math.max(maxCorrectionJumpM, Math.hypot(poseBefore.x - poseAfter.x, poseBefore.y - poseAfter.y));
        correctedThisFrame = true;
    }

    /**
     * @return the server's authoritative world: what the scene reports and what writes go into.
     */
    public PlayerWorld serverWorld()
    {
        return serverWorld;
    }

    /**
     * @return the client's predicting world.
     */
    public PlayerWorld clientWorld()
    {
        return clientWorld;
    }

    /**
     * @return the prediction client (its corrections, acknowledged ticks, predictions).
     */
    public PredictionClient<BodiesState, PlayerCommand> client()
    {
        return client;
    }

    /**
     * @return the server's input channel (applied and missing inputs).
     */
    public ServerInputChannel<PlayerCommand> channel()
    {
        return channel;
    }

    /**
     * @return the simulated network (its loss and delivery counters).
     */
    public NetworkSimulator network()
    {
        return network;
    }

    /**
     * @return the displayed (smoothed) player pose of the last frame; overwritten by the next step.
     */
    public Pose displayedPlayerPose()
    {
        return displayed;
    }

    /**
     * @return ticks stepped.
     */
    public long ticks()
    {
        return ticks;
    }

    /**
     * @return ticks the server stepped its world.
     */
    public long serverTicks()
    {
        return serverTicks;
    }

    /**
     * @return the run so far, see {@link PredictionReport}.
     */
    public PredictionReport report()
    {
        final CorrectionStats corrections = client.corrections();
        return new PredictionReport(
            ticks,
            serverTicks,
            corrections.count(),
            corrections.maxErrorM(),
            corrections.meanErrorM(),
            maxCorrectionJumpM,
            displayedSteps.maxStepM(),
            rawSteps.maxStepM(),
            rawSteps.maxUncorrectedStepM(),
            channel.counter(ServerInputChannelCounters.MISSING_INPUTS),
            smoother.snaps(),
            inputMessages == 0 ? 0.0 : (double)inputMessageBytes / inputMessages,
            stateMessages == 0 ? 0.0 : (double)stateMessageBytes / stateMessages);
    }
}
