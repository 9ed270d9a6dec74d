package dev.statesync.bench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Collects {@link SceneView}s while {@link Fidelity} evaluates: at four evenly spaced evaluation ticks, and at the
 * tick whose largest position error is the run's largest so far (copied only when a new largest appears, so the
 * run pays one frame copy per new record, not one per tick).
 */
final class SceneViews
{
    private static final int EVEN_VIEWS = 4;

    private final int objects;
    private final int[] captureTicks = new int[EVEN_VIEWS];
    private final float[] authorityXY;
    private final float[] replicaXY;
    private final float[] errorM;
    private final List<SceneView> even = new ArrayList<>();
    private SceneView worst;
    private double worstErrorM = -1;

    /**
     * @param objects    objects per tick.
     * @param delayTicks the display delay: the first evaluation tick shows tick 1 at {@code delayTicks + 1}.
     * @param ticks      ticks of the run.
     */
    SceneViews(final int objects, final int delayTicks, final int ticks)
    {
        this.objects = objects;
        authorityXY = new float[2 * objects];
        replicaXY = new float[2 * objects];
        errorM = new float[objects];
        for (int k = 1; k <= EVEN_VIEWS; k++)
        {
            captureTicks[k - 1] = delayTicks + (int)Math.ceil((double)k * (ticks - delayTicks) / EVEN_VIEWS);
        }
        begin();
    }

    /** Start a tick: every object unheld until {@link #object} says otherwise. */
    void begin()
    {
        Arrays.fill(replicaXY, Float.NaN);
        Arrays.fill(errorM, Float.NaN);
    }

    /** Object {@code i}'s authority position; call for every object. */
    void authority(final int i, final float x, final float y)
    {
        authorityXY[2 * i] = x;
        authorityXY[2 * i + 1] = y;
    }

    /** Object {@code i} as the replica showed it, and its position error. */
    void replica(final int i, final float x, final float y, final double error)
    {
        replicaXY[2 * i] = x;
        replicaXY[2 * i + 1] = y;
        errorM[i] = (float)error;
    }

    /** End evaluation tick {@code tick}, which showed {@code displayTick} with largest error {@code maxErrorM}. */
    void end(final int tick, final int displayTick, final double maxErrorM)
    {
        for (final int capture : captureTicks)
        {
            if (capture == tick)
            {
                even.add(view(displayTick, false));
                break;
            }
        }
        if (maxErrorM > worstErrorM)
        {
            worstErrorM = maxErrorM;
            worst = view(displayTick, true);
        }
        begin();
    }

    private SceneView view(final int displayTick, final boolean isWorst)
    {
        return new SceneView(displayTick, isWorst, authorityXY.clone(), replicaXY.clone(), errorM.clone());
    }

    /** @return the evenly spaced views, then the worst one (if any tick was evaluated), in tick order otherwise. */
    List<SceneView> views()
    {
        final List<SceneView> all = new ArrayList<>(even);
        if (worst != null)
        {
            all.add(worst);
        }
        return all;
    }

    /** @return objects per view. */
    int objects()
    {
        return objects;
    }
}
