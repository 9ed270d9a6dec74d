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
 */
public record SweepPoint(
    double budgetKbps,
    double kbps,
    double positionErrorMeanM,
    double positionErrorP99M,
    double positionErrorMaxM,
    double rotationErrorP99Deg)
{
    /** @return the budget as the option spells it: kbps, or {@code unlimited}. */
    public String budgetLabel()
    {
        return budgetKbps > 0 ? String.format(java.util.Locale.ROOT, "%.0f", budgetKbps) : "unlimited";
    }
}
