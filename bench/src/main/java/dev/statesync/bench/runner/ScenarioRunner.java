package dev.statesync.bench.runner;

import java.io.PrintStream;

import dev.statesync.sync.sim.NetworkSimulator;

/**
 * Runs one scene through an authority and a replica joined by the seeded {@link NetworkSimulator}, and
 * measures every compression stage on the same quantized states, the replica's fidelity, the link and the
 * CPU cost.
 *
 * <p>Per tick ({@link ScenarioRun#tick}): step the scene and quantize every object (for the state schema also
 * dequantize and write the result back into the scene: quantize both sides; inside the step for a scene that
 * sends state from there, see {@link QuantizedScene}); account the stages that need no link
 * ({@link FixedStageBits}) and the reference stage against the acked baseline ({@link ReferenceStageBits});
 * deliver what the simulator has due; send the snapshot from address 0 to 1 (under a budget, through the
 * priority accumulator: player 1e6, changed objects 100, others 1), replay it for the entropy figures
 * ({@link SentObjects}); record every stage's bits; the replica sends acks and both ends update
 * ({@link SimulatedLink}); evaluate fidelity. Simulated time is {@code tick * 1/60 s}: a run is deterministic
 * for a seed.
 */
public final class ScenarioRunner
{
    private static final long PROGRESS_INTERVAL_NS = 2_000_000_000L;

    private final Options options;
    private final PrintStream progress;
    private DisplayErrorCauses errorCauses;
    private dev.statesync.codec.snapshot.SnapshotSender lastSender;

    /** @return the last {@link #run(int)}'s sender, for its counters. */
    dev.statesync.codec.snapshot.SnapshotSender lastSender()
    {
        return lastSender;
    }

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
     * Run the scenario; with {@code --largest-errors N} the report also says why the display was most wrong
     * ({@link RunReport#displayErrors()}).
     *
     * @return the measurements.
     * @throws IllegalArgumentException if the scene is not available in this build.
     */
    public RunReport run()
    {
        return run(options.largestErrors());
    }

    /**
     * {@link #run()}, classifying the {@code largestErrors} largest displayed errors by cause when above 0 (then
     * {@link #errorCauses()} holds them and the report carries them), whatever {@code --largest-errors} says.
     */
    RunReport run(final int largestErrors)
    {
        final long wallStartNs = System.nanoTime();
        final ScenarioRun run = new ScenarioRun(options);
        errorCauses = largestErrors > 0 ? run.explainErrors(largestErrors) : null;
        lastSender = run.sender();
        final int ticks = run.ticks();
        long lastProgressNs = wallStartNs;
        for (int tick = 1; tick <= ticks; tick++)
        {
            run.tick(tick);
            if (progress != null && System.nanoTime() - lastProgressNs >= PROGRESS_INTERVAL_NS)
            {
                lastProgressNs = System.nanoTime();
                progress.printf("%s: tick %d/%d (%.0f%%), statesync %.1f kbps so far%n",
                    run.sceneName(), tick, ticks, 100.0 * tick / ticks, run.statesyncKbpsSoFar());
            }
        }
        return run.report((System.nanoTime() - wallStartNs) / 1_000_000);
    }

    /** @return the last {@link #run(int)}'s error diagnostics, or null. */
    DisplayErrorCauses errorCauses()
    {
        return errorCauses;
    }
}
