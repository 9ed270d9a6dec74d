package dev.statesync.bench.runner;

/**
 * One run of a {@code --seeds} spread ({@link SeedSweep}): the same scenario with another network simulator seed, so
 * other packets are lost, delayed and reordered.
 *
 * @param seed                 the network simulator's seed.
 * @param bitsPerSnapshot      statesync's payload bits per snapshot.
 * @param ratioToFiedler       statesync's bits per snapshot over the fiedler-2015 reference's, same states.
 * @param kbps                 statesync's kbps, headers included.
 * @param positionErrorP99M    99th percentile displayed position error, metres.
 * @param positionErrorMaxM    largest displayed position error, metres.
 * @param rotationErrorP99Deg  99th percentile displayed rotation error, degrees.
 * @param snapshotDatagramsLost snapshot datagrams the simulator dropped.
 * @param baselineMisses       snapshots the replica refused for a baseline it did not hold (a lost unacked
 *                             reference takes the snapshot that named it with it).
 */
public record SeedPoint(
    long seed,
    double bitsPerSnapshot,
    double ratioToFiedler,
    double kbps,
    double positionErrorP99M,
    double positionErrorMaxM,
    double rotationErrorP99Deg,
    long snapshotDatagramsLost,
    long baselineMisses)
{
    /** @return the figures of {@code report}, a run with {@code seed}. */
    static SeedPoint of(final long seed, final RunReport report)
    {
        final StageFigures statesync = report.stage(Stage.STATESYNC);
        return new SeedPoint(seed, statesync.bitsPerSnapshot(), report.statesyncToFiedlerRatio(), statesync.kbps(),
            report.positionErrorP99M(), report.positionErrorMaxM(), report.rotationErrorP99Deg(),
            report.link().packetsLost(), report.link().baselineMisses());
    }
}
