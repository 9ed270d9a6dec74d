package dev.statesync.bench.scene;

/**
 * Runs a scene for a number of ticks and reports how busy it is and how long a step takes: mean changed
 * objects per tick ({@link QuantizedChangeCounter}), mean objects at rest, wall time per tick.
 * <p>
 * {@code java -cp statesync-bench.jar dev.statesync.bench.scene.SceneActivityReport cubes 1200}
 */
public final class SceneActivityReport
{
    private final String sceneName;
    private final int ticks;
    private final double meanChangedPerTick;
    private final double meanAtRestPerTick;
    private final int maxChangedPerTick;
    private final double wallMsPerTick;

    private SceneActivityReport(
        final String sceneName, final int ticks, final double meanChangedPerTick, final double meanAtRestPerTick,
        final int maxChangedPerTick, final double wallMsPerTick)
    {
        this.sceneName = sceneName;
        this.ticks = ticks;
        this.meanChangedPerTick = meanChangedPerTick;
        this.meanAtRestPerTick = meanAtRestPerTick;
        this.maxChangedPerTick = maxChangedPerTick;
        this.wallMsPerTick = wallMsPerTick;
    }

    /**
     * Step {@code scene} {@code ticks} times, counting after every step.
     *
     * @param scene scene in any state; it is stepped.
     * @param ticks number of steps.
     * @return the measurement.
     */
    public static SceneActivityReport measure(final Scene scene, final int ticks)
    {
        final ObjectStates states = new ObjectStates(scene.objectCount());
        final QuantizedChangeCounter counter = new QuantizedChangeCounter(scene.objectCount());
        scene.readState(states);
        counter.update(states);
        long changedSum = 0;
        long atRestSum = 0;
        int changedMax = 0;
        long stepNs = 0;
        for (int t = 0; t < ticks; t++)
        {
            final long startNs = System.nanoTime();
            scene.step();
            stepNs += System.nanoTime() - startNs;
            scene.readState(states);
            final int changed = counter.update(states);
            changedSum += changed;
            changedMax = Math.max(changedMax, changed);
            for (int i = 0; i < states.count(); i++)
            {
                atRestSum += states.atRest[i] ? 1 : 0;
            }
        }
        return new SceneActivityReport(
            scene.name(), ticks, (double)changedSum / ticks, (double)atRestSum / ticks, changedMax,
            stepNs / 1e6 / ticks);
    }

    public double meanChangedPerTick()
    {
        return meanChangedPerTick;
    }

    public double meanAtRestPerTick()
    {
        return meanAtRestPerTick;
    }

    public int maxChangedPerTick()
    {
        return maxChangedPerTick;
    }

    public double wallMsPerTick()
    {
        return wallMsPerTick;
    }

    @Override
    public String toString()
    {
        return String.format(
            "%s: %d ticks, changed/tick mean %.1f max %d, at rest/tick mean %.1f, step %.2f ms/tick",
            sceneName, ticks, meanChangedPerTick, maxChangedPerTick, meanAtRestPerTick, wallMsPerTick);
    }

    /**
     * @param args scene name ({@code cubes} or {@code pile}) and number of ticks.
     */
    public static void main(final String[] args)
    {
        final String name = args.length > 0 ? args[0] : "cubes";
        final int ticks = args.length > 1 ? Integer.parseInt(args[1]) : 1200;
        final Scene scene = SceneFactory.create(name);
        System.out.println(measure(scene, ticks));
    }
}
