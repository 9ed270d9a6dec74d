package dev.statesync.codec.snapshot;

import dev.statesync.codec.state.QuantizedStates;

import java.util.Arrays;

/**
 * When an object needs sending, and when an unchanged one waits: a changed state is always due and starts a
 * new count; a state that stopped changing is sent {@code 1 + unchangedRepeats} times on its next
 * opportunities (instead of on every tick until an ack returns a round trip later), then once more each time
 * {@code resendTimeoutTicks} pass since its last send without an ack covering it (see
 * {@link SnapshotConfig#unchangedRepeats}, {@link SnapshotConfig#resendTimeoutTicks}).
 *
 * <p>Owns the record of the last state sent per object (in the sent ring, which also holds every baseline).
 * Allocation-free after construction.
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
        final int sent = lastSentTick[object];
        if (sent == StateRing.NO_TICK)
        {
            return NEED_CHANGED;
        }
        final int offset = sentRing.find(object, sent);
        if (offset < 0 || !current.equalsRecord(object, sentRing.array(), offset))
        {
            return NEED_CHANGED;
        }
        return ackedTick == StateRing.NO_TICK || ackedTick - sameSinceTick[object] < 0 ? NEED_UNACKED : NEED_NONE;
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
        final int previous = lastSentTick[object] == StateRing.NO_TICK ? -1 : sentRing.find(object, lastSentTick[object]);
        if (previous < 0 || !Arrays.equals(sentRing.array(), previous, previous + stride, states, offset, offset + stride))
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
        sentRing.store(object, tick, states, offset);
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
        resendTimeoutTicks = configuredResendTimeoutTicks;
        heldForAck = 0;
        timeoutResends = 0;
    }
}
