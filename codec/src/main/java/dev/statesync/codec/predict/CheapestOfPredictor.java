package dev.statesync.codec.predict;

import dev.statesync.codec.state.StateRecord;

/**
 * Offers several predictors per object and lets the encoder pick, per object and packet, whichever makes
 * the object cheapest, at the cost of naming the choice ({@code bitsRequired(0, n - 1)} bits, 1 for two).
 *
 * <p>Why: no single model fits every body. A ballistic prediction is exact for a body in flight and wrong
 * for one resting on others (contacts cancel gravity), where "nothing changed" is right; a snapshot
 * schema's linear extrapolation suits sliding bodies and not tumbling ones. The encoder measures each
 * alternative exactly, so the choice never costs more than the selector bits.
 */
public final class CheapestOfPredictor implements Predictor
{
    private final Predictor[] choices;
    private final int baselineCount;

    /** @param choices 2..16 predictors; the first is the default. */
    public CheapestOfPredictor(final Predictor... choices)
    {
        if (choices.length < 2 || choices.length > 16)
        {
            throw new IllegalArgumentException("need 2..16 predictors, got " + choices.length);
        }
        int baselines = 1;
        for (final Predictor choice : choices)
        {
            if (choice.alternativeCount() != 1)
            {
                throw new IllegalArgumentException("choices must not offer alternatives themselves");
            }
            baselines = Math.max(baselines, choice.baselineCount());
        }
        this.choices = choices.clone();
        this.baselineCount = baselines;
    }

    @Override
    public int baselineCount()
    {
        return baselineCount;
    }

    @Override
    public int alternativeCount()
    {
        return choices.length;
    }

    @Override
    public void predict(final PredictionInput in, final StateRecord out)
    {
        choices[0].predict(in, out);
    }

    @Override
    public void predictAlternative(final int alternative, final PredictionInput in, final StateRecord out)
    {
        choices[alternative].predict(in, out);
    }
}
