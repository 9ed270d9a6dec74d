package dev.statesync.bench.fuzz;

/**
 * How a fuzz run paces honest traffic against hostile input. Defaults suit every built-in target: a few honest
 * ticks between hostile inputs keep the corpus moving (and put real datagrams in flight for the attacker to
 * race), and a full honest phase every {@link #inputsPerPhase()} inputs checks convergence.
 *
 * @param warmUpTicks         honest ticks with motion before the first input, so the corpus and the baselines fill.
 * @param inputsPerPhase      hostile inputs between honest phases.
 * @param honestTickOneIn     before each input, one honest tick with motion with probability 1 / this.
 * @param movingTicksPerPhase honest ticks with motion at the start of a phase.
 * @param settleBoundTicks    honest ticks without motion a phase may take to converge before it fails.
 */
public record FuzzSettings(
    int warmUpTicks, int inputsPerPhase, int honestTickOneIn, int movingTicksPerPhase, int settleBoundTicks)
{
    /** Defaults: 30 warm-up ticks, a phase every 2000 inputs of 20 moving and at most 360 settling ticks. */
    public static final FuzzSettings DEFAULT = new FuzzSettings(30, 2000, 8, 20, 360);

    /** Checks ranges. */
    public FuzzSettings
    {
        if (warmUpTicks < 1 || inputsPerPhase < 1 || honestTickOneIn < 1 || movingTicksPerPhase < 0 ||
            settleBoundTicks < 1)
        {
            throw new IllegalArgumentException("fuzz settings out of range");
        }
    }
}
