package dev.statesync.bench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Why the replica's display was wrong where it was most wrong: a diagnostic that {@link Fidelity} feeds with every
 * displayed (object, tick) error and {@link SimulatedLink} with what each tick's snapshot did to each object.
 *
 * <p>For a displayed error at display tick {@code S} the replica showed its state of tick {@code A <= S} (blended
 * towards {@code B > S} when it held one). The ticks {@code A+1 .. S} are the gap; each gap tick is classified by
 * what happened to the object's state of that tick:
 * <ul>
 *   <li><b>lost</b>: the object was in that tick's snapshot and the simulator dropped it;</li>
 *   <li><b>deferred</b>: the sender held the object back that tick (old-baseline protection,
 *       {@code SnapshotSender.lastDeferredTick});</li>
 *   <li><b>late</b>: it was sent and not dropped, but had not arrived when the tick was displayed, or its snapshot
 *       was refused because the unacked snapshot it was coded against was dropped ({@code --unacked-refs});</li>
 *   <li><b>unsent</b>: neither (unchanged, waiting for an ack, or left out by a budget).</li>
 * </ul>
 * An error with no gap ({@code A == S}) is the codec's and quantization's own: <b>quantization</b> in the table.
 * The most wrong events are kept one per (object, gap start {@code A}), so one pop shown over several display ticks
 * is one row; and every error of at least {@link #THRESHOLD_M} is counted by its cause.
 */
final class DisplayErrorCauses
{
    /** Errors at least this large are counted by cause, metres. */
    static final double THRESHOLD_M = 0.01;

    static final int LOST = 1;
    static final int DEFERRED = 2;
    static final int LATE = 4;
    static final int UNSENT = 8;
    private static final int SENT = 16;
    private static final int CAUSES = 16;
    private static final int RING = 64;
    private static final int NO_TICK = Integer.MIN_VALUE;

    /** One of the largest displayed errors. */
    record Event(int object, int shownTick, int heldTick, int nextTick, double errorM, int causes)
    {
        /** @return the causes as text: "quantization" for no gap, else the gap's classes joined by '+'. */
        String causeText()
        {
            return DisplayErrorCauses.causeText(causes);
        }
    }

    private final int objects;
    private final int capacity;
    private final byte[] status;
    private final int[] ringTicks = new int[RING];
    private final Event[] top;
    private int topCount;
    private final long[] countByCause = new long[CAUSES];
    private final double[] maxByCause = new double[CAUSES];

    /**
     * @param objects objects in the scene.
     * @param largest how many of the largest events to keep.
     */
    DisplayErrorCauses(final int objects, final int largest)
    {
        this.objects = objects;
        this.capacity = largest;
        status = new byte[RING * objects];
        Arrays.fill(ringTicks, NO_TICK);
        top = new Event[largest];
    }

    /**
     * What the snapshot of {@code tick} did: it carried {@code included[0..count)}, {@code deferredAt(object) ==
     * tick} for objects the sender held back, and {@code lost} when any of its datagrams was dropped.
     */
    void recordSend(final int tick, final int[] included, final int count, final boolean lost,
        final java.util.function.IntUnaryOperator deferredAt)
    {
        final int slot = tick & (RING - 1);
        ringTicks[slot] = tick;
        final int base = slot * objects;
        for (int object = 0; object < objects; object++)
        {
            status[base + object] = (byte)(deferredAt.applyAsInt(object) == tick ? DEFERRED : 0);
        }
        for (int k = 0; k < count; k++)
        {
            status[base + included[k]] = (byte)(SENT | (lost ? LOST : 0));
        }
    }

    /**
     * A displayed error: {@code object} shown at display tick {@code shownTick} from its state of {@code heldTick},
     * blended towards {@code nextTick} (or {@code Integer.MIN_VALUE}: not blended).
     */
    void offer(final int object, final int shownTick, final int heldTick, final int nextTick, final double errorM)
    {
        final boolean counts = errorM >= THRESHOLD_M;
        final boolean ranks = capacity > 0 && (topCount < capacity || errorM > top[topCount - 1].errorM());
        if (!counts && !ranks)
        {
            return;
        }
        final int causes = classify(object, heldTick, shownTick);
        if (counts)
        {
            countByCause[causes]++;
            maxByCause[causes] = Math.max(maxByCause[causes], errorM);
        }
        if (ranks)
        {
            rank(new Event(object, shownTick, heldTick, nextTick, errorM, causes));
        }
    }

    private int classify(final int object, final int heldTick, final int shownTick)
    {
        int causes = 0;
        for (int t = Math.max(heldTick + 1, shownTick - RING + 1); t <= shownTick; t++)
        {
            final int slot = t & (RING - 1);
            if (ringTicks[slot] != t)
            {
                causes |= UNSENT;
                continue;
            }
            final int s = status[slot * objects + object];
            if ((s & LOST) != 0)
            {
                causes |= LOST;
            }
            else if ((s & SENT) != 0)
            {
                causes |= LATE;
            }
            else if ((s & DEFERRED) != 0)
            {
                causes |= DEFERRED;
            }
            else
            {
                causes |= UNSENT;
            }
        }
        return causes;
    }

    private void rank(final Event event)
    {
        for (int i = 0; i < topCount; i++)
        {
            if (top[i].object() == event.object() && top[i].heldTick() == event.heldTick())
            {
                if (top[i].errorM() >= event.errorM())
                {
                    return;
                }
                System.arraycopy(top, i + 1, top, i, topCount - i - 1);
                topCount--;
                break;
            }
        }
        if (topCount == capacity)
        {
            topCount--;
        }
        int i = topCount;
        while (i > 0 && top[i - 1].errorM() < event.errorM())
        {
            top[i] = top[i - 1];
            i--;
        }
        top[i] = event;
        topCount++;
    }

    /** @return the largest events, largest first, one per (object, held tick). */
    List<Event> largest()
    {
        return List.of(Arrays.copyOf(top, topCount));
    }

    /** @return errors of at least {@link #THRESHOLD_M} with exactly these causes (a bit set of the constants). */
    long count(final int causes)
    {
        return countByCause[causes];
    }

    /** @return the largest error with exactly these causes, metres (0 if none reached the threshold). */
    double max(final int causes)
    {
        return maxByCause[causes];
    }

    /** @return the bit sets of causes that have errors of at least {@link #THRESHOLD_M}. */
    List<Integer> causesSeen()
    {
        final List<Integer> seen = new ArrayList<>();
        for (int c = 0; c < CAUSES; c++)
        {
            if (countByCause[c] > 0)
            {
                seen.add(c);
            }
        }
        return seen;
    }

    /** @return what this diagnostic measured, for the reports. */
    DisplayErrorFigures figures()
    {
        final List<DisplayErrorFigures.LargestError> rows = new ArrayList<>();
        for (final Event e : largest())
        {
            rows.add(new DisplayErrorFigures.LargestError(e.errorM(), e.object(), e.shownTick(), e.heldTick(),
                e.nextTick() == NO_TICK ? DisplayErrorFigures.NO_TICK : e.nextTick(), e.causeText()));
        }
        final List<DisplayErrorFigures.CauseCount> counts = new ArrayList<>();
        for (final int c : causesSeen())
        {
            counts.add(new DisplayErrorFigures.CauseCount(causeText(c), count(c), max(c)));
        }
        return new DisplayErrorFigures(THRESHOLD_M, List.copyOf(rows), List.copyOf(counts));
    }

    static String causeText(final int causes)
    {
        if (causes == 0)
        {
            return "quantization";
        }
        final StringBuilder text = new StringBuilder();
        append(text, causes, LOST, "lost");
        append(text, causes, DEFERRED, "deferred");
        append(text, causes, LATE, "late");
        append(text, causes, UNSENT, "unsent");
        return text.toString();
    }

    private static void append(final StringBuilder text, final int causes, final int cause, final String name)
    {
        if ((causes & cause) != 0)
        {
            text.append(text.length() == 0 ? "" : "+").append(name);
        }
    }
}
