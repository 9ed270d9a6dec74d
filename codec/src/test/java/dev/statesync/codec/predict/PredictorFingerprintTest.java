package dev.statesync.codec.predict;

import dev.statesync.codec.predict.LinearExtrapolationPredictor.Rotation;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.codec.state.WireFingerprint;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Each predictor adds what changes its predictions to a connection's fingerprint, so two ends built with different
 * predictors, or the same predictor with other parameters, are told apart at connect; two ends built alike agree.
 */
class PredictorFingerprintTest
{
    private static final StateSchema SNAPSHOT = StateSchema.snapshot3d();
    private static final StateSchema STATE = StateSchema.fiedler3d();

    private static IntegratorModel ode(final double gravity, final double linearDamping)
    {
        return IntegratorModel.ode(gravity, linearDamping, 0.01, 0.01, 0.01, 60);
    }

    /** The cube run's predictor, built afresh each call as each end builds its own. */
    private static Predictor runnerLike(final IntegratorModel model)
    {
        final LinearExtrapolationPredictor linear = new LinearExtrapolationPredictor(Rotation.QUATERNION);
        return new CheapestOfPredictor(HoldPredictor.INSTANCE, linear,
            new FreeFlightExtrapolationPredictor(SNAPSHOT, model, linear));
    }

    private static long digest(final Predictor predictor)
    {
        final WireFingerprint fingerprint = new WireFingerprint();
        predictor.addTo(fingerprint);
        return fingerprint.value();
    }

    @Test
    void shouldAgreeForPredictorsBuiltAlike()
    {
        assertEquals(digest(runnerLike(ode(-9.8, 0.01))), digest(runnerLike(ode(-9.8, 0.01))));
        assertEquals(digest(new BallisticPredictor(STATE, ode(-9.8, 0.01), true)),
            digest(new BallisticPredictor(STATE, ode(-9.8, 0.01), true)));
    }

    @Test
    void shouldTellApartEveryKindOfPredictor()
    {
        final long[] digests = {
            digest(HoldPredictor.INSTANCE),
            digest(new LinearExtrapolationPredictor(Rotation.QUATERNION)),
            digest(new FreeFlightExtrapolationPredictor(SNAPSHOT, ode(-9.8, 0.01), true)),
            digest(new BallisticPredictor(STATE, ode(-9.8, 0.01), true)),
            digest(runnerLike(ode(-9.8, 0.01))),
        };
        for (int i = 0; i < digests.length; i++)
        {
            for (int j = i + 1; j < digests.length; j++)
            {
                assertNotEquals(digests[i], digests[j], i + " and " + j);
            }
        }
    }

    @Test
    void shouldFollowEveryParameterThatChangesAPrediction()
    {
        assertNotEquals(digest(new LinearExtrapolationPredictor(Rotation.HOLD)),
            digest(new LinearExtrapolationPredictor(Rotation.QUATERNION)), "rotation mode");
        assertNotEquals(digest(new LinearExtrapolationPredictor(SNAPSHOT, 2, -9.8, 60)),
            digest(new LinearExtrapolationPredictor(SNAPSHOT, 2, -20, 60)), "gravity");
        assertNotEquals(digest(new LinearExtrapolationPredictor(SNAPSHOT, 2, -9.8, 60)),
            digest(new LinearExtrapolationPredictor(Rotation.HOLD)), "gravity on or off");
        assertNotEquals(digest(runnerLike(ode(-9.8, 0.01))), digest(runnerLike(ode(-9.8, 0.02))), "damping");
        assertNotEquals(digest(runnerLike(ode(-9.8, 0.01))), digest(runnerLike(ode(-20, 0.01))), "engine gravity");
        assertNotEquals(digest(new FreeFlightExtrapolationPredictor(SNAPSHOT, ode(-9.8, 0.01), true)),
            digest(new FreeFlightExtrapolationPredictor(SNAPSHOT, ode(-9.8, 0.01), false)), "rotation extrapolated");
        assertNotEquals(digest(new BallisticPredictor(STATE, ode(-9.8, 0.01), true)),
            digest(new BallisticPredictor(STATE, ode(-9.8, 0.01), false)), "per-tick quantization");
        assertNotEquals(digest(new BallisticPredictor(STATE, ode(-9.8, 0.01), true, true)),
            digest(new BallisticPredictor(STATE, ode(-9.8, 0.01), true, false)), "3D rotation integrated");
        assertNotEquals(digest(new BallisticPredictor(STATE, ode(-9.8, 0.01), true)),
            digest(new BallisticPredictor(StateSchema.highPrecision3d(), ode(-9.8, 0.01), true)), "its schema");
        assertNotEquals(
            digest(new BallisticPredictor(STATE, IntegratorModel.jbox2d(0, -10, 0, 0, 60), true)),
            digest(new BallisticPredictor(STATE, IntegratorModel.jbox2d(0, -10, 0, 0, 30), true)), "tick rate");
    }

    @Test
    void shouldTellApartTheSameChoicesInAnotherOrder()
    {
        final Predictor linear = new LinearExtrapolationPredictor(Rotation.QUATERNION);
        assertNotEquals(digest(new CheapestOfPredictor(HoldPredictor.INSTANCE, linear)),
            digest(new CheapestOfPredictor(linear, HoldPredictor.INSTANCE)), "an object names its alternative by index");
        assertNotEquals(digest(new CheapestOfPredictor(HoldPredictor.INSTANCE, linear)),
            digest(new CheapestOfPredictor(HoldPredictor.INSTANCE, linear, HoldPredictor.INSTANCE)));
    }
}
