package dev.statesync.bench.player;

/**
 * Largest distance a displayed point moves from one frame to the next, over all frames and over the frames
 * without a correction: the difference is what corrections add to what the eye sees.
 */
public final class FrameStepMeter
{
    private boolean hasPrevious;
    private double previousX;
    private double previousY;
    private double maxStepM;
    private double maxUncorrectedStepM;

    /**
     * Record one frame.
     *
     * @param xM        displayed x, metres.
     * @param yM        displayed y, metres.
     * @param corrected true when a correction happened since the previous frame.
     */
    public void frame(final double xM, final double yM, final boolean corrected)
    {
        if (hasPrevious)
        {
            final double stepM = Math.hypot(xM - previousX, yM - previousY);
            maxStepM = Math.max(maxStepM, stepM);
            if (!corrected)
            {
                maxUncorrectedStepM = Math.max(maxUncorrectedStepM, stepM);
            }
        }
        hasPrevious = true;
        previousX = xM;
        previousY = yM;
    }

    /**
     * @return largest step between consecutive frames, metres.
     */
    public double maxStepM()
    {
        return maxStepM;
    }

    /**
     * @return largest step between consecutive frames with no correction in between, metres.
     */
    public double maxUncorrectedStepM()
    {
        return maxUncorrectedStepM;
    }
}
