package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import dev.statesync.sync.snapshot.SnapshotDisplayConfig;

class InterpolationSamplerTest
{
    private static final int TRANSIT_TICKS = 4;

    @Test
    void aStraightSlowPathNeedsAStateOnlyWhenTheBlendCannotReach()
    {
        // 0.01 m a tick: too slow to extrapolate, so the display holds; blends bridge at most 16 ticks.
        final ObjectPath path = DisplayReplayTest.straight(40, 0.01);
        final InterpolationSampler sampler = new InterpolationSampler(InterpolationSampler.Mode.LOOK_AHEAD, 0.005, 0,
            20, TRANSIT_TICKS, TRANSIT_TICKS, DisplayReplayTest.SCHEMA, DisplayReplayTest.DISPLAY);
        final int[] sent = new int[40];
        final int count = sampler.sample(path, sent);
        // The last state ends the path: after 39 nothing is shown.
        assertArrayEquals(new int[] {0, 16, 32, 39}, Arrays.copyOf(sent, count));
    }

    @Test
    void aCornerIsSent()
    {
        // Out along x for 10 ticks at 0.01 m a tick, then back: blending across tick 10 would cut the corner.
        final ObjectPath path = DisplayReplayTest.straight(21, 0.01);
        for (int t = 11; t < 21; t++)
        {
            path.records()[path.offset(t)] = (float)(0.01 * (20 - t));
            path.records()[path.offset(t) + 7] = -0.6f;
        }
        for (final InterpolationSampler.Mode mode : InterpolationSampler.Mode.values())
        {
            final InterpolationSampler sampler = new InterpolationSampler(mode, 0.005, 0, 20, TRANSIT_TICKS + 1,
                TRANSIT_TICKS + 1, DisplayReplayTest.SCHEMA, DisplayReplayTest.DISPLAY);
            final int[] sent = new int[21];
            final int count = sampler.sample(path, sent);
            assertArrayEquals(new int[] {0, 10, 20}, Arrays.copyOf(sent, count), mode.toString());
        }
    }

    @Test
    void aRestingObjectNeedsNoStateUntilItMoves()
    {
        final ObjectPath path = DisplayReplayTest.straight(30, 0);
        for (int t = 0; t < 20; t++)
        {
            path.records()[path.offset(t) + ObjectPath.STRIDE - 1] = 1;
        }
        for (int t = 20; t < 30; t++)
        {
            path.records()[path.offset(t)] = (float)(0.02 * (t - 19));
            path.records()[path.offset(t) + 7] = 1.2f;
        }
        final InterpolationSampler sampler = new InterpolationSampler(InterpolationSampler.Mode.SLIDING_WINDOW, 0.05, 0,
            10, TRANSIT_TICKS + 1, TRANSIT_TICKS + 1, DisplayReplayTest.SCHEMA, DisplayReplayTest.DISPLAY);
        final int[] sent = new int[30];
        final int count = sampler.sample(path, sent);
        // Tick 22 is the first held 5 cm off (6 cm).
        assertEquals(0, sent[0]);
        assertEquals(22, sent[1]);
        assertTrue(count >= 2);
    }

    /**
     * The property the bound rests on: what the sampler chooses, replayed through the display with every state
     * arriving at any time the plan allows for (in tick order), is never off by more than the tolerance, in position
     * or rotation, on any path.
     */
    @Property(tries = 300)
    void everyChosenPlanKeepsTheDisplayWithinTheTolerance(
        @ForAll final long seed,
        @ForAll @IntRange(min = 5, max = 20) final int delayTicks,
        @ForAll @IntRange(min = 0, max = 1) final int modeIndex,
        @ForAll @IntRange(min = 1, max = 8) final int velocitySpanTicks,
        @ForAll @IntRange(min = 0, max = 12) final int spreadTicks)
    {
        final InterpolationSampler.Mode mode = InterpolationSampler.Mode.values()[modeIndex];
        final int lag = Math.min(delayTicks, TRANSIT_TICKS + 1);
        final int latest = Math.min(delayTicks, lag + spreadTicks);
        final SnapshotDisplayConfig display = OracleBudgetBound.displayConfig(16, 9, velocitySpanTicks);
        final ObjectPath path = randomPath(new SplittableRandom(seed), 150);
        final double toleranceM = 0.02;
        final InterpolationSampler sampler = new InterpolationSampler(mode, toleranceM, 2, delayTicks, lag, latest,
            DisplayReplayTest.SCHEMA, display);
        final int[] sent = new int[path.ticks()];
        final int count = sampler.sample(path, sent);
        final int[] arrivals = new int[count];
        final SplittableRandom arrivalDraw = new SplittableRandom(seed ^ 0x5DEECE66DL);
        for (int i = 0; i < count; i++)
        {
            // Any copy may be the one that arrives, in tick order (a state that overtakes an older one lost a copy
            // more is outside what the plan checks: the replay of the loss tables measures it).
            arrivals[i] = sent[i] + lag + arrivalDraw.nextInt(latest - lag + 1);
            if (i > 0)
            {
                arrivals[i] = Math.max(arrivals[i], arrivals[i - 1]);
            }
        }
        final DisplayReplay.Errors errors = new DisplayReplay.Errors(toleranceM);
        new DisplayReplay(DisplayReplayTest.SCHEMA, display, delayTicks).replay(path, sent, arrivals, count, 1, errors);
        assertEquals(0, errors.overTolerance(), "largest " + errors.maxM());
        assertTrue(errors.rotationMaxDeg() <= 2 + 1e-9, "rotation " + errors.rotationMaxDeg());
        assertTrue(count < path.ticks(), "a state every tick chooses nothing");
    }

    /** Rests, glides, strikes and tumbles: velocity jumps at random ticks, gravity in flight, spin. */
    static ObjectPath randomPath(final SplittableRandom random, final int ticks)
    {
        final ObjectPath path = ObjectPath.of(ticks);
        final double[] p = {0, 0, 0};
        final double[] v = {0, 0, 0};
        final double[] w = {0, 0, 0};
        final double[] q = {0, 0, 0, 1};
        boolean resting = true;
        for (int t = 0; t < ticks; t++)
        {
            if (random.nextInt(12) == 0)
            {
                resting = random.nextInt(3) == 0;
                for (int k = 0; k < 3; k++)
                {
                    v[k] = resting ? 0 : random.nextDouble(-0.3, 0.3);
                    w[k] = resting ? 0 : random.nextDouble(-0.2, 0.2);
                }
            }
            if (!resting)
            {
                v[2] -= 9.81 / 3600;
                for (int k = 0; k < 3; k++)
                {
                    p[k] += v[k];
                }
                rotate(q, w);
            }
            final int r = path.offset(t);
            final float[] records = path.records();
            for (int k = 0; k < 3; k++)
            {
                records[r + k] = (float)p[k];
                records[r + 7 + k] = (float)(v[k] * 60);
                records[r + 10 + k] = (float)(w[k] * 60);
            }
            for (int k = 0; k < 4; k++)
            {
                records[r + 3 + k] = (float)q[k];
            }
            records[r + ObjectPath.STRIDE - 1] = resting ? 1 : 0;
        }
        return path;
    }

    /** {@code q = dq * q}, {@code dq} the rotation by the world-frame angle vector {@code w}, renormalised. */
    private static void rotate(final double[] q, final double[] w)
    {
        final double angle = Math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
        if (angle == 0)
        {
            return;
        }
        final double s = Math.sin(angle / 2) / angle;
        final double dx = w[0] * s;
        final double dy = w[1] * s;
        final double dz = w[2] * s;
        final double dw = Math.cos(angle / 2);
        final double x = dw * q[0] + dx * q[3] + dy * q[2] - dz * q[1];
        final double y = dw * q[1] - dx * q[2] + dy * q[3] + dz * q[0];
        final double z = dw * q[2] + dx * q[1] - dy * q[0] + dz * q[3];
        final double ww = dw * q[3] - dx * q[0] - dy * q[1] - dz * q[2];
        final double norm = Math.sqrt(x * x + y * y + z * z + ww * ww);
        q[0] = x / norm;
        q[1] = y / norm;
        q[2] = z / norm;
        q[3] = ww / norm;
    }
}
