package dev.statesync.bench.runner;

import java.util.BitSet;
import java.util.List;

/**
 * Everything one run measured; {@link TextTable}, {@link JsonReport} and {@link HtmlReport} format it.
 *
 * @param scene                 scene name.
 * @param objects               objects in the scene.
 * @param ticks                 ticks run.
 * @param hz                    ticks (and snapshots) per second.
 * @param schema                snapshot or state.
 * @param options               the options of the run.
 * @param changedPerSnapshot    mean objects whose quantized state changed since the previous tick: how busy
 *                              the scene is (Fiedler's cube demo: 89 of 901).
 * @param changedVsAckedPerSnapshot mean objects whose quantized state differs from the fiedler-2015 stage's
 *                              baseline (the newest acked snapshot, before the first ack the initial one): what
 *                              a delta scheme has to send, and the denominator of
 *                              {@link StageFigures#bitsPerMovingObject()}.
 * @param atRestPerSnapshot     mean objects at rest.
 * @param stages                one row per {@link Stage}, in order.
 * @param entropyBitsPerObject  zeroth-order entropy per (kind, width) context of the bitpacked form of
 *                              statesync's packets, per object sent (see {@link EntropyMeter}).
 * @param bitpackedBitsPerObjectSent bits of the bitpacked form of statesync's packets per object sent
 *                                   (compare with the entropy; the statesync stage is what was sent).
 * @param delayTicks            interpolation delay D of the fidelity metrics, ticks.
 * @param positionErrorMeanM    mean position error, m.
 * @param positionErrorP99M     p99 position error, m.
 * @param positionErrorMaxM     largest position error, m.
 * @param rotationErrorP99Deg   p99 rotation error, degrees.
 * @param restingJitterM        resting jitter, m.
 * @param meanErrorByTickM      mean displayed position error at each tick (index = tick), m.
 * @param link                  link figures.
 * @param perfectPredictionRate perfect predictions / objects sent with a baseline.
 * @param prediction            client prediction figures, or null when the scene predicts nothing.
 * @param encodeNsPerObject     authority encode time per object sent, ns.
 * @param decodeNsPerObject     replica receive and decode time per object sent, ns.
 * @param objectsSent           objects statesync sent over the run.
 * @param secondHalfEncodeNsPerObject encode time per object sent in the run's second half (ticks after
 *                              {@code ticks / 2}), ns: the JVM is warmer there than over the whole run.
 * @param secondHalfDecodeNsPerObject receive and decode time per object sent in the run's second half, ns.
 * @param secondHalfObjectsSent objects sent in the run's second half.
 * @param sentRaster            bit {@code (tick - 1) * objects + object} set when the object was sent.
 * @param sceneViews            top-down views of authority and replica positions (see {@link Fidelity#sceneViews()}).
 * @param wallTimeMs            wall time of the run, ms.
 * @param bits                  where statesync's bits went, by field category and object class.
 * @param rateControl           how the budget was spent (priority, send rate, quantization); null when unbudgeted.
 * @param displayDelay          the display delay the fidelity figures were measured at (ticks and ms).
 * @param displayErrors         the largest displayed errors and their causes ({@code --largest-errors}); null when
 *                              not asked for.
 */
public record RunReport(
    String scene,
    int objects,
    int ticks,
    int hz,
    String schema,
    Options options,
    double changedPerSnapshot,
    double changedVsAckedPerSnapshot,
    double atRestPerSnapshot,
    List<StageFigures> stages,
    double entropyBitsPerObject,
    double bitpackedBitsPerObjectSent,
    int delayTicks,
    double positionErrorMeanM,
    double positionErrorP99M,
    double positionErrorMaxM,
    double rotationErrorP99Deg,
    double restingJitterM,
    double[] meanErrorByTickM,
    LinkFigures link,
    double perfectPredictionRate,
    PredictionFigures prediction,
    double encodeNsPerObject,
    double decodeNsPerObject,
    long objectsSent,
    double secondHalfEncodeNsPerObject,
    double secondHalfDecodeNsPerObject,
    long secondHalfObjectsSent,
    BitSet sentRaster,
    List<SceneView> sceneViews,
    long wallTimeMs,
    BitFigures bits,
    RateControlFigures rateControl,
    DisplayDelayFigures displayDelay,
    DisplayErrorFigures displayErrors)
{
    /** @return the row of {@code stage}. */
    public StageFigures stage(final Stage stage)
    {
        return stages.get(stage.ordinal());
    }

    /** @return simulated seconds of the whole run. */
    public double seconds()
    {
        return (double)ticks / hz;
    }

    /** @return simulated seconds of the run's second half (ticks after {@code ticks / 2}), the warmer timing's span. */
    public double secondHalfSeconds()
    {
        return (double)(ticks - ticks / 2) / hz;
    }

    /**
     * How many clients like this run's one a single core could serve, from the CPU time timed in the run: one second
     * over the time a second of this client's snapshots cost, which is its objects sent per simulated second times
     * the time per object. Issue 12's figure: at 94 objects a snapshot and 60 Hz, 1,000 ns per object is 177
     * clients per core. The physics, the sockets and whatever the timing leaves out are not in it, so it is an upper
     * bound for a real server; and a run's timing starts from a cold JVM (JMH's {@code CubesCodecBenchmark} times the
     * codec warm).
     *
     * @param nsPerObject time per object sent, ns (encode, or encode plus decode).
     * @param objects     objects sent in the timed span.
     * @param seconds     simulated seconds of that span.
     * @return clients per core, or NaN if nothing was sent or timed.
     */
    public static double clientsPerCore(final double nsPerObject, final long objects, final double seconds)
    {
        if (objects <= 0 || !(nsPerObject > 0) || !(seconds > 0))
        {
            return Double.NaN;
        }
        return 1e9 / (nsPerObject * (objects / seconds));
    }

    /** @return statesync's payload bits per snapshot divided by Fiedler 2015's. */
    public double statesyncToFiedlerRatio()
    {
        return stage(Stage.STATESYNC).bitsPerSnapshot() / stage(Stage.FIEDLER_2015).bitsPerSnapshot();
    }
}
