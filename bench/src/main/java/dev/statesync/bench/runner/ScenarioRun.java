package dev.statesync.bench.runner;

import java.util.ArrayList;
import java.util.List;

import dev.statesync.bench.scene.Scene;
import java.util.function.IntUnaryOperator;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.priority.ErrorPriorityConfig;
import dev.statesync.codec.priority.ErrorPriorityPolicy;
import dev.statesync.codec.priority.PriorityAccumulator;
import dev.statesync.codec.priority.QuantizationForError;
import dev.statesync.codec.priority.SendRateController;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.snapshot.SnapshotDisplayConfig;

/**
 * One run of {@link ScenarioRunner}: the parts it wires together and the stages of a tick, in order
 * ({@link #tick}). Simulated time is {@code tick * 1/60 s}, so a run is deterministic for a seed.
 */
final class ScenarioRun
{
    private static final long TICK_NS = 1_000_000_000L / Scene.TICK_RATE_HZ;
    private static final float PLAYER_PRIORITY = 1e6f;
    private static final float CHANGED_PRIORITY = 100f;
    private static final float OTHER_PRIORITY = 1f;
    /**
     * Importance of the player (object 0) under error priority: its error counts 1000 times, so the object the
     * user steers goes in every snapshot, as the fixed factors' 1e6 made sure.
     */
    private static final float PLAYER_IMPORTANCE = 1000f;
    private static final Stage[] FIXED_STAGES = { Stage.UNCOMPRESSED, Stage.AT_REST, Stage.QUANTIZED, Stage.SMALLEST_THREE };

    private final Options options;
    private final SchemaKind kind;
    private final QuantizedScene world;
    private final int objects;
    private final int ticks;
    private final PriorityAccumulator priorities;
    /** Priority by expected error ({@code --priority error} under a budget), else null: fixed factors. */
    private final ErrorPriorityPolicy errorPolicy;
    private final IntUnaryOperator ackedTick;
    /** Chooses the send interval ({@code --send-interval auto} under a budget), else null: a fixed interval. */
    private final SendRateController rateController;
    private final int fixedIntervalTicks;
    private int lastSentTick;
    private int lastOverheadBytes;
    private long snapshotsSent;
    private final QuantizedStates previous;
    private final FixedStageBits fixedStages;
    private final ReferenceStageBits reference;
    private final SimulatedLink link;
    private final SentObjects sent;
    private final StageAccounting stages;
    private final Fidelity fidelity;
    private final BitBreakdown bitBreakdown;
    private long changedSum;
    private long changedVsAckedSum;
    private long atRestSum;
    /** Objects the sender had sent before the run's second half (see {@link SimulatedLink#startSecondHalf}). */
    private long objectsSentBeforeSecondHalf;

    /** @throws IllegalArgumentException if the scene is not available in this build. */
    ScenarioRun(final Options options)
    {
        this.options = options;
        kind = options.schema();
        world = options.coarseQuantization() ? new QuantizedScene(options.scene(), kind,
            QuantizationForError.positionUnitsPerMetre(options.targetPositionM(), QuantizationForError.DEFAULT_QUANTIZATION_SHARE),
            QuantizationForError.rotationBits(options.targetRotationDeg(), QuantizationForError.DEFAULT_QUANTIZATION_SHARE)) :
            new QuantizedScene(options.scene(), kind);
        objects = world.objectCount();
        ticks = options.ticks();
        final StateSchema schema = world.schema();
        priorities = options.budgeted() ? new PriorityAccumulator(objects) : null;
        previous = new QuantizedStates(schema, objects);
        fixedStages = new FixedStageBits(schema, objects);
        final AckedSnapshotTracker acked = new AckedSnapshotTracker(previous, 256);
        reference = new ReferenceStageBits(schema, objects, acked);
        fidelity = new Fidelity(schema, objects,
            Fidelity.interpolationDelayTicks(options.oneWayLatencyMs(), options.jitterMs(), Scene.TICK_RATE_HZ), ticks,
            new SnapshotDisplayConfig()
                .tickDurationNs(1_000_000_000L / Scene.TICK_RATE_HZ)
                .maxExtrapolationNs(Math.round(options.extrapolateMs() * 1e6)));
        final Predictor predictor = Predictors.forRun(kind, world.scene(), schema);
        link = new SimulatedLink(options, schema, objects, predictor, priorities, acked, fidelity);
        sent = new SentObjects(ticks, objects);
        stages = new StageAccounting(ticks);
        bitBreakdown = new BitBreakdown(objects);
        link.sender().bitAccount(bitBreakdown.account());
        errorPolicy = options.errorPriority() ? new ErrorPriorityPolicy(objects, world.is3d(), errorConfig(options)) : null;
        if (errorPolicy != null && objects > 0)
        {
            errorPolicy.importance(0, PLAYER_IMPORTANCE);
        }
        final SnapshotSender sender = link.sender();
        ackedTick = sender::ackedTick;
        final boolean auto = options.sendIntervalTicks() == Options.SEND_INTERVAL_AUTO;
        rateController = auto && options.budgeted() ? new SendRateController(
            options.budgetKbps() * 1000.0, Scene.TICK_RATE_HZ, Options.MAX_SEND_INTERVAL_TICKS) : null;
        fixedIntervalTicks = auto ? 1 : options.sendIntervalTicks();
    }

    /**
     * The error policy's settings for this run: a sent state is trusted for the round trip plus jitter and two
     * ticks (after that the replica most likely lost it and shows the acked one); with {@code --mirror-display on},
     * the replica is expected to extrapolate as its display does (measured no better over six seeds, results.md).
     */
    private static ErrorPriorityConfig errorConfig(final Options options)
    {
        final double tickMs = 1000.0 / Scene.TICK_RATE_HZ;
        final ErrorPriorityConfig config = new ErrorPriorityConfig()
            .inFlightTicks((int)Math.ceil((options.rttMs() + 2 * options.jitterMs()) / tickMs) + 2);
        if (options.mirrorDisplay() && options.extrapolateMs() > 0)
        {
            // The sender expects the replica's display: SnapshotDisplay with the same limits.
            config.displayExtrapolation(options.extrapolateMs() / tickMs,
                SnapshotDisplayConfig.DEFAULT_MIN_EXTRAPOLATION_SPEED_MPS * tickMs / 1000,
                SnapshotDisplayConfig.DEFAULT_MAX_VELOCITY_SPAN_TICKS);
        }
        return config;
    }

    /**
     * Classify the {@code largest} displayed errors of this run by cause (a diagnostic, see
     * {@link DisplayErrorCauses}); call before the first tick.
     */
    DisplayErrorCauses explainErrors(final int largest)
    {
        final DisplayErrorCauses causes = new DisplayErrorCauses(objects, largest);
        fidelity.explainErrors(causes);
        return causes;
    }

    /** @return the authority's snapshot sender, for its counters. */
    SnapshotSender sender()
    {
        return link.sender();
    }

    /** @return ticks to run, 1 .. {@link #ticks()}. */
    int ticks()
    {
        return ticks;
    }

    /** @return the scene's name. */
    String sceneName()
    {
        return world.scene().name();
    }

    /** @return statesync's kbps over the ticks run so far. */
    double statesyncKbpsSoFar()
    {
        return stages.kbps(Stage.STATESYNC);
    }

    /** Run tick {@code tick} (from 1): every stage of it, in order. */
    void tick(final int tick)
    {
        final long nowNs = tick * TICK_NS;
        final QuantizedStates current = stepScene(tick);
        accountFixedStages(tick, current);
        reference.account(tick, current);
        changedVsAckedSum += reference.changedVsAcked();
        if (tick == ticks / 2 + 1)
        {
            link.startSecondHalf();
            objectsSentBeforeSecondHalf = link.sender().objectsSent();
        }
        link.deliver(nowNs);
        bitBreakdown.classify(current, world.scene());
        final int interval = tick - lastSentTick;
        if (lastSentTick == 0 || interval >= intervalTicks())
        {
            link.send(tick, current, nowNs, lastSentTick == 0 ? 1 : interval);
            lastSentTick = tick;
            snapshotsSent++;
            final SnapshotSender sender = link.sender();
            sent.record(tick, sender);
            if (errorPolicy != null)
            {
                errorPolicy.onSent(tick, sender.includedObjects(), sender.includedCount());
            }
            if (rateController != null)
            {
                rateController.onSent(8L * (link.payloadBytes() + link.overheadBytes()), link.overheadBytes() * 8,
                    sender.lastCandidateCount(), sender.includedCount());
            }
        }
        else
        {
            link.skip(nowNs);
        }
        recordStageBits(tick);
        link.acknowledge(nowNs);
        fidelity.evaluate(tick);
        previous.copyFrom(current);
    }

    /** @return ticks between snapshots now: the controller's choice, or the fixed interval. */
    private int intervalTicks()
    {
        return rateController != null ? rateController.intervalTicks() : fixedIntervalTicks;
    }

    /** Step the scene, quantize it (both sides for the state schema) and record the authority's floats. */
    private QuantizedStates stepScene(final int tick)
    {
        final QuantizedStates current = world.step();
        fidelity.recordAuthority(tick, world.records());
        return current;
    }

    /**
     * The stages that need no link, and the priorities of a budgeted run: by expected error, or fixed factors
     * (player, changed objects, others).
     */
    private void accountFixedStages(final int tick, final QuantizedStates current)
    {
        fixedStages.account(current, tick == 1 ? null : previous);
        if (errorPolicy != null)
        {
            final float[] records = world.records();
            final int stride = FloatRecords.stride(world.is3d());
            for (int i = 0; i < objects; i++)
            {
                errorPolicy.observe(i, records, i * stride);
            }
            errorPolicy.update(tick, ackedTick, priorities);
        }
        else if (priorities != null)
        {
            for (int i = 0; i < objects; i++)
            {
                priorities.setPriorityFactor(i,
                    i == 0 ? PLAYER_PRIORITY : fixedStages.changed(i) ? CHANGED_PRIORITY : OTHER_PRIORITY);
            }
        }
        changedSum += fixedStages.changedCount();
        atRestSum += fixedStages.atRestCount();
    }

    /** Every stage's bits of this tick, each charged the framing statesync's own packet paid. */
    private void recordStageBits(final int tick)
    {
        // A tick that sent nothing charges the reference stages the framing of the last packet sent: they are
        // figures of a snapshot every tick.
        if (link.sentThisTick())
        {
            lastOverheadBytes = link.overheadBytes();
        }
        final int overheadBytes = lastOverheadBytes;
        for (final Stage stage : FIXED_STAGES)
        {
            stages.record(stage, tick, fixedStages.bits(stage), overheadBytes);
        }
        stages.record(Stage.FIEDLER_2015, tick, reference.bits(), overheadBytes);
        stages.record(Stage.STATESYNC, tick, link.payloadBytes() * 8L, link.sentThisTick() ? overheadBytes : 0);
        stages.endSnapshot();
    }

    /** @return the measurements of the ticks run, {@code wallTimeMs} the run's wall time. */
    RunReport report(final long wallTimeMs)
    {
        final SnapshotSender sender = link.sender();
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
        final long secondHalfSent = objectsSent - objectsSentBeforeSecondHalf;
        final EntropyMeter entropy = sent.entropy();
        return new RunReport(
            sceneName(), objects, ticks, Scene.TICK_RATE_HZ, kind.optionName(), options,
            (double)changedSum / ticks, changedVsAckedPerSnapshot, (double)atRestSum / ticks, stageRows,
            objectsSent == 0 ? Double.NaN : entropy.entropyBits() / objectsSent,
            objectsSent == 0 ? Double.NaN : entropy.measuredBits() / (double)objectsSent,
            fidelity.delayTicks(), fidelity.positionErrorMeanM(), fidelity.positionErrorP99M(),
            fidelity.positionErrorMaxM(), fidelity.rotationErrorP99Deg(), fidelity.restingJitterM(),
            fidelity.meanErrorByTickM(), link.figures(),
            predicted == 0 ? Double.NaN : (double)sender.perfectPredictions() / predicted,
            PredictionFigures.of(world.scene()),
            objectsSent == 0 ? Double.NaN : (double)link.encodeNs() / objectsSent,
            objectsSent == 0 ? Double.NaN : (double)link.decodeNs() / objectsSent,
            objectsSent,
            secondHalfSent == 0 ? Double.NaN : (double)link.secondHalfEncodeNs() / secondHalfSent,
            secondHalfSent == 0 ? Double.NaN : (double)link.secondHalfDecodeNs() / secondHalfSent,
            secondHalfSent, sent.raster(), fidelity.sceneViews(), wallTimeMs,
            bitBreakdown.figures(ticks, stages.bitsPerSnapshot(Stage.STATESYNC)), rateControlFigures());
    }

    /** @return how the budget was spent, or null when unbudgeted. */
    private RateControlFigures rateControlFigures()
    {
        if (!options.budgeted())
        {
            return null;
        }
        final StateSchema schema = world.schema();
        return new RateControlFigures(errorPolicy != null ? Options.PRIORITY_ERROR : Options.PRIORITY_FIXED,
            rateController != null ? "auto" : Integer.toString(fixedIntervalTicks),
            (double)snapshotsSent * Scene.TICK_RATE_HZ / ticks, rateController != null ? rateController.changes() : 0,
            schema.positionUnitsPerMetre(), schema.rotationBits());
    }
}
