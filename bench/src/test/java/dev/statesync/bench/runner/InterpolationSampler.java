package dev.statesync.bench.runner;

import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.snapshot.SnapshotDisplay;
import dev.statesync.sync.snapshot.SnapshotDisplayConfig;

/**
 * The fewest states of one object's path a display needs to stay within a pose tolerance, found greedily: from
 * each state sent, the next one such that every tick between them is shown within the tolerance. A diagnostic for
 * {@link OracleBudgetBound}, not library code.
 *
 * <p>What is shown is the library's own {@link SnapshotDisplay}, asked with the states it would hold: at a tick
 * {@code S} between two sent states {@code A < S < B}, before {@code B} arrives ({@code S + delay < B + arrival}) it
 * holds the state sent before {@code A} and {@code A} (so it extrapolates with their velocity, or holds), and after,
 * also {@code B} (so it blends, or holds across a gap longer than its blend limit). The arrival is the sender's slack
 * plus transit, and for a state sent again, anywhere up to its last copy's: both ways of showing a tick in between
 * must hold. States are taken to arrive in tick order: the display drops a state older than one it holds, so a resent
 * state that arrives after a newer one is lost to it, and {@link DisplayReplay} measures what that does.
 */
final class InterpolationSampler
{
    /** How the next state is chosen. */
    enum Mode
    {
        /**
         * The latest next state that keeps every tick between within the tolerance, looking up to the display's blend
         * limit ahead along the path (no real sender can; with a blend limit of 1 nothing is blended and it is dead
         * reckoning: a state on the first tick the display, extrapolating or holding, would be off).
         */
        LOOK_AHEAD,
        /**
         * Causal, one tick behind: extend the segment from the last state sent while the display, blending towards the
         * present, keeps every tick between within the tolerance; when the present breaks it, send the tick before.
         * Once a blend cannot reach further (the blend limit), wait for the first tick the unblended display fails. A
         * sender that knows the present and mirrors the display can do this, one tick late.
         */
        SLIDING_WINDOW
    }

    private static final int NONE = -1;

    private final Mode mode;
    private final double toleranceM;
    /** Rotation tolerance, degrees; 0 ignores rotation. */
    private final double rotationToleranceDeg;
    private final int delayTicks;
    private final int earliestArrivalTicks;
    private final int latestArrivalTicks;
    private final int maxBlendTicks;
    /** Holds the state before A and A: what is shown before B arrives. */
    private final SnapshotDisplay before;
    /** Holds those and B: what is shown after. */
    private final SnapshotDisplay after;
    private final float[] shown = new float[ObjectPath.STRIDE];
    private ObjectPath path;
    private int previous = NONE;

    /**
     * @param mode                 how the next state is chosen.
     * @param toleranceM           the largest position error allowed at any tick, metres.
     * @param rotationToleranceDeg the largest rotation error allowed at any tick, degrees (0: not checked).
     * @param delayTicks           the display delay {@code D}: tick {@code S} is shown at wall tick {@code S + D}.
     * @param earliestArrivalTicks a state of tick {@code t} may arrive from wall tick {@code t + earliestArrivalTicks}
     * @param latestArrivalTicks   and arrives by wall tick {@code t + latestArrivalTicks}.
     * @param schema               the states' schema (whether they carry velocities).
     * @param display              the display's settings.
     */
    InterpolationSampler(
        final Mode mode,
        final double toleranceM,
        final double rotationToleranceDeg,
        final int delayTicks,
        final int earliestArrivalTicks,
        final int latestArrivalTicks,
        final StateSchema schema,
        final SnapshotDisplayConfig display)
    {
        if (latestArrivalTicks > delayTicks || earliestArrivalTicks > latestArrivalTicks)
        {
            throw new IllegalArgumentException("arrival " + earliestArrivalTicks + ".." + latestArrivalTicks +
                " ticks after a state's tick does not fit a display " + delayTicks + " ticks behind");
        }
        this.mode = mode;
        this.toleranceM = toleranceM;
        this.rotationToleranceDeg = rotationToleranceDeg;
        this.delayTicks = delayTicks;
        this.earliestArrivalTicks = earliestArrivalTicks;
        this.latestArrivalTicks = latestArrivalTicks;
        this.maxBlendTicks = display.maxBlendTicks();
        this.before = new SnapshotDisplay(schema, 1, display);
        this.after = new SnapshotDisplay(schema, 1, display);
    }

    /**
     * Choose the ticks to send for one object.
     *
     * @param path the object's path.
     * @param sent out: the ticks chosen, ascending, the first always 0.
     * @return how many ticks were chosen (the first included).
     */
    int sample(final ObjectPath path, final int[] sent)
    {
        this.path = path;
        int count = 0;
        int a = 0;
        sent[count++] = a;
        while (a < path.ticks() - 1)
        {
            previous = count >= 2 ? sent[count - 2] : NONE;
            hold(before, a, NONE);
            final int b = mode == Mode.LOOK_AHEAD ? latestNext(a) : slidingNext(a);
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
    private int latestNext(final int a)
    {
        final int firstFailure = firstUnblendedFailure(a);
        if (firstFailure >= path.ticks())
        {
            return path.ticks();
        }
        // Past firstFailure only a blend can cover it, so B is at most the blend limit after A (or firstFailure
        // itself). B = a + 1 always works (no tick between).
        final int last = Math.min(path.ticks() - 1, Math.max(firstFailure, a + maxBlendTicks));
        for (int b = last; b > a + 1; b--)
        {
            if (segmentHolds(a, b))
            {
                return b;
            }
        }
        return a + 1;
    }

    /** @return the next tick a one-tick-late sender sends after {@code a} (see {@link Mode#SLIDING_WINDOW}). */
    private int slidingNext(final int a)
    {
        final int end = Math.min(path.ticks() - 1, a + maxBlendTicks);
        if (!path.atRest(a))
        {
            for (int b = a + 2; b <= end; b++)
            {
                if (!segmentHolds(a, b))
                {
                    return b - 1;
                }
            }
        }
        final int firstFailure = firstUnblendedFailure(a);
        if (firstFailure >= path.ticks())
        {
            return path.ticks();
        }
        if (path.atRest(a) || firstFailure > end && segmentHolds(a, firstFailure))
        {
            return firstFailure;
        }
        return Math.max(a + 1, end);
    }

    /** @return the first tick after {@code a} shown off by more than the tolerance with nothing newer held. */
    private int firstUnblendedFailure(final int a)
    {
        for (int s = a + 1; s < path.ticks(); s++)
        {
            if (!shownWithin(before, s))
            {
                return s;
            }
        }
        return path.ticks();
    }

    private boolean segmentHolds(final int a, final int b)
    {
        hold(after, a, b);
        for (int s = a + 1; s < b; s++)
        {
            final boolean surelyArrived = s + delayTicks >= b + latestArrivalTicks;
            final boolean maybeArrived = s + delayTicks >= b + earliestArrivalTicks;
            if (!surelyArrived && !shownWithin(before, s))
            {
                return false;
            }
            if (maybeArrived && !shownWithin(after, s))
            {
                return false;
            }
        }
        return true;
    }

    /** Make {@code display} hold the state sent before {@code a}, {@code a}, and {@code b} unless {@link #NONE}. */
    private void hold(final SnapshotDisplay display, final int a, final int b)
    {
        display.clear();
        if (previous != NONE)
        {
            display.hold(0, previous, path.records(), path.offset(previous));
        }
        display.hold(0, a, path.records(), path.offset(a));
        if (b != NONE)
        {
            display.hold(0, b, path.records(), path.offset(b));
        }
    }

    private boolean shownWithin(final SnapshotDisplay display, final int s)
    {
        display.show(0, s, shown, 0);
        return path.positionErrorM(s, shown) <= toleranceM &&
            (rotationToleranceDeg == 0 || path.rotationErrorDeg(s, shown) <= rotationToleranceDeg);
    }
}
