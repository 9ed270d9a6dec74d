package dev.statesync.codec.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AtRestDetectorTest
{
    private static final float HALF_SQRT2 = (float)Math.sqrt(0.5);

    @Test
    void shouldBecomeAtRestExactlyWhenWindowFills()
    {
        final AtRestDetector detector = new AtRestDetector(2);
        for (int frame = 1; frame < AtRestDetector.DEFAULT_WINDOW_FRAMES; frame++)
        {
            detector.update(1, 3.0f, -2.0f, 0.2f, 0.0f, 0.0f, HALF_SQRT2, HALF_SQRT2);
            assertFalse(detector.isAtRest(1), "frame " + frame);
        }
        detector.update(1, 3.0f, -2.0f, 0.2f, 0.0f, 0.0f, HALF_SQRT2, HALF_SQRT2);

        assertTrue(detector.isAtRest(1));
        assertEquals(16, detector.framesHeld(1));
        assertFalse(detector.isAtRest(0), "other objects unaffected");
    }

    @Test
    void shouldStayAtRestWhileJitteringWithinThreshold()
    {
        final AtRestDetector detector = new AtRestDetector(1);
        for (int frame = 0; frame < 100; frame++)
        {
            final float jitterMetres = (frame % 2 == 0 ? 1 : -1) * 0.003f; // peak to peak 0.006 m on two axes: 0.0085 m
            detector.update(0, 1.0f + jitterMetres, 2.0f, 0.2f - jitterMetres, 0.0f, 0.0f, 0.0f, 1.0f);
            assertEquals(frame >= 15, detector.isAtRest(0), "frame " + frame);
        }
    }

    @Test
    void shouldNotBeAtRestWhenDriftingSlowlyBeyondThresholdAcrossWindow()
    {
        final AtRestDetector detector = new AtRestDetector(1);
        final float stepMetres = 0.001f; // a tenth of the threshold per frame, 0.015 m across 16 frames
        for (int frame = 0; frame < 200; frame++)
        {
            detector.update(0, frame * stepMetres, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f);
            assertFalse(detector.isAtRest(0), "frame " + frame);
        }
    }

    @Test
    void shouldNotBeAtRestWhenTurningSlowlyBeyondThresholdAcrossWindow()
    {
        final AtRestDetector detector = new AtRestDetector(1);
        final double stepRadians = 0.003; // |dot| per frame 0.9999989, across 15 frames 0.99975 < 0.9999
        for (int frame = 0; frame < 200; frame++)
        {
            final double half = 0.5 * frame * stepRadians;
            detector.update(0, 0.0f, 0.0f, 0.0f, (float)Math.sin(half), 0.0f, 0.0f, (float)Math.cos(half));
            assertFalse(detector.isAtRest(0), "frame " + frame);
        }
    }

    @Test
    void shouldTreatNegatedQuaternionAsSameRotation()
    {
        final AtRestDetector detector = new AtRestDetector(1);
        for (int frame = 0; frame < 16; frame++)
        {
            final float sign = frame % 2 == 0 ? 1.0f : -1.0f;
            detector.update(0, 0.0f, 0.0f, 0.0f, 0.5f * sign, -0.5f * sign, 0.5f * sign, 0.5f * sign);
        }

        assertTrue(detector.isAtRest(0));
    }

    @Test
    void shouldRestWithQuaternionsWhoseNormHasDrifted()
    {
        final AtRestDetector detector = new AtRestDetector(1);
        for (int frame = 0; frame < 16; frame++)
        {
            final float scale = 0.98f + 0.002f * frame; // |q|^2 from 0.96 to 1.02
            detector.update(0, 0.0f, 0.0f, 0.0f, 0.0f, 0.6f * scale, 0.0f, 0.8f * scale);
        }

        assertTrue(detector.isAtRest(0));
    }

    @Test
    void shouldNeverRestWithZeroQuaternion()
    {
        final AtRestDetector detector = new AtRestDetector(1, 2, 0.01f, 0.9999f);
        detector.update(0, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f);
        detector.update(0, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f);

        assertFalse(detector.isAtRest(0));
    }

    @Test
    void shouldWakeWhenMovedAndComeToRestOnlyAfterAFullWindowAtTheNewPlace()
    {
        final AtRestDetector detector = new AtRestDetector(1);
        for (int frame = 0; frame < 20; frame++)
        {
            detector.update(0, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f);
        }
        assertTrue(detector.isAtRest(0));

        for (int frame = 0; frame < 15; frame++)
        {
            detector.update(0, 0.0f, 0.0f, 0.5f, 0.0f, 0.0f, 0.0f, 1.0f);
            assertFalse(detector.isAtRest(0), "an old pose is still in the window at frame " + frame);
        }
        detector.update(0, 0.0f, 0.0f, 0.5f, 0.0f, 0.0f, 0.0f, 1.0f);
        assertTrue(detector.isAtRest(0));
    }

    @Test
    void shouldNotBeAtRestAfterMovingAwayAndBackWithinWindow()
    {
        final AtRestDetector detector = new AtRestDetector(1);
        for (int frame = 0; frame < 40; frame++)
        {
            final float x = frame == 30 ? 0.2f : 0.0f;
            detector.update(0, x, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f);
        }

        assertFalse(detector.isAtRest(0), "the excursion at frame 30 is still in the window");
    }

    @Test
    void shouldForgetHistoryOnReset()
    {
        final AtRestDetector detector = new AtRestDetector(1, 4, 0.01f, 0.9999f);
        for (int frame = 0; frame < 4; frame++)
        {
            detector.update(0, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f);
        }
        assertTrue(detector.isAtRest(0));

        detector.reset(0);
        assertFalse(detector.isAtRest(0));
        assertEquals(0, detector.framesHeld(0));
        for (int frame = 0; frame < 3; frame++)
        {
            detector.update(0, 100.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f);
            assertFalse(detector.isAtRest(0));
        }
        detector.update(0, 100.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f);
        assertTrue(detector.isAtRest(0), "teleported object rests after a full window at its new place");
    }

    @Test
    void shouldTreatAnglesOneTurnApartAsSameRotationIn2d()
    {
        final AtRestDetector detector = new AtRestDetector(1);
        for (int frame = 0; frame < 16; frame++)
        {
            // 2 pi apart the half-angle quaternions are negatives of each other.
            final float angleRadians = frame % 2 == 0 ? 0.3f : 0.3f + (float)(2.0 * Math.PI);
            detector.update2d(0, 5.0f, -1.0f, angleRadians);
        }

        assertTrue(detector.isAtRest(0));
    }

    @Test
    void shouldNotBeAtRestWhenTurningBeyondThresholdIn2d()
    {
        final AtRestDetector detector = new AtRestDetector(1);
        for (int frame = 0; frame < 40; frame++)
        {
            detector.update2d(0, 5.0f, -1.0f, frame * 0.005f); // 0.075 rad across the window, threshold ~0.028
            assertFalse(detector.isAtRest(0), "frame " + frame);
        }
    }

    @Test
    void shouldNeverBeAtRestWithNaNInWindow()
    {
        final AtRestDetector detector = new AtRestDetector(1, 2, 0.01f, 0.9999f);
        detector.update(0, Float.NaN, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f);
        detector.update(0, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f);

        assertFalse(detector.isAtRest(0));
    }

    @Test
    void shouldRejectProgrammerMisuse()
    {
        final AtRestDetector detector = new AtRestDetector(1);

        assertThrows(IllegalArgumentException.class, () -> detector.isAtRest(1));
        assertThrows(IllegalArgumentException.class, () -> detector.update(-1, 0, 0, 0, 0, 0, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> detector.reset(5));
        assertThrows(IllegalArgumentException.class, () -> new AtRestDetector(-1));
        assertThrows(IllegalArgumentException.class, () -> new AtRestDetector(1, 1, 0.01f, 0.9999f));
        assertThrows(IllegalArgumentException.class, () -> new AtRestDetector(1, 16, -0.01f, 0.9999f));
        assertThrows(IllegalArgumentException.class, () -> new AtRestDetector(1, 16, Float.NaN, 0.9999f));
        assertThrows(IllegalArgumentException.class, () -> new AtRestDetector(1, 16, 0.01f, 1.5f));
        assertThrows(IllegalArgumentException.class, () -> new AtRestDetector(1, 16, 0.01f, 0.0f));
    }
}
