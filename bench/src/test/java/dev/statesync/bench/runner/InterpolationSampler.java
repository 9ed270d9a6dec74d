package dev.statesync.bench.runner;

import dev.statesync.bench.runner.DisplayModel.Path;

/**
 * The fewest states of one object's path a display needs to stay within a pose tolerance, found greedily: from
 * each state sent, the latest next state such that every tick between them is shown within the tolerance. A
 * diagnostic for {@link OracleBudgetBound}, not library code.
 *
 * <p>What the display shows at a tick {@code S} between two sent states {@code A < S < B} is the library's rule
 * ({@link DisplayModel}): {@code A} held when at rest; blended towards {@code B} when {@code B} has arrived
 * ({@code S + delay >= B + arrival}) and is at most {@code maxBlendTicks} later, held when it is further;
 * extrapolated from {@code A} (or held) while {@code B} has not arrived. The arrival is the sender's slack plus
 * transit, and for a state sent again, anywhere up to its last copy's: every way the display may show a tick must
 * hold. States are taken to arrive in tick order: one that overtakes an older one (whose earlier copies were lost)
 * is outside what is checked here, and {@link DisplayReplay} measures what it does. With {@code maxBlendTicks} 0 nothing is
 * ever blended, and the choice is causal: a state is sent on the first tick the display would otherwise be off by
 * more than the tolerance, which a sender that knows the present and mirrors the display can do (dead reckoning).
 * With blends the sampler looks ahead up to {@code maxBlendTicks}, which no sender can.
 */
final class InterpolationSampler
{
    /** How the next state is chosen. */
    enum Mode
    {
        /**
         * The latest next state that keeps every tick between within the tolerance, looking up to
         * {@code maxBlendTicks} ahead along the path (no real sender can; with {@code maxBlendTicks} 0 it is dead
         * reckoning: a state on the first tick the display, extrapolating or holding, would be off).
         */
        LOOK_AHEAD,
        /**
         * Causal, one tick behind: extend the segment from the last state sent while the display, blending towards the
         * present, keeps every tick between within the tolerance; when the present breaks it, send the tick before.
         * Once a blend cannot reach further ({@code maxBlendTicks}), wait for the first tick the unblended display
         * fails. A sender that knows the present and mirrors the display can do this, one tick late.
         */
        SLIDING_WINDOW
    }

    private final Mode mode;
    private final double tolerance;
    /** Rotation tolerance, radians; 0 ignores rotation. */
    private final double rotationTolerance;
    private final int delayTicks;
    private final int earliestArrivalTicks;
    private final int latestArrivalTicks;
    private final DisplayModel display;
    private final double[] shown = new double[7];

    /**
     * @param toleranceM           the largest position error allowed at any tick, metres.
     * @param rotationToleranceDeg the largest rotation error allowed at any tick, degrees (0: not checked).
     * @param delayTicks           the display delay {@code D}: tick {@code S} is shown at wall tick {@code S + D}.
     * @param earliestArrivalTicks a state of tick {@code t} may arrive from wall tick {@code t + earliestArrivalTicks}
     * @param latestArrivalTicks   and arrives by wall tick {@code t + latestArrivalTicks} (a later copy, when the
     *                             earlier ones are lost); in between, the display may show either way, and both must
     *                             stay within the tolerance.
     * @param rules                the display's rules.
     * @param mode                 how the next state is chosen.
     */
    InterpolationSampler(
        final Mode mode,
        final double toleranceM,
        final double rotationToleranceDeg,
        final int delayTicks,
        final int earliestArrivalTicks,
        final int latestArrivalTicks,
        final DisplayModel.Rules rules)
    {
        if (latestArrivalTicks > delayTicks || earliestArrivalTicks > latestArrivalTicks)
        {
            throw new IllegalArgumentException("arrival " + earliestArrivalTicks + ".." + latestArrivalTicks +
                " ticks after a state's tick does not fit a display " + delayTicks + " ticks behind");
        }
        this.mode = mode;
        this.tolerance = toleranceM;
        this.rotationTolerance = Math.toRadians(rotationToleranceDeg);
        this.delayTicks = delayTicks;
        this.earliestArrivalTicks = earliestArrivalTicks;
        this.latestArrivalTicks = latestArrivalTicks;
        this.display = new DisplayModel(rules);
    }

    /**
     * Choose the ticks to send for one object.
     *
     * @param path the object's path.
     * @param sent out: the ticks chosen, ascending, the first always 0.
     * @return how many ticks were chosen (the first included).
     */
    int sample(final Path path, final int[] sent)
    {
        int count = 0;
        int a = 0;
        sent[count++] = a;
        while (a < path.ticks() - 1)
        {
            display.prepareExtrapolation(path, a, count >= 2 ? sent[count - 2] : -1);
            final int b = mode == Mode.LOOK_AHEAD ? latestNext(path, a) : slidingNext(path, a);
            if (b >= path.ticks())
            {
                break;
            }
            sent[count++] = b;
            a = b;
        }
        return count;
    }

    /** @return the latest tick {@code B > a} that may be sent next, or {@code ticks} when none is needed. */
    private int latestNext(final Path path, final int a)
    {
        final int firstFailure = firstUnblendedFailure(path, a);
        if (firstFailure >= path.ticks())
        {
            return path.ticks();
        }
        // Past firstFailure only a blend can cover it, so B is at most maxBlendTicks after A (or firstFailure itself).
        // Each candidate is checked tick by tick: once B has arrived the display blends or holds instead of
        // extrapolating. B = a + 1 always works (no tick between).
        final int last = Math.min(path.ticks() - 1, Math.max(firstFailure, a + display.rules().maxBlendTicks()));
        for (int b = last; b > a + 1; b--)
        {
            if (segmentHolds(path, a, b))
            {
                return b;
            }
        }
        return a + 1;
    }

    /** @return the next tick a one-tick-late sender sends after {@code a} (see {@link Mode#SLIDING_WINDOW}). */
    private int slidingNext(final Path path, final int a)
    {
        final int end = Math.min(path.ticks() - 1, a + display.rules().maxBlendTicks());
        if (!path.atRest()[a])
        {
            for (int b = a + 2; b <= end; b++)
            {
                if (!segmentHolds(path, a, b))
                {
                    return b - 1;
                }
            }
        }
        final int firstFailure = firstUnblendedFailure(path, a);
        if (firstFailure >= path.ticks())
        {
            return path.ticks();
        }
        if (path.atRest()[a] || firstFailure > end && segmentHolds(path, a, firstFailure))
        {
            return firstFailure;
        }
        return Math.max(a + 1, end);
    }

    /** @return the first tick after {@code a} shown off by more than the tolerance with nothing newer held. */
    private int firstUnblendedFailure(final Path path, final int a)
    {
        for (int s = a + 1; s < path.ticks(); s++)
        {
            display.showUnblended(path, a, s, shown);
            if (!withinTolerance(path, s))
            {
                return s;
            }
        }
        return path.ticks();
    }

    private boolean segmentHolds(final Path path, final int a, final int b)
    {
        for (int s = a + 1; s < b; s++)
        {
            final boolean surelyArrived = s + delayTicks >= b + latestArrivalTicks;
            final boolean maybeArrived = s + delayTicks >= b + earliestArrivalTicks;
            if (!surelyArrived)
            {
                display.showUnblended(path, a, s, shown);
                if (!withinTolerance(path, s))
                {
                    return false;
                }
            }
            if (maybeArrived)
            {
                if (b - a <= display.rules().maxBlendTicks() && !path.atRest()[a])
                {
                    DisplayModel.showBlend(path, a, b, s, shown);
                }
                else
                {
                    // Held: the display neither blends across so long a gap nor extrapolates once a newer state is held.
                    display.showUnblended(path, a, a, shown);
                }
                if (!withinTolerance(path, s))
                {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean withinTolerance(final Path path, final int s)
    {
        return DisplayModel.positionError(path, s, shown) <= tolerance &&
            (rotationTolerance == 0 || DisplayModel.rotationError(path, s, shown) <= rotationTolerance);
    }
}
