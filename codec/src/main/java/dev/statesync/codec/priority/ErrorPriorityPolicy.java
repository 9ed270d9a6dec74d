package dev.statesync.codec.priority;

import java.util.function.IntUnaryOperator;

/**
 * Priority by expected error: feeds a {@link PriorityAccumulator} how wrong the replica would show each object if
 * it were not sent now, instead of fixed importance factors.
 *
 * <p>Why: with fixed factors (player, "recently changed", others) an object flung across the scene and a cube
 * nudged a millimetre wait the same, so under a tight budget the flung one is shown metres away for many ticks.
 * The sender knows what the replica holds: the states it sent (surely those that were acked). The error of not
 * sending object {@code i} now is the distance between its current pose and the pose the replica holds,
 * position in metres plus the rotation angle weighted by {@link ErrorPriorityConfig#rotationWeightMPerRad}. An
 * object that did not change since its last send costs nothing, however long it waits; one that moves fast
 * rises at once.
 *
 * <p>What the replica holds is estimated from the sends this policy was told of ({@link #onSent}) and the acked
 * ticks the sender knows ({@link #update}'s {@code ackedTick}): the newest send if it was acked or is younger
 * than {@link ErrorPriorityConfig#inFlightTicks} (its ack may still come), else the newest acked send (the newer
 * ones were most likely lost), else, when nothing was acked, nothing ({@link ErrorPriorityConfig#unheldErrorM}).
 * With {@link ErrorPriorityConfig#unackedLossWeight} above 0 a send in flight is not trusted outright: each is taken
 * as lost with probability weight x loss ({@link #linkLossFraction}, measured, or the configured assumption), and
 * the error is the expectation over what the replica may hold: the newest send, an older one, the acked one, nothing.
 *
 * <p>Each tick, in the send loop: {@link #observe} every object's current pose, {@link #update} (sets the
 * accumulator's factors), then {@code accumulate()} and send as usual, then {@link #onSent} with the objects the
 * packet carried. Errors feed priority by {@link ErrorPriorityConfig#mode}; every object also gains
 * {@link ErrorPriorityConfig#floorPerTick} per tick it waits, so none starves forever. {@link #importance} scales
 * an object's error (1 by default; a game may raise the player's own avatar, say).
 *
 * <p>Poses, 3D: {@code px py pz} then the four quaternion components in any fixed order (the angle between two
 * rotations uses only their dot product); 2D: {@code px py angle} (radians). Allocation-free after construction:
 * primitive arrays, one ring of sent poses per object. Not thread-safe.
 */
public final class ErrorPriorityPolicy
{
    /** Floats of a 3D pose: position, quaternion. */
    public static final int POSE_FLOATS_3D = 7;
    /** Floats of a 2D pose: position, angle. */
    public static final int POSE_FLOATS_2D = 3;

    private static final int NONE = Integer.MIN_VALUE;

    private final int objectCount;
    private final boolean is3d;
    private final int poseFloats;
    private final int depth;
    private final float rotationWeight;
    private final float floorPerTick;
    private final int configuredInFlightTicks;
    private int inFlightTicks;
    private final float unheldErrorM;
    private final ErrorPriorityConfig.Mode mode;
    private final double extrapolationTicks;
    private final double minStepSquared;
    private final int velocitySpanTicks;
    private final double assumedLoss;
    private final double lossWeight;
    private double measuredLoss = -1.0;
    /** The position the replica is expected to show, set by {@link #expectShown}. */
    private float shownX;
    private float shownY;
    private float shownZ;

    private final float[] current;
    private final float[] importance;
    private final float[] error;
    /** Ring of sent poses per object: {@code sentTicks[object * depth + slot]}, newest at {@code head[object]}. */
    private final int[] sentTicks;
    private final float[] sentPoses;
    private final int[] head;

    /**
     * @param objectCount objects, indexed 0 .. objectCount - 1.
     * @param is3d        3D poses (else 2D).
     * @param config      settings (copied).
     */
    public ErrorPriorityPolicy(final int objectCount, final boolean is3d, final ErrorPriorityConfig config)
    {
        if (objectCount < 0)
        {
            throw new IllegalArgumentException("objectCount must be >= 0, got " + objectCount);
        }
        this.objectCount = objectCount;
        this.is3d = is3d;
        this.poseFloats = is3d ? POSE_FLOATS_3D : POSE_FLOATS_2D;
        this.depth = config.historyDepth();
        this.rotationWeight = config.rotationWeightMPerRad();
        this.floorPerTick = config.floorPerTick();
        this.configuredInFlightTicks = config.inFlightTicks();
        this.inFlightTicks = configuredInFlightTicks;
        this.unheldErrorM = config.unheldErrorM();
        this.mode = config.mode();
        this.extrapolationTicks = config.displayExtrapolationTicks();
        this.minStepSquared = config.displayMinStepMPerTick() * config.displayMinStepMPerTick();
        this.velocitySpanTicks = config.displayVelocitySpanTicks();
        this.assumedLoss = config.assumedLossFraction();
        this.lossWeight = config.unackedLossWeight();
        current = new float[objectCount * poseFloats];
        importance = new float[objectCount];
        java.util.Arrays.fill(importance, 1f);
        error = new float[objectCount];
        sentTicks = new int[objectCount * depth];
        java.util.Arrays.fill(sentTicks, NONE);
        sentPoses = new float[objectCount * depth * poseFloats];
        head = new int[objectCount];
    }

    /** @return objects tracked. */
    public int objectCount()
    {
        return objectCount;
    }

    /**
     * The object's pose this tick (copied).
     *
     * @param pose   floats of the pose (see the class doc for the layout).
     * @param offset where the pose starts in {@code pose}.
     */
    public void observe(final int object, final float[] pose, final int offset)
    {
        checkObject(object);
        System.arraycopy(pose, offset, current, object * poseFloats, poseFloats);
    }

    /**
     * @param object index of the object.
     * @param weight multiplier of the object's error, >= 0 and finite (default 1).
     */
    public void importance(final int object, final float weight)
    {
        checkObject(object);
        if (!(weight >= 0) || !Float.isFinite(weight))
        {
            throw new IllegalArgumentException("importance must be finite and >= 0, got " + weight);
        }
        importance[object] = weight;
    }

    /**
     * Measure every object's expected error at {@code tick} and set its factor in {@code priorities}; call before
     * {@code priorities.accumulate()}.
     *
     * @param tick       the tick being sent.
     * @param ackedTick  the newest acked tick of an object (as {@code SnapshotSender::ackedTick}); any value below
     *                   every sent tick, such as {@link Integer#MIN_VALUE}, when none.
     * @param priorities the accumulator of this connection, for the same objects.
     */
    public void update(final int tick, final IntUnaryOperator ackedTick, final PriorityAccumulator priorities)
    {
        if (priorities.objectCount() != objectCount)
        {
            throw new IllegalArgumentException("accumulator is for " + priorities.objectCount() + " objects");
        }
        final double q = unackedLossFraction();
        for (int object = 0; object < objectCount; object++)
        {
            final int acked = ackedTick.applyAsInt(object);
            final float e;
            if (q > 0)
            {
                e = expectedError(object, tick, acked, q);
            }
            else
            {
                final int shown = shownSlot(object, tick, acked);
                e = shown < 0 ? unheldErrorM : distance(object, shown, tick);
            }
            error[object] = e;
            final float weighted = importance[object] * e;
            if (mode == ErrorPriorityConfig.Mode.ACCUMULATED)
            {
                priorities.setPriorityFactor(object, weighted + floorPerTick);
            }
            else
            {
                final int newest = sentTicks[object * depth + head[object]];
                final long waited = newest == NONE ? tick : Math.max(0L, (long)tick - newest);
                final float target = weighted + floorPerTick * Math.min(waited, 1L << 20);
                final float accumulated = Math.max(0f, priorities.accumulator(object));
                // Accumulate adds the factor: the accumulator becomes the largest target since the last send.
                priorities.setPriorityFactor(object, Math.max(floorPerTick, target - accumulated));
            }
        }
    }

    /**
     * The objects of a packet just sent: their poses as last observed become what the replica will hold.
     *
     * @param tick    the tick of the packet.
     * @param objects indices of the objects it carried.
     * @param count   leading entries of {@code objects}.
     */
    public void onSent(final int tick, final int[] objects, final int count)
    {
        for (int k = 0; k < count; k++)
        {
            final int object = objects[k];
            checkObject(object);
            final int slot = (head[object] + 1) % depth;
            head[object] = slot;
            final int index = object * depth + slot;
            sentTicks[index] = tick;
            System.arraycopy(current, object * poseFloats, sentPoses, index * poseFloats, poseFloats);
        }
    }

    /**
     * Forget every send, for a new connection whose replica holds nothing yet: what {@link #onSent} remembered and the
     * last errors. Importances and the poses last observed stay. Allocates nothing.
     */
    public void reset()
    {
        java.util.Arrays.fill(sentTicks, NONE);
        java.util.Arrays.fill(head, 0);
        java.util.Arrays.fill(error, 0f);
        measuredLoss = -1.0;
        inFlightTicks = configuredInFlightTicks;
    }

    /**
     * How long a sent, unacked state is trusted from now on (see {@link ErrorPriorityConfig#inFlightTicks}, the
     * value until this is called and again after {@link #reset}): a caller that measures the link's round trip
     * keeps it there, so a client 300 ms away is not taken to have lost every send older than a 100 ms one's.
     *
     * @param ticks ticks, >= 0.
     */
    public void inFlightTicks(final int ticks)
    {
        if (ticks < 0)
        {
            throw new IllegalArgumentException("inFlightTicks must be >= 0, got " + ticks);
        }
        inFlightTicks = ticks;
    }

    /** @return ticks a sent, unacked state is trusted now. */
    public int inFlightTicks()
    {
        return inFlightTicks;
    }

    /** @return the error of the object measured by the last {@link #update}, metres (rotation weighted in). */
    public float expectedErrorM(final int object)
    {
        checkObject(object);
        return error[object];
    }

    /**
     * @param fraction the link's measured packet loss, 0..1 (the reliability layer's estimate); negative or NaN:
     *                 not measured yet, {@link ErrorPriorityConfig#assumedLossFraction} applies.
     */
    public void linkLossFraction(final double fraction)
    {
        measuredLoss = fraction >= 0 ? Math.min(1.0, fraction) : -1.0;
    }

    /** @return the probability an unacked send in flight is taken to be lost (0: every one arrives). */
    public double unackedLossFraction()
    {
        final double loss = measuredLoss >= 0 ? measuredLoss : assumedLoss;
        return Math.min(1.0, lossWeight * loss);
    }

    /**
     * The error expected over what the replica may hold, each unacked send in flight lost with probability
     * {@code q} independently: the newest in flight held with {@code 1 - q}, the one before it with
     * {@code q (1 - q)}, and so on down to the newest acked send (or nothing), held with what is left. Sends older
     * than {@link ErrorPriorityConfig#inFlightTicks} and unacked count as lost, so an object whose earlier sends
     * were lost weighs its older, more wrong states more.
     */
    private float expectedError(final int object, final int tick, final int acked, final double q)
    {
        final int base = object * depth;
        int slot = head[object];
        double weight = 1.0;
        double sum = 0.0;
        int oldest = -1;
        for (int i = 0; i < depth; i++)
        {
            final int index = base + slot;
            final int t = sentTicks[index];
            if (t == NONE)
            {
                break;
            }
            if (t <= acked)
            {
                return (float)(sum + weight * distance(object, index, tick));
            }
            oldest = index;
            if ((long)tick - t <= inFlightTicks)
            {
                sum += weight * (1.0 - q) * distance(object, index, tick);
                weight *= q;
            }
            slot = (slot + depth - 1) % depth;
        }
        if (acked == NONE || oldest < 0)
        {
            return (float)(sum + weight * unheldErrorM);
        }
        // The acked send fell out of the ring: the oldest remembered is the nearest estimate.
        return (float)(sum + weight * distance(object, oldest, tick));
    }

    /** @return ring index of the send the replica is expected to show, or -1 when it holds none. */
    private int shownSlot(final int object, final int tick, final int acked)
    {
        final int base = object * depth;
        final int newest = sentTicks[base + head[object]];
        if (newest == NONE)
        {
            return -1;
        }
        if (acked >= newest || (long)tick - newest <= inFlightTicks)
        {
            return base + head[object];
        }
        if (acked == NONE)
        {
            return -1;
        }
        int slot = head[object];
        int oldest = base + slot;
        for (int i = 0; i < depth; i++)
        {
            final int t = sentTicks[base + slot];
            if (t == NONE)
            {
                break;
            }
            if (t <= acked)
            {
                return base + slot;
            }
            oldest = base + slot;
            slot = (slot + depth - 1) % depth;
        }
        // The acked send fell out of the ring: the oldest remembered is the nearest estimate.
        return oldest;
    }

    /**
     * Sets {@link #shownX} (y, z) to the position the replica is expected to show at {@code tick} from the send at
     * ring {@code index}: that send's, or continued along the velocity from the send before it (see
     * {@link ErrorPriorityConfig#displayExtrapolation}).
     */
    private void expectShown(final int object, final int index, final int tick)
    {
        final int s = index * poseFloats;
        shownX = sentPoses[s];
        shownY = sentPoses[s + 1];
        shownZ = is3d ? sentPoses[s + 2] : 0f;
        final int tickS = sentTicks[index];
        if (extrapolationTicks <= 0 || tick <= tickS)
        {
            return;
        }
        final int base = object * depth;
        final int before = base + (index - base + depth - 1) % depth;
        final int tickP = sentTicks[before];
        if (tickP == NONE || tickP >= tickS || tickS - tickP > velocitySpanTicks)
        {
            return;
        }
        final int p = before * poseFloats;
        final double span = tickS - tickP;
        final double vx = (sentPoses[s] - sentPoses[p]) / span;
        final double vy = (sentPoses[s + 1] - sentPoses[p + 1]) / span;
        final double vz = is3d ? (sentPoses[s + 2] - sentPoses[p + 2]) / span : 0;
        if (vx * vx + vy * vy + vz * vz < minStepSquared)
        {
            return;
        }
        final double ahead = Math.min(tick - tickS, extrapolationTicks);
        shownX = (float)(shownX + vx * ahead);
        shownY = (float)(shownY + vy * ahead);
        shownZ = (float)(shownZ + vz * ahead);
    }

    private float distance(final int object, final int index, final int tick)
    {
        expectShown(object, index, tick);
        final int c = object * poseFloats;
        final int s = index * poseFloats;
        final float[] p = current;
        final float[] q = sentPoses;
        final double dx = p[c] - shownX;
        final double dy = p[c + 1] - shownY;
        if (is3d)
        {
            final double dz = p[c + 2] - shownZ;
            double dot = 0;
            double normP = 0;
            double normQ = 0;
            for (int i = 3; i < 7; i++)
            {
                dot += (double)p[c + i] * q[s + i];
                normP += (double)p[c + i] * p[c + i];
                normQ += (double)q[s + i] * q[s + i];
            }
            final double norms = Math.sqrt(normP * normQ);
            final double cos = norms > 0 ? Math.min(1.0, Math.abs(dot) / norms) : 1.0;
            final double angle = 2 * Math.acos(cos);
            return (float)(Math.sqrt(dx * dx + dy * dy + dz * dz) + rotationWeight * angle);
        }
        final double angle = Math.abs(Math.IEEEremainder((double)p[c + 2] - q[s + 2], 2 * Math.PI));
        return (float)(Math.sqrt(dx * dx + dy * dy) + rotationWeight * angle);
    }

    private void checkObject(final int object)
    {
        if (object < 0 || object >= objectCount)
        {
            throw new IllegalArgumentException("object must be 0.." + (objectCount - 1) + ", got " + object);
        }
    }
}
