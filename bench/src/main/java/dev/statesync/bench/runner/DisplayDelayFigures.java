package dev.statesync.bench.runner;

import java.util.Locale;

/**
 * The display delay the fidelity figures were measured at ({@code dev.statesync.sync.snapshot.SnapshotDisplayDelay}):
 * transit plus {@code (sparePackets + 1)} send intervals, following the interval the replica receives at. Every
 * tick of it is latency: the replica shows the world that much in the past.
 *
 * @param minTicks     smallest delay of the run, ticks.
 * @param maxTicks     largest delay of the run, ticks.
 * @param meanTicks    mean over the ticks evaluated, ticks.
 * @param tickMs       one tick, ms.
 * @param sparePackets lost packets in a row the rule rides out (-1: a fixed delay).
 */
record DisplayDelayFigures(int minTicks, int maxTicks, double meanTicks, double tickMs, int sparePackets)
{
    /** @return mean delay, ms. */
    double meanMs()
    {
        return meanTicks * tickMs;
    }

    /** @return e.g. "display delay 6 ticks (100 ms)" or "display delay 6-10 ticks, mean 8.4 (140 ms)". */
    String describe()
    {
        if (minTicks == maxTicks)
        {
            return String.format(Locale.ROOT, "display delay %d ticks (%.0f ms)", minTicks, minTicks * tickMs);
        }
        return String.format(Locale.ROOT, "display delay %d-%d ticks, mean %.1f (%.0f ms)",
            minTicks, maxTicks, meanTicks, meanMs());
    }
}
