package dev.statesync.sync.predict;

/**
 * Counts corrections and their sizes so a game can watch its misprediction rate in production, not just in
 * tests. Sizes are the position error at the server's tick, metres.
 */
public final class CorrectionStats
{
    private long count;
    private double maxErrorM;
    private double sumErrorM;

    /** Record one correction of {@code errorM} metres. */
    public void record(final double errorM)
    {
        count++;
        sumErrorM += errorM;
        if (errorM > maxErrorM)
        {
            maxErrorM = errorM;
        }
    }

    /** @return number of corrections (rewind and replay) so far. */
    public long count()
    {
        return count;
    }

    /** @return largest position error corrected, metres; 0 if none. */
    public double maxErrorM()
    {
        return maxErrorM;
    }

    /** @return mean position error corrected, metres; 0 if none. */
    public double meanErrorM()
    {
        return count == 0 ? 0.0 : sumErrorM / count;
    }

    /** Forget everything. */
    public void reset()
    {
        count = 0;
        maxErrorM = 0.0;
        sumErrorM = 0.0;
    }

    @Override
    public String toString()
    {
        return "CorrectionStats{count=" + count + ", maxErrorM=" + maxErrorM + ", meanErrorM=" + meanErrorM() + '}';
    }
}
