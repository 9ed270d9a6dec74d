package dev.statesync.bench.runner;

import dev.statesync.bench.player.PredictionReport;
import dev.statesync.bench.scene.PredictionReporting;
import dev.statesync.bench.scene.Scene;

/**
 * Client-side prediction figures of a run, when its scene predicts a player.
 *
 * @param corrections                   corrections applied.
 * @param largestCorrectionM            largest single correction, metres.
 * @param largestDisplayedJumpPerFrameM largest displayed jump between frames, metres.
 */
public record PredictionFigures(long corrections, double largestCorrectionM, double largestDisplayedJumpPerFrameM)
{
    /** @return the scene's prediction figures, or null if it predicts nothing. */
    public static PredictionFigures of(final Scene scene)
    {
        if (scene instanceof PredictionReporting reporting)
        {
            final PredictionReport report = reporting.predictionReport();
            return new PredictionFigures(report.corrections(), report.maxCorrectionM(), report.maxDisplayedStepM());
        }
        return null;
    }
}
