package dev.statesync.codec.snapshot;

import java.util.Arrays;

import dev.statesync.codec.state.StateSchema;

/**
 * Which previous-tick states a packet repeats ({@link PreviousTickStates}), on the sender: of the packet's objects,
 * those the last packet (one tick earlier) carried whose motion bent at that tick by more than the threshold, and
 * those the old-baseline protection held back at that tick.
 *
 * <p>Why bent motion: a replica that lost the snapshot of tick {@code t - 1} shows the object there blended straight
 * from {@code t - 2} to {@code t}, off by {@code |x(t-1) - (x(t-2) + x(t)) / 2|}. In free flight or sliding that is
 * a fraction of a millimetre; at a collision it is centimetres to decimetres (the issue 13 trace: 0.12 m for a cube
 * knocked during a lost tick). Repeating exactly those states makes a single lost snapshot cost at most the
 * threshold, for the bits of the few objects colliding at any tick.
 *
 * <p>Bent motion is repeated only on a link that loses packets: on a lossless one those repeats are bits for
 * nothing (about 80 bits a snapshot on the cubes scene at Fiedler's link, 3% of the snapshot). A separate input,
 * the link's measured packet loss ({@link #linkLossPercent}, from the reliability layer through
 * {@code SnapshotAuthority}), opens and closes a gate with hysteresis: bent-motion repeats stop when the loss falls
 * below {@link #LOSS_OFF_PERCENT} and start again at {@link #LOSS_ON_PERCENT} or more. Held-back objects are
 * repeated whatever the loss: the replica never had that tick's state, lost packet or not. The gate starts open,
 * so a sender that is never told the loss (or not yet: the estimate needs a window of packets) repeats as before.
 * History is kept while the gate is closed, so repeats resume at once. Deterministic: it follows only the numbers
 * it is given. Allocation-free after construction.
 */
final class PreviousStatePolicy
{
    /** Measured packet loss at or above which repeats start again (when the gate is closed), percent. */
    static final double LOSS_ON_PERCENT = 1.0;
    /**
     * Measured packet loss below which repeats stop, percent: under one lost packet in the reliability layer's
     * 128-packet sample (0.78%), so a lossless link closes the gate and a link losing a packet now and then does not
     * flap.
     */
    static final double LOSS_OFF_PERCENT = 0.5;

    private final int objectCount;
    /** Whether the measured loss lets packets repeat previous-tick states (see the class doc). */
    private boolean lossGateOpen = true;
    private final int stride;
    private final int positions;
    /** Squared threshold in position units; Long.MAX_VALUE: off. */
    private final long thresholdSquared;
    /** States of the last three written ticks, newest first, and those ticks ({@link StateRing#NO_TICK}: none). */
    private final int[][] history = new int[3][];
    private final int[] historyTick = { StateRing.NO_TICK, StateRing.NO_TICK, StateRing.NO_TICK };
    /** Objects the last two written packets carried, newest first. */
    private final boolean[][] carried = new boolean[2][];

    PreviousStatePolicy(final StateSchema schema, final int objectCount, final double blendErrorM)
    {
        this.objectCount = objectCount;
        this.stride = schema.stride();
        this.positions = schema.is3d() ? 3 : 2;
        final double units = blendErrorM * schema.positionUnitsPerMetre();
        this.thresholdSquared = units >= 1e8 ? Long.MAX_VALUE : (long)Math.floor(units * units);
        for (int h = 0; h < history.length; h++)
        {
            history[h] = new int[objectCount * stride];
        }
        carried[0] = new boolean[objectCount];
        carried[1] = new boolean[objectCount];
    }

    /** @return false when the threshold is infinite: no packet repeats anything, and no history is kept. */
    boolean enabled()
    {
        return thresholdSquared != Long.MAX_VALUE;
    }

    /** @return true when packets repeat bent motion now: enabled, and the link's loss calls for it. */
    boolean repeatsBentMotion()
    {
        return enabled() && lossGateOpen;
    }

    /**
     * The link's measured packet loss: closes the gate below {@link #LOSS_OFF_PERCENT}, opens it at
     * {@link #LOSS_ON_PERCENT} or more, leaves it between them. NaN (not measured yet) changes nothing.
     *
     * @param percent lost packets, percent of those sent.
     */
    void linkLossPercent(final double percent)
    {
        if (lossGateOpen && percent < LOSS_OFF_PERCENT)
        {
            lossGateOpen = false;
        }
        else if (!lossGateOpen && percent >= LOSS_ON_PERCENT)
        {
            lossGateOpen = true;
        }
    }

    /**
     * Set {@code plan}'s previous-tick states for its tick: the plan's objects and states are set. Age 1 (tick - 1):
     * objects the last packet carried whose position there is more than the threshold off the straight blend from
     * tick - 2 to tick (what a replica that lost only that tick shows). Age 2 (tick - 2): the same for a replica that
     * lost both earlier ticks and blends from tick - 3 to tick. Both: objects held back at that tick.
     *
     * @param table tells which objects were held back a tick.
     */
    void choose(final PacketPlan plan, final BaselineTable table)
    {
        plan.previousCount = 0;
        final int tick = plan.tick;
        if (!enabled() || historyTick[0] != tick - 1)
        {
            return;
        }
        int count = choose(plan, table, 1, 0);
        if (historyTick[1] == tick - 2)
        {
            count = choose(plan, table, 2, count);
        }
        plan.previousCount = count;
    }

    private int choose(final PacketPlan plan, final BaselineTable table, final int age, final int start)
    {
        final int tick = plan.tick;
        final int[] states = plan.states;
        final int[] repeated = history[age - 1];
        final int[] before = history[age];
        // A replica that applies this packet and holds a packet of tick - age or later did not lose every tick from
        // tick - age to tick - 1, the case this age's bend is for: a packet naming that one needs no bend repeated.
        final boolean bends = historyTick[age] == tick - age - 1 && !namesTickSince(plan, tick - age);
        int count = start;
        for (int i = 0; i < plan.count; i++)
        {
            final int object = plan.objects[i];
            final int o = object * stride;
            final boolean heldBack = table.lastDeferredTick(object) == tick - age;
            if (heldBack || lossGateOpen && carried[age - 1][object] && bends &&
                bent(before, repeated, o, states, plan.stateOffset[i], age + 1))
            {
                plan.previousEntry[count] = i;
                plan.previousAge[count] = age;
                System.arraycopy(repeated, o, plan.previousStates, count * stride, stride);
                count++;
            }
        }
        return count;
    }

    /**
     * @return whether the plan's baseline table names a packet of {@code sinceTick} or later: a replica refuses the
     * packet unless it holds that one.
     */
    private static boolean namesTickSince(final PacketPlan plan, final int sinceTick)
    {
        return plan.tableSize > 0 && plan.tableTicks[0] >= sinceTick;
    }

    /**
     * @return whether {@code middle}'s position, {@code 1} of {@code span} ticks after {@code before}'s and the rest
     * before {@code after}'s, is more than the threshold off the straight line between them.
     */
    private boolean bent(final int[] before, final int[] middle, final int o, final int[] after, final int a, final int span)
    {
        // span times the deviation from the blended point, in units: compare with span times the threshold.
        return CornerRepeatPolicy.offBlend(positions, before, o, middle, after, a, 1, span) >
            (long)span * span * thresholdSquared;
    }

    /** The packet of {@code tick} was written with {@code objects[0..count)}; {@code states} holds every object. */
    void written(final int tick, final int[] states, final int[] objects, final int count)
    {
        if (!enabled())
        {
            return;
        }
        final int[] recycled = history[2];
        history[2] = history[1];
        history[1] = history[0];
        history[0] = recycled;
        historyTick[2] = historyTick[1];
        historyTick[1] = historyTick[0];
        System.arraycopy(states, 0, recycled, 0, objectCount * stride);
        historyTick[0] = tick;
        final boolean[] recycledCarried = carried[1];
        carried[1] = carried[0];
        carried[0] = recycledCarried;
        Arrays.fill(recycledCarried, false);
        for (int i = 0; i < count; i++)
        {
            recycledCarried[objects[i]] = true;
        }
    }

    /** Forget the written ticks and the measured loss, as built: the next packet repeats nothing. Allocates nothing. */
    void reset()
    {
        lossGateOpen = true;
        Arrays.fill(historyTick, StateRing.NO_TICK);
        Arrays.fill(carried[0], false);
        Arrays.fill(carried[1], false);
    }
}
