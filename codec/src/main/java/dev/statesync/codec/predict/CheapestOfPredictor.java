package dev.statesync.codec.predict;

import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.WireFingerprint;

/**
 * Offers several predictors per object and lets the encoder pick, per object and packet, whichever makes
 * the object cheapest, at the cost of naming the choice ({@code bitsRequired(0, n - 1)} bits, 1 for two).
 *
 * <p>Why: no single model fits every body. A ballistic prediction is exact for a body in flight and wrong
 * for one resting on others (contacts cancel gravity), where "nothing changed" is right; a snapshot
 * schema's linear extrapolation suits sliding bodies and not tumbling ones. The encoder measures each
 * alternative exactly, so the choice never costs more than the selector bits.
 *
 * <p>Where one choice is another plus a correction (linear extrapolation with gravity after the same without),
 * {@link #refinedFrom} says so, and an encoder that tries every alternative refines the earlier prediction
 * instead of computing the shared part twice.
 */
public final class CheapestOfPredictor implements Predictor
{
    private final Predictor[] choices;
    private final int baselineCount;
    /** Per choice: an earlier choice it refines (a linear extrapolation plus gravity refines the plain one), or -1. */
    private final int[] refinedFrom;

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
        this.refinedFrom = new int[choices.length];
        for (int k = 0; k < choices.length; k++)
        {
            refinedFrom[k] = -1;
            for (int j = 0; j < k && refinedFrom[k] < 0; j++)
            {
                if (choices[k] instanceof LinearExtrapolationPredictor withGravity &&
                    choices[j] instanceof LinearExtrapolationPredictor plain && withGravity.addsGravityTo(plain) ||
                    choices[k] instanceof FreeFlightExtrapolationPredictor freeFlight && freeFlight.refines(choices[j]))
                {
                    refinedFrom[k] = j;
                }
            }
        }
    }

    /** Adds every choice in order: the alternative an object names is its index among them. */
    @Override
    public void addTo(final WireFingerprint fingerprint)
    {
        Predictor.super.addTo(fingerprint);
        fingerprint.add(choices.length);
        for (final Predictor choice : choices)
        {
            choice.addTo(fingerprint);
        }
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

    /**
     * {@inheritDoc}
     *
     * <p>A linear extrapolation with gravity offered after the same one without it refines it: only the gravity
     * axis's position changes, the (quaternion) rotation is not extrapolated twice. So does a free-flight
     * extrapolation built on the linear one it is offered after ({@link FreeFlightExtrapolationPredictor#refines}).
     */
    @Override
    public int refinedFrom(final int alternative)
    {
        return refinedFrom[alternative];
    }

    @Override
    public void refineAlternative(final int alternative, final PredictionInput in, final StateRecord out)
    {
        if (refinedFrom[alternative] < 0)
        {
            choices[alternative].predict(in, out);
        }
        else if (choices[alternative] instanceof FreeFlightExtrapolationPredictor freeFlight)
        {
            freeFlight.refine(in, out);
        }
        else
        {
            ((LinearExtrapolationPredictor)choices[alternative]).addGravity(in, out);
        }
    }

    /** A free-flight alternative that shares a linear one's rotation ranks with it but codes with its own. */
    @Override
    public boolean refinesApproximately(final int alternative)
    {
        return refinedFrom[alternative] >= 0 && choices[alternative] instanceof FreeFlightExtrapolationPredictor;
    }

    @Override
    public void predictAlternative(final int alternative, final PredictionInput in, final StateRecord out)
    {
        choices[alternative].predict(in, out);
    }
}
