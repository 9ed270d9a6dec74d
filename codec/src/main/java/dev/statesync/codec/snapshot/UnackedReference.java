package dev.statesync.codec.snapshot;

import java.util.Arrays;

/**
 * The sender's one unacked baseline ({@link SnapshotConfig#unackedReferenceMaxAgeTicks}): the packet written just
 * before this one, if it is at most the configured age old and its chain is short enough to extend. A packet's chain
 * is how many unacked packets it depends on: 0 for a <em>clean</em> one (every baseline it named was acked when it was
 * written), else one more than the chain of the packet it named. A packet may name the previous one only while that
 * one's chain is below {@link SnapshotConfig#unackedReferenceChainDepth} (default 1: only a clean packet may be
 * named, so clean and referencing packets alternate). A lost packet therefore takes down at most that many packets
 * after it, never an unbounded run.
 *
 * <p>Why: with a 100 ms round trip the newest acked state of a moving object is 8 ticks old, and its residual
 * against a prediction from 8 ticks back costs much more than against the state sent one tick ago. The receiver
 * holds every state it applied in its ring whether or not the sender has heard the ack, so it can decode against
 * the previous packet with no change to the format; it refuses a packet whose named baseline it lacks
 * ({@link DecodeResult#BASELINE_MISSING}: counted, nothing changes, not acked), which is the price, paid only when
 * the named packet was lost, refused or arrives after this one.
 *
 * <p>Not when acks come back faster than packets go out: if every one of the last {@link #ACK_LATENCY_SAMPLES}
 * packets acked was acked before the next packet was written (a round trip under a tick, as on a LAN or loopback),
 * the previous packet's missing ack says it was lost, and naming it would only make the next packet refused too; its
 * acked baseline is as young anyway. One ack that comes later than that (jitter) allows it again for the next
 * {@link #ACK_LATENCY_SAMPLES} acks. Until the first ack it is allowed, as before.
 *
 * <p>A deeper chain on a link that loses nothing ({@link SnapshotConfig#unackedReferenceLosslessChainDepth}): each
 * packet written is judged once its fate is known, delivered when acked, lost when its ack is more than twice as late
 * as the slowest of the last acks measured (plus a tick) or when {@link #JUDGED_WINDOW} later packets have been
 * written without it. Once the packets judged since the last loss span
 * {@link SnapshotConfig#unackedReferenceLosslessAfterTicks}, the chain may grow to the lossless depth; the next loss
 * judged brings it back at once. A deep chain costs nothing while nothing is lost (every packet is decoded); its
 * price is the first loss after a clean spell, which takes down up to that many packets, and the judging delay (about
 * two round trips) during which a link that has just turned lossy still gets deep chains.
 *
 * <p>Only the sender keeps this; the receiver needs nothing. Allocation-free after construction.
 */
final class UnackedReference
{
    private final int maxAgeTicks;
    private final int maxChain;
    /** The chain allowed after a clean spell: at least {@link #maxChain}. */
    private final int losslessChain;
    /** Ticks the packets judged since the last loss must span before {@link #losslessChain} applies. */
    private final int losslessAfterTicks;
    /**
     * Packets written and not yet judged are kept here, by write order: a packet still here after this many later
     * packets is judged lost (its ack is far later than any round trip the chain is meant for).
     */
    static final int JUDGED_WINDOW = 128;
    private final int[] windowTick = new int[JUDGED_WINDOW];
    private final boolean[] windowAcked = new boolean[JUDGED_WINDOW];
    /** Packets written, and of those the oldest ones judged (delivered or lost). */
    private long writtenPackets;
    private long judgedPackets;
    /** Tick of the first packet judged delivered since the last loss, or {@link StateRing#NO_TICK} (none yet). */
    private int cleanSinceTick = StateRing.NO_TICK;
    /** Tick of the newest packet judged delivered (meaningful while {@link #cleanSinceTick} is set). */
    private int newestDeliveredTick = StateRing.NO_TICK;
    private long lossesJudged;
    private long deepChainPackets;
    /** Per object, the tick of the last nameable packet that carried it, or {@link StateRing#NO_TICK}. */
    private final int[] carriedTick;
    /** The last packet written, if a later one may name it; {@link StateRing#NO_TICK} otherwise or before the first. */
    private int nameableTick = StateRing.NO_TICK;
    /** The chain of {@link #nameableTick}'s packet: 0 clean, else how many unacked packets it depends on. */
    private int nameableChain;
    /** Whether {@link #nameableTick}'s packet has been acked (then it is an acked baseline like any other). */
    private boolean nameableAcked;
    private long referencingPackets;
    /** The last acks whose latency {@link #ackOverdue} compares against. */
    static final int ACK_LATENCY_SAMPLES = 16;
    /** Latencies of the last acks, in packets written after the acked one before its ack (0: before the next). */
    private final int[] ackLatencyTicks = new int[ACK_LATENCY_SAMPLES];
    private int ackLatencyCount;
    private int ackLatencyNext;
    /** The largest of {@link #ackLatencyTicks}, kept as acks arrive (once a packet, not once an object). */
    private int slowestAckLatencyTicks;
    /** The tick of the last packet written, or {@link StateRing#NO_TICK} before the first. */
    private int lastWrittenTick = StateRing.NO_TICK;

    /**
     * @param objectCount        objects in the world.
     * @param maxAgeTicks        oldest the previous packet may be to serve as a baseline, ticks; 0 never uses one.
     * @param maxChain           most unacked packets a packet may depend on, in a chain; at least 1.
     * @param losslessChain      the most after a clean spell; below {@code maxChain} counts as {@code maxChain}.
     * @param losslessAfterTicks ticks the packets judged delivered since the last loss must span first, at least 1.
     */
    UnackedReference(
        final int objectCount, final int maxAgeTicks, final int maxChain, final int losslessChain,
        final int losslessAfterTicks)
    {
        this.maxAgeTicks = maxAgeTicks;
        this.maxChain = maxChain;
        this.losslessChain = Math.max(maxChain, losslessChain);
        this.losslessAfterTicks = losslessAfterTicks;
        carriedTick = new int[objectCount];
        Arrays.fill(carriedTick, StateRing.NO_TICK);
    }

    /**
     * @param object           an object to send at {@code tick}.
     * @param newestAckedTick  the object's newest acked tick, or {@link StateRing#NO_TICK}.
     * @return the tick of the previous, unacked packet the object may delta against at {@code tick} (it carried the
     * object, is younger than the object's newest acked state and at most the configured age, and its chain may be
     * extended), or {@link StateRing#NO_TICK}.
     */
    int baselineTick(final int object, final int tick, final int newestAckedTick)
    {
        if (nameableTick == StateRing.NO_TICK || nameableAcked || carriedTick[object] != nameableTick)
        {
            return StateRing.NO_TICK;
        }
        final int age = tick - nameableTick;
        if (age < 1 || age > maxAgeTicks || ackOverdue())
        {
            return StateRing.NO_TICK;
        }
        return newestAckedTick == StateRing.NO_TICK || nameableTick - newestAckedTick > 0 ? nameableTick :
            StateRing.NO_TICK;
    }

    /**
     * @return true when {@link #nameableTick}'s ack is later than every one of the last acks measured: it was most
     * likely lost. False before any ack was measured.
     */
    private boolean ackOverdue()
    {
        return ackLatencyCount > 0 && lastWrittenTick - nameableTick >= slowestAckLatencyTicks;
    }

    /** @return true if a packet naming {@code baselineTick} depends on the unacked previous packet. */
    private boolean isUnacked(final int baselineTick)
    {
        return nameableTick != StateRing.NO_TICK && !nameableAcked && baselineTick == nameableTick;
    }

    /**
     * The packet of {@code plan} was written. Its chain is 0 if it named no unacked baseline, else one more than the
     * packet it named; a later packet may name it only while that chain is below the limit.
     */
    void written(final PacketPlan plan)
    {
        final int chain = chainOf(plan);
        final boolean clean = chain == 0;
        lastWrittenTick = plan.tick;
        if (!clean)
        {
            referencingPackets++;
        }
        if (chain > maxChain)
        {
            deepChainPackets++;
        }
        remember(plan.tick);
        judge();
        if (maxAgeTicks == 0 || chain >= chainLimit())
        {
            nameableTick = StateRing.NO_TICK;
            return;
        }
        nameableTick = plan.tick;
        nameableChain = chain;
        nameableAcked = false;
        for (int i = 0; i < plan.count; i++)
        {
            carriedTick[plan.objects[i]] = plan.tick;
        }
    }

    /**
     * @return the chain position of the planned packet of {@code plan} if it were written now: 0 when it names no
     * unacked baseline, else one more than the packet it names (at most
     * {@link SnapshotConfig#MAX_UNACKED_REFERENCE_CHAIN_DEPTH}).
     */
    int chainOf(final PacketPlan plan)
    {
        for (int i = 0; i < plan.tableSize; i++)
        {
            if (isUnacked(plan.tableTicks[i]))
            {
                return nameableChain + 1;
            }
        }
        return 0;
    }

    /**
     * @return the longest chain the next packet may extend to: {@link #losslessChain} once the packets judged since
     * the last loss span {@link #losslessAfterTicks}, else the configured one.
     */
    int chainLimit()
    {
        return cleanSinceTick != StateRing.NO_TICK && newestDeliveredTick - cleanSinceTick >= losslessAfterTicks ?
            losslessChain : maxChain;
    }

    /** Keep the packet of {@code tick}, just written, for judging; a packet pushed out unjudged is judged lost. */
    private void remember(final int tick)
    {
        if (writtenPackets - judgedPackets == JUDGED_WINDOW)
        {
            judgeOldest(false);
        }
        final int slot = (int)(writtenPackets & (JUDGED_WINDOW - 1));
        windowTick[slot] = tick;
        windowAcked[slot] = false;
        writtenPackets++;
    }

    /**
     * Judge the oldest packets whose fate is known, oldest first: acked ones delivered, and an unacked one lost once
     * it is more than {@code 2 * slowest + 1} ticks older than the last packet written, where slowest is the slowest
     * of the last acks' latencies (so jitter up to the slowest ack seen does not count as loss). Stops at the first
     * packet still in doubt, so losses are judged in write order.
     */
    private void judge()
    {
        while (judgedPackets < writtenPackets)
        {
            final int slot = (int)(judgedPackets & (JUDGED_WINDOW - 1));
            if (windowAcked[slot])
            {
                judgeOldest(true);
            }
            else if (ackLatencyCount > 0 && lastWrittenTick - windowTick[slot] > 2 * slowestAckLatencyTicks + 1)
            {
                judgeOldest(false);
            }
            else
            {
                return;
            }
        }
    }

    private void judgeOldest(final boolean delivered)
    {
        final int tick = windowTick[(int)(judgedPackets & (JUDGED_WINDOW - 1))];
        judgedPackets++;
        if (!delivered)
        {
            lossesJudged++;
            cleanSinceTick = StateRing.NO_TICK;
            return;
        }
        if (cleanSinceTick == StateRing.NO_TICK)
        {
            cleanSinceTick = tick;
        }
        newestDeliveredTick = tick;
    }

    /** A packet of {@code tick} was acked (first ack only), or {@link StateRing#NO_TICK}: nothing. */
    void acked(final int tick)
    {
        if (tick == StateRing.NO_TICK)
        {
            return;
        }
        // Acks are for recent packets: search the unjudged ones from the newest.
        for (long p = writtenPackets - 1; p >= judgedPackets; p--)
        {
            final int slot = (int)(p & (JUDGED_WINDOW - 1));
            if (windowTick[slot] == tick)
            {
                windowAcked[slot] = true;
                break;
            }
        }
        if (lastWrittenTick != StateRing.NO_TICK)
        {
            ackLatencyTicks[ackLatencyNext] = Math.max(0, lastWrittenTick - tick);
            ackLatencyNext = (ackLatencyNext + 1) % ACK_LATENCY_SAMPLES;
            ackLatencyCount = Math.min(ackLatencyCount + 1, ACK_LATENCY_SAMPLES);
            int slowest = 0;
            for (int i = 0; i < ackLatencyCount; i++)
            {
                slowest = Math.max(slowest, ackLatencyTicks[i]);
            }
            slowestAckLatencyTicks = slowest;
        }
        if (tick == nameableTick)
        {
            nameableAcked = true;
        }
    }

    /** @return packets written that named an unacked baseline. */
    long referencingPackets()
    {
        return referencingPackets;
    }

    /** @return packets written whose chain was longer than the configured depth (allowed by a clean spell). */
    long deepChainPackets()
    {
        return deepChainPackets;
    }

    /** @return packets judged lost (not acked in time; refused ones included). */
    long lossesJudged()
    {
        return lossesJudged;
    }

    /** Fold this bookkeeping into a digest ({@link SnapshotSender#stateDigest}). */
    long digest(final long h)
    {
        long d = h * 31 + nameableTick;
        d = d * 31 + nameableChain;
        d = d * 31 + (nameableAcked ? 1 : 2);
        d = d * 31 + lastWrittenTick;
        d = d * 31 + ackLatencyCount;
        d = d * 31 + ackLatencyNext;
        d = d * 31 + slowestAckLatencyTicks;
        d = d * 31 + Arrays.hashCode(ackLatencyTicks);
        d = d * 31 + writtenPackets;
        d = d * 31 + judgedPackets;
        d = d * 31 + cleanSinceTick;
        d = d * 31 + newestDeliveredTick;
        d = d * 31 + lossesJudged;
        d = d * 31 + deepChainPackets;
        d = d * 31 + Arrays.hashCode(windowTick);
        d = d * 31 + Arrays.hashCode(windowAcked);
        return d * 31 + Arrays.hashCode(carriedTick);
    }

    /** As built. */
    void reset()
    {
        Arrays.fill(carriedTick, StateRing.NO_TICK);
        nameableTick = StateRing.NO_TICK;
        nameableChain = 0;
        nameableAcked = false;
        referencingPackets = 0;
        lastWrittenTick = StateRing.NO_TICK;
        ackLatencyCount = 0;
        ackLatencyNext = 0;
        slowestAckLatencyTicks = 0;
        Arrays.fill(ackLatencyTicks, 0);
        Arrays.fill(windowTick, 0);
        Arrays.fill(windowAcked, false);
        writtenPackets = 0;
        judgedPackets = 0;
        cleanSinceTick = StateRing.NO_TICK;
        newestDeliveredTick = StateRing.NO_TICK;
        lossesJudged = 0;
        deepChainPackets = 0;
    }
}
