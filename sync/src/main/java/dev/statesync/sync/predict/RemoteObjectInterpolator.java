package dev.statesync.sync.predict;

/**
 * Shows a remote object (another player's avatar or body) smoothly despite jittery, lossy delivery: a jitter
 * buffer plus interpolation, as "Networked Physics in VR" does for its avatars.
 *
 * <p><b>Sample time, not arrival time.</b> Each sample is stamped with the sender's simulation tick plus the
 * offset of the moment it was sampled from that tick's time ({@code sampleOffsetNs}: avatars are sampled at
 * render time, not at the physics tick; ignoring that offset makes them jitter). The receiver maps the
 * sender's clock to its own with the smallest transit time seen ({@code arrival - sampleTime}), and plays
 * back {@code delay} behind: {@code delay = sendIntervalMultiplier x sendInterval + jitter}, the jitter being a
 * decaying peak of how much later than the fastest sample each sample arrived.
 *
 * <p><b>Interpolation.</b> Position by cubic Hermite between the two samples around the playback time, using
 * their velocities as tangents (exact for ballistic motion), rotation by shortest-path slerp. Starved (no
 * sample after the playback time): extrapolate with the newest velocity for at most
 * {@code maxExtrapolationNs}, then hold.
 *
 * <p>Samples are kept sorted by sample time in a preallocated array; late (reordered) samples are inserted in
 * place, duplicates and samples older than the oldest kept are dropped. Allocation free.
 */
public final class RemoteObjectInterpolator
{
    private static final int FIELDS = 10; // x y z vx vy vz qx qy qz qw

    private final JitterBufferConfig config;
    private final long tickDurationNs;
    private final long[] timesNs;
    private final double[] values;
    private int count;

    private boolean hasTransit;
    private long baseTransitNs;
    private double jitterNs;
    private long samplesDropped;
    private long extrapolatedFrames;

    /**
     * @param config         buffer settings.
     * @param tickDurationNs the sender's fixed tick, to turn tick numbers into sample times.
     */
    public RemoteObjectInterpolator(final JitterBufferConfig config, final long tickDurationNs)
    {
        this.config = config;
        this.tickDurationNs = tickDurationNs;
        this.timesNs = new long[config.capacity()];
        this.values = new double[config.capacity() * FIELDS];
    }

    /**
     * Buffer one received sample.
     *
     * @param localArrivalNs receiver's clock when the packet arrived.
     * @param tick           sender's tick the sample belongs to.
     * @param sampleOffsetNs when, relative to that tick's start, the sample was taken (0 for physics state).
     * @param pose           position and rotation.
     * @param vx             linear velocity x, m/s; likewise vy, vz.
     */
    public void onSample(
        final long localArrivalNs,
        final long tick,
        final long sampleOffsetNs,
        final Pose pose,
        final double vx,
        final double vy,
        final double vz)
    {
        final long sampleTimeNs = tick * tickDurationNs + sampleOffsetNs;
        updateClock(localArrivalNs - sampleTimeNs);

        int index = count;
        while (index > 0 && timesNs[index - 1] > sampleTimeNs)
        {
            index--;
        }
        if ((index > 0 && timesNs[index - 1] == sampleTimeNs) || (index == 0 && count == timesNs.length))
        {
            samplesDropped++; // duplicate, or older than everything in a full buffer
            return;
        }
        if (count == timesNs.length)
        {
            System.arraycopy(timesNs, 1, timesNs, 0, count - 1);
            System.arraycopy(values, FIELDS, values, 0, (count - 1) * FIELDS);
            count--;
            index--;
        }
        System.arraycopy(timesNs, index, timesNs, index + 1, count - index);
        System.arraycopy(values, index * FIELDS, values, (index + 1) * FIELDS, (count - index) * FIELDS);
        timesNs[index] = sampleTimeNs;
        final int base = index * FIELDS;
        values[base] = pose.x;
        values[base + 1] = pose.y;
        values[base + 2] = pose.z;
        values[base + 3] = vx;
        values[base + 4] = vy;
        values[base + 5] = vz;
        values[base + 6] = pose.qx;
        values[base + 7] = pose.qy;
        values[base + 8] = pose.qz;
        values[base + 9] = pose.qw;
        count++;
    }

    private void updateClock(final long transitNs)
    {
        if (!hasTransit)
        {
            hasTransit = true;
            baseTransitNs = transitNs;
            return;
        }
        if (transitNs < baseTransitNs)
        {
            jitterNs += baseTransitNs - transitNs; // everything seen so far was that much later than this one
            baseTransitNs = transitNs;
        }
        else
        {
            baseTransitNs += (long)((transitNs - baseTransitNs) * config.baseTransitCreepPerSample());
        }
        jitterNs = Math.max(transitNs - baseTransitNs, jitterNs * config.jitterDecayPerSample());
    }

    /** @return the current playback delay behind the sender, ns. */
    public long delayNs()
    {
        return (long)(config.sendIntervalMultiplier() * config.sendIntervalNs() + jitterNs);
    }

    /** @return the sender's time being shown at {@code localNowNs}. */
    public long playbackTimeNs(final long localNowNs)
    {
        return localNowNs - baseTransitNs - delayNs();
    }

    /**
     * Reconstruct the pose to show at {@code localNowNs}.
     *
     * @param out receives position and rotation (untouched when {@link PlaybackResult#EMPTY}).
     * @return how the pose was produced.
     */
    public PlaybackResult sample(final long localNowNs, final Pose out)
    {
        if (count == 0)
        {
            return PlaybackResult.EMPTY;
        }
        final long playbackNs = playbackTimeNs(localNowNs);
        if (playbackNs <= timesNs[0])
        {
            copy(0, out);
            return PlaybackResult.HELD_OLDEST;
        }
        final int newest = count - 1;
        if (playbackNs > timesNs[newest])
        {
            extrapolatedFrames++;
            final double dtS = Math.min(playbackNs - timesNs[newest], config.maxExtrapolationNs()) * 1e-9;
            final int base = newest * FIELDS;
            copy(newest, out);
            out.x += values[base + 3] * dtS;
            out.y += values[base + 4] * dtS;
            out.z += values[base + 5] * dtS;
            return PlaybackResult.EXTRAPOLATED;
        }
        int i = newest - 1;
        while (timesNs[i] > playbackNs)
        {
            i--;
        }
        interpolate(i, playbackNs, out);
        return PlaybackResult.INTERPOLATED;
    }

    private void interpolate(final int i, final long playbackNs, final Pose out)
    {
        final double spanS = (timesNs[i + 1] - timesNs[i]) * 1e-9;
        final double s = (double)(playbackNs - timesNs[i]) / (timesNs[i + 1] - timesNs[i]);
        final double s2 = s * s;
        final double s3 = s2 * s;
        final double h00 = 2 * s3 - 3 * s2 + 1;
        final double h10 = s3 - 2 * s2 + s;
        final double h01 = -2 * s3 + 3 * s2;
        final double h11 = s3 - s2;
        final int a = i * FIELDS;
        final int b = a + FIELDS;
        out.x = h00 * values[a] + h10 * spanS * values[a + 3] + h01 * values[b] + h11 * spanS * values[b + 3];
        out.y = h00 * values[a + 1] + h10 * spanS * values[a + 4] + h01 * values[b + 1] + h11 * spanS * values[b + 4];
        out.z = h00 * values[a + 2] + h10 * spanS * values[a + 5] + h01 * values[b + 2] + h11 * spanS * values[b + 5];
        slerp(a + 6, b + 6, s, out);
    }

    private void slerp(final int a, final int b, final double s, final Pose out)
    {
        final double ax = values[a];
        final double ay = values[a + 1];
        final double az = values[a + 2];
        final double aw = values[a + 3];
        double bx = values[b];
        double by = values[b + 1];
        double bz = values[b + 2];
        double bw = values[b + 3];
        double dot = ax * bx + ay * by + az * bz + aw * bw;
        if (dot < 0.0)
        {
            dot = -dot;
            bx = -bx;
            by = -by;
            bz = -bz;
            bw = -bw;
        }
        final double wa;
        final double wb;
        if (dot > 0.9999999)
        {
            wa = 1.0 - s; // within 0.03 degrees: lerp (error ~ angle^3), normalized below
            wb = s;
        }
        else
        {
            final double theta = Math.acos(dot);
            final double sinTheta = Math.sin(theta);
            wa = Math.sin((1.0 - s) * theta) / sinTheta;
            wb = Math.sin(s * theta) / sinTheta;
        }
        final double x = wa * ax + wb * bx;
        final double y = wa * ay + wb * by;
        final double z = wa * az + wb * bz;
        final double w = wa * aw + wb * bw;
        final double norm = Math.sqrt(x * x + y * y + z * z + w * w);
        out.qx = x / norm;
        out.qy = y / norm;
        out.qz = z / norm;
        out.qw = w / norm;
    }

    private void copy(final int index, final Pose out)
    {
        final int base = index * FIELDS;
        out.set(values[base], values[base + 1], values[base + 2],
            values[base + 6], values[base + 7], values[base + 8], values[base + 9]);
    }

    /** @return samples buffered. */
    public int size()
    {
        return count;
    }

    /** @return current jitter estimate, ns. */
    public long jitterNs()
    {
        return (long)jitterNs;
    }

    /** @return samples dropped as duplicates or too old. */
    public long samplesDropped()
    {
        return samplesDropped;
    }

    /** @return {@link #sample} calls that had to extrapolate (starved). */
    public long extrapolatedFrames()
    {
        return extrapolatedFrames;
    }
}
