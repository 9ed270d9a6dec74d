package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
