package dev.statesync.sync.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.PriorityQueue;
import java.util.Random;

import org.junit.jupiter.api.Test;

class RemoteObjectInterpolatorTest
{
    private static final long TICK_NS = 1_000_000_000L / 60;

    private final Pose pose = new Pose();
    private final Pose out = new Pose();

    /** Ballistic flight with spin: x = 3t, y = 10t - 5t^2, angle = 2t. */
    private static double x(final double t)
    {
        return 3.0 * t;
    }

    private static double y(final double t)
    {
        return 10.0 * t - 5.0 * t * t;
    }

    private static double vy(final double t)
    {
        return 10.0 - 10.0 * t;
    }

    private void send(final RemoteObjectInterpolator interpolator, final long arrivalNs, final long tick, final long offsetNs)
    {
        final double t = (tick * TICK_NS + offsetNs) * 1e-9;
        pose.set2d(x(t), y(t), 2.0 * t);
        interpolator.onSample(arrivalNs, tick, offsetNs, pose, 3.0, vy(t), 0.0);
    }

    @Test
    void shouldReproduceBallisticMotionExactlyBetweenSamples()
    {
        final RemoteObjectInterpolator interpolator = new RemoteObjectInterpolator(new JitterBufferConfig(), TICK_NS);
        final long transitNs = 40_000_000L;
        for (long tick = 0; tick < 30; tick++)
        {
            send(interpolator, tick * TICK_NS + transitNs, tick, 0);
        }
        final long delayNs = interpolator.delayNs();
        assertEquals(3 * TICK_NS, delayNs, 1, "no jitter measured: 3 send intervals");
        for (long nowNs = 29 * TICK_NS + transitNs; nowNs < 29 * TICK_NS + transitNs + 2 * TICK_NS; nowNs += 1_234_567L)
        {
            assertEquals(PlaybackResult.INTERPOLATED, interpolator.sample(nowNs, out));
            final double t = (nowNs - transitNs - delayNs) * 1e-9;
            assertEquals(x(t), out.x, 1e-9);
            assertEquals(y(t), out.y, 1e-9, "Hermite with velocity tangents is exact for a parabola");
            assertEquals(2.0 * t, out.angle2dRad(), 1e-9, "slerp at constant spin");
        }
    }

    @Test
    void shouldNotStarveUnderJitterAndLossWithTheDefaultDelay()
    {
        final RemoteObjectInterpolator interpolator = new RemoteObjectInterpolator(new JitterBufferConfig(), TICK_NS);
        final Random random = new Random(5);
        final PriorityQueue<long[]> inFlight = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
        final long frameNs = 1_000_000_000L / 144;
        long tick = 0;
        int frames = 0;
        int starved = 0;
        double maxErrorM = 0.0;
        for (long nowNs = 0; nowNs < 10_000_000_000L; nowNs += frameNs)
        {
            while (tick * TICK_NS <= nowNs)
            {
                if (random.nextDouble() >= 0.05)
                {
                    inFlight.add(new long[]{tick * TICK_NS + 50_000_000L + (long)(random.nextDouble() * 30_000_000L), tick});
                }
                tick++;
            }
            while (!inFlight.isEmpty() && inFlight.peek()[0] <= nowNs)
            {
                final long[] packet = inFlight.poll();
                send(interpolator, packet[0], packet[1], 0);
            }
            if (nowNs > 1_000_000_000L)
            {
                frames++;
                if (interpolator.sample(nowNs, out) != PlaybackResult.INTERPOLATED)
                {
                    starved++;
                }
                final double t = interpolator.playbackTimeNs(nowNs) * 1e-9;
                maxErrorM = Math.max(maxErrorM, Math.hypot(out.x - x(t), out.y - y(t)));
            }
        }
        System.out.printf("jitter buffer: frames=%d starved=%d delayMs=%.1f jitterMs=%.1f maxErrorM=%.2e%n",
            frames, starved, interpolator.delayNs() / 1e6, interpolator.jitterNs() / 1e6, maxErrorM);
        assertTrue(starved <= frames / 1000, "starved frames: " + starved + " of " + frames);
        assertTrue(maxErrorM < 1e-6, "reordered and lost samples still interpolate exactly: " + maxErrorM);
        assertTrue(interpolator.delayNs() < 3 * TICK_NS + 40_000_000L, "delay stays near 3 intervals + jitter");
    }

    @Test
    void shouldPlaceSamplesAtTheirSampleTimeNotTheirTickTime()
    {
        final RemoteObjectInterpolator withOffsets = new RemoteObjectInterpolator(new JitterBufferConfig(), TICK_NS);
        final Random random = new Random(9);
        for (long tick = 0; tick < 20; tick++)
        {
            final long offsetNs = (long)(random.nextDouble() * TICK_NS); // sampled at render time within the tick
            send(withOffsets, tick * TICK_NS + offsetNs + 30_000_000L, tick, offsetNs);
        }
        final long nowNs = 19 * TICK_NS + 30_000_000L;
        withOffsets.sample(nowNs, out);
        final double t = withOffsets.playbackTimeNs(nowNs) * 1e-9;
        assertEquals(x(t), out.x, 1e-9);
        assertEquals(y(t), out.y, 1e-9);
    }

    @Test
    void shouldExtrapolateForABoundedTimeThenHoldWhenStarved()
    {
        final RemoteObjectInterpolator interpolator = new RemoteObjectInterpolator(
            new JitterBufferConfig().maxExtrapolationNs(100_000_000L), TICK_NS);
        for (long tick = 0; tick < 10; tick++)
        {
            send(interpolator, tick * TICK_NS, tick, 0);
        }
        final long newestNs = 9 * TICK_NS;
        final long delayNs = interpolator.delayNs();
        assertEquals(PlaybackResult.EXTRAPOLATED, interpolator.sample(newestNs + delayNs + 50_000_000L, out));
        final double tNewest = newestNs * 1e-9;
        assertEquals(x(tNewest) + 3.0 * 0.05, out.x, 1e-9);
        interpolator.sample(newestNs + delayNs + 100_000_000L, out);
        final double limitX = out.x;
        interpolator.sample(newestNs + delayNs + 5_000_000_000L, out);
        assertEquals(limitX, out.x, 1e-12, "held after the extrapolation limit");
        assertEquals(x(tNewest) + 3.0 * 0.1, limitX, 1e-9);
    }

    @Test
    void shouldInsertReorderedSamplesAndDropDuplicates()
    {
        final RemoteObjectInterpolator interpolator = new RemoteObjectInterpolator(new JitterBufferConfig(), TICK_NS);
        send(interpolator, 0, 0, 0);
        send(interpolator, 10, 2, 0);
        send(interpolator, 20, 1, 0);
        send(interpolator, 30, 2, 0);
        assertEquals(3, interpolator.size());
        assertEquals(1, interpolator.samplesDropped());
    }
}
