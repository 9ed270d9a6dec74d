package dev.statesync.bench.scene;

import dev.statesync.bench.player.PredictionReport;

/**
 * A scene whose player runs under client-side prediction against a server, and can say how that went:
 * corrections and what the eye saw of them. The scenario runner checks for this interface.
 */
public interface PredictionReporting
{
    /**
     * @return the run so far (a new immutable report).
     */
    PredictionReport predictionReport();
}
