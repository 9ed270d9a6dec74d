package dev.statesync.codec.snapshot;

import java.util.Arrays;

/**
 * The sender's one unacked baseline ({@link SnapshotConfig#unackedReferenceMaxAgeTicks}): the packet written just
 * before this one, if it was <em>clean</em> (every baseline it named was acked when it was written) and is at most
 * the configured age old. A packet that names it as a baseline is not clean, so no packet ever depends on a packet
 * that itself depends on an unacked one: a packet the receiver refuses for want of its reference (it lost the
 * clean one) takes down at most that one packet, never a chain.
 *
 * <p>Why: with a 100 ms round trip the newest acked state of a moving object is 8 ticks old, and its residual
 * against a prediction from 8 ticks back costs much more than against the state sent one tick ago. The receiver
 * holds every state it applied in its ring whether or not the sender has heard the ack, so it can decode against
 * the previous packet with no change to the format; it refuses a packet whose named baseline it lacks
 * ({@link DecodeResult#BASELINE_MISSING}: counted, nothing changes, not acked), which is the price, paid only when
 * the clean packet was lost or arrives after this one.
 *
 * <p>Only the sender keeps this; the receiver needs nothing. Allocation-free after construction.
 */
final class UnackedReference
{
    private final int maxAgeTicks;
    /** Per object, the tick of the last clean packet that carried it, or {@link StateRing#NO_TICK}. */
    private final int[] carriedTick;
    /** The last packet written, if it was clean; {@link StateRing#NO_TICK} otherwise or before the first. */
    private int cleanTick = StateRing.NO_TICK;
    /** Whether {@link #cleanTick}'s packet has been acked (then it is an acked baseline like any other). */
    private boolean cleanAcked;
    private long referencingPackets;

    /**
     * @param objectCount objects in the world.
     * @param maxAgeTicks oldest the clean packet may be to serve as a baseline, ticks; 0 never uses one.
     */
    UnackedReference(final int objectCount, final int maxAgeTicks)
    {
        this.maxAgeTicks = maxAgeTicks;
        carriedTick = new int[objectCount];
        Arrays.fill(carriedTick, StateRing.NO_TICK);
    }

    /**
     * @param object           an object to send at {@code tick}.
     * @param newestAckedTick  the object's newest acked tick, or {@link StateRing#NO_TICK}.
     * @return the tick of the clean, unacked packet the object may delta against at {@code tick} (it carried the
     * object, is younger than the object's newest acked state and at most the configured age), or
     * {@link StateRing#NO_TICK}.
     */
    int baselineTick(final int object, final int tick, final int newestAckedTick)
    {
        if (cleanTick == StateRing.NO_TICK || cleanAcked || carriedTick[object] != cleanTick)
        {
            return StateRing.NO_TICK;
        }
        final int age = tick - cleanTick;
        if (age < 1 || age > maxAgeTicks)
        {
            return StateRing.NO_TICK;
        }
        return newestAckedTick == StateRing.NO_TICK || cleanTick - newestAckedTick > 0 ? cleanTick : StateRing.NO_TICK;
    }

    /** @return true if a packet naming {@code baselineTick} depends on the unacked clean packet. */
    private boolean isUnacked(final int baselineTick)
    {
        return cleanTick != StateRing.NO_TICK && !cleanAcked && baselineTick == cleanTick;
    }

    /**
     * The packet of {@code plan} was written: it becomes the clean reference if it named no unacked baseline,
     * otherwise no packet is clean until the next clean one.
     */
    void written(final PacketPlan plan)
    {
        boolean clean = true;
        for (int i = 0; i < plan.tableSize; i++)
        {
            clean &= !isUnacked(plan.tableTicks[i]);
        }
        if (!clean)
        {
            referencingPackets++;
            cleanTick = StateRing.NO_TICK;
            return;
        }
        if (maxAgeTicks == 0)
        {
            return;
        }
        cleanTick = plan.tick;
        cleanAcked = false;
        for (int i = 0; i < plan.count; i++)
        {
            carriedTick[plan.objects[i]] = plan.tick;
        }
    }

    /** A packet of {@code tick} was acked. */
    void acked(final int tick)
    {
        if (tick == cleanTick)
        {
            cleanAcked = true;
        }
    }

    /** @return packets written that named an unacked baseline. */
    long referencingPackets()
    {
        return referencingPackets;
    }

    /** Fold this bookkeeping into a digest ({@link SnapshotSender#stateDigest}). */
    long digest(final long h)
    {
        long d = h * 31 + cleanTick;
        d = d * 31 + (cleanAcked ? 1 : 2);
        return d * 31 + Arrays.hashCode(carriedTick);
    }

    /** As built. */
    void reset()
    {
        Arrays.fill(carriedTick, StateRing.NO_TICK);
        cleanTick = StateRing.NO_TICK;
        cleanAcked = false;
        referencingPackets = 0;
    }
}
