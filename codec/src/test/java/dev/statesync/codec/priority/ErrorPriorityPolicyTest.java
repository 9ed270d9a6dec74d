package dev.statesync.codec.priority;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;

import dev.statesync.codec.AllocationMeter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ErrorPriorityPolicyTest
{
    private static final IntUnaryOperator NOTHING_ACKED = (object) -> Integer.MIN_VALUE;
    private static final ObjectSizer TEN_BITS_EACH = (object) -> 10;

    /** A 3D pose at (x, y, z), rotated {@code angleRad} about z (quaternion x, y, z, w). */
    private static float[] pose(final float x, final float y, final float z, final double angleRad)
    {
        return new float[]{x, y, z, 0f, 0f, (float)Math.sin(angleRad / 2), (float)Math.cos(angleRad / 2)};
    }

    private static void observeAll(final ErrorPriorityPolicy policy, final float[]... poses)
    {
        for (int i = 0; i < poses.length; i++)
        {
            policy.observe(i, poses[i], 0);
        }
    }

    private static int[] all(final int count)
    {
        final int[] objects = new int[count];
        for (int i = 0; i < count; i++)
        {
            objects[i] = i;
        }
        return objects;
    }

    private static int[] order(final PriorityAccumulator accumulator)
    {
        final int[] out = new int[accumulator.objectCount()];
        return Arrays.copyOf(out, accumulator.order(out));
    }

    @ParameterizedTest
    @EnumSource(ErrorPriorityConfig.Mode.class)
    void shouldRankObjectsByTheErrorTheReplicaWouldShow(final ErrorPriorityConfig.Mode mode)
    {
        final ErrorPriorityPolicy policy = new ErrorPriorityPolicy(4, true, new ErrorPriorityConfig().mode(mode));
        final PriorityAccumulator accumulator = new PriorityAccumulator(4);
        final float[] origin = pose(0, 0, 0, 0);
        observeAll(policy, origin, origin, origin, origin);
        policy.onSent(1, all(4), 4);

        observeAll(policy, pose(0.01f, 0, 0, 0), pose(0, 0.5f, 0, 0), origin, pose(0, 0, 0.1f, 0));
        policy.update(2, NOTHING_ACKED, accumulator);
        accumulator.accumulate();

        assertEquals(0.01f, policy.expectedErrorM(0), 1e-6f);
        assertEquals(0.5f, policy.expectedErrorM(1), 1e-6f);
        assertEquals(0f, policy.expectedErrorM(2), "an object that did not change is no error");
        assertArrayEquals(new int[]{1, 3, 0, 2}, order(accumulator));
    }

    @Test
    void shouldWeighRotationErrorInMetresPerRadian()
    {
        final ErrorPriorityPolicy policy = new ErrorPriorityPolicy(2, true,
            new ErrorPriorityConfig().rotationWeightMPerRad(0.5f));
        final PriorityAccumulator accumulator = new PriorityAccumulator(2);
        observeAll(policy, pose(0, 0, 0, 0), pose(0, 0, 0, 0));
        policy.onSent(1, all(2), 2);

        // 0.2 rad turned is 0.1 m at 0.5 m/rad: more than 0.05 m moved.
        observeAll(policy, pose(0.05f, 0, 0, 0), pose(0, 0, 0, 0.2));
        policy.update(2, NOTHING_ACKED, accumulator);
        accumulator.accumulate();

        assertEquals(0.1f, policy.expectedErrorM(1), 1e-4f);
        assertArrayEquals(new int[]{1, 0}, order(accumulator));
    }

    @Test
    void shouldMeasureTwoDimensionalAnglesAlongTheShorterArc()
    {
        final ErrorPriorityPolicy policy = new ErrorPriorityPolicy(1, false,
            new ErrorPriorityConfig().rotationWeightMPerRad(1f));
        final PriorityAccumulator accumulator = new PriorityAccumulator(1);
        policy.observe(0, new float[]{1f, 2f, (float)(Math.PI - 0.05)}, 0);
        policy.onSent(1, new int[]{0}, 1);
        policy.observe(0, new float[]{1f, 2f, (float)(-Math.PI + 0.05)}, 0);
        policy.update(2, NOTHING_ACKED, accumulator);

        assertEquals(0.1f, policy.expectedErrorM(0), 1e-4f);
    }

    @Test
    void shouldCountAnObjectTheReplicaNeverReceivedAsUnheld()
    {
        final ErrorPriorityPolicy policy = new ErrorPriorityPolicy(2, true, new ErrorPriorityConfig().unheldErrorM(3f));
        final PriorityAccumulator accumulator = new PriorityAccumulator(2);
        observeAll(policy, pose(0, 0, 0, 0), pose(0, 0, 0, 0));
        policy.onSent(1, new int[]{0}, 1);
        policy.update(2, NOTHING_ACKED, accumulator);

        assertEquals(0f, policy.expectedErrorM(0));
        assertEquals(3f, policy.expectedErrorM(1));
    }

    @Test
    void shouldFallBackToTheAckedStateOnceANewerSendIsOverdue()
    {
        final ErrorPriorityPolicy policy = sentAtTicks1And5TwoMetresApart();
        final PriorityAccumulator accumulator = new PriorityAccumulator(1);
        final IntUnaryOperator ackedTick1 = (o) -> 1;

        policy.update(10, ackedTick1, accumulator);
        assertEquals(0f, policy.expectedErrorM(0), "the send of tick 5 may still be acked: trusted");

        policy.update(18, ackedTick1, accumulator);
        assertEquals(2f, policy.expectedErrorM(0), 1e-6f, "overdue: the replica most likely shows tick 1's state");

        policy.update(18, (o) -> 5, accumulator);
        assertEquals(0f, policy.expectedErrorM(0), "acked: surely held");

        policy.update(18, NOTHING_ACKED, accumulator);
        assertEquals(new ErrorPriorityConfig().unheldErrorM(), policy.expectedErrorM(0), "nothing acked, all overdue");
    }

    /** One object with a 12-tick window, sent at tick 1 and again 2 m away at tick 5. */
    private static ErrorPriorityPolicy sentAtTicks1And5TwoMetresApart()
    {
        final ErrorPriorityPolicy policy = new ErrorPriorityPolicy(1, true, new ErrorPriorityConfig().inFlightTicks(12));
        final int[] object = {0};
        policy.observe(0, pose(0, 0, 0, 0), 0);
        policy.onSent(1, object, 1);
        policy.observe(0, pose(2f, 0, 0, 0), 0);
        policy.onSent(5, object, 1);
        return policy;
    }

    @Test
    void aWindowSetAtRunTimeShouldDecideWhenASendIsOverdueUntilReset()
    {
        final ErrorPriorityPolicy policy = sentAtTicks1And5TwoMetresApart();
        final PriorityAccumulator accumulator = new PriorityAccumulator(1);
        final IntUnaryOperator ackedTick1 = (o) -> 1;

        policy.inFlightTicks(20);
        assertEquals(20, policy.inFlightTicks());
        policy.update(18, ackedTick1, accumulator);
        assertEquals(0f, policy.expectedErrorM(0), "13 ticks old, within a 20-tick window: still trusted");
        policy.inFlightTicks(4);
        policy.update(10, ackedTick1, accumulator);
        assertEquals(2f, policy.expectedErrorM(0), 1e-6f, "5 ticks old, past a 4-tick window: overdue");
        assertThrows(IllegalArgumentException.class, () -> policy.inFlightTicks(-1));

        policy.reset();
        assertEquals(12, policy.inFlightTicks(), "a reset restores the configured window");
    }

    @ParameterizedTest
    @EnumSource(ErrorPriorityConfig.Mode.class)
    void shouldNeverStarveAnObjectBehindLargerErrors(final ErrorPriorityConfig.Mode mode)
    {
        // Object 0 moves 1 m every tick; object 1 is unchanged since its (lost) send but still has to go. A packet
        // carries one object: the floor must eventually lift object 1 above the mover.
        final ErrorPriorityPolicy policy = new ErrorPriorityPolicy(2, true,
            new ErrorPriorityConfig().mode(mode).floorPerTick(0.01f));
        final PriorityAccumulator accumulator = new PriorityAccumulator(2);
        observeAll(policy, pose(0, 0, 0, 0), pose(5, 5, 0, 0));
        policy.onSent(1, all(2), 2);
        final int[] selected = new int[2];
        int sentObject1AtTick = -1;
        for (int tick = 2; tick < 2000 && sentObject1AtTick < 0; tick++)
        {
            observeAll(policy, pose(tick, 0, 0, 0), pose(5, 5, 0, 0));
            policy.update(tick, NOTHING_ACKED, accumulator);
            accumulator.accumulate();
            final int count = accumulator.select(TEN_BITS_EACH, 10, selected);
            assertEquals(1, count);
            accumulator.markSent(selected, count);
            policy.onSent(tick, selected, count);
            if (selected[0] == 1)
            {
                sentObject1AtTick = tick;
            }
        }
        assertTrue(sentObject1AtTick > 2, "the mover goes first");
        assertTrue(sentObject1AtTick > 0 && sentObject1AtTick < 300, "object 1 sent at tick " + sentObject1AtTick);
    }

    @Test
    void shouldRaiseAnImportantObjectsError()
    {
        final ErrorPriorityPolicy policy = new ErrorPriorityPolicy(2, true, new ErrorPriorityConfig());
        final PriorityAccumulator accumulator = new PriorityAccumulator(2);
        policy.importance(1, 10f);
        observeAll(policy, pose(0, 0, 0, 0), pose(0, 0, 0, 0));
        policy.onSent(1, all(2), 2);
        observeAll(policy, pose(0.5f, 0, 0, 0), pose(0.1f, 0, 0, 0));
        policy.update(2, NOTHING_ACKED, accumulator);
        accumulator.accumulate();

        assertArrayEquals(new int[]{1, 0}, order(accumulator));
    }

    @Test
    void shouldExpectAnExtrapolatingDisplayWhenConfigured()
    {
        // Objects 0 and 1 were sent at ticks 10 and 12 moving 0.3 m a tick in x; object 2 moved 0.01 m a tick.
        final ErrorPriorityConfig config = new ErrorPriorityConfig().displayExtrapolation(4, 0.02, 8);
        final ErrorPriorityPolicy extrapolating = new ErrorPriorityPolicy(3, true, config);
        final ErrorPriorityPolicy holding = new ErrorPriorityPolicy(3, true, new ErrorPriorityConfig());
        final PriorityAccumulator accumulator = new PriorityAccumulator(3);
        for (final ErrorPriorityPolicy policy : new ErrorPriorityPolicy[] {extrapolating, holding})
        {
            observeAll(policy, pose(0, 0, 0, 0), pose(0, 0, 0, 0), pose(0, 0, 0, 0));
            policy.onSent(10, all(3), 3);
            observeAll(policy, pose(0.6f, 0, 0, 0), pose(0.6f, 0, 0, 0), pose(0.02f, 0, 0, 0));
            policy.onSent(12, all(3), 3);
            // Tick 18: object 0 went straight on (0.6 + 6 x 0.3), object 1 stopped, object 2 crept on.
            observeAll(policy, pose(2.4f, 0, 0, 0), pose(0.6f, 0, 0, 0), pose(0.08f, 0, 0, 0));
            policy.update(18, NOTHING_ACKED, accumulator);
        }
        // Extrapolated 4 ticks (the limit) of the 6: 0.6 + 1.2 = 1.8, 0.6 m short of 2.4.
        assertEquals(0.6f, extrapolating.expectedErrorM(0), 1e-5f);
        assertEquals(1.8f, holding.expectedErrorM(0), 1e-5f);
        assertEquals(1.2f, extrapolating.expectedErrorM(1), 1e-5f, "a display that ran on overshoots a stop");
        assertEquals(0f, holding.expectedErrorM(1), 1e-5f);
        assertEquals(0.06f, extrapolating.expectedErrorM(2), 1e-5f, "slower than 0.02 m a tick: held");
        assertEquals(0.06f, holding.expectedErrorM(2), 1e-5f);
    }

    @Test
    void shouldDoubtAnUnackedSendInFlightByTheLoss()
    {
        final ErrorPriorityConfig config = new ErrorPriorityConfig().inFlightTicks(12)
            .assumedLossFraction(0.1).unackedLossWeight(1.0);
        final ErrorPriorityPolicy policy = new ErrorPriorityPolicy(1, true, config);
        final ErrorPriorityPolicy trusting = new ErrorPriorityPolicy(1, true,
            new ErrorPriorityConfig().inFlightTicks(12).assumedLossFraction(0.1).unackedLossWeight(0));
        final PriorityAccumulator accumulator = new PriorityAccumulator(1);
        for (final ErrorPriorityPolicy p : new ErrorPriorityPolicy[]{policy, trusting})
        {
            p.observe(0, pose(0, 0, 0, 0), 0);
            p.onSent(1, all(1), 1);
            p.observe(0, pose(0.5f, 0, 0, 0), 0);
            p.onSent(2, all(1), 1);
        }
        // Struck to 0.5 m and sent at tick 2, then at rest there: the replica holds it only if tick 2 arrived.
        policy.update(3, NOTHING_ACKED, accumulator);
        trusting.update(3, NOTHING_ACKED, accumulator);
        assertEquals(0f, trusting.expectedErrorM(0), "weight 0: a send in flight is taken to have arrived");
        // 0.9 x 0 (tick 2 held) + 0.1 x 0.9 x 0.5 m (tick 1 held) + 0.01 x 0.05 m (nothing held).
        assertEquals(0.0455f, policy.expectedErrorM(0), 1e-6f);

        policy.update(3, (object) -> 1, accumulator);
        assertEquals(0.05f, policy.expectedErrorM(0), 1e-6f, "tick 1 acked: 0.1 x 0.5 m");

        policy.linkLossFraction(0.2);
        assertEquals(0.2, policy.unackedLossFraction(), 1e-12);
        policy.update(3, (object) -> 1, accumulator);
        assertEquals(0.1f, policy.expectedErrorM(0), 1e-6f, "the measured loss replaces the assumed one");
        policy.linkLossFraction(-1);
        assertEquals(0.1, policy.unackedLossFraction(), 1e-12, "not measured: the assumption again");

        policy.update(2 + 13, (object) -> 1, accumulator);
        assertEquals(0.5f, policy.expectedErrorM(0), 1e-6f, "tick 2 overdue: lost, the acked state is held");
        policy.update(3, (object) -> 2, accumulator);
        assertEquals(0f, policy.expectedErrorM(0), "tick 2 acked: held for sure");

        final ErrorPriorityPolicy doubting = new ErrorPriorityPolicy(1, true,
            new ErrorPriorityConfig().assumedLossFraction(0.4).unackedLossWeight(5));
        assertEquals(1.0, doubting.unackedLossFraction(), 1e-12, "weight x loss is a probability: at most 1");
        assertThrows(IllegalArgumentException.class, () -> new ErrorPriorityConfig().assumedLossFraction(1.5));
        assertThrows(IllegalArgumentException.class, () -> new ErrorPriorityConfig().unackedLossWeight(-1));
    }

    @Test
    void shouldRejectMisuse()
    {
        final ErrorPriorityPolicy policy = new ErrorPriorityPolicy(2, true, new ErrorPriorityConfig());
        assertThrows(IllegalArgumentException.class, () -> policy.observe(2, new float[7], 0));
        assertThrows(IllegalArgumentException.class, () -> policy.importance(0, Float.NaN));
        assertThrows(IllegalArgumentException.class, () -> policy.update(1, NOTHING_ACKED, new PriorityAccumulator(3)));
        assertThrows(IllegalArgumentException.class, () -> new ErrorPriorityConfig().floorPerTick(0f));
        assertThrows(IllegalArgumentException.class, () -> new ErrorPriorityConfig().historyDepth(0));
        assertThrows(IllegalArgumentException.class, () -> new ErrorPriorityConfig().displayExtrapolation(-1, 0, 8));
        assertThrows(IllegalArgumentException.class, () -> new ErrorPriorityConfig().displayExtrapolation(4, 0, 0));
    }

    @Test
    void shouldNotAllocatePerTick()
    {
        final int objects = 901;
        final ErrorPriorityPolicy policy = new ErrorPriorityPolicy(objects, true, new ErrorPriorityConfig());
        final PriorityAccumulator accumulator = new PriorityAccumulator(objects);
        final float[] poses = new float[objects * ErrorPriorityPolicy.POSE_FLOATS_3D];
        final int[] acked = new int[objects];
        final IntUnaryOperator ackedTick = (object) -> acked[object];
        final int[] order = new int[objects];
        final SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < poses.length; i++)
        {
            poses[i] = (float)random.nextDouble(-1, 1);
        }
        Arrays.fill(acked, Integer.MIN_VALUE);

        long checksum = runTicks(policy, accumulator, poses, ackedTick, acked, order, 1, 2000);
        final long before = AllocationMeter.allocatedBytes();
        checksum += runTicks(policy, accumulator, poses, ackedTick, acked, order, 2001, 2000);
        final long allocatedBytes = AllocationMeter.allocatedBytes() - before;

        assertTrue(checksum > 0);
        assertTrue(allocatedBytes < 2000, allocatedBytes + " bytes allocated over 2000 ticks");
    }

    private static long runTicks(
        final ErrorPriorityPolicy policy,
        final PriorityAccumulator accumulator,
        final float[] poses,
        final IntUnaryOperator ackedTick,
        final int[] acked,
        final int[] order,
        final int firstTick,
        final int ticks)
    {
        long checksum = 0;
        for (int tick = firstTick; tick < firstTick + ticks; tick++)
        {
            final int moved = tick % policy.objectCount();
            poses[moved * ErrorPriorityPolicy.POSE_FLOATS_3D] += 0.01f;
            for (int i = 0; i < policy.objectCount(); i++)
            {
                policy.observe(i, poses, i * ErrorPriorityPolicy.POSE_FLOATS_3D);
            }
            policy.update(tick, ackedTick, accumulator);
            accumulator.accumulate();
            final int count = Math.min(90, accumulator.order(order));
            accumulator.markSent(order, count);
            policy.onSent(tick, order, count);
            acked[order[0]] = tick - 6;
            checksum += count;
        }
        return checksum;
    }
}
