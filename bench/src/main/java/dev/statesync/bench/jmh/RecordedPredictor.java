package dev.statesync.bench.jmh;

import dev.statesync.bench.runner.Predictors;
import dev.statesync.bench.runner.SchemaKind;
import dev.statesync.bench.scene.Scene;
import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.StateSchema;

/**
 * Which predictor both ends of a {@link RecordedCubes} link use: the runner's, or a single cheaper one, so
 * {@link CubesCodecBenchmark} can measure what the predictor's alternatives cost in CPU and what they save in bits
 * on the same states (issue 12: the CPU targets against "bits must not get worse").
 */
enum RecordedPredictor
{
    /** As the runner builds it ({@link Predictors#forRun}): per object the cheapest of three alternatives. */
    RUNNER("runner"),
    /**
     * Snapshot schema only: linear extrapolation of position and quaternion rotation from the two newest baselines,
     * one alternative, nothing to rank.
     */
    LINEAR("linear"),
    /** Every object predicted as its newest baseline: no extrapolation and nothing to rank. */
    HOLD("hold");

    private final String text;

    RecordedPredictor(final String text)
    {
        this.text = text;
    }

    /** @return the predictor of {@code text}: runner, linear or hold. */
    static RecordedPredictor parse(final String text)
    {
        for (final RecordedPredictor predictor : values())
        {
            if (predictor.text.equals(text))
            {
                return predictor;
            }
        }
        throw new IllegalArgumentException("predictor must be runner, linear or hold, got " + text);
    }

    /** @return a predictor of this kind for the recording's schema. */
    Predictor build(final SchemaKind kind, final Scene scene, final StateSchema schema)
    {
        switch (this)
        {
            case LINEAR:
                if (kind != SchemaKind.SNAPSHOT || !scene.is3d())
                {
                    throw new IllegalArgumentException("the linear predictor is measured on the 3D snapshot schema only");
                }
                return new LinearExtrapolationPredictor(LinearExtrapolationPredictor.Rotation.QUATERNION);
            case HOLD:
                return HoldPredictor.INSTANCE;
            default:
                return Predictors.forRun(kind, scene, schema);
        }
    }
}
