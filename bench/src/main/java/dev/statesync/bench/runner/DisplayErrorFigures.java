package dev.statesync.bench.runner;

import java.util.List;

/**
 * Why the run's display was most wrong ({@code --largest-errors N}): its largest displayed position errors, one per
 * object and held state, with what happened to the object's states in the gap, and every error of at least
 * {@link #thresholdM} counted by those causes. Measured by {@link DisplayErrorCauses} during the run.
 *
 * <p>Causes, per gap tick between the state shown and the tick displayed: <b>lost</b> (its snapshot was dropped),
 * <b>deferred</b> (the sender held the object back), <b>late</b> (sent and not dropped, but not there when the tick
 * was displayed, or refused because the unacked snapshot it was coded against was dropped), <b>unsent</b> (not in
 * that tick's snapshot: unchanged, waiting for an ack, or left out by a budget); joined by {@code +}.
 * <b>quantization</b>: no gap, the state of the tick itself.
 *
 * @param thresholdM errors at least this large are counted in {@code byCause}, metres.
 * @param largest    the largest errors, largest first.
 * @param byCause    counts per combination of causes, in a fixed order (lost, deferred, late, unsent bits).
 */
public record DisplayErrorFigures(double thresholdM, List<LargestError> largest, List<CauseCount> byCause)
{
    /** {@link LargestError#towardsTick}: the display did not blend towards a newer state. */
    public static final int NO_TICK = Integer.MIN_VALUE;

    /**
     * One of the largest displayed errors.
     *
     * @param errorM      the position error, metres.
     * @param object      the object.
     * @param displayTick the tick the display showed.
     * @param heldTick    the tick of the state it showed (held, extrapolated, or blended from).
     * @param towardsTick the tick of the state it blended towards, or {@link #NO_TICK}.
     * @param causes      what happened to the object's states after {@code heldTick}, as text.
     */
    public record LargestError(double errorM, int object, int displayTick, int heldTick, int towardsTick, String causes)
    {
    }

    /**
     * @param causes   a combination of causes, as text.
     * @param samples  displayed (object, tick) errors of at least the threshold with exactly these causes.
     * @param largestM the largest of them, metres.
     */
    public record CauseCount(String causes, long samples, double largestM)
    {
    }
}
