package dev.statesync.codec.snapshot;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import dev.statesync.codec.state.StateSchema;

/**
 * What corner repeats promise, on random paths with random bends, random send ticks and random acks and losses:
 * after a packet's repeats, the replica that holds what the acks say it holds (a send acked, or younger than the loss
 * window; a state lost once, acked or two copies younger) plus the packet's own state and repeats blends every tick of the window within the threshold; every repeat
 * is inside the window and not a state the replica already holds; and {@code wantsRepeat} says yes exactly when a
 * packet carrying the object would repeat something. The model of what is held is written here from the rules, not
 * from the policy's bookkeeping.
 */
class CornerRepeatPropertiesTest
{
    private static final StateSchema SCHEMA = StateSchema.snapshot3d();
    private static final double THRESHOLD_M = 0.06;

    /** One scenario: per tick a velocity (units a tick, 3 axes), whether a packet goes out, and its ack delay. */
    record Scenario(int maxAge, int lossAfter, int[][] velocity, boolean[] sends, int[] ackDelay)
    {
    }

    @Provide
    Arbitrary<Scenario> scenarios()
    {
        return Combinators.combine(Arbitraries.integers().between(3, 20), Arbitraries.integers().between(1, 8),
                Arbitraries.integers().between(1_000, 1_000_000), Arbitraries.integers().between(1, 4))
            .as((maxAge, lossAfter, seed, sendEvery) ->
            {
                final java.util.Random random = new java.util.Random(seed);
                final int ringTicks = Integer.highestOneBit(maxAge + 1) << 1;
                final int ticks = ringTicks - 1;
                final int[][] velocity = new int[ticks][3];
                int[] v = { 0, 0, 0 };
                for (int t = 0; t < ticks; t++)
                {
                    if (random.nextInt(6) == 0)
                    {
                        v = random.nextInt(3) == 0 ? new int[] { 0, 0, 0 } :
                            new int[] { random.nextInt(801) - 400, random.nextInt(801) - 400, random.nextInt(401) - 200 };
                    }
                    velocity[t] = v;
                }
                final boolean[] sends = new boolean[ticks];
                final int[] ackDelay = new int[ticks];
                for (int t = 0; t < ticks; t++)
                {
                    sends[t] = random.nextInt(sendEvery) == 0;
                    // 0: lost; else acked that many ticks after the packet.
                    ackDelay[t] = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(10);
                }
                return new Scenario(maxAge, lossAfter, velocity, sends, ackDelay);
            });
    }

    @Property(tries = 300)
    void repeatsShouldLeaveEveryTickOfTheWindowWithinTheThreshold(@ForAll("scenarios") final Scenario s)
    {
        final int stride = SCHEMA.stride();
        final CornerRepeatPolicy policy = new CornerRepeatPolicy(SCHEMA, 1, THRESHOLD_M, s.maxAge(), s.lossAfter());
        // Room for every repeat one object can have (a plan sized for one object holds two).
        final PacketPlan plan = new PacketPlan(PreviousTickStates.OLDEST_AGE, stride);
        final int ticks = s.sends().length;
        final int[][] path = new int[ticks][];
        final int[] position = new int[3];
        /** Remembered sends: {state tick, packet tick}, the newest {@link CornerRepeatPolicy#SENDS_PER_OBJECT}. */
        final List<int[]> remembered = new ArrayList<>();
        final double units = THRESHOLD_M * SCHEMA.positionUnitsPerMetre();
        final long thresholdSquared = (long)Math.floor(units * units);
        for (int t = 0; t < ticks; t++)
        {
            for (int axis = 0; axis < 3; axis++)
            {
                position[axis] += s.velocity()[t][axis];
            }
            final int[] states = new int[stride];
            System.arraycopy(position, 0, states, 0, 3);
            path[t] = states;
            policy.observe(t, states);
            for (int p = 0; p < t; p++)
            {
                if (s.sends()[p] && s.ackDelay()[p] > 0 && p + s.ackDelay()[p] == t)
                {
                    policy.acked(p);
                }
            }
            final boolean wants = policy.wantsRepeat(0, t);
            plan.tick = t;
            plan.count = 1;
            plan.objects[0] = 0;
            plan.states = states;
            plan.stateOffset[0] = 0;
            policy.choose(plan);
            if (wants != plan.previousCount > 0)
            {
                throw new AssertionError("tick " + t + ": wantsRepeat " + wants + " but " + plan.previousCount);
            }
            // Held: acked, or in flight (a state lost once: acked, or two copies in flight); beyond the window any
            // copy acked or in flight.
            final java.util.Map<Integer, int[]> copies = new java.util.TreeMap<>();
            for (final int[] e : remembered)
            {
                final int packet = e[1];
                final boolean acked = s.ackDelay()[packet] > 0 && packet + s.ackDelay()[packet] <= t;
                final int[] c = copies.computeIfAbsent(e[0], k -> new int[3]);
                c[acked ? 0 : t - packet <= s.lossAfter() ? 1 : 2]++;
            }
            final TreeSet<Integer> held = new TreeSet<>();
            for (final java.util.Map.Entry<Integer, int[]> entry : copies.entrySet())
            {
                final int[] c = entry.getValue();
                final boolean inWindow = t - entry.getKey() <= s.maxAge();
                if (c[0] > 0 || (inWindow ? c[1] > 0 && c[2] == 0 || c[1] >= 2 : c[1] > 0))
                {
                    held.add(entry.getKey());
                }
            }
            final TreeSet<Integer> points = new TreeSet<>();
            final Integer beforeWindow = held.lower(t - s.maxAge());
            if (beforeWindow != null)
            {
                points.add(beforeWindow);
            }
            points.addAll(held.tailSet(t - s.maxAge(), true));
            for (int k = 0; k < plan.previousCount; k++)
            {
                final int age = plan.previousAge[k];
                final int repeated = t - age;
                if (age < 1 || age > s.maxAge())
                {
                    throw new AssertionError("tick " + t + ": age " + age + " outside 1.." + s.maxAge());
                }
                if (held.contains(repeated))
                {
                    throw new AssertionError("tick " + t + ": repeats " + repeated + ", which the replica holds");
                }
                if (k > 0 && plan.previousAge[k - 1] >= age)
                {
                    throw new AssertionError("tick " + t + ": ages not ascending");
                }
                for (int i = 0; i < stride; i++)
                {
                    if (plan.previousStates[k * stride + i] != path[repeated][i])
                    {
                        throw new AssertionError("tick " + t + ": the repeat is not the state of tick " + repeated);
                    }
                }
                points.add(repeated);
            }
            if (held.isEmpty())
            {
                if (plan.previousCount != 0)
                {
                    throw new AssertionError("tick " + t + ": nothing held, yet repeats");
                }
            }
            else
            {
                points.add(t);
                Integer a = null;
                for (final int b : points)
                {
                    if (a != null)
                    {
                        for (int u = Math.max(a + 1, t - s.maxAge()); u < b; u++)
                        {
                            long squared = 0;
                            final long span = b - a;
                            for (int axis = 0; axis < 3; axis++)
                            {
                                final long off = span * path[u][axis] - (b - u) * (long)path[a][axis] -
                                    (u - a) * (long)path[b][axis];
                                squared += off * off;
                            }
                            if (squared > span * span * thresholdSquared)
                            {
                                throw new AssertionError("tick " + t + ": tick " + u + " blended from " + a + " to " +
                                    b + " is off by " + Math.sqrt((double)squared) / span + " units; points " + points +
                                    " held " + held + " maxAge " + s.maxAge());
                            }
                        }
                    }
                    a = b;
                }
            }
            if (s.sends()[t])
            {
                policy.written(plan);
                remember(remembered, t, t);
                for (int k = 0; k < plan.previousCount; k++)
                {
                    remember(remembered, t - plan.previousAge[k], t);
                }
            }
        }
    }

    private static void remember(final List<int[]> remembered, final int stateTick, final int packetTick)
    {
        remembered.add(new int[] { stateTick, packetTick });
        if (remembered.size() > CornerRepeatPolicy.SENDS_PER_OBJECT)
        {
            remembered.remove(0);
        }
    }
}
