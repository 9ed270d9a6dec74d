package dev.statesync.bench.runner;

/**
 * Which predictor both ends of a run share ({@code --predictor}): the scene's cheapest of several alternatives per
 * object, or one of them alone, trading bits for encode CPU.
 *
 * <p>Why offer fewer: ranking alternatives costs the encoder about 340 ns an object on the cube run and saves 26%
 * of the range-coded bits against holding (results.md, "What the CPU targets cost in bits: the frontier"). A
 * server short of CPU rather than bandwidth may prefer fewer bits saved for more clients per core; the runner's
 * {@code cpu} line and this option show that trade on a whole run.
 */
public enum PredictorChoice
{
    /** The runner's predictor ({@link Predictors#forRun}): per object the cheapest of its alternatives. */
    RUNNER("runner"),
    /**
     * Snapshot schema only: linear extrapolation from the two newest baselines alone (a 3D rotation as a
     * quaternion at constant angular velocity, a 2D angle held, as in the runner's alternative): nothing to rank.
     */
    LINEAR("linear"),
    /** Every object predicted as its newest baseline (plain deltas): no extrapolation and nothing to rank. */
    HOLD("hold");

    private final String text;

    PredictorChoice(final String text)
    {
        this.text = text;
    }

    /** @return the name the command line uses. */
    public String text()
    {
        return text;
    }

    /**
     * @param text runner, linear or hold.
     * @return that choice.
     * @throws IllegalArgumentException naming the allowed names.
     */
    public static PredictorChoice parse(final String text)
    {
        for (final PredictorChoice choice : values())
        {
            if (choice.text.equals(text))
            {
                return choice;
            }
        }
        throw new IllegalArgumentException("predictor must be runner, linear or hold, got '" + text + "'");
    }

    /** @return true if this choice can predict states of {@code schema} (linear needs the snapshot schema). */
    public boolean fits(final SchemaKind schema)
    {
        return this != LINEAR || schema == SchemaKind.SNAPSHOT;
    }
}
