package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Seed 002's two naive smoothers each have a flaw: a constant per-frame lerp depends on the frame rate, and a
 * lerp whose weight restarts with a timer jerks when a new error arrives. These tests show ours has neither.
 */
class CorrectionSmootherTest
{
    private static final double SETTLED_M = 0.01;

    private final Pose before = new Pose();
    private final Pose after = new Pose();
    private final Pose simulated = new Pose();
    private final Pose shown = new Pose();

    @Test
    void shouldNotMoveTheDisplayedPoseWhenACorrectionArrives()
    {
        final CorrectionSmoother smoother = new CorrectionSmoother(new CorrectionSmootherConfig());
        before.set2d(3.0, 1.0, 0.2);
        after.set2d(3.6, 0.7, 0.5);
        smoother.onCorrection(before, after);
        smoother.displayed(after, shown);
        assertEquals(3.0, shown.x, 1e-12);
        assertEquals(1.0, shown.y, 1e-12);
        assertEquals(0.2, shown.angle2dRad(), 1e-12);

        // A second correction while the first is still being smoothed: still no jump.
        smoother.update(50_000_000L);
        smoother.displayed(after, shown);
        final double shownX = shown.x;
        final double shownY = shown.y;
        final double shownAngle = shown.angle2dRad();
        before.set(after);
        after.set2d(3.2, 0.9, 0.4);
        smoother.onCorrection(before, after);
        smoother.displayed(after, shown);
        assertEquals(shownX, shown.x, 1e-12);
        assertEquals(shownY, shown.y, 1e-12);
        assertEquals(shownAngle, shown.angle2dRad(), 1e-12);
    }

    @Test
    void shouldKeepA3dDisplayedRotationContinuousAndDecayItToTheSimulatedOne()
    {
        final CorrectionSmoother smoother = new CorrectionSmoother(new CorrectionSmootherConfig());
        before.set(1.0, 2.0, 3.0, Math.sin(0.15), 0.0, 0.0, Math.cos(0.15)); // 0.3 rad about x
        after.set(1.1, 2.0, 3.0, 0.0, Math.sin(0.1), 0.0, Math.cos(0.1));    // 0.2 rad about y
        smoother.onCorrection(before, after);
        smoother.displayed(after, shown);
        final double dot = shown.qx * before.qx + shown.qy * before.qy + shown.qz * before.qz + shown.qw * before.qw;
        assertEquals(1.0, Math.abs(dot), 1e-12, "shown rotation equals the pre-correction rotation");
        assertEquals(1.0, shown.x, 1e-12);
        for (int i = 0; i < 600; i++)
        {
            smoother.update(16_666_667L);
        }
        smoother.displayed(after, shown);
        final double settledDot = shown.qx * after.qx + shown.qy * after.qy + shown.qz * after.qz + shown.qw * after.qw;
        assertEquals(1.0, Math.abs(settledDot), 1e-12);
        assertTrue(smoother.isSettled());
    }

    @Test
    void shouldSettleInTheSameTimeAt30And60And144HzWithinOneFrame()
    {
        for (final double errorM : new double[]{0.1, 0.6, 1.8})
        {
            final double settle30 = settleTimeS(new CorrectionSmoother(new CorrectionSmootherConfig()), errorM, 30);
            final double settle60 = settleTimeS(new CorrectionSmoother(new CorrectionSmootherConfig()), errorM, 60);
            final double settle144 = settleTimeS(new CorrectionSmoother(new CorrectionSmootherConfig()), errorM, 144);
            System.out.printf("settle to 1 cm from %.2f m: 30 Hz %.1f ms, 60 Hz %.1f ms, 144 Hz %.1f ms%n",
                errorM, settle30 * 1e3, settle60 * 1e3, settle144 * 1e3);
            assertTrue(Math.abs(settle30 - settle60) <= 1.0 / 30, errorM + ": " + settle30 + " vs " + settle60);
            assertTrue(Math.abs(settle60 - settle144) <= 1.0 / 60, errorM + ": " + settle60 + " vs " + settle144);
            assertTrue(Math.abs(settle30 - settle144) <= 1.0 / 30, errorM + ": " + settle30 + " vs " + settle144);
        }
        final double naive30 = naiveSettleTimeS(0.6, 30);
        final double naive144 = naiveSettleTimeS(0.6, 144);
        System.out.printf("naive 0.65 per-frame lerp from 0.60 m: 30 Hz %.1f ms, 144 Hz %.1f ms%n",
            naive30 * 1e3, naive144 * 1e3);
        assertTrue(naive30 > 3 * naive144, "the naive per-frame lerp is frame-rate dependent: " + naive30 + " vs " + naive144);
    }

    @Test
    void shouldMatchFiedlersPerFrameFactorsAt60Hz()
    {
        final ErrorDecay decay = new CorrectionSmootherConfig().errorDecay();
        assertEquals(0.95 * 0.2, decay.decay(0.2, 1.0 / 60), 1e-12);
        assertEquals(0.85 * 1.5, decay.decay(1.5, 1.0 / 60), 1e-12);
        final double blended = decay.decay(0.6, 1.0 / 60) / 0.6;
        assertTrue(blended < 0.95 && blended > 0.85, "between the two: " + blended);
    }

    @Test
    void shouldDecayLargeErrorsFasterThanSmallOnes()
    {
        final ErrorDecay decay = new CorrectionSmootherConfig().errorDecay();
        assertTrue(decay.decay(1.5, 0.1) / 1.5 < decay.decay(0.6, 0.1) / 0.6);
        assertTrue(decay.decay(0.6, 0.1) / 0.6 < decay.decay(0.1, 0.1) / 0.1);
    }

    @Test
    void shouldGiveTheSameErrorForOneLongStepAsForManyShortOnes()
    {
        final ErrorDecay decay = new CorrectionSmootherConfig().errorDecay();
        double e = 1.7;
        for (int i = 0; i < 144; i++)
        {
            e = decay.decay(e, 1.0 / 144);
        }
        assertEquals(decay.decay(1.7, 1.0), e, 1e-9);
    }

    @Test
    void shouldSnapWhenTheCorrectionExceedsTheThreshold()
    {
        final CorrectionSmoother smoother = new CorrectionSmoother(new CorrectionSmootherConfig());
        before.set2d(0.0, 0.0, 0.0);
        after.set2d(2.5, 0.0, 0.0);
        smoother.onCorrection(before, after);
        assertEquals(0.0, smoother.positionOffsetM());
        assertEquals(1, smoother.snaps());
    }

    @Test
    void shouldSlerpTheRotationOffsetTowardIdentity()
    {
        final CorrectionSmoother smoother = new CorrectionSmoother(new CorrectionSmootherConfig().rotationTauMs(100.0));
        before.set2d(0.0, 0.0, 0.0);
        after.set2d(0.0, 0.0, 0.4);
        smoother.onCorrection(before, after);
        assertEquals(0.4, smoother.rotationOffsetRad(), 1e-12);
        smoother.update(100_000_000L);
        assertEquals(0.4 * Math.exp(-1.0), smoother.rotationOffsetRad(), 1e-9);
        smoother.displayed(after, shown);
        assertEquals(0.4 - 0.4 * Math.exp(-1.0), shown.angle2dRad(), 1e-9, "moving from the old angle to the new");
        for (int i = 0; i < 100; i++)
        {
            smoother.update(16_666_667L);
        }
        assertTrue(smoother.isSettled());
    }

    private double settleTimeS(final CorrectionSmoother smoother, final double errorM, final int frameHz)
    {
        before.set2d(errorM, 0.0, 0.0);
        after.set2d(0.0, 0.0, 0.0);
        smoother.onCorrection(before, after);
        final long frameNs = 1_000_000_000L / frameHz;
        long elapsedNs = 0;
        while (smoother.positionOffsetM() > SETTLED_M)
        {
            smoother.update(frameNs);
            elapsedNs += frameNs;
        }
        return elapsedNs * 1e-9;
    }

    /** Seed 002's first method: display = lerp(display, simulated, 1 - 0.65) every frame. */
    private static double naiveSettleTimeS(final double errorM, final int frameHz)
    {
        double offset = errorM;
        int frames = 0;
        while (offset > SETTLED_M)
        {
            offset *= 0.65;
            frames++;
        }
        return (double)frames / frameHz;
    }
}
