package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.quantize.StateQuantizer;
import dev.statesync.codec.state.StateSchema;

class SnapshotDisplayTest
{
    private static final long TICK_NS = 1_000_000_000L / 60;
    private static final int S3 = StateQuantizer.FLOATS_3D;
    private static final int S2 = StateQuantizer.FLOATS_2D;

    private final float[] record3 = new float[S3];
    private final float[] out3 = new float[S3];
    private final float[] record2 = new float[S2];
    private final float[] out2 = new float[S2];

    private static SnapshotDisplayConfig extrapolating(final long maxNs)
    {
        return new SnapshotDisplayConfig().tickDurationNs(TICK_NS).maxExtrapolationNs(maxNs);
    }

    /** A 3D snapshot-schema record: position, rotation about z by {@code angleRad}, moving unless at rest. */
    private float[] pose3(final double x, final double y, final double z, final double angleRad, final boolean atRest)
    {
        java.util.Arrays.fill(record3, 0f);
        record3[0] = (float)x;
        record3[1] = (float)y;
        record3[2] = (float)z;
        record3[5] = (float)Math.sin(angleRad / 2);
        record3[6] = (float)Math.cos(angleRad / 2);
        record3[S3 - 1] = atRest ? 1f : 0f;
        return record3;
    }

    private static double angleAboutZ(final float[] q)
    {
        return 2 * Math.atan2(q[5], q[6]);
    }

    @Test
    void showsNothingBeforeTheFirstStateAndHoldsAStateOfTheDisplayTick()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 2, extrapolating(100_000_000L));
        out3[0] = 42f;
        assertEquals(SnapshotDisplay.NOTHING, display.show(0, 10, out3, 0));
        assertEquals(42f, out3[0]);
        assertEquals(SnapshotDisplay.NO_TICK, display.shownTick());

        display.hold(0, 10, pose3(1, 2, 3, 0.5, false), 0);
        assertEquals(SnapshotDisplay.NOTHING, display.show(0, 9, out3, 0));
        assertEquals(SnapshotDisplay.HELD, display.show(0, 10, out3, 0));
        assertEquals(10, display.shownTick());
        assertEquals(1f, out3[0]);
        assertEquals(0.5, angleAboutZ(out3), 1e-6);
        assertEquals(SnapshotDisplay.NOTHING, display.show(1, 10, out3, 0), "object 1 has nothing");
    }

    @Test
    void blendsAcrossAGapWhenTheNextStateIsHeldAndHoldsAcrossALongerOne()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 1,
            new SnapshotDisplayConfig().maxBlendTicks(4));
        display.hold(0, 10, pose3(0, 0, 0, 0, false), 0);
        display.hold(0, 14, pose3(4, 0, 0, 0.4, false), 0);
        assertEquals(SnapshotDisplay.BLENDED, display.show(0, 11, out3, 0));
        assertEquals(1f, out3[0], 1e-6);
        assertEquals(0.1, angleAboutZ(out3), 2e-3);
        assertEquals(10, display.shownTick());
        assertEquals(14, display.shownTowardsTick());
        assertEquals(SnapshotDisplay.BLENDED, display.show(0, 12.5, out3, 0), "fractional display ticks blend too");
        assertEquals(2.5f, out3[0], 1e-6);
        assertEquals(2, display.blendedCount());

        display.hold(0, 19, pose3(9, 0, 0, 0, false), 0);
        assertEquals(SnapshotDisplay.HELD, display.show(0, 16, out3, 0), "5 ticks > maxBlendTicks 4: did not change");
        assertEquals(4f, out3[0]);
    }

    @Test
    void blendsFromAStateAtRestTowardsANearNextStateAndHoldsAcrossALongerGap()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 3,
            new SnapshotDisplayConfig().maxBlendFromRestTicks(4));
        // Object 0: at rest at 10, struck, moving at 14 (4 ticks: within the limit).
        display.hold(0, 10, pose3(0, 0, 0, 0, true), 0);
        display.hold(0, 14, pose3(2, 0, 0, 0.4, false), 0);
        assertEquals(SnapshotDisplay.BLENDED, display.show(0, 11, out3, 0));
        assertEquals(0.5f, out3[0], 1e-6);
        assertEquals(0.1, angleAboutZ(out3), 2e-3);
        assertEquals(10, display.shownTick());
        assertEquals(14, display.shownTowardsTick());
        assertEquals(1f, out3[S3 - 1], "the at-rest flag is the resting state's");
        assertEquals(SnapshotDisplay.HELD, display.show(0, 10, out3, 0), "the resting tick itself");
        assertEquals(0f, out3[0]);

        // Object 1: at rest at 10, moving at 15 (5 ticks > 4): held at rest until 15, as a long rest is.
        display.hold(1, 10, pose3(0, 0, 0, 0, true), 0);
        display.hold(1, 15, pose3(5, 0, 0, 0, false), 0);
        assertEquals(SnapshotDisplay.HELD, display.show(1, 14.5, out3, 0));
        assertEquals(0f, out3[0]);
        assertEquals(SnapshotDisplay.NO_TICK, display.shownTowardsTick());
        // A moving state at 15 blends across the same gap (maxBlendTicks 16): the rest limit is for rest only.
        display.hold(1, 20, pose3(10, 0, 0, 0, false), 0);
        assertEquals(SnapshotDisplay.BLENDED, display.show(1, 17, out3, 0));
        assertEquals(7f, out3[0], 1e-6);

        // Object 2: at rest, fast in its older state, nothing newer held: held, never extrapolated.
        display.hold(2, 10, pose3(0, 0, 0, 0, false), 0);
        display.hold(2, 11, pose3(0.5, 0, 0, 0, true), 0);
        assertEquals(SnapshotDisplay.HELD, display.show(2, 13, out3, 0));
        assertEquals(0.5f, out3[0]);
        assertEquals(0, display.extrapolatedCount());
        assertEquals(1 + 1, display.blendedCount(), "object 0 at 11 and object 1 at 17");
    }

    @Test
    void aRestLimitOfZeroHoldsAStateAtRestUntilTheNextAsBefore()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 1,
            new SnapshotDisplayConfig().maxBlendFromRestTicks(0));
        display.hold(0, 10, pose3(0, 0, 0, 0, true), 0);
        display.hold(0, 11, pose3(1, 0, 0, 0, false), 0);
        assertEquals(SnapshotDisplay.HELD, display.show(0, 10.5, out3, 0), "even one tick apart");
        assertEquals(0f, out3[0]);
        assertEquals(SnapshotDisplay.HELD, display.show(0, 11, out3, 0));
        assertEquals(1f, out3[0]);
        assertEquals(0, display.blendedCount());
    }

    @Test
    void extrapolatesByDefaultAndNeverWithALimitOfZero()
    {
        final SnapshotDisplay defaults = new SnapshotDisplay(StateSchema.snapshot3d(), 1, new SnapshotDisplayConfig());
        final SnapshotDisplay never = new SnapshotDisplay(StateSchema.snapshot3d(), 1,
            new SnapshotDisplayConfig().maxExtrapolationNs(0));
        for (final SnapshotDisplay display : new SnapshotDisplay[] {defaults, never})
        {
            display.hold(0, 10, pose3(0, 0, 0, 0, false), 0);
            display.hold(0, 11, pose3(0.5, 0, 0, 0, false), 0); // 30 m/s
        }
        assertEquals(SnapshotDisplay.EXTRAPOLATED, defaults.show(0, 30, out3, 0));
        assertEquals(0.5f + 0.5f * 9, out3[0], 1e-4, "150 ms: 9 ticks");
        assertEquals(SnapshotDisplay.HELD, never.show(0, 14, out3, 0));
        assertEquals(0.5f, out3[0]);
        assertEquals(0, never.extrapolatedCount());
    }

    @Test
    void extrapolatesAStarvedMovingObjectAlongItsTwoNewestStatesForAtMostTheLimitThenHolds()
    {
        // 100 ms at 60 Hz: 6 ticks.
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 1, extrapolating(100_000_000L));
        display.hold(0, 8, pose3(-9, 0, 0, 0, false), 0);
        display.hold(0, 10, pose3(0, 0, 0, 0, false), 0);
        display.hold(0, 12, pose3(0.6, -0.2, 0.1, 0.2, false), 0); // 0.3 m a tick in x: 18 m/s; 0.1 rad a tick
        assertEquals(SnapshotDisplay.EXTRAPOLATED, display.show(0, 15, out3, 0));
        assertEquals(12, display.shownTick());
        assertEquals(3.0, display.shownExtrapolatedTicks(), 1e-9);
        assertEquals(1.5f, out3[0], 1e-5);
        assertEquals(-0.5f, out3[1], 1e-5);
        assertEquals(0.25f, out3[2], 1e-5);
        assertEquals(0.5, angleAboutZ(out3), 1e-5);

        assertEquals(SnapshotDisplay.EXTRAPOLATED, display.show(0, 30, out3, 0));
        assertEquals(6.0, display.shownExtrapolatedTicks(), 1e-6, "100 ms of 16.67 ms ticks");
        assertEquals(2.4f, out3[0], 1e-5, "holds where 6 ticks of extrapolation ended");
        assertEquals(0.8, angleAboutZ(out3), 1e-5);
        assertEquals(2, display.extrapolatedCount());
    }

    @Test
    void doesNotExtrapolateAnObjectAtRestTooSlowOrWithoutARecentPair()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 3,
            extrapolating(200_000_000L).minExtrapolationSpeedMps(2).maxVelocitySpanTicks(4));
        display.hold(0, 10, pose3(0, 0, 0, 0, false), 0);
        display.hold(0, 11, pose3(1, 0, 0, 0, true), 0); // at rest in its newest state
        assertEquals(SnapshotDisplay.HELD, display.show(0, 14, out3, 0));
        assertEquals(1f, out3[0]);

        display.hold(1, 10, pose3(0, 0, 0, 0, false), 0);
        display.hold(1, 11, pose3(0.03, 0, 0, 0, false), 0); // 1.8 m/s < 2 m/s
        assertEquals(SnapshotDisplay.HELD, display.show(1, 14, out3, 0));
        assertEquals(0.03f, out3[0]);
        display.hold(1, 12, pose3(0.07, 0, 0, 0, false), 0); // 2.4 m/s
        assertEquals(SnapshotDisplay.EXTRAPOLATED, display.show(1, 13, out3, 0));
        assertEquals(0.11f, out3[0], 1e-6);

        display.hold(2, 10, pose3(0, 0, 0, 0, false), 0);
        display.hold(2, 15, pose3(5, 0, 0, 0, false), 0); // 5 ticks apart > span 4
        assertEquals(SnapshotDisplay.HELD, display.show(2, 17, out3, 0));
        assertEquals(5f, out3[0]);
        display.hold(2, 16, pose3(6, 0, 0, 0, false), 0);
        assertEquals(SnapshotDisplay.EXTRAPOLATED, display.show(2, 17, out3, 0));
        assertEquals(7f, out3[0], 1e-6);
    }

    @Test
    void aSchemaWithVelocitiesExtrapolatesWithTheStatesOwnVelocity()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.fiedler3d(), 1, extrapolating(100_000_000L));
        final float[] r = pose3(1, 0, 0, 0, false);
        r[7] = 6f; // vx m/s
        r[12] = 3f; // wz rad/s
        display.hold(0, 20, r, 0); // a single state: the velocity is its own
        assertEquals(SnapshotDisplay.EXTRAPOLATED, display.show(0, 23, out3, 0));
        assertEquals(1f + 6f * 3 / 60, out3[0], 1e-5);
        assertEquals(3.0 * 3 / 60, angleAboutZ(out3), 1e-5);
    }

    @Test
    void twoDimensionsExtrapolateTheAngleAlongTheShorterArc()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.default2d(), 1, extrapolating(100_000_000L));
        final SnapshotDisplay noVelocity = new SnapshotDisplay(
            StateSchema.builder2d().velocities(false).build(), 1, extrapolating(100_000_000L));
        record2[0] = 0f;
        record2[2] = (float)(Math.PI - 0.05);
        noVelocity.hold(0, 1, record2, 0);
        record2[0] = 0.5f;
        record2[2] = (float)(-Math.PI + 0.05); // 0.1 rad on across the seam
        noVelocity.hold(0, 2, record2, 0);
        assertEquals(SnapshotDisplay.EXTRAPOLATED, noVelocity.show(0, 4, out2, 0));
        assertEquals(1.5f, out2[0], 1e-6);
        assertEquals(-Math.PI + 0.25, out2[2], 1e-5);

        record2[0] = 0f;
        record2[2] = 0f;
        record2[3] = 12f; // vx
        record2[5] = -6f; // w
        display.hold(0, 1, record2, 0);
        assertEquals(SnapshotDisplay.EXTRAPOLATED, display.show(0, 3, out2, 0));
        assertEquals(0.4f, out2[0], 1e-6);
        assertEquals(-0.2f, out2[2], 1e-6);
    }

    @Test
    void dropsAStateOfATickHeldAndForgetsOnClear()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 1, new SnapshotDisplayConfig());
        assertTrue(display.hold(0, 10, pose3(1, 0, 0, 0, false), 0));
        assertFalse(display.hold(0, 10, pose3(3, 0, 0, 0, false), 0));
        assertEquals(10, display.newestTick(0));
        display.show(0, 10, out3, 0);
        assertEquals(1f, out3[0]);
        display.clear();
        assertEquals(SnapshotDisplay.NO_TICK, display.newestTick(0));
        assertEquals(SnapshotDisplay.NOTHING, display.show(0, 10, out3, 0));
    }

    @Test
    void aLateStateTakesItsPlaceInTickOrder()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 1, new SnapshotDisplayConfig());
        display.hold(0, 10, pose3(0, 0, 0, 0, false), 0);
        display.hold(0, 16, pose3(6, 0, 0, 0, false), 0);
        // The cube turned at 13: without that state the display cuts the corner.
        assertEquals(SnapshotDisplay.BLENDED, display.show(0, 13, out3, 0));
        assertEquals(3f, out3[0], 1e-6);
        assertTrue(display.hold(0, 13, pose3(3, 2, 0, 0, false), 0), "a repeat of a lost tick");
        assertEquals(16, display.newestTick(0));
        assertEquals(SnapshotDisplay.HELD, display.show(0, 13, out3, 0));
        assertEquals(2f, out3[1], 1e-6);
        assertEquals(SnapshotDisplay.BLENDED, display.show(0, 14.5, out3, 0));
        assertEquals(4.5f, out3[0], 1e-6);
        assertEquals(1f, out3[1], 1e-6);
        assertEquals(13, display.shownTick());
        assertEquals(16, display.shownTowardsTick());
        assertTrue(display.hold(0, 5, pose3(-5, 0, 0, 0, false), 0), "older than every state held, with room");
        assertEquals(SnapshotDisplay.BLENDED, display.show(0, 7, out3, 0));
        assertEquals(-3f, out3[0], 1e-6);
    }

    @Test
    void aLateStateInAFullRingEvictsTheOldestAndOneOlderThanAllIsDropped()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 1,
            new SnapshotDisplayConfig().historyDepth(4));
        for (final int tick : new int[] {10, 12, 14, 16})
        {
            display.hold(0, tick, pose3(tick, 0, 0, 0, false), 0);
        }
        assertFalse(display.hold(0, 9, pose3(9, 0, 0, 0, false), 0), "older than a full ring of newer states");
        assertTrue(display.hold(0, 13, pose3(13, 0, 0, 0, false), 0));
        // 10 evicted; 12, 13, 14, 16 held in order.
        assertEquals(SnapshotDisplay.NOTHING, display.show(0, 11, out3, 0));
        for (final int tick : new int[] {12, 13, 14, 16})
        {
            assertEquals(SnapshotDisplay.HELD, display.show(0, tick, out3, 0));
            assertEquals(tick, out3[0], 1e-6);
        }
        assertEquals(SnapshotDisplay.BLENDED, display.show(0, 15, out3, 0));
        assertEquals(15f, out3[0], 1e-6);
        assertEquals(16, display.newestTick(0));
    }

    @Test
    void aRingFullOfNewerStatesShowsNothingForAnOlderTick()
    {
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 1,
            new SnapshotDisplayConfig().historyDepth(4));
        for (int tick = 10; tick < 20; tick++)
        {
            display.hold(0, tick, pose3(tick, 0, 0, 0, false), 0);
        }
        assertEquals(SnapshotDisplay.NOTHING, display.show(0, 15, out3, 0), "16..19 kept, 15 evicted");
        assertEquals(SnapshotDisplay.HELD, display.show(0, 16, out3, 0));
        assertEquals(16f, out3[0]);
    }

    @Test
    void rejectsSettingsOutOfRange()
    {
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayConfig().historyDepth(3));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayConfig().maxBlendTicks(0));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayConfig().maxBlendFromRestTicks(-1));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayConfig().maxExtrapolationNs(-1));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayConfig().maxVelocitySpanTicks(0));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayConfig().tickDurationNs(0));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotDisplayConfig().minExtrapolationSpeedMps(Double.NaN));
    }

    @Test
    void holdingAndShowingAllocateNothing()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final SnapshotDisplay display = new SnapshotDisplay(StateSchema.snapshot3d(), 8,
            extrapolating(150_000_000L).maxBlendFromRestTicks(8));
        final long threadId = Thread.currentThread().getId();
        final long[] allocatedPerRound = new long[8];
        for (int round = 0; round < allocatedPerRound.length; round++)
        {
            final long before = threads.getThreadAllocatedBytes(threadId);
            for (int tick = round * 1000; tick < round * 1000 + 1000; tick++)
            {
                for (int object = 0; object < 8; object++)
                {
                    if ((tick + object) % 3 != 0)
                    {
                        // Every fifth tick at rest: blends from rest too.
                        display.hold(object, tick, pose3(0.3 * tick, 0, 0, 0.01 * tick, tick % 5 == 0), 0);
                    }
                    display.show(object, tick - 6.5, out3, 0);
                    display.show(object, tick + 2, out3, 0);
                }
            }
            allocatedPerRound[round] = threads.getThreadAllocatedBytes(threadId) - before;
        }
        assertTrue(display.blendedCount() > 0 && display.extrapolatedCount() > 0);
        // Steady state: at least three of the last four rounds allocate nothing. One round may see the JVM's one-off
        // work (a deoptimization materializes the objects escape analysis had removed: 448 bytes once, under load),
        // which a display that allocates per call would show in every round.
        int clean = 0;
        for (int round = allocatedPerRound.length - 4; round < allocatedPerRound.length; round++)
        {
            clean += allocatedPerRound[round] == 0 ? 1 : 0;
        }
        assertTrue(clean >= 3, "bytes allocated per round: " + java.util.Arrays.toString(allocatedPerRound));
    }
}
