package dev.statesync.bench.runner;

/**
 * Every object's position at one display tick, as the authority simulated it and as the replica showed it: the
 * HTML report's top-down view. x and y only (3D scenes are seen from above, 2D scenes as they are).
 *
 * @param displayTick the tick shown (the evaluation tick less the display delay).
 * @param worst       true for the tick with the run's largest position error.
 * @param authorityXY the authority's x, y per object, metres ({@code 2 * objects}).
 * @param replicaXY   the replica's displayed x, y per object, metres; NaN where it held nothing yet.
 * @param errorM      the position error per object (3D distance), metres; NaN where it held nothing yet.
 */
public record SceneView(int displayTick, boolean worst, float[] authorityXY, float[] replicaXY, float[] errorM)
{
    /** @return the largest error of this view, metres (0 if none). */
    public double maxErrorM()
    {
        double max = 0;
        for (final float e : errorM)
        {
            if (e > max)
            {
                max = e;
            }
        }
        return max;
    }
}
