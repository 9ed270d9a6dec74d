package dev.statesync.bench.runner;

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
        // TODO(merge player): PlayerScene exposes PredictionReport predictionReport(). Either make PlayerScene
        // implement PredictionReporting, or replace this test with
        //   if (scene instanceof PlayerScene player) { PredictionReport r = player.predictionReport(); return new
        //   PredictionFigures(r.corrections(), r.largestCorrectionM(), r.largestDisplayedJumpPerFrameM()); }
        if (scene instanceof PredictionReporting reporting)
        {
            return new PredictionFigures(
                reporting.corrections(), reporting.largestCorrectionM(), reporting.largestDisplayedJumpPerFrameM());
        }
        return null;
    }
}
