package dev.statesync.bench.player;

/**
 * How client-side prediction of the player went over a run: how often and how far the client was corrected,
 * and how much of that the eye saw with and without the correction smoother. Distances in metres, per 60 Hz
 * frame where it says so. Immutable.
 */
public final class PredictionReport
{
    private final long ticks;
    private final long serverTicks;
    private final long corrections;
    private final double maxCorrectionM;
    private final double meanCorrectionM;
    private final double maxCorrectionJumpM;
    private final double maxDisplayedStepM;
    private final double maxRawStepM;
    private final double maxUncorrectedStepM;
    private final long missingInputs;
    private final long smootherSnaps;
    private final double meanInputMessageBytes;
    private final double meanStateMessageBytes;

    /**
     * @param ticks                 client ticks run.
     * @param serverTicks           ticks the server applied an input (fewer: it starts a round trip later).
     * @param corrections           rewinds and replays of the client.
     * @param maxCorrectionM        largest error corrected, at the server's tick, metres.
     * @param meanCorrectionM       mean error corrected, metres.
     * @param maxCorrectionJumpM    largest jump of the player's simulated present pose a correction caused, metres.
     * @param maxDisplayedStepM     largest per-frame step of the displayed (smoothed) player, metres.
     * @param maxRawStepM           largest per-frame step of the unsmoothed predicted player, metres.
     * @param maxUncorrectedStepM   largest per-frame step of the predicted player on frames without a correction,
     *                              metres: its own motion.
     * @param missingInputs         server ticks whose input had not arrived in time.
     * @param smootherSnaps         corrections too large to smooth (the display snapped).
     * @param meanInputMessageBytes mean client-to-server input message, bytes (before the packet header).
     * @param meanStateMessageBytes mean server-to-client state message, bytes (before the packet header).
     */
    public PredictionReport(
        final long ticks,
        final long serverTicks,
        final long corrections,
        final double maxCorrectionM,
        final double meanCorrectionM,
        final double maxCorrectionJumpM,
        final double maxDisplayedStepM,
        final double maxRawStepM,
        final double maxUncorrectedStepM,
        final long missingInputs,
        final long smootherSnaps,
        final double meanInputMessageBytes,
        final double meanStateMessageBytes)
    {
        this.ticks = ticks;
        this.serverTicks = serverTicks;
        this.corrections = corrections;
        this.maxCorrectionM = maxCorrectionM;
        this.meanCorrectionM = meanCorrectionM;
        this.maxCorrectionJumpM = maxCorrectionJumpM;
        this.maxDisplayedStepM = maxDisplayedStepM;
        this.maxRawStepM = maxRawStepM;
        this.maxUncorrectedStepM = maxUncorrectedStepM;
        this.missingInputs = missingInputs;
        this.smootherSnaps = smootherSnaps;
        this.meanInputMessageBytes = meanInputMessageBytes;
        this.meanStateMessageBytes = meanStateMessageBytes;
    }

    /** @return client ticks run. */
    public long ticks()
    {
        return ticks;
    }

    /** @return ticks the server applied an input. */
    public long serverTicks()
    {
        return serverTicks;
    }

    /** @return rewinds and replays of the client. */
    public long corrections()
    {
        return corrections;
    }

    /** @return largest error corrected, at the server's tick, metres; 0 without corrections. */
    public double maxCorrectionM()
    {
        return maxCorrectionM;
    }

    /** @return mean error corrected, metres; 0 without corrections. */
    public double meanCorrectionM()
    {
        return meanCorrectionM;
    }

    /** @return largest jump of the simulated present player pose caused by a correction, metres. */
    public double maxCorrectionJumpM()
    {
        return maxCorrectionJumpM;
    }

    /** @return largest per-frame step of the displayed (smoothed) player, metres. */
    public double maxDisplayedStepM()
    {
        return maxDisplayedStepM;
    }

    /** @return largest per-frame step of the unsmoothed predicted player, metres. */
    public double maxRawStepM()
    {
        return maxRawStepM;
    }

    /** @return largest per-frame step of the predicted player on frames without a correction, metres. */
    public double maxUncorrectedStepM()
    {
        return maxUncorrectedStepM;
    }

    /** @return server ticks whose input had not arrived in time. */
    public long missingInputs()
    {
        return missingInputs;
    }

    /** @return corrections too large to smooth. */
    public long smootherSnaps()
    {
        return smootherSnaps;
    }

    /** @return mean input message size, bytes. */
    public double meanInputMessageBytes()
    {
        return meanInputMessageBytes;
    }

    /** @return mean state message size, bytes. */
    public double meanStateMessageBytes()
    {
        return meanStateMessageBytes;
    }

    @Override
    public String toString()
    {
        return String.format(
            "PredictionReport{ticks=%d, serverTicks=%d, corrections=%d, maxCorrectionM=%.4f, meanCorrectionM=%.4f, " +
            "maxCorrectionJumpM=%.4f, maxDisplayedStepM=%.4f, maxRawStepM=%.4f, maxUncorrectedStepM=%.4f, " +
            "missingInputs=%d, smootherSnaps=%d, meanInputMessageBytes=%.1f, meanStateMessageBytes=%.1f}",
            ticks, serverTicks, corrections, maxCorrectionM, meanCorrectionM, maxCorrectionJumpM, maxDisplayedStepM,
            maxRawStepM, maxUncorrectedStepM, missingInputs, smootherSnaps, meanInputMessageBytes,
            meanStateMessageBytes);
    }
}
