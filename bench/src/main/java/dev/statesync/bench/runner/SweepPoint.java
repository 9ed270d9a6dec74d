package dev.statesync.bench.runner;

/**
 * One budget of a {@code --sweep} ({@link BudgetSweep}): what statesync used and how closely the replica showed the
 * scene.
 *
 * @param budgetKbps          the budget, kbps; 0 = unlimited.
 * @param kbps                statesync's kbps, headers included.
 * @param positionErrorMeanM  mean displayed position error, metres.
 * @param positionErrorP99M   99th percentile displayed position error, metres.
 * @param positionErrorMaxM   largest displayed position error, metres.
 * @param rotationErrorP99Deg 99th percentile displayed rotation error, degrees.
 * @param rateDistortion      true when the budget was spent by the rate-distortion controller (error priority,
 *                            send rate, quantization), false for fixed factors at every tick (and unlimited).
 * @param displayDelayMeanMs  mean display delay the fidelity figures were measured at, ms.
 */
public record SweepPoint(
    double budgetKbps,
    double kbps,
    double positionErrorMeanM,
    double positionErrorP99M,
    double positionErrorMaxM,
    double rotationErrorP99Deg,
    boolean rateDistortion,
    double displayDelayMeanMs)
{
    /** @return how the budget was spent: {@code rd} (rate-distortion controller), {@code fixed}, or {@code -} when unlimited. */
    public String modeLabel()
    {
        return budgetKbps <= 0 ? "-" : rateDistortion ? "rd" : "fixed";
    }

    /** @return the budget as the option spells it: kbps, or {@code unlimited}. */
    public String budgetLabel()
    {
        return budgetKbps > 0 ? String.format(java.util.Locale.ROOT, "%.0f", budgetKbps) : "unlimited";
    }
}
