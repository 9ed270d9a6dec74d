package dev.statesync.codec.snapshot;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateRecord;

import java.util.Arrays;

/**
 * When an object needs sending, and when an unchanged one waits: a changed state is always due and starts a
 * new count; a state that stopped changing is sent {@code 1 + unchangedRepeats} times on its next
 * opportunities (instead of on every tick until an ack returns a round trip later), then once more each time
 * {@code resendTimeoutTicks} pass since its last send without an ack covering it (see
 * {@link SnapshotConfig#unchangedRepeats}, {@link SnapshotConfig#resendTimeoutTicks}).
 *
 * <p>Owns the record of the last state sent per object (in the sent ring, which also holds every baseline), and a
 * dense copy of it ({@link #lastSent}) for the every-object, every-tick question "changed since sent?": the ring
 * spreads one object's slots over kilobytes, so asking it for every object costs two cache misses each, while
 * the copy is read in object order. Allocation-free after construction.
 */
final class ResendPolicy
{
    /** The receiver provably holds the current state. */
    static final int NEED_NONE = 0;
    /** The current state was never sent: it differs from the last state sent, or nothing was sent. */
    static final int NEED_CHANGED = 1;
    /** The current state is the last one sent, but no ack covers a packet of its run yet. */
    static final int NEED_UNACKED = 2;

    private final StateRing sentRing;
    private final int stride;
    private final int[] lastSentTick;
    /** First tick of the run of identical states ending with the last one sent. */
    private final int[] sameSinceTick;
    /** Times the state of the run ending at {@link #lastSentTick} was sent (saturating). */
    private final int[] sameStateSends;
    /**
     * Per object, the state last sent ({@code stride} ints from {@code object * stride}): what the sent ring holds
     * at {@link #lastSentTick} whenever {@link #lastSentHeld} says it holds it.
     */
    private final int[] lastSent;
    /**
     * Per object, whether the sent ring kept the last state sent: its only writer is {@link #onSent}, so its slot
     * for {@link #lastSentTick} holds that state exactly when that store was not refused (a slot holding a newer
     * tick refuses an older one), which is when {@code sentRing.find(object, lastSentTick)} finds it.
     */
    private final boolean[] lastSentHeld;
    private final int unchangedRepeats;
    private final int configuredResendTimeoutTicks;
    private int resendTimeoutTicks;
    private long heldForAck;
    private long timeoutResends;

    ResendPolicy(final StateRing sentRing, final int stride, final int objectCount, final SnapshotConfig config)
    {
        this.sentRing = sentRing;
        this.stride = stride;
        lastSentTick = new int[objectCount];
        sameSinceTick = new int[objectCount];
        Arrays.fill(lastSentTick, StateRing.NO_TICK);
        Arrays.fill(sameSinceTick, StateRing.NO_TICK);
        sameStateSends = new int[objectCount];
        lastSent = new int[objectCount * stride];
        lastSentHeld = new boolean[objectCount];
        unchangedRepeats = config.unchangedRepeats();
        resendTimeoutTicks = config.resendTimeoutTicks();
        configuredResendTimeoutTicks = resendTimeoutTicks;
    }

    /**
     * @param ackedTick the object's newest acked tick.
     * @return {@link #NEED_NONE}, {@link #NEED_CHANGED} or {@link #NEED_UNACKED}.
     */
    int need(final int object, final QuantizedStates current, final int ackedTick)
    {
        return need(object, current.equalsRecord(object, lastSent, object * stride), ackedTick);
    }

    /**
     * {@link #need(int, QuantizedStates, int)} when the caller already knows whether the object's current record
     * equals the last one sent ({@link #firstDiffering}).
     *
     * @param sameAsLastSent whether the current record equals {@link #lastSent}'s.
     * @param ackedTick      the object's newest acked tick.
     * @return {@link #NEED_NONE}, {@link #NEED_CHANGED} or {@link #NEED_UNACKED}.
     */
    int need(final int object, final boolean sameAsLastSent, final int ackedTick)
    {
        if (lastSentTick[object] == StateRing.NO_TICK || !lastSentHeld[object] || !sameAsLastSent)
        {
            return NEED_CHANGED;
        }
        return ackedTick == StateRing.NO_TICK || ackedTick - sameSinceTick[object] < 0 ? NEED_UNACKED : NEED_NONE;
    }

    /**
     * The first object from {@code from} on whose record in {@code current} differs from the last one sent (by
     * content alone: whether it was sent or is held is {@link #need}'s question), or the object count if none.
     * For the every-object scan of a tick: most objects did not change, and one vectorized mismatch over the
     * contiguous records runs through a stretch of unchanged ones several times faster than comparing them one
     * record at a time.
     *
     * @param from    the first object to compare.
     * @param current the current states, laid out as {@link #lastSent} ({@code stride} ints per object).
     * @return the first differing object at or after {@code from}, or the object count.
     */
    int firstDiffering(final int from, final QuantizedStates current)
    {
        final int start = from * stride;
        final int end = lastSent.length;
        final int mismatch = Arrays.mismatch(current.array(), start, end, lastSent, start, end);
        return mismatch < 0 ? end / stride : from + mismatch / stride;
    }

    /**
     * @return true (and counted) if an unchanged, unacked object has used up its repeats and its resend timeout
     * has not passed since its last send.
     */
    boolean holdsForAck(final int object, final int tick)
    {
        if (sameStateSends[object] > unchangedRepeats && tick - lastSentTick[object] < resendTimeoutTicks)
        {
            heldForAck++;
            return true;
        }
        return false;
    }

    /** The object's state {@code states[offset..]} went out at {@code tick}: count the run and keep the state. */
    void onSent(final int object, final int tick, final int[] states, final int offset)
    {
        final int base = object * stride;
        if (lastSentTick[object] == StateRing.NO_TICK || !lastSentHeld[object] ||
            !StateRecord.equalRecords(lastSent, base, states, offset, stride))
        {
            sameSinceTick[object] = tick;
            sameStateSends[object] = 1;
        }
        else
        {
            final int sends = sameStateSends[object];
            if (sends > unchangedRepeats)
            {
                timeoutResends++;
            }
            sameStateSends[object] = sends == Integer.MAX_VALUE ? sends : sends + 1;
        }
        lastSentHeld[object] = sentRing.store(object, tick, states, offset);
        System.arraycopy(states, offset, lastSent, base, stride);
        lastSentTick[object] = tick;
    }

    void resendTimeoutTicks(final int ticks)
    {
        if (ticks <= 0)
        {
            throw new IllegalArgumentException("resendTimeoutTicks must be > 0, got " + ticks);
        }
        resendTimeoutTicks = ticks;
    }

    int resendTimeoutTicks()
    {
        return resendTimeoutTicks;
    }

    long heldForAck()
    {
        return heldForAck;
    }

    long timeoutResends()
    {
        return timeoutResends;
    }

    /** Forget every send and count, as built; the resend timeout returns to the configured one. Allocates nothing. */
    void reset()
    {
        Arrays.fill(lastSentTick, StateRing.NO_TICK);
        Arrays.fill(sameSinceTick, StateRing.NO_TICK);
        Arrays.fill(sameStateSends, 0);
        Arrays.fill(lastSent, 0);
        Arrays.fill(lastSentHeld, false);
        resendTimeoutTicks = configuredResendTimeoutTicks;
        heldForAck = 0;
        timeoutResends = 0;
    }
}
