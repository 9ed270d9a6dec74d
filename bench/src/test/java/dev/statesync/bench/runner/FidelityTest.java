package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.snapshot.SnapshotDisplayConfig;
import dev.statesync.sync.snapshot.SnapshotDisplayDelay;
import dev.statesync.sync.snapshot.SnapshotDisplayDelayConfig;

import org.junit.jupiter.api.Test;

class FidelityTest
{
    private static float[] record2d(final float x, final float angle, final boolean atRest)
    {
        return new float[]{ x, 0f, angle, 0f, 0f, 0f, atRest ? 1f : 0f };
    }

    @Test
    void delayShouldCoverLatencyAndJitterPlusTwoTicks()
    {
        assertEquals(6, Fidelity.interpolationDelayTicks(50, 10, 60));
        assertEquals(2, Fidelity.interpolationDelayTicks(0, 0, 60));
        assertEquals(3, Fidelity.interpolationDelayTicks(16.0, 0, 60));
    }

    @Test
    void shouldCompareTheNewestReplicaStateNoLaterThanTheDisplayTickWithTheAuthorityThen()
    {
        final Fidelity fidelity = new Fidelity(false, 1, 2, 10);
        fidelity.recordAuthority(1, record2d(1, 0f, false));
        // held at rest, so the display does not interpolate towards tick 4 (see the interpolation test below)
        fidelity.recordReplica(0, 1, record2d(1, 0f, true), 0);
        fidelity.recordAuthority(2, record2d(2, 0f, false));
        fidelity.evaluate(2);
        assertEquals(0, fidelity.samples(), "nothing to show before tick 1");
        fidelity.recordAuthority(3, record2d(3, 0f, false));
        fidelity.evaluate(3);
        assertEquals(0.0, fidelity.positionErrorMaxM(), "tick 1 shown at 3: the replica holds tick 1");
        fidelity.recordAuthority(4, record2d(4, 0f, false));
        fidelity.recordReplica(0, 4, record2d(4, 0.5f, false), 0);
        fidelity.evaluate(4);
        assertEquals(1.0, fidelity.positionErrorMaxM(), 1e-6, "tick 2 shown at 4: tick 4 is too new, tick 1 shown");
        fidelity.recordAuthority(5, record2d(5, 0f, false));
        fidelity.evaluate(5);
        fidelity.recordAuthority(6, record2d(6, 0f, false));
        fidelity.evaluate(6);
        assertEquals(4, fidelity.samples());
        assertEquals(2.0, fidelity.positionErrorMaxM(), 1e-6, "tick 3 still shows tick 1");
        assertEquals(Math.toDegrees(0.5), fidelity.rotationErrorP99Deg(), 1e-3, "tick 4 shows tick 4's 0.5 rad");
        assertEquals(0.75, fidelity.positionErrorMeanM(), 1e-6);
    }

    @Test
    void shouldMeasureMovementOfARestingObjectAsJitterButNotCatchUpFromBeforeTheRest()
    {
        final Fidelity fidelity = new Fidelity(false, 1, 1, 10);
        fidelity.recordAuthority(1, record2d(0f, 0f, false));
        fidelity.recordReplica(0, 1, record2d(0f, 0f, false), 0);
        fidelity.recordAuthority(2, record2d(1f, 0f, true));
        fidelity.evaluate(2);
        fidelity.recordAuthority(3, record2d(1f, 0f, true));
        fidelity.recordReplica(0, 3, record2d(1f, 0f, true), 0);
        fidelity.evaluate(3);
        fidelity.recordAuthority(4, record2d(1f, 0f, true));
        fidelity.evaluate(4);
        assertEquals(0.0, fidelity.restingJitterM(), "catching up with a new rest is not jitter");
        fidelity.recordAuthority(5, record2d(1f, 0f, true));
        fidelity.recordReplica(0, 4, record2d(1.25f, 0f, true), 0);
        fidelity.evaluate(5);
        assertEquals(0.25, fidelity.restingJitterM(), 1e-6);
        assertTrue(fidelity.positionErrorMaxM() >= 0.25);
    }

    @Test
    void shouldInterpolateAMovingObjectAcrossAMissingTickButHoldAnObjectAtRest()
    {
        final Fidelity fidelity = new Fidelity(false, 2, 2, 10);
        fidelity.recordAuthority(1, new float[]{ 0f, 0f, 0f, 0f, 0f, 0f, 0f, 5f, 0f, 0f, 0f, 0f, 0f, 1f });
        fidelity.recordReplica(0, 1, record2d(0f, 0f, false), 0);
        fidelity.recordReplica(1, 1, record2d(5f, 0f, true), 0);
        fidelity.recordAuthority(2, new float[]{ 1f, 0f, 0.5f, 0f, 0f, 0f, 0f, 5f, 0f, 0f, 0f, 0f, 0f, 1f });
        fidelity.recordAuthority(3, new float[]{ 2f, 0f, 1f, 0f, 0f, 0f, 0f, 6f, 0f, 0f, 0f, 0f, 0f, 0f });
        fidelity.evaluate(3);
        fidelity.recordReplica(0, 3, record2d(2f, 1f, false), 0);
        fidelity.recordReplica(1, 3, record2d(6f, 0f, false), 0);
        fidelity.recordAuthority(4, new float[]{ 3f, 0f, 1f, 0f, 0f, 0f, 0f, 6f, 0f, 0f, 0f, 0f, 0f, 0f });
        fidelity.evaluate(4);
        assertEquals(1, fidelity.blended(), "the moving object is shown halfway between ticks 1 and 3 at tick 2");
        assertEquals(0.0, fidelity.rotationErrorP99Deg(), 1e-4, "its angle too");
        assertEquals(0.0, fidelity.positionErrorMaxM(), 1e-6, "and the resting one holds its place");
    }

    /**
     * A snapshot every 2 ticks, one tick in transit, the snapshot of tick 20 lost, an object at {@code x = tick^2}:
     * a delay of transit + 2 ticks (the old fixed rule) is starved across the loss and holds tick 18; the delay
     * that follows the send interval (transit + 2 intervals) still blends 18 towards 22.
     */
    private static Fidelity runEveryTwoTicksLosingTick20(final Fidelity fidelity)
    {
        for (int tick = 1; tick <= 40; tick++)
        {
            fidelity.recordAuthority(tick, record2d(tick * tick, 0f, false));
            final int arrived = tick - 1;
            if (arrived > 0 && arrived % 2 == 0 && arrived != 20)
            {
                fidelity.recordReplica(0, arrived, record2d(arrived * arrived, 0f, false), 0);
                fidelity.recordSnapshot(arrived);
            }
            fidelity.evaluate(tick);
        }
        return fidelity;
    }

    @Test
    void aDelayFollowingTheSendIntervalShouldRideOutALostSnapshot()
    {
        final SnapshotDisplayConfig hold = new SnapshotDisplayConfig().maxExtrapolationNs(0);
        final Fidelity fixed = runEveryTwoTicksLosingTick20(
            new Fidelity(StateSchema.default2d(), 1, Fidelity.interpolationDelayTicks(1000.0 / 60, 0, 60), 40, hold));
        final Fidelity following = runEveryTwoTicksLosingTick20(new Fidelity(StateSchema.default2d(), 1,
            new SnapshotDisplayDelay(1000.0 / 60, 0, new SnapshotDisplayDelayConfig()), 40, hold));

        assertEquals(3, fixed.delayFigures().minTicks());
        assertEquals(3, fixed.delayFigures().maxTicks());
        assertTrue(fixed.positionErrorMaxM() >= 37 - 1e-3, "tick 19 shown as 18: " + fixed.positionErrorMaxM());
        final DisplayDelayFigures delay = following.delayFigures();
        assertEquals(3, delay.minTicks(), "a snapshot every tick until four gaps of 2 are seen");
        assertEquals(5, delay.maxTicks(), "then 1 + 2 x 2");
        assertTrue(delay.meanTicks() > 3 && delay.meanTicks() < 5, "mean " + delay.meanTicks());
        assertTrue(following.positionErrorMaxM() <= 4 + 1e-3, "blended across the loss: " + following.positionErrorMaxM());
        assertTrue(delay.describe().contains("3-5 ticks"), delay.describe());
    }
}
