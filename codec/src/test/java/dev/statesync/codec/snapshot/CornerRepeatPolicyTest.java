package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.state.StateSchema;

/**
 * Corner repeats choose from the acks what the replica holds: the tick a path bent goes out with the object's first
 * send after it, again once the packet that carried it counts as lost, never once that packet is acked, and never
 * older than the window the display can still use. A cube at rest until tick 10, then moving +x 200 units (5 cm) a
 * tick: the blend from its resting state to a later one cuts the corner at tick 10 by decimetres.
 */
class CornerRepeatPolicyTest
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final int OBJECTS = 2;
    private static final int STRIKE_TICK = 10;
    private static final int LOSS_AFTER = 7;
    private static final double THRESHOLD_M = 0.06;

    private final int stride = SCHEMA.stride();
    private final PacketPlan plan = new PacketPlan(OBJECTS, stride);

    /** Object 0 struck at {@link #STRIKE_TICK}; object 1 glides +x 200 units a tick throughout. */
    private int[] statesAt(final int tick)
    {
        final int[] states = new int[OBJECTS * stride];
        states[0] = tick <= STRIKE_TICK ? 0 : 200 * (tick - STRIKE_TICK);
        states[stride] = 200 * tick;
        return states;
    }

    private CornerRepeatPolicy policy(final int maxAgeTicks)
    {
        return new CornerRepeatPolicy(SCHEMA, OBJECTS, THRESHOLD_M, maxAgeTicks, LOSS_AFTER);
    }

    private void observeUpTo(final CornerRepeatPolicy policy, final int from, final int to)
    {
        for (int tick = from; tick <= to; tick++)
        {
            policy.observe(tick, statesAt(tick));
        }
    }

    /** Plan a packet of {@code tick} carrying {@code objects}, choose its repeats; returns the plan. */
    private PacketPlan choose(final CornerRepeatPolicy policy, final int tick, final int... objects)
    {
        plan.tick = tick;
        plan.count = objects.length;
        plan.states = statesAt(tick);
        for (int i = 0; i < objects.length; i++)
        {
            plan.objects[i] = objects[i];
            plan.stateOffset[i] = objects[i] * stride;
        }
        policy.choose(plan);
        return plan;
    }

    private void send(final CornerRepeatPolicy policy, final int tick, final int... objects)
    {
        choose(policy, tick, objects);
        policy.written(plan);
    }

    @Test
    void theFirstSendAfterABendShouldCarryItsCorner()
    {
        final CornerRepeatPolicy policy = policy(20);
        observeUpTo(policy, 0, 14);
        send(policy, 0, 0, 1);
        policy.acked(0);
        choose(policy, 14, 0, 1);
        assertEquals(1, plan.previousCount, "only the struck cube bends; the glider blends straight");
        assertEquals(0, plan.previousEntry[0]);
        assertEquals(14 - STRIKE_TICK, plan.previousAge[0], "its last tick at rest");
        assertEquals(0, plan.previousStates[0], "the state of that tick");
        assertTrue(policy.wantsRepeat(0, 14));
        assertFalse(policy.wantsRepeat(1, 14));
    }

    @Test
    void aCornerShouldGoOutAgainOnlyOnceItsPacketCountsAsLost()
    {
        final CornerRepeatPolicy policy = policy(20);
        observeUpTo(policy, 0, 12);
        send(policy, 0, 0);
        policy.acked(0);
        send(policy, 12, 0);
        assertEquals(1, plan.previousCount, "the corner went out with the first send after it");
        final int lostAt = 12 + LOSS_AFTER + 1;
        for (int tick = 13; tick < lostAt; tick++)
        {
            policy.observe(tick, statesAt(tick));
            assertFalse(policy.wantsRepeat(0, tick), "tick " + tick + ": the packet of 12 may still be acked");
        }
        policy.observe(lostAt, statesAt(lostAt));
        assertTrue(policy.wantsRepeat(0, lostAt), "unacked for longer than the loss window: taken as lost");
        send(policy, lostAt, 0);
        assertEquals(1, plan.previousCount);
        assertEquals(lostAt - STRIKE_TICK, plan.previousAge[0], "the corner again, not the lost send's own tick");
        policy.observe(lostAt + 1, statesAt(lostAt + 1));
        assertTrue(policy.wantsRepeat(0, lostAt + 1), "a state lost once needs two copies in flight");
        send(policy, lostAt + 1, 0);
        assertEquals(1, plan.previousCount);
        policy.observe(lostAt + 2, statesAt(lostAt + 2));
        assertFalse(policy.wantsRepeat(0, lostAt + 2), "two copies in flight: held");
        policy.acked(lostAt + 1);
        policy.observe(lostAt + LOSS_AFTER + 3, statesAt(lostAt + LOSS_AFTER + 3));
        assertFalse(policy.wantsRepeat(0, lostAt + LOSS_AFTER + 3), "one copy acked, the other lost: held");
    }

    @Test
    void anAckedCornerShouldNotGoOutAgain()
    {
        final CornerRepeatPolicy policy = policy(20);
        observeUpTo(policy, 0, 25);
        send(policy, 0, 0);
        policy.acked(0);
        send(policy, 12, 0);
        policy.acked(12);
        choose(policy, 25, 0);
        assertEquals(0, plan.previousCount);
        assertFalse(policy.wantsRepeat(0, 25));
    }

    @Test
    void aCornerOlderThanTheWindowShouldNotGoOut()
    {
        final CornerRepeatPolicy policy = policy(5);
        observeUpTo(policy, 0, 18);
        send(policy, 0, 0);
        policy.acked(0);
        choose(policy, 18, 0);
        for (int k = 0; k < plan.previousCount; k++)
        {
            assertTrue(plan.previousAge[k] <= 5, "age " + plan.previousAge[k]);
        }
        final CornerRepeatPolicy inside = policy(5);
        observeUpTo(inside, 0, 14);
        send(inside, 0, 0);
        inside.acked(0);
        choose(inside, 14, 0);
        assertEquals(1, plan.previousCount, "inside the window it does, from a send older than its ring");
        assertEquals(14 - STRIKE_TICK, plan.previousAge[0]);
    }

    @Test
    void anObjectNeverSentShouldRepeatNothing()
    {
        final CornerRepeatPolicy policy = policy(20);
        observeUpTo(policy, 0, 14);
        choose(policy, 14, 0);
        assertEquals(0, plan.previousCount, "the replica shows nothing of it: no blend to spoil");
    }

    @Test
    void aResetShouldForgetSendsAndAcks()
    {
        final CornerRepeatPolicy policy = policy(20);
        observeUpTo(policy, 0, 14);
        send(policy, 0, 0);
        policy.acked(0);
        policy.reset();
        observeUpTo(policy, 0, 14);
        choose(policy, 14, 0);
        assertEquals(0, plan.previousCount);
    }

    @Test
    void settingsOutOfRangeShouldBeRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> policy(0));
        assertThrows(IllegalArgumentException.class, () -> policy(PreviousTickStates.OLDEST_AGE + 1));
        assertThrows(IllegalArgumentException.class,
            () -> new CornerRepeatPolicy(SCHEMA, OBJECTS, Double.POSITIVE_INFINITY, 20, LOSS_AFTER));
        assertThrows(IllegalArgumentException.class, () -> new CornerRepeatPolicy(SCHEMA, OBJECTS, 0.06, 20, 0));
        assertThrows(IllegalArgumentException.class, () -> policy(20).lossAfterTicks(0));
    }
}
