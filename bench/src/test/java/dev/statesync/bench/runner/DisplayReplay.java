package dev.statesync.bench.runner;

import java.util.Arrays;

import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.snapshot.SnapshotDisplay;
import dev.statesync.sync.snapshot.SnapshotDisplayConfig;

/**
 * What the library's {@link SnapshotDisplay} shows of one object, tick by tick, given the states of its true path it
 * receives and when each arrives, for the oracle diagnostics ({@link OracleBudgetBound}). At wall tick {@code W} the
 * display is handed every state that arrived by then, in arrival order (it drops one older than a state it holds, as
 * it does in a replica), and shows display tick {@code W - D}; that is compared with the path.
 */
final class DisplayReplay
{
    /** Arrival of a state that never arrives. */
    static final int NEVER = Integer.MAX_VALUE;

    /** Errors of every shown pose: counts, the largest, and every error for percentiles. */
    static final class Errors
    {
        private final double toleranceM;
        private float[] positions = new float[1 << 16];
        private float[] rotations = new float[1 << 16];
        private int samples;
        private long overTolerance;
        private double maxM;
        private double rotationMaxDeg;
        private long unheld;

        Errors(final double toleranceM)
        {
            this.toleranceM = toleranceM;
        }

        void add(final double positionM, final double rotationDeg)
        {
            if (samples == positions.length)
            {
                positions = Arrays.copyOf(positions, samples * 2);
                rotations = Arrays.copyOf(rotations, samples * 2);
            }
            positions[samples] = (float)positionM;
            rotations[samples] = (float)rotationDeg;
            samples++;
            maxM = Math.max(maxM, positionM);
            rotationMaxDeg = Math.max(rotationMaxDeg, rotationDeg);
            if (positionM > toleranceM)
            {
                overTolerance++;
            }
        }

        int samples()
        {
            return samples;
        }

        /** @return shown poses off by more than the tolerance. */
        long overTolerance()
        {
            return overTolerance;
        }

        double maxM()
        {
            return maxM;
        }

        /** @return the largest rotation error, degrees. */
        double rotationMaxDeg()
        {
            return rotationMaxDeg;
        }

        /** @return display ticks at which the object had no state yet. */
        long unheld()
        {
            return unheld;
        }

        double positionP99M()
        {
            return percentile(positions, 0.99);
        }

        double rotationP99Deg()
        {
            return percentile(rotations, 0.99);
        }

        private double percentile(final float[] values, final double fraction)
        {
            if (samples == 0)
            {
                return 0;
            }
            final float[] sorted = Arrays.copyOf(values, samples);
            Arrays.sort(sorted);
            return sorted[(int)Math.min(samples - 1, Math.floor(fraction * samples))];
        }
    }

    private final SnapshotDisplay display;
    private final int delayTicks;
    private final float[] shown = new float[ObjectPath.STRIDE];
    private Integer[] order = new Integer[0];

    DisplayReplay(final StateSchema schema, final SnapshotDisplayConfig config, final int delayTicks)
    {
        this.display = new SnapshotDisplay(schema, 1, config);
        this.delayTicks = delayTicks;
    }

    /**
     * Show display ticks {@code fromTick .. ticks - 1} and add each error to {@code errors}.
     *
     * @param stateTicks the ticks of the states sent, ascending.
     * @param arrivals   the wall tick each arrives, or {@link #NEVER}.
     * @param count      states.
     */
    void replay(final ObjectPath path, final int[] stateTicks, final int[] arrivals, final int count, final int fromTick,
        final Errors errors)
    {
        if (order.length < count)
        {
            order = new Integer[count];
        }
        for (int i = 0; i < count; i++)
        {
            order[i] = i;
        }
        Arrays.sort(order, 0, count, (x, y) -> arrivals[x] != arrivals[y] ?
            Integer.compare(arrivals[x], arrivals[y]) : Integer.compare(stateTicks[x], stateTicks[y]));
        display.clear();
        int next = 0;
        for (int s = fromTick; s < path.ticks(); s++)
        {
            final long wall = (long)s + delayTicks;
            while (next < count && arrivals[order[next]] <= wall)
            {
                final int t = stateTicks[order[next]];
                display.hold(0, t, path.records(), path.offset(t));
                next++;
            }
            if (display.show(0, s, shown, 0) == SnapshotDisplay.NOTHING)
            {
                errors.unheld++;
                continue;
            }
            errors.add(path.positionErrorM(s, shown), path.rotationErrorDeg(s, shown));
        }
    }
}
