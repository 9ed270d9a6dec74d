package dev.statesync.bench.runner;

import dev.statesync.bench.scene.Scene;
import dev.statesync.codec.snapshot.HoldPredictor;
import dev.statesync.codec.snapshot.LinearExtrapolationPredictor;
import dev.statesync.codec.snapshot.Predictor;

/**
 * The one place that decides which predictor a run's authority and replica share, so a better predictor
 * (the fixed-point ballistic one) can be swapped in without touching the runner.
 */
public final class Predictors
{
    private Predictors()
    {
    }

    /**
     * @param schema how state is sent.
     * @param scene  the scene (a ballistic predictor needs its gravity and damping).
     * @return snapshot: linear extrapolation of position from two baselines, rotation held; state: hold the
     * baseline (until the ballistic predictor lands).
     */
    public static Predictor forRun(final SchemaKind schema, final Scene scene)
    {
        if (schema == SchemaKind.SNAPSHOT)
        {
            return new LinearExtrapolationPredictor(false);
        }
        return HoldPredictor.INSTANCE;
    }
}
