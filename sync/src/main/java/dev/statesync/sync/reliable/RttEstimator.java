/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import java.util.Arrays;

/**
 * Round-trip time from ack samples. The smoothed value is reliable.io's exponential average (the first
 * sample is taken as is); min, max, average and jitter are recomputed on demand over the last
 * {@code historySize} samples, all in milliseconds.
 */
final class RttEstimator
{
    private final float smoothingFactor;
    private final double[] historyMs;
    private int historyNext;
    private int historyCount;

    private double smoothedMs;
    private double minMs;
    private double maxMs;
    private double averageMs;
    private double jitterMs;

    RttEstimator(final float smoothingFactor, final int historySize)
    {
        this.smoothingFactor = smoothingFactor;
        this.historyMs = new double[historySize];
    }

    void reset()
    {
        Arrays.fill(historyMs, 0.0);
        historyNext = 0;
        historyCount = 0;
        smoothedMs = 0.0;
        minMs = 0.0;
        maxMs = 0.0;
        averageMs = 0.0;
        jitterMs = 0.0;
    }

    void addSample(final double rttMs)
    {
        if ((smoothedMs == 0.0 && rttMs > 0.0) || Math.abs(smoothedMs - rttMs) < 0.00001)
        {
            smoothedMs = rttMs;
        }
        else
        {
            smoothedMs += (rttMs - smoothedMs) * smoothingFactor;
        }
        historyMs[historyNext] = rttMs;
        historyNext = historyNext + 1 == historyMs.length ? 0 : historyNext + 1;
        if (historyCount < historyMs.length)
        {
            historyCount++;
        }
    }

    /**
     * Recompute min, max, average and jitter (mean absolute deviation from the average) over the history.
     */
    void updateStatistics()
    {
        if (historyCount == 0)
        {
            return;
        }
        double min = Double.MAX_VALUE;
        double max = 0.0;
        double sum = 0.0;
        for (int i = 0; i < historyCount; i++)
        {
            final double sample = historyMs[i];
            min = Math.min(min, sample);
            max = Math.max(max, sample);
            sum += sample;
        }
        final double average = sum / historyCount;
        double deviation = 0.0;
        for (int i = 0; i < historyCount; i++)
        {
            deviation += Math.abs(historyMs[i] - average);
        }
        minMs = min;
        maxMs = max;
        averageMs = average;
        jitterMs = deviation / historyCount;
    }

    double smoothedMs()
    {
        return smoothedMs;
    }

    double minMs()
    {
        return minMs;
    }

    double maxMs()
    {
        return maxMs;
    }

    double averageMs()
    {
        return averageMs;
    }

    double jitterMs()
    {
        return jitterMs;
    }

    int sampleCount()
    {
        return historyCount;
    }

    long digest(final long seed)
    {
        long h = seed;
        h = h * 31 + Double.doubleToLongBits(smoothedMs);
        h = h * 31 + historyNext;
        h = h * 31 + historyCount;
        return h;
    }
}
