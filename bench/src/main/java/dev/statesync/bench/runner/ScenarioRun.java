package dev.statesync.bench.runner;

import java.util.ArrayList;
import java.util.List;

import dev.statesync.bench.scene.Scene;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.snapshot.SnapshotDisplayConfig;
import dev.statesync.sync.snapshot.SnapshotDisplayDelay;
import dev.statesync.sync.snapshot.SnapshotDisplayDelayConfig;
import dev.statesync.sync.snapshot.SnapshotRateControl;

/**
 * One run of {@link ScenarioRunner}: the parts it wires together and the stages of a tick, in order
 * ({@link #tick}). Simulated time is {@code tick * 1/60 s}, so a run is deterministic for a seed.
 */
final class ScenarioRun
{
    private static final long TICK_NS = 1_000_000_000L / Scene.TICK_RATE_HZ;
    private static final Stage[] FIXED_STAGES = { Stage.UNCOMPRESSED, Stage.AT_REST, Stage.QUANTIZED, Stage.SMALLEST_THREE };

    private final Options options;
    private final SchemaKind kind;
    private final QuantizedScene world;
    private final int objects;
    private final int ticks;
    /**
     * How the budget is spent (the library's, as the UDP server's): priority by expected error or fixed factors,
     * the send interval, each snapshot's payload budget.
     */
    private final SnapshotRateControl rateControl;
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
    /** The largest displayed errors' causes, when {@link #explainErrors} was asked; else null. */
    private DisplayErrorCauses errorCauses;
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
        world = QuantizedScene.forRun(options);
        objects = world.objectCount();
        ticks = options.ticks();
        final StateSchema schema = world.schema();
        rateControl = new SnapshotRateControl(objects, world.is3d(), options.rateControl());
        if (objects > 0)
        {
            rateControl.importantObject(0);
        }
        previous = new QuantizedStates(schema, objects);
        fixedStages = new FixedStageBits(schema, objects);
        final AckedSnapshotTracker acked = new AckedSnapshotTracker(previous, 256);
        reference = new ReferenceStageBits(schema, objects, acked);
        final SnapshotDisplayConfig display = new SnapshotDisplayConfig()
            .tickDurationNs(TICK_NS)
            .maxExtrapolationNs(Math.round(options.extrapolateMs() * 1e6))
            .maxBlendFromRestTicks(options.blendFromRestTicks());
        if (world.is3d() && options.displayGround())
        {
            display.groundPlane(Predictors.GROUND_HEIGHT_M, Predictors.cubeGroundClearanceM());
        }
        // Corner repeats resend states up to that many ticks old: the display must be that far plus the transit behind.
        final int fixedDelayTicks = options.displayDelayTicks() > 0 ? options.displayDelayTicks() :
            options.cornerRepeatTicks() > 0 ? options.cornerRepeatTicks() +
                SnapshotDisplayDelay.transitTicks(options.oneWayLatencyMs(), options.jitterMs(), Scene.TICK_RATE_HZ) : 0;
        fidelity = fixedDelayTicks > 0 ?
            new Fidelity(schema, objects, fixedDelayTicks, ticks, display) :
            new Fidelity(schema, objects, new SnapshotDisplayDelay(options.oneWayLatencyMs(), options.jitterMs(),
                new SnapshotDisplayDelayConfig().tickRateHz(Scene.TICK_RATE_HZ).sparePackets(options.sparePackets())),
                ticks, display);
        final Predictor predictor = Predictors.forRun(kind, world.scene(), schema, options.predictor());
        link = new SimulatedLink(options, schema, objects, predictor, rateControl, acked, fidelity);
        sent = new SentObjects(ticks, objects);
        stages = new StageAccounting(ticks);
        bitBreakdown = new BitBreakdown(objects);
        link.sender().bitAccount(bitBreakdown.account());
    }

    /**
     * Classify the {@code largest} displayed errors of this run by cause (a diagnostic, see
     * {@link DisplayErrorCauses}); call before the first tick.
     */
    DisplayErrorCauses explainErrors(final int largest)
    {
        final DisplayErrorCauses causes = new DisplayErrorCauses(objects, largest);
        fidelity.explainErrors(causes);
        errorCauses = causes;
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
        if (rateControl.sendDue(tick))
        {
            link.send(tick, current, nowNs);
            snapshotsSent++;
            sent.record(tick, link.sender());
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
        rateControl.observe(world.records(), FloatRecords.stride(world.is3d()));
        rateControl.prioritize(tick, link.sender(), current, tick == 1 ? null : previous);
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
            bitBreakdown.figures(ticks, stages.bitsPerSnapshot(Stage.STATESYNC)), rateControlFigures(),
            fidelity.delayFigures(), errorCauses == null ? null : errorCauses.figures());
    }

    /** @return how the budget was spent, or null when unbudgeted. */
    private RateControlFigures rateControlFigures()
    {
        if (!options.budgeted())
        {
            return null;
        }
        final StateSchema schema = world.schema();
        return new RateControlFigures(rateControl.errorPriority() ? Options.PRIORITY_ERROR : Options.PRIORITY_FIXED,
            rateControl.automaticInterval() ? "auto" : Integer.toString(rateControl.intervalTicks()),
            (double)snapshotsSent * Scene.TICK_RATE_HZ / ticks, rateControl.intervalChanges(),
            schema.positionUnitsPerMetre(), schema.rotationBits());
    }
}
