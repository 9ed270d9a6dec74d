package dev.statesync.bench.runner;

/**
 * How a budgeted run spent its budget (the rate-distortion controller, {@code --rate-distortion}).
 *
 * @param priority              {@code error} (by the error an unsent object shows) or {@code fixed} (Fiedler's factors).
 * @param sendInterval          {@code auto} (the rate controller chose) or the fixed ticks per snapshot.
 * @param snapshotsPerSecond    snapshots statesync sent per simulated second.
 * @param intervalChanges       times the rate controller changed the interval (0 for a fixed interval).
 * @param positionUnitsPerMetre position grid of the run's schema.
 * @param rotationBits          rotation bits of the run's schema (smallest-three component, or 2D angle).
 */
public record RateControlFigures(
    String priority,
    String sendInterval,
    double snapshotsPerSecond,
    long intervalChanges,
    int positionUnitsPerMetre,
    int rotationBits)
{
}
