package dev.statesync.sync.snapshot;

import java.util.Arrays;

import dev.statesync.codec.quantize.StateQuantizer;
import dev.statesync.codec.state.StateSchema;

/**
 * What a replica shows of each object: the states it received, interpolated a fixed delay in the past, as an
 * interpolating client does. Feed it every state the replica receives ({@link #hold}: the dequantized records of
 * {@link SnapshotReceiver}'s updated objects and previous-tick states, in the float layout of
 * {@link StateQuantizer}); ask it for the pose to draw at a display tick ({@link #show}), typically the newest
 * received tick minus an interpolation delay of one-way latency plus jitter plus two ticks.
 *
 * <p>The pose shown for an object at display tick {@code S}, from the newest state it holds with tick
 * {@code A <= S}:
 * <ul>
 *   <li><b>held</b>: that state, when it is of tick {@code S}, or the object did not change since (the next
 *       state it holds is more than {@link SnapshotDisplayConfig#maxBlendTicks} later; from a state at rest, more
 *       than {@link SnapshotDisplayConfig#maxBlendFromRestTicks}), or it is at rest and nothing newer is held (a
 *       resting object is never extrapolated);</li>
 *   <li><b>blended</b>: when the next state {@code B > S} is already held and {@code B - A <= maxBlendTicks}
 *       ({@code maxBlendFromRestTicks} when {@code A} is at rest), the pose blended from {@code A} towards
 *       {@code B} by {@code (S - A) / (B - A)} (positions linearly, 3D rotations by normalised lerp on the
 *       nearer hemisphere, 2D angles along the shorter arc). A lost snapshot, or an object the sender held back a
 *       tick, is bridged instead of frozen; a cube struck just after its last resting state starts moving from it
 *       instead of standing still until {@code B} and jumping. The gap from rest stays short: across a long one
 *       (a cube at rest for seconds, then struck) the blend would show it creeping away early;</li>
 *   <li><b>extrapolated</b>: when nothing newer than {@code A} is held yet (starved: the snapshots after it were
 *       lost, or did not carry the object because a bandwidth budget bound), the object is not at rest in
 *       {@code A}, and a velocity is known, the pose continues from {@code A} along that velocity for
 *       {@code min(S - A, maxExtrapolation)} ticks, then holds where that ended. The velocity is the state's own
 *       when the schema carries velocities; else the one between the object's two newest states, when they are
 *       at most {@link SnapshotDisplayConfig#maxVelocitySpanTicks} apart. Rotation continues the same way (the
 *       angular velocity, or the rotation from the older state to the newer one, scaled). With a
 *       {@link SnapshotDisplayConfig#groundPlane} a falling object is continued only down to the ground.</li>
 * </ul>
 * Extrapolation buys and costs: it keeps a fast object near where it is while its snapshots are missing (a cube
 * pushed at 20 m/s moves 0.33 m a tick), and it overshoots an object that stopped, turned or was struck, or will
 * not be sent again (an object unchanged since its last state is not sent, and the display cannot tell that from
 * a lost one). The defaults limit the cost: only objects faster than
 * {@link SnapshotDisplayConfig#minExtrapolationSpeedMps} (slower, the velocity of two quantized states is mostly
 * quantization), for at most {@link SnapshotDisplayConfig#maxExtrapolationNs}. The measured trade is in results.md
 * ("Largest displayed error"). A sender that spends a budget by expected error can expect the same display (the
 * codec's {@code ErrorPriorityConfig.displayExtrapolation}); measured, that was no better on average.
 *
 * <p>States are kept per object in tick order in a preallocated ring. A state older than the newest one held (a
 * repeat of a tick whose snapshot was lost, or a state resent late) takes its place in tick order: it still tells the
 * display about the past it has not shown yet. One of a tick already held, or older than every state of a full ring,
 * is dropped. Allocation free after construction.
 */
public final class SnapshotDisplay
{
    /** {@link #show}: the object has no state at or before the display tick. */
    public static final int NOTHING = 0;
    /** {@link #show}: a held state, unchanged. */
    public static final int HELD = 1;
    /** {@link #show}: blended between two held states. */
    public static final int BLENDED = 2;
    /** {@link #show}: extrapolated past the newest held state. */
    public static final int EXTRAPOLATED = 3;
    /** A tick no state has: {@link #shownTowardsTick} when not blended. */
    public static final int NO_TICK = Integer.MIN_VALUE;

    private final SnapshotDisplayConfig config;
    private final boolean is3d;
    private final boolean hasVelocities;
    private final int stride;
    private final int depth;
    private final int atRestOffset;
    private final int linearOffset;
    private final int angularOffset;
    private final double maxExtrapolationTicks;
    private final double secondsPerTick;
    private final double minSpeedSquaredPerTick;
    private final boolean hasGround;
    private final double lowestHeightM;
    private final int verticalOffset;

    private final int[] ticks;
    private final float[] records;
    private final int[] heads;

    private int shownTick = NO_TICK;
    private int shownTowardsTick = NO_TICK;
    private double shownExtrapolatedTicks;
    private long blendedCount;
    private long extrapolatedCount;

    /**
     * @param schema  the schema of the states (2D or 3D; whether they carry velocities).
     * @param objects objects, indices {@code 0..objects-1}.
     * @param config  settings (read once).
     */
    public SnapshotDisplay(final StateSchema schema, final int objects, final SnapshotDisplayConfig config)
    {
        this.config = config;
        this.is3d = schema.is3d();
        this.hasVelocities = schema.hasVelocities();
        this.stride = is3d ? StateQuantizer.FLOATS_3D : StateQuantizer.FLOATS_2D;
        this.depth = config.historyDepth();
        this.atRestOffset = stride - 1;
        this.linearOffset = is3d ? 7 : 3;
        this.angularOffset = is3d ? 10 : 5;
        this.maxExtrapolationTicks = config.maxExtrapolationTicks();
        this.secondsPerTick = config.tickDurationNs() / 1e9;
        final double minStepPerTick = config.minExtrapolationSpeedMps() * secondsPerTick;
        this.minSpeedSquaredPerTick = minStepPerTick * minStepPerTick;
        this.hasGround = config.hasGroundPlane();
        this.lowestHeightM = hasGround ? config.groundHeightM() + config.groundClearanceM() : 0;
        this.verticalOffset = is3d ? 2 : 1;
        ticks = new int[objects * depth];
        Arrays.fill(ticks, NO_TICK);
        records = new float[objects * depth * stride];
        heads = new int[objects];
    }

    /** @return the settings. */
    public SnapshotDisplayConfig config()
    {
        return config;
    }

    /** @return floats per record ({@link StateQuantizer#FLOATS_3D} or {@link StateQuantizer#FLOATS_2D}). */
    public int stride()
    {
        return stride;
    }

    /**
     * The replica now holds {@code record} (a dequantized float record) as {@code object}'s state of {@code tick}.
     * Copied. A state older than the newest held goes in its place in tick order (the newer ones move up one slot;
     * with the ring full, the oldest is evicted). Dropped when a state of {@code tick} is already held, or when the
     * ring is full of newer states.
     *
     * @return true if kept.
     */
    public boolean hold(final int object, final int tick, final float[] record, final int offset)
    {
        final int base = object * depth;
        final int head = heads[object];
        final int newer = statesNewerThan(base, head, tick);
        final int slot = (head + depth - newer) % depth;
        if (newer == depth || ticks[base + slot] == tick)
        {
            return false;
        }
        // The newer states move up one slot (the slot above the head is free, or the ring's oldest, now evicted).
        int to = (head + 1) % depth;
        heads[object] = to;
        for (int k = 0; k < newer; k++)
        {
            final int from = (to + depth - 1) % depth;
            ticks[base + to] = ticks[base + from];
            System.arraycopy(records, (base + from) * stride, records, (base + to) * stride, stride);
            to = from;
        }
        ticks[base + to] = tick;
        System.arraycopy(record, offset, records, (base + to) * stride, stride);
        return true;
    }

    /**
     * @return how many of an object's states, from the newest ({@code head}) back, are of a tick after {@code tick}
     * (up to {@link #depth}; a free slot ends the walk). The slot that many steps back is the newest at or before it.
     */
    private int statesNewerThan(final int base, final int head, final double tick)
    {
        int slot = head;
        int newer = 0;
        while (newer < depth && ticks[base + slot] != NO_TICK && ticks[base + slot] > tick)
        {
            slot = (slot + depth - 1) % depth;
            newer++;
        }
        return newer;
    }

    /** Forget every state held (a new session). */
    public void clear()
    {
        Arrays.fill(ticks, NO_TICK);
        Arrays.fill(heads, 0);
        shownTick = NO_TICK;
        shownTowardsTick = NO_TICK;
        shownExtrapolatedTicks = 0;
    }

    /** @return the tick of the newest state held of {@code object}, or {@link #NO_TICK}. */
    public int newestTick(final int object)
    {
        return ticks[object * depth + heads[object]];
    }

    /**
     * The pose to show of {@code object} at {@code displayTick} (see the class doc), written as a float record
     * to {@code out[offset..]}: positions and rotation as shown; velocities and the at-rest flag those of the
     * state it started from. {@link #shownTick}, {@link #shownTowardsTick} and {@link #shownExtrapolatedTicks}
     * then say how.
     *
     * @param displayTick the display time in ticks (fractional between ticks).
     * @return {@link #NOTHING} (out untouched), {@link #HELD}, {@link #BLENDED} or {@link #EXTRAPOLATED}.
     */
    public int show(final int object, final double displayTick, final float[] out, final int offset)
    {
        shownTick = NO_TICK;
        shownTowardsTick = NO_TICK;
        shownExtrapolatedTicks = 0;
        final int base = object * depth;
        final int head = heads[object];
        final int steps = statesNewerThan(base, head, displayTick);
        final int slot = (head + depth - steps) % depth;
        final int a = base + slot;
        if (steps == depth || ticks[a] == NO_TICK)
        {
            return NOTHING;
        }
        final int tickA = ticks[a];
        shownTick = tickA;
        System.arraycopy(records, a * stride, out, offset, stride);
        if (tickA == displayTick)
        {
            return HELD;
        }
        final boolean atRest = out[offset + atRestOffset] != 0f;
        if (slot != head)
        {
            final int b = base + (slot + 1) % depth;
            final int tickB = ticks[b];
            if (tickB - tickA > (atRest ? config.maxBlendFromRestTicks() : config.maxBlendTicks()))
            {
                return HELD;
            }
            shownTowardsTick = tickB;
            blend(out, offset, b * stride, (float)(displayTick - tickA) / (tickB - tickA));
            blendedCount++;
            return BLENDED;
        }
        if (atRest || maxExtrapolationTicks <= 0)
        {
            return HELD;
        }
        final double aheadTicks = extrapolate(out, offset, base, slot, tickA,
            Math.min(displayTick - tickA, maxExtrapolationTicks));
        if (aheadTicks <= 0)
        {
            return HELD;
        }
        shownExtrapolatedTicks = aheadTicks;
        extrapolatedCount++;
        return EXTRAPOLATED;
    }

    /** @return after {@link #show}: the tick of the state shown or blended or extrapolated from ({@link #NO_TICK}: nothing). */
    public int shownTick()
    {
        return shownTick;
    }

    /** @return after {@link #show}: the tick blended towards, or {@link #NO_TICK}. */
    public int shownTowardsTick()
    {
        return shownTowardsTick;
    }

    /** @return after {@link #show}: ticks extrapolated past {@link #shownTick} (0: not extrapolated). */
    public double shownExtrapolatedTicks()
    {
        return shownExtrapolatedTicks;
    }

    /** @return poses shown blended so far. */
    public long blendedCount()
    {
        return blendedCount;
    }

    /** @return poses shown extrapolated so far. */
    public long extrapolatedCount()
    {
        return extrapolatedCount;
    }

    /**
     * Move the pose at {@code out[offset..]} (object state of tick {@code tickA}, ring slot {@code slot}) up to
     * {@code maxAheadTicks} along its velocity, less where a ground plane stops it ({@link #groundLimitedTicks}).
     *
     * @return the ticks it was moved ahead; 0 if not moved (no velocity known, too slow, or held by the ground: the
     * pose is then untouched).
     */
    private double extrapolate(
        final float[] out, final int offset, final int base, final int slot, final int tickA, final double maxAheadTicks)
    {
        final int positions = is3d ? 3 : 2;
        if (hasVelocities)
        {
            double speedSquared = 0;
            for (int i = 0; i < positions; i++)
            {
                final double step = out[offset + linearOffset + i] * secondsPerTick;
                speedSquared += step * step;
            }
            if (speedSquared < minSpeedSquaredPerTick)
            {
                return 0;
            }
            final double aheadTicks = groundLimitedTicks(out[offset + verticalOffset],
                out[offset + linearOffset + verticalOffset] * secondsPerTick, maxAheadTicks);
            if (aheadTicks <= 0)
            {
                return 0;
            }
            final double seconds = aheadTicks * secondsPerTick;
            for (int i = 0; i < positions; i++)
            {
                out[offset + i] += (float)(out[offset + linearOffset + i] * seconds);
            }
            if (is3d)
            {
                rotateBy(out, offset, out[offset + angularOffset] * seconds, out[offset + angularOffset + 1] * seconds,
                    out[offset + angularOffset + 2] * seconds);
            }
            else
            {
                out[offset + 2] += (float)(out[offset + angularOffset] * seconds);
            }
            return aheadTicks;
        }
        final int p = base + (slot + depth - 1) % depth;
        final int tickP = ticks[p];
        if (tickP == NO_TICK || tickP >= tickA || tickA - tickP > config.maxVelocitySpanTicks())
        {
            return 0;
        }
        final int from = p * stride;
        final int span = tickA - tickP;
        double stepSquared = 0;
        for (int i = 0; i < positions; i++)
        {
            final double step = (out[offset + i] - (double)records[from + i]) / span;
            stepSquared += step * step;
        }
        if (stepSquared < minSpeedSquaredPerTick)
        {
            return 0;
        }
        final double aheadTicks = groundLimitedTicks(out[offset + verticalOffset],
            (out[offset + verticalOffset] - (double)records[from + verticalOffset]) / span, maxAheadTicks);
        if (aheadTicks <= 0)
        {
            return 0;
        }
        final double scale = aheadTicks / span;
        for (int i = 0; i < positions; i++)
        {
            out[offset + i] += (float)(scale * (out[offset + i] - records[from + i]));
        }
        if (is3d)
        {
            // The rotation from P to A (d = qA * conj(qP)), as a rotation vector, scaled by the ticks ahead.
            final double ax = out[offset + 3];
            final double ay = out[offset + 4];
            final double az = out[offset + 5];
            final double aw = out[offset + 6];
            final double px = -records[from + 3];
            final double py = -records[from + 4];
            final double pz = -records[from + 5];
            final double pw = records[from + 6];
            double dx = aw * px + ax * pw + ay * pz - az * py;
            double dy = aw * py - ax * pz + ay * pw + az * px;
            double dz = aw * pz + ax * py - ay * px + az * pw;
            double dw = aw * pw - ax * px - ay * py - az * pz;
            if (dw < 0)
            {
                dx = -dx;
                dy = -dy;
                dz = -dz;
                dw = -dw;
            }
            final double sinHalf = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (sinHalf > 1e-9)
            {
                final double angle = 2 * Math.atan2(sinHalf, dw) * scale;
                final double k = angle / sinHalf;
                rotateBy(out, offset, dx * k, dy * k, dz * k);
            }
        }
        else
        {
            out[offset + 2] += (float)(scale * Math.IEEEremainder((double)out[offset + 2] - records[from + 2], 2 * Math.PI));
        }
        return aheadTicks;
    }

    /**
     * How far ahead a ground plane lets an object be extrapolated: with none set, or moving level or up,
     * {@code maxAheadTicks}; moving down, only until its position comes down to the clearance above the plane, so 0
     * when it already is (see {@link SnapshotDisplayConfig#groundPlane}).
     *
     * @param heightM            the position's height on the vertical axis, metres.
     * @param verticalStepPerTick the vertical velocity, metres per tick.
     * @param maxAheadTicks      the ticks ahead without a ground.
     */
    private double groundLimitedTicks(final double heightM, final double verticalStepPerTick, final double maxAheadTicks)
    {
        if (!hasGround || verticalStepPerTick >= 0)
        {
            return maxAheadTicks;
        }
        final double clearanceM = heightM - lowestHeightM;
        return clearanceM <= 0 ? 0 : Math.min(maxAheadTicks, clearanceM / -verticalStepPerTick);
    }

    /** Pre-multiply the quaternion at {@code out[offset + 3..6]} by the rotation vector (rx, ry, rz), radians. */
    private static void rotateBy(final float[] out, final int offset, final double rx, final double ry, final double rz)
    {
        final double angle = Math.sqrt(rx * rx + ry * ry + rz * rz);
        if (angle < 1e-12)
        {
            return;
        }
        final double s = Math.sin(angle / 2) / angle;
        final double ex = rx * s;
        final double ey = ry * s;
        final double ez = rz * s;
        final double ew = Math.cos(angle / 2);
        final double qx = out[offset + 3];
        final double qy = out[offset + 4];
        final double qz = out[offset + 5];
        final double qw = out[offset + 6];
        final double x = ew * qx + ex * qw + ey * qz - ez * qy;
        final double y = ew * qy - ex * qz + ey * qw + ez * qx;
        final double z = ew * qz + ex * qy - ey * qx + ez * qw;
        final double w = ew * qw - ex * qx - ey * qy - ez * qz;
        final double inverse = 1.0 / Math.sqrt(Math.max(1e-24, x * x + y * y + z * z + w * w));
        out[offset + 3] = (float)(x * inverse);
        out[offset + 4] = (float)(y * inverse);
        out[offset + 5] = (float)(z * inverse);
        out[offset + 6] = (float)(w * inverse);
    }

    /**
     * The pose at {@code out[offset..]} moved {@code fraction} of the way to the record at {@code records[to..]}:
     * positions linearly, a 3D rotation by normalised lerp on the nearer hemisphere, a 2D angle on the shorter
     * arc. Velocities and the at-rest flag keep the earlier state's values: the display shows poses.
     */
    private void blend(final float[] out, final int offset, final int to, final float fraction)
    {
        final int positions = is3d ? 3 : 2;
        for (int i = 0; i < positions; i++)
        {
            out[offset + i] += fraction * (records[to + i] - out[offset + i]);
        }
        if (is3d)
        {
            final float dot = out[offset + 3] * records[to + 3] + out[offset + 4] * records[to + 4] +
                out[offset + 5] * records[to + 5] + out[offset + 6] * records[to + 6];
            final float sign = dot < 0 ? -1f : 1f;
            double norm = 0;
            for (int i = 3; i < 7; i++)
            {
                out[offset + i] += fraction * (sign * records[to + i] - out[offset + i]);
                norm += (double)out[offset + i] * out[offset + i];
            }
            final float inverse = (float)(1.0 / Math.sqrt(Math.max(1e-12, norm)));
            for (int i = 3; i < 7; i++)
            {
                out[offset + i] *= inverse;
            }
        }
        else
        {
            out[offset + 2] += fraction * (float)Math.IEEEremainder((double)records[to + 2] - out[offset + 2], 2 * Math.PI);
        }
    }
}
