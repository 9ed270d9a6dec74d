package dev.statesync.codec.snapshot;

import java.util.Arrays;

import dev.statesync.codec.state.StateSchema;

/**
 * Which earlier states a packet repeats under {@link SnapshotConfig#cornerRepeatMaxAgeTicks} (the sender's side of
 * issue 13's "corner" resends): for each of the packet's objects, the states of the ticks where its path bends that
 * the replica does not hold and would blend straight across by more than the threshold
 * ({@link SnapshotConfig#previousStateBlendErrorM}).
 *
 * <p>Why: a display that interpolates between the states it holds cuts every bend of an object's path whose tick it
 * does not hold. Under a budget the sender carries an object every few ticks, and a packet carrying a struck cube
 * is lost one time in twenty; the bend then costs the display decimetres (the cubes run at 128 kbps: 0.28-0.47 m on
 * 14 seeds). This policy knows what the replica holds from the acks, not from a guess of the loss: a send or repeat
 * counts as held once its packet is acked, or while the packet is younger than {@link #lossAfterTicks} (its ack
 * may still come); after that it counts as lost, and a state lost once counts as held again only when acked or when
 * two copies are in flight (so a resend goes out in the next two packets carrying the object: a resend lost as well
 * would wait another round trip, past what the display can wait for).
 *
 * <p>Between each two held states (the oldest one this side of the window, then the held ones, then the packet's own
 * state) it repeats the tick farthest from their straight blend while one is more than the threshold off, and again
 * inside the parts (the Douglas-Peucker simplification of the path, sampled at ticks), but only ticks at most
 * {@link #maxAgeTicks} old: the display must still be able to use them, so the replica's display delay must exceed
 * that age plus the one-way transit. So the first send of a bend goes out as soon as the object is carried (a corner
 * of the ticks since its last send), and a lost one goes out again once its loss is known, for as long as the
 * display has not passed it.
 *
 * <p>An object held since before the state ring (at rest for a long time) is taken as unmoved from its held state
 * to the ring's oldest tick: a resting cube struck between two sends gets its last resting tick repeated.
 *
 * <p>The replica needs no setting: the states travel as previous-tick states ({@link PreviousTickStates}), for the
 * display's history only. Deterministic, and a choice changes nothing until {@link #written}. Memory: a ring of
 * every object's states over a power of two above the oldest age plus one (32 ticks for 20: about 1.15 MB for 901
 * cubes of the snapshot schema), and 16 sends per object. Allocation-free after construction. Not thread-safe.
 */
final class CornerRepeatPolicy
{
    /** Sends and repeats of an object remembered, newest overwriting oldest. */
    static final int SENDS_PER_OBJECT = 16;
    /**
     * Acked packets remembered by tick: as many as the sender's packet history, so an ack is not forgotten before a
     * send it covers leaves the object's 16 (a send is marked acked lazily, when the object is next looked at).
     */
    static final int ACKED_TICKS = 256;
    /** No tick. */
    private static final int NONE = StateRing.NO_TICK;

    private final int objectCount;
    private final int stride;
    private final int positions;
    private final int maxAgeTicks;
    /** Squared threshold in position units. */
    private final long thresholdSquared;
    private final int ringTicks;
    /** States of every object at the last {@link #ringTicks} observed ticks, by tick modulo the ring. */
    private final int[][] ring;
    private final int[] ringTick;
    /** Per object, {@link #SENDS_PER_OBJECT} entries: the tick of the state sent, and of the packet that carried it. */
    private final int[] sendStateTick;
    private final int[] sendPacketTick;
    /** Per send entry: its packet was seen acked (kept, as the ack ring below forgets). */
    private final boolean[] sendAcked;
    private final int[] sendHead;
    /** Acked packets by tick modulo {@link #ACKED_TICKS} (the tick, or {@link #NONE}). */
    private final int[] ackedPacketTick;
    /** Per entry of the plan being chosen: bit {@code age} set when that age is repeated. */
    private final long[] chosenAges;
    private int lossAfterTicks;
    /**
     * Memo of {@link #repeatAges} per object, valid while nothing it reads changed: the rate control asks every object
     * once a tick and the fit's trial codings ask the carried ones again, up to five times, with the same answer.
     */
    private final long[] memoAges;
    private final int[] memoTick;
    private final long[] memoEpoch;
    /** Bumped by everything {@link #repeatAges} depends on: a new observed tick, an ack, a written packet. */
    private long epoch;
    /**
     * Per object, the newest observed tick whose state differs from the tick before it (every tick when the tick
     * before was not observed): an object unchanged since the oldest state it blends from has nothing to repeat.
     */
    private final int[] lastChangeTick;
    private int newestObservedTick = NONE;
    /** The oldest tick the ring holds, {@link #NONE} when empty. */
    private int oldestObservedTick = NONE;

    /**
     * @param schema         state layout.
     * @param objectCount    objects in the world.
     * @param blendErrorM    the blend error above which a state is repeated, metres, finite and > 0.
     * @param maxAgeTicks    oldest state repeated, ticks before the packet's, 1..{@link PreviousTickStates#OLDEST_AGE}.
     * @param lossAfterTicks ticks after which an unacked packet counts as lost, >= 1.
     */
    CornerRepeatPolicy(
        final StateSchema schema,
        final int objectCount,
        final double blendErrorM,
        final int maxAgeTicks,
        final int lossAfterTicks)
    {
        if (maxAgeTicks < 1 || maxAgeTicks > PreviousTickStates.OLDEST_AGE)
        {
            throw new IllegalArgumentException(
                "maxAgeTicks must be 1.." + PreviousTickStates.OLDEST_AGE + ", got " + maxAgeTicks);
        }
        if (!(blendErrorM > 0) || Double.isInfinite(blendErrorM))
        {
            throw new IllegalArgumentException("blendErrorM must be finite and > 0, got " + blendErrorM);
        }
        this.objectCount = objectCount;
        this.stride = schema.stride();
        this.positions = schema.is3d() ? 3 : 2;
        this.maxAgeTicks = maxAgeTicks;
        final double units = blendErrorM * schema.positionUnitsPerMetre();
        this.thresholdSquared = (long)Math.floor(units * units);
        this.ringTicks = Integer.highestOneBit(maxAgeTicks + 1) << 1;
        ring = new int[ringTicks][];
        for (int h = 0; h < ringTicks; h++)
        {
            ring[h] = new int[objectCount * stride];
        }
        ringTick = new int[ringTicks];
        sendStateTick = new int[objectCount * SENDS_PER_OBJECT];
        sendPacketTick = new int[objectCount * SENDS_PER_OBJECT];
        sendAcked = new boolean[objectCount * SENDS_PER_OBJECT];
        sendHead = new int[objectCount];
        chosenAges = new long[objectCount];
        memoAges = new long[objectCount];
        memoTick = new int[objectCount];
        memoEpoch = new long[objectCount];
        lastChangeTick = new int[objectCount];
        ackedPacketTick = new int[ACKED_TICKS];
        lossAfterTicks(lossAfterTicks);
        reset();
    }

    /** @return the oldest state repeated, ticks before the packet's. */
    int maxAgeTicks()
    {
        return maxAgeTicks;
    }

    /**
     * @param ticks ticks after its packet that an unacked send counts as lost, >= 1 (a round trip of the link: the
     *              caller keeps it there from the measured RTT).
     */
    void lossAfterTicks(final int ticks)
    {
        if (ticks < 1)
        {
            throw new IllegalArgumentException("lossAfterTicks must be >= 1, got " + ticks);
        }
        lossAfterTicks = ticks;
        epoch++;
    }

    /** @return ticks after its packet that an unacked send counts as lost. */
    int lossAfterTicks()
    {
        return lossAfterTicks;
    }

    /** Every object's quantized states at {@code tick}, sent or not (observing a tick again overwrites it). */
    void observe(final int tick, final int[] states)
    {
        final int slot = tick & (ringTicks - 1);
        final int length = objectCount * stride;
        if (ringTick[slot] == tick && Arrays.equals(ring[slot], 0, length, states, 0, length))
        {
            // The same tick again (the rate control's, then the packet's): nothing to forget.
            return;
        }
        final int[] before = newestObservedTick != NONE && tick - newestObservedTick == 1 ?
            ring[newestObservedTick & (ringTicks - 1)] : null;
        for (int object = 0, o = 0; object < objectCount; object++, o += stride)
        {
            if (before == null || !Arrays.equals(before, o, o + stride, states, o, o + stride))
            {
                lastChangeTick[object] = tick;
            }
        }
        System.arraycopy(states, 0, ring[slot], 0, length);
        ringTick[slot] = tick;
        if (newestObservedTick == NONE || tick - newestObservedTick > 0)
        {
            newestObservedTick = tick;
        }
        oldestObservedTick = NONE;
        for (int h = 0; h < ringTicks; h++)
        {
            final int t = ringTick[h];
            if (t != NONE && (oldestObservedTick == NONE || t - oldestObservedTick < 0))
            {
                oldestObservedTick = t;
            }
        }
        epoch++;
    }

    /**
     * Set {@code plan}'s previous-tick states for its tick: the plan's objects and states are set. Ages ascending,
     * then entries ascending, as {@link PreviousTickStates} writes them.
     */
    void choose(final PacketPlan plan)
    {
        plan.previousCount = 0;
        final int tick = plan.tick;
        long ages = 0;
        final long[] chosen = chosenAges;
        for (int i = 0; i < plan.count; i++)
        {
            chosen[i] = memoized(plan.objects[i], tick, plan.states, plan.stateOffset[i]);
            ages |= chosen[i];
        }
        if (ages == 0)
        {
            return;
        }
        final int capacity = plan.previousEntry.length;
        int count = 0;
        for (int age = 1; age <= maxAgeTicks; age++)
        {
            if ((ages & 1L << age) == 0)
            {
                continue;
            }
            final int[] repeated = ring[(tick - age) & (ringTicks - 1)];
            for (int i = 0; i < plan.count && count < capacity; i++)
            {
                if ((chosen[i] & 1L << age) != 0)
                {
                    plan.previousEntry[count] = i;
                    plan.previousAge[count] = age;
                    System.arraycopy(repeated, plan.objects[i] * stride, plan.previousStates, count * stride, stride);
                    count++;
                }
            }
        }
        plan.previousCount = count;
    }

    /**
     * @return true when the object, carried at {@code tick} (observed), would repeat a state: a bend since what the
     * replica holds. For the rate control, which then sends the object first.
     */
    boolean wantsRepeat(final int object, final int tick)
    {
        if (!holds(tick))
        {
            return false;
        }
        return memoized(object, tick, ring[tick & (ringTicks - 1)], object * stride) != 0;
    }

    /**
     * {@link #repeatAges}, from the memo when nothing changed since it was computed for this tick. The memo is only
     * used for a present that is the observed state of the tick (a packet's states are the tick's observed ones).
     */
    private long memoized(final int object, final int tick, final int[] present, final int presentOffset)
    {
        final boolean observed = holds(tick) && sameState(present, presentOffset, ring[tick & (ringTicks - 1)],
            object * stride);
        if (observed && memoEpoch[object] == epoch && memoTick[object] == tick)
        {
            return memoAges[object];
        }
        final long ages = repeatAges(object, tick, present, presentOffset);
        if (observed)
        {
            memoAges[object] = ages;
            memoTick[object] = tick;
            memoEpoch[object] = epoch;
        }
        return ages;
    }

    private boolean sameState(final int[] a, final int aOffset, final int[] b, final int bOffset)
    {
        return Arrays.equals(a, aOffset, aOffset + stride, b, bOffset, bOffset + stride);
    }

    /**
     * @return the ages (bit {@code age} set) the object repeats in a packet of {@code tick} that carries its state
     * {@code present[presentOffset..]}.
     */
    private long repeatAges(final int object, final int tick, final int[] present, final int presentOffset)
    {
        final int base = object * SENDS_PER_OBJECT;
        int anchor = NONE;
        boolean heldBeforeRing = false;
        long ackedAges = 0;
        long inFlightAges = 0;
        long inFlightTwiceAges = 0;
        long lostAges = 0;
        for (int j = 0; j < SENDS_PER_OBJECT; j++)
        {
            final int e = base + j;
            final int stateTick = sendStateTick[e];
            if (stateTick == NONE || stateTick - tick >= 0)
            {
                continue;
            }
            final int packetTick = sendPacketTick[e];
            if (!sendAcked[e] && ackedPacketTick[packetTick & (ACKED_TICKS - 1)] == packetTick)
            {
                sendAcked[e] = true;
            }
            final boolean lost = !sendAcked[e] && tick - packetTick > lossAfterTicks;
            if (!holds(stateTick))
            {
                heldBeforeRing |= !lost;
            }
            else if (tick - stateTick > maxAgeTicks)
            {
                if (!lost && (anchor == NONE || stateTick - anchor > 0))
                {
                    anchor = stateTick;
                }
            }
            else
            {
                final long bit = 1L << (tick - stateTick);
                if (sendAcked[e])
                {
                    ackedAges |= bit;
                }
                else if (lost)
                {
                    lostAges |= bit;
                }
                else
                {
                    inFlightTwiceAges |= inFlightAges & bit;
                    inFlightAges |= bit;
                }
            }
        }
        // A state whose packet was lost once counts as held again when acked or when two copies are in flight: one
        // resend lost too would leave it to a second loss window, past what the display can wait for.
        final long heldAges = ackedAges | inFlightAges & ~lostAges | inFlightTwiceAges;
        if (anchor == NONE && heldBeforeRing && oldestObservedTick != NONE && tick - oldestObservedTick < ringTicks)
        {
            anchor = oldestObservedTick;
        }
        if (anchor == NONE && heldAges != 0)
        {
            // The oldest held state inside the window.
            anchor = tick - (63 - Long.numberOfLeadingZeros(heldAges));
        }
        if (anchor == NONE)
        {
            // Nothing held: the replica shows nothing of the object yet, so there is no blend to spoil.
            return 0;
        }
        if (tick - newestObservedTick <= 0 && lastChangeTick[object] - anchor <= 0 &&
            sameState(present, presentOffset, ring[tick & (ringTicks - 1)], object * stride))
        {
            // The same state at every tick from the anchor on: every blend is exact.
            return 0;
        }
        return simplify(object * stride, tick, present, presentOffset, anchor, heldAges) & ~heldAges;
    }

    /**
     * Between each two states the replica holds from {@code anchor} to the packet's tick ({@code held} ages, then the
     * ones added), add the tick farthest from their straight blend while one is more than the threshold off and at
     * most {@link #maxAgeTicks} old.
     *
     * @return {@code held} with the repeats added.
     */
    private long simplify(
        final int o, final int tick, final int[] present, final int presentOffset, final int anchor, final long held)
    {
        long ages = held;
        boolean added = true;
        while (added)
        {
            added = false;
            int from = anchor;
            while (from - tick < 0)
            {
                int to = from + 1;
                while (to - tick < 0 && (tick - to > maxAgeTicks || (ages & 1L << (tick - to)) == 0))
                {
                    to++;
                }
                if (to - from >= 2)
                {
                    final int[] before = ring[from & (ringTicks - 1)];
                    final int[] after = to == tick ? present : ring[to & (ringTicks - 1)];
                    final int a = to == tick ? presentOffset : o;
                    long worst = 0;
                    int worstTick = NONE;
                    for (int u = Math.max(from + 1, tick - maxAgeTicks); u - to < 0; u++)
                    {
                        if (!holds(u))
                        {
                            continue;
                        }
                        final long off = offBlend(positions, before, o, ring[u & (ringTicks - 1)], after, a, u - from, to - from);
                        if (off > worst)
                        {
                            worst = off;
                            worstTick = u;
                        }
                    }
                    final long span = to - from;
                    if (worstTick != NONE && worst > span * span * thresholdSquared)
                    {
                        ages |= 1L << (tick - worstTick);
                        added = true;
                    }
                }
                from = to;
            }
        }
        return ages;
    }

    /**
     * @return the squared distance of {@code middle}'s position, {@code k} of {@code span} ticks after
     * {@code before}'s and the rest before {@code after}'s, from the straight blend between them, times
     * {@code span} squared (in position units, exact in integers); also what {@code PreviousStatePolicy} compares.
     */
    static long offBlend(
        final int positions, final int[] before, final int o, final int[] middle, final int[] after, final int a,
        final int k, final int span)
    {
        long squared = 0;
        for (int axis = 0; axis < positions; axis++)
        {
            final long scaled =
                (long)span * middle[o + axis] - (long)(span - k) * before[o + axis] - (long)k * after[a + axis];
            squared += scaled * scaled;
        }
        return squared;
    }

    /** @return true when the ring holds the states of {@code tick}. */
    private boolean holds(final int tick)
    {
        return tick != NONE && ringTick[tick & (ringTicks - 1)] == tick;
    }

    /** The written packet {@code plan}: its objects' states and its repeats are now sent (held once acked). */
    void written(final PacketPlan plan)
    {
        epoch++;
        final int tick = plan.tick;
        for (int i = 0; i < plan.count; i++)
        {
            remember(plan.objects[i], tick, tick);
        }
        for (int k = 0; k < plan.previousCount; k++)
        {
            remember(plan.objects[plan.previousEntry[k]], tick - plan.previousAge[k], tick);
        }
    }

    /** The packet of {@code tick} was acked ({@link #NONE}: an unknown packet, ignored). */
    void acked(final int tick)
    {
        if (tick != NONE)
        {
            ackedPacketTick[tick & (ACKED_TICKS - 1)] = tick;
            epoch++;
        }
    }

    private void remember(final int object, final int stateTick, final int packetTick)
    {
        final int e = object * SENDS_PER_OBJECT + sendHead[object];
        sendStateTick[e] = stateTick;
        sendPacketTick[e] = packetTick;
        sendAcked[e] = false;
        sendHead[object] = (sendHead[object] + 1) % SENDS_PER_OBJECT;
    }

    /** Forget every observed tick, send and ack, as built. Allocates nothing. */
    void reset()
    {
        Arrays.fill(ringTick, NONE);
        Arrays.fill(sendStateTick, NONE);
        Arrays.fill(sendPacketTick, NONE);
        Arrays.fill(sendAcked, false);
        Arrays.fill(sendHead, 0);
        Arrays.fill(ackedPacketTick, NONE);
        Arrays.fill(memoTick, NONE);
        Arrays.fill(lastChangeTick, NONE);
        newestObservedTick = NONE;
        oldestObservedTick = NONE;
        epoch++;
    }
}
