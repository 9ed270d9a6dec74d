package dev.statesync.codec.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The detector agrees, frame by frame, with a plain list-based reading of the rule: the last W poses, newest
 * included, all within the thresholds of the newest.
 */
class AtRestDetectorPropertiesTest
{
    @Property(tries = 300)
    void shouldAgreeWithListReference(
        @ForAll final long seed,
        @ForAll @IntRange(min = 2, max = 20) final int windowFrames,
        @ForAll @IntRange(min = 1, max = 120) final int frames,
        @ForAll @IntRange(min = 0, max = 3) final int motionScale)
    {
        final float positionThresholdMetres = 0.01f;
        final float dotThreshold = 0.9999f;
        final AtRestDetector detector = new AtRestDetector(1, windowFrames, positionThresholdMetres, dotThreshold);
        final List<float[]> history = new ArrayList<>();
        final SplittableRandom random = new SplittableRandom(seed);
        final float stepMetres = new float[]{0.0f, 0.0005f, 0.003f, 0.05f}[motionScale];
        final double stepRadians = new double[]{0.0, 0.0005, 0.01, 0.1}[motionScale];
        float x = 0;
        double angle = 0;

        for (int frame = 0; frame < frames; frame++)
        {
            if (random.nextInt(4) != 0)
            {
                x += (float)(random.nextDouble(-1, 1) * stepMetres);
                angle += random.nextDouble(-1, 1) * stepRadians;
            }
            final float sign = random.nextBoolean() ? 1.0f : -1.0f;
            final float scale = sign * (float)random.nextDouble(0.5, 2.0); // any non-zero norm, either sign
            final float qy = scale * (float)Math.sin(angle / 2);
            final float qw = scale * (float)Math.cos(angle / 2);
            detector.update(0, x, 0.5f, 0.2f, 0.0f, qy, 0.0f, qw);
            final float inverseNorm = 1.0f / (float)Math.sqrt(qy * qy + qw * qw);
            history.add(new float[]{x, 0.5f, 0.2f, 0.0f, qy * inverseNorm, 0.0f, qw * inverseNorm});

            assertEquals(reference(history, windowFrames, positionThresholdMetres, dotThreshold),
                detector.isAtRest(0), "frame " + frame);
        }
    }

    private static boolean reference(
        final List<float[]> history, final int windowFrames, final float positionThreshold, final float dotThreshold)
    {
        if (history.size() < windowFrames)
        {
            return false;
        }
        final float[] newest = history.get(history.size() - 1);
        for (int i = history.size() - windowFrames; i < history.size(); i++)
        {
            final float[] pose = history.get(i);
            final float dx = pose[0] - newest[0];
            final float dy = pose[1] - newest[1];
            final float dz = pose[2] - newest[2];
            final float dot = pose[3] * newest[3] + pose[4] * newest[4] + pose[5] * newest[5] + pose[6] * newest[6];
            if (dx * dx + dy * dy + dz * dz > positionThreshold * positionThreshold || Math.abs(dot) < dotThreshold)
            {
                return false;
            }
        }

        return true;
    }
}
