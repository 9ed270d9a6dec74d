package dev.statesync.bench.runner;

/**
 * One stage's row of the report.
 *
 * @param name                 stage name ({@link Stage#reportName()}).
 * @param bitsPerSnapshot      mean payload bits per snapshot.
 * @param bitsPerObject        bits per snapshot divided by the scene's object count.
 * @param bitsPerMovingObject  bits per snapshot divided by the mean count of objects whose quantized state
 *                             differs from the newest acked snapshot ({@link RunReport#changedVsAckedPerSnapshot()}):
 *                             the objects a delta against the acked baseline has to carry. One denominator for
 *                             every row, so the rows compare as they do per snapshot.
 * @param kbps                 kilobits per second at 60 snapshots per second, packet headers included.
 * @param kbpsPerSecond        kbps of each simulated second.
 */
public record StageFigures(
    String name, double bitsPerSnapshot, double bitsPerObject, double bitsPerMovingObject, double kbps,
    double[] kbpsPerSecond)
{
}
