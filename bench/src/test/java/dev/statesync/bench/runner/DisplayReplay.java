package dev.statesync.bench.runner;

import dev.statesync.bench.runner.DisplayModel.Path;

/**
 * What a display shows of one object, tick by tick, given the states of its path it receives and when each arrives:
 * the library's rules ({@link DisplayModel}) replayed against the true path, for the oracle diagnostics
 * ({@link OracleBudgetBound}). At wall tick {@code S + D} it shows display tick {@code S} from the states that arrived
 * by then: the newest {@code A <= S} held when of tick {@code S} or at rest, blended towards the next one held when
 * that is at most {@code maxBlendTicks} later (held when further), else extrapolated from {@code A}.
 */
final class DisplayReplay
{
    /** Arrival of a state that never arrives. */
    static final int NEVER = Integer.MAX_VALUE;

    /** Errors of every shown pose: counts, the largest, and every position error for percentiles. */
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

        void add(final double positionM, final double rotationRad)
        {
            if (samples == positions.length)
            {
                positions = java.util.Arrays.copyOf(positions, samples * 2);
                rotations = java.util.Arrays.copyOf(rotations, samples * 2);
            }
            positions[samples] = (float)positionM;
            rotations[samples] = (float)Math.toDegrees(rotationRad);
            samples++;
            maxM = Math.max(maxM, positionM);
            rotationMaxDeg = Math.max(rotationMaxDeg, Math.toDegrees(rotationRad));
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
            final float[] sorted = java.util.Arrays.copyOf(values, samples);
            java.util.Arrays.sort(sorted);
            return sorted[(int)Math.min(samples - 1, Math.floor(fraction * samples))];
        }
    }

    private final DisplayModel display;
    private final int delayTicks;
    private final double[] shown = new double[7];

    DisplayReplay(final DisplayModel.Rules rules, final int delayTicks)
    {
        this.display = new DisplayModel(rules);
        this.delayTicks = delayTicks;
    }

    /**
     * Show display ticks {@code fromTick .. ticks - 1} and add each error to {@code errors}.
     *
     * @param stateTicks the ticks of the states sent, ascending.
     * @param arrivals   the wall tick each arrives, or {@link #NEVER}.
     * @param count      states.
     */
    void replay(final Path path, final int[] stateTicks, final int[] arrivals, final int count, final int fromTick,
        final Errors errors)
    {
        for (int s = fromTick; s < path.ticks(); s++)
        {
            final long wall = (long)s + delayTicks;
            int a = -1;
            int b = -1;
            for (int i = 0; i < count && stateTicks[i] <= s; i++)
            {
                if (arrivals[i] <= wall)
                {
                    a = i;
                }
            }
            if (a < 0)
            {
                errors.unheld++;
                continue;
            }
            for (int i = a + 1; i < count; i++)
            {
                if (arrivals[i] <= wall)
                {
                    b = i;
                    break;
                }
            }
            final int tickA = stateTicks[a];
            if (tickA == s || path.atRest()[tickA])
            {
                display.prepareExtrapolation(path, tickA, -1);
                display.showUnblended(path, tickA, tickA, shown);
            }
            else if (b >= 0)
            {
                if (stateTicks[b] - tickA <= display.rules().maxBlendTicks())
                {
                    DisplayModel.showBlend(path, tickA, stateTicks[b], s, shown);
                }
                else
                {
                    display.prepareExtrapolation(path, tickA, -1);
                    display.showUnblended(path, tickA, tickA, shown);
                }
            }
            else
            {
                int previous = -1;
                for (int i = a - 1; i >= 0; i--)
                {
                    if (arrivals[i] <= wall)
                    {
                        previous = stateTicks[i];
                        break;
                    }
                }
                display.prepareExtrapolation(path, tickA, previous);
                display.showUnblended(path, tickA, s, shown);
            }
            errors.add(DisplayModel.positionError(path, s, shown), DisplayModel.rotationError(path, s, shown));
        }
    }
}
