package dev.statesync.bench.runner;


import java.io.PrintStream;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.agrona.DirectBuffer;

import dev.statesync.bench.scene.Scene;
import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.priority.PriorityAccumulator;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.reference.Fiedler2015Codec;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.codec.quantize.StateQuantizer;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.PacketTransmitter;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.reliable.ReliableEndpoint;
import dev.statesync.sync.sim.DatagramHandler;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;
import dev.statesync.sync.snapshot.SnapshotAuthority;
import dev.statesync.sync.snapshot.SnapshotLinkConfig;
import dev.statesync.sync.snapshot.SnapshotReplica;
import dev.statesync.sync.snapshot.SnapshotReplicaCounters;

/**
 * Runs one scene through an authority and a replica joined by the seeded {@link NetworkSimulator}, and
 * measures every compression stage on the same quantized states, the replica's fidelity, the link and the
 * CPU cost.
 *
 * <p>Per tick: step the scene; read and quantize every object (for the state schema also dequantize and
 * write the result back into the scene: quantize both sides; inside the step for a scene that sends state from
 * there, see {@link QuantizedScene}); account the stages; send the snapshot from
 * address 0 to 1 (under a budget, through the priority accumulator: player 1e6, changed objects 100,
 * others 1); the replica sends acks from 1 to 0; deliver what the simulator has due; update both ends;
 * evaluate fidelity. Simulated time is {@code tick * 1/60 s}: a run is deterministic for a seed.
 */
public final class ScenarioRunner implements DatagramHandler
{
    private static final int AUTHORITY_ADDRESS = 0;
    private static final int REPLICA_ADDRESS = 1;
    private static final long TICK_NS = 1_000_000_000L / Scene.TICK_RATE_HZ;
    private static final long PROGRESS_INTERVAL_NS = 2_000_000_000L;
    private static final float PLAYER_PRIORITY = 1e6f;
    private static final float CHANGED_PRIORITY = 100f;
    private static final float OTHER_PRIORITY = 1f;
    private static final Stage[] FIXED_STAGES = { Stage.UNCOMPRESSED, Stage.AT_REST, Stage.QUANTIZED, Stage.SMALLEST_THREE };

    private final Options options;
    private final PrintStream progress;

    private Scene scene;
    private boolean is3d;
    private int objects;
    private StateSchema schema;
    private NetworkSimulator network;
    private SnapshotAuthority authority;
    private SnapshotReplica replica;
    private StateQuantizer replicaQuantizer;
    private AckedSnapshotTracker acked;
    private Fidelity fidelity;
    private float[] replicaRecord;
    private long decodeNs;
    private long datagramsThisTick;
    private long snapshotDatagramsLost;
    private long datagramBytesThisTick;

    /**
     * @param options  what to run.
     * @param progress where to print a progress line every ~2 s of wall time, or null for silence.
     */
    public ScenarioRunner(final Options options, final PrintStream progress)
    {
        this.options = options;
        this.progress = progress;
    }

    /**
     * Run the scenario.
     *
     * @return the measurements.
     * @throws IllegalArgumentException if the scene is not available in this build.
     */
    public RunReport run()
    {
        final long wallStartNs = System.nanoTime();
        final SchemaKind kind = options.schema();
        final QuantizedScene world = new QuantizedScene(options.scene(), kind);
        scene = world.scene();
        is3d = world.is3d();
        objects = world.objectCount();
        schema = world.schema();
        final int ticks = options.ticks();
        final int floatStride = FloatRecords.stride(is3d);

        network = new NetworkSimulator(new NetworkSimulatorConfig()
            .latencyMs(options.oneWayLatencyMs())
            .jitterMs(options.jitterMs())
            .lossFraction(options.lossFraction())
            .maxPacketBytes(64 * 1024)
            .seed(options.seed()));
        // Unlimited means every changed object every tick: a payload as large as the reliability layer can
        // fragment, so index order never starves the high indices as a 1200-byte packet would.
        // Snapshots are framed and range-coded wherever that is smaller than bitpacking.
        final SnapshotLinkConfig link = new SnapshotLinkConfig().payloadBudgetBytes(LinkBudget.UNLIMITED_PAYLOAD_BYTES)
            .snapshot(new SnapshotConfig().rangeCoded(true));
        PriorityAccumulator priorities = null;
        if (options.budgeted())
        {
            link.payloadBudgetBytes(LinkBudget.payloadBytesPerSnapshot(options.budgetKbps()));
            priorities = new PriorityAccumulator(objects);
        }
        final Predictor predictor = Predictors.forRun(kind, scene, schema);
        final PacketTransmitter toReplica = (buffer, offset, length) ->
        {
            datagramsThisTick++;
            datagramBytesThisTick += length;
            if (!network.send(AUTHORITY_ADDRESS, REPLICA_ADDRESS, buffer, offset, length, currentNs))
            {
                snapshotDatagramsLost++;
            }
        };
        final PacketTransmitter toAuthority =
            (buffer, offset, length) -> network.send(REPLICA_ADDRESS, AUTHORITY_ADDRESS, buffer, offset, length, currentNs);
        authority = SnapshotAuthority.withEndpoint(schema, objects, predictor, priorities, link, toReplica, 0);
        replica = SnapshotReplica.withEndpoint(schema, objects, predictor, link, toAuthority, 0);

        replicaQuantizer = new StateQuantizer(schema, objects);
        replicaRecord = new float[floatStride];
        QuantizedStates current = new QuantizedStates(schema, objects);
        final QuantizedStates previous = new QuantizedStates(schema, objects);
        final Fiedler2015Codec fiedler = new Fiedler2015Codec(schema, objects);
        final BitMeasure fiedlerMeasure = new BitMeasure();
        acked = new AckedSnapshotTracker(current, 256);
        final StageAccounting stages = new StageAccounting(ticks);
        final EntropyMeter entropy = new EntropyMeter();
        fidelity = new Fidelity(is3d, objects,
            Fidelity.interpolationDelayTicks(options.oneWayLatencyMs(), options.jitterMs(), Scene.TICK_RATE_HZ), ticks);
        final BitSet sentRaster = new BitSet(ticks * objects);

        final FixedStageBits fixedStages = new FixedStageBits(schema, objects);

        long changedSum = 0;
        long changedVsAckedSum = 0;
        long atRestSum = 0;
        long encodeNs = 0;
        long lastProgressNs = wallStartNs;
        for (int tick = 1; tick <= ticks; tick++)
        {
            currentNs = tick * TICK_NS;
            current = world.step();
            fidelity.recordAuthority(tick, world.records());

            fixedStages.account(current, tick == 1 ? null : previous);
            if (priorities != null)
            {
                for (int i = 0; i < objects; i++)
                {
                    priorities.setPriorityFactor(i,
                        i == 0 ? PLAYER_PRIORITY : fixedStages.changed(i) ? CHANGED_PRIORITY : OTHER_PRIORITY);
                }
            }
            changedSum += fixedStages.changedCount();
            atRestSum += fixedStages.atRestCount();

            acked.onSnapshot(tick, current);
            final QuantizedStates fiedlerBaseline = acked.baseline();
            changedVsAckedSum += changedAgainst(current, fiedlerBaseline);
            fiedlerMeasure.reset();
            fiedler.serialize(fiedlerMeasure, current, fiedlerBaseline);

            network.poll(currentNs, this);

            if (priorities != null)
            {
                priorities.accumulate();
            }
            datagramsThisTick = 0;
            datagramBytesThisTick = 0;
            final long encodeStartNs = System.nanoTime();
            authority.sendSnapshot(tick, current, currentNs);
            encodeNs += System.nanoTime() - encodeStartNs;
            final SnapshotSender sender = authority.sender();
            // The meter is not a modeled stream, so the replay takes the bitpacked layout: the floor and the
            // bitpacked size below are of that symbol stream, not of the range-coded payload actually sent.
            sender.serializeLastPacket(entropy);
            entropy.endPacket();
            final int[] included = sender.includedObjects();
            for (int k = 0, n = sender.includedCount(); k < n; k++)
            {
                sentRaster.set((tick - 1) * objects + included[k]);
            }

            final int payloadBytes = authority.lastPayloadBytes();
            final long wireBytes = datagramBytesThisTick + datagramsThisTick * LinkBudget.IP_UDP_HEADER_BYTES;
            final int overheadBytes = (int)(wireBytes - payloadBytes);
            for (final Stage stage : FIXED_STAGES)
            {
                stages.record(stage, tick, fixedStages.bits(stage), overheadBytes);
            }
            stages.record(Stage.FIEDLER_2015, tick, fiedlerMeasure.bits(), overheadBytes);
            stages.record(Stage.STATESYNC, tick, payloadBytes * 8L, overheadBytes);
            stages.endSnapshot();

            acked.onReplicaSends(replica.endpoint().nextSequence());
            replica.sendAcks(currentNs);
            authority.update(currentNs);
            replica.update(currentNs);
            fidelity.evaluate(tick);
            previous.copyFrom(current);

            if (progress != null && System.nanoTime() - lastProgressNs >= PROGRESS_INTERVAL_NS)
            {
                lastProgressNs = System.nanoTime();
                progress.printf("%s: tick %d/%d (%.0f%%), statesync %.1f kbps so far%n",
                    scene.name(), tick, ticks, 100.0 * tick / ticks, stages.kbps(Stage.STATESYNC));
            }
        }

        final SnapshotSender sender = authority.sender();
        final double changedPerSnapshot = (double)changedSum / ticks;
        final double changedVsAckedPerSnapshot = (double)changedVsAckedSum / ticks;
        final List<StageFigures> stageRows = new ArrayList<>();
        for (final Stage stage : Stage.values())
        {
            final double bits = stages.bitsPerSnapshot(stage);
            stageRows.add(new StageFigures(stage.reportName(), bits, bits / objects,
                changedVsAckedPerSnapshot == 0 ? Double.NaN : bits / changedVsAckedPerSnapshot, stages.kbps(stage),
                stages.kbpsPerSecond(stage, ticks)));
        }
        final long objectsSent = sender.objectsSent();
        final long predicted = objectsSent - sender.absoluteObjects();
        return new RunReport(
            scene.name(), objects, ticks, Scene.TICK_RATE_HZ, kind.optionName(), options,
            changedPerSnapshot, changedVsAckedPerSnapshot, (double)atRestSum / ticks, stageRows,
            objectsSent == 0 ? Double.NaN : entropy.entropyBits() / objectsSent,
            objectsSent == 0 ? Double.NaN : entropy.measuredBits() / (double)objectsSent,
            fidelity.delayTicks(), fidelity.positionErrorMeanM(), fidelity.positionErrorP99M(),
            fidelity.positionErrorMaxM(), fidelity.rotationErrorP99Deg(), fidelity.restingJitterM(),
            fidelity.meanErrorByTickM(), linkFigures(),
            predicted == 0 ? Double.NaN : (double)sender.perfectPredictions() / predicted,
            PredictionFigures.of(scene),
            objectsSent == 0 ? Double.NaN : (double)encodeNs / objectsSent,
            objectsSent == 0 ? Double.NaN : (double)decodeNs / objectsSent,
            objectsSent, sentRaster, (System.nanoTime() - wallStartNs) / 1_000_000);
    }

    private long currentNs;

    /** @return objects whose record differs from the baseline's; all of them without one. */
    private int changedAgainst(final QuantizedStates current, final QuantizedStates baseline)
    {
        if (baseline == null)
        {
            return objects;
        }
        int changed = 0;
        for (int i = 0; i < objects; i++)
        {
            if (!current.sameObject(i, baseline))
            {
                changed++;
            }
        }
        return changed;
    }

    private LinkFigures linkFigures()
    {
        final ReliableEndpoint a = authority.endpoint();
        final ReliableEndpoint r = replica.endpoint();
        long rejected = 0;
        for (final ReliableCounters c : ReliableCounters.values())
        {
            if (c.isRefusal() && c != ReliableCounters.REJECTED_DUPLICATE && c != ReliableCounters.REJECTED_STALE)
            {
                rejected += a.counter(c) + r.counter(c);
            }
        }
        return new LinkFigures(
            a.counter(ReliableCounters.PACKETS_SENT),
            a.counter(ReliableCounters.PACKETS_ACKED),
            snapshotDatagramsLost,
            replica.decodeFailures() - replica.counter(SnapshotReplicaCounters.REFUSED_STALE) + rejected,
            replica.counter(SnapshotReplicaCounters.REFUSED_BASELINE_MISSING),
            a.rttMs());
    }

    @Override
    public void onDatagram(final int from, final int to, final DirectBuffer buffer, final int offset, final int length)
    {
        if (to == REPLICA_ADDRESS)
        {
            final long startNs = System.nanoTime();
            replica.receiveDatagram(buffer, offset, length, currentNs);
            decodeNs += System.nanoTime() - startNs;
            if (replica.lastResult() == DecodeResult.OK)
            {
                final SnapshotReceiver receiver = replica.receiver();
                acked.onReplicaApplied(receiver.lastTick());
                final int[] updated = receiver.updatedObjects();
                final QuantizedStates held = receiver.states();
                for (int k = 0, n = receiver.updatedCount(); k < n; k++)
                {
                    final int object = updated[k];
                    replicaQuantizer.dequantize(held, object, replicaRecord, 0);
                    fidelity.recordReplica(object, receiver.stateTick(object), replicaRecord, 0);
                }
            }
        }
        else
        {
            authority.receiveDatagram(buffer, offset, length, currentNs);
            acked.onAuthorityReceived(authority.endpoint().newestReceivedSequence());
        }
    }
}
