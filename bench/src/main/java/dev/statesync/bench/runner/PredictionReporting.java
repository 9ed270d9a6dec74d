package dev.statesync.bench.runner;

/**
 * Implemented by a scene that runs client-side prediction of its player (the {@code player} scene), so the
 * runner can report how often and how far the prediction had to be corrected.
 */
public interface PredictionReporting
{
    /** @return corrections (rewind and replay) applied so far. */
    long corrections();

    /** @return the largest single correction, metres. */
    double largestCorrectionM();

    /** @return the largest jump of the displayed player between two frames, metres. */
    double largestDisplayedJumpPerFrameM();
}
