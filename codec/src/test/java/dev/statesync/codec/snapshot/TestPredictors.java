package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.BallisticPredictor;
import dev.statesync.codec.predict.CheapestOfPredictor;
import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.IntegratorModel;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.StateSchema;

/** Predictors that between them exercise one baseline, two baselines and a per-object choice, for tests. */
final class TestPredictors
{
    /** Kinds {@link #of} offers: 0 .. KINDS - 1. */
    static final int KINDS = 3;

    private TestPredictors()
    {
    }

    /**
     * @param which 0: hold (one baseline); 1: linear extrapolation with gravity (two baselines); otherwise a
     *              cheapest-of choice (selector bits): hold or ballistic for schemas with velocities, hold or
     *              linear otherwise.
     */
    static Predictor of(final StateSchema schema, final int which)
    {
        return switch (which)
        {
            case 0 -> HoldPredictor.INSTANCE;
            case 1 -> new LinearExtrapolationPredictor(true);
            default -> schema.hasVelocities() ?
                new CheapestOfPredictor(HoldPredictor.INSTANCE, new BallisticPredictor(schema,
                    schema.is3d() ? IntegratorModel.ode(-20, 0.01, 0.01, 0.01, 0.01, 60) : IntegratorModel.jbox2d(0, -10, 0, 0, 60),
                    true)) :
                new CheapestOfPredictor(HoldPredictor.INSTANCE, new LinearExtrapolationPredictor(false));
        };
    }
}
