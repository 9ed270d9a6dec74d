package dev.statesync.codec.snapshot;

import java.util.Arrays;

/**
 * The sender's record of what the receiver provably holds: per object its newest and older acked ticks (the
 * baselines it may delta against), the newest acked range-coded tick (whose final coder model both ends hold),
 * overall and per kind (clean or naming an unacked packet), and the history of sent packets waiting for their
 * acks (sequence, tick, objects, kind).
 *
 * <p>Acks come from the network, so {@link #onAcked} ignores unknown, expired and repeated sequences and moves
 * a baseline only forward. Allocation-free after construction.
 */
final class AckedBaselines
{
    private final int objectCount;
    private final int[] newestAckedTick;
    private final int[] olderAckedTick;
    /** Coder models by tick; null unless range coding is on. */
    private final ModelRing modelRing;
    private final int maxModelRefAgeTicks;
    /** Newest acked packet that was range-coded, so whose final model both ends hold. */
    private int newestAckedModelTick = StateRing.NO_TICK;

    private final int historyMask;
    private final int[] historySequence;
    private final int[] historyTick;
    private final int[] historyCount;
    /** Per history slot, {@code objectCount} entries: the objects the packet carried. */
    private final int[] historyObjects;
    private final boolean[] historyValid;
    /** Per history slot: the packet named an unacked packet ({@link UnackedReference#chainOf} above 0). */
    private final boolean[] historyReferencing;
    /** Per kind (0 clean, 1 referencing): the newest acked range-coded tick of a packet of that kind, model held. */
    private final int[] newestAckedModelTickOfKind = new int[2];

    AckedBaselines(final int objectCount, final int packetHistory, final ModelRing modelRing, final int maxModelRefAgeTicks)
    {
        this.objectCount = objectCount;
        this.modelRing = modelRing;
        this.maxModelRefAgeTicks = maxModelRefAgeTicks;
        newestAckedTick = new int[objectCount];
        olderAckedTick = new int[objectCount];
        Arrays.fill(newestAckedTick, StateRing.NO_TICK);
        Arrays.fill(olderAckedTick, StateRing.NO_TICK);
        historyMask = packetHistory - 1;
        historySequence = new int[packetHistory];
        historyTick = new int[packetHistory];
        historyCount = new int[packetHistory];
        historyObjects = new int[packetHistory * objectCount];
        historyValid = new boolean[packetHistory];
        historyReferencing = new boolean[packetHistory];
        Arrays.fill(newestAckedModelTickOfKind, StateRing.NO_TICK);
    }

    /** @return the newest acked tick of an object, or {@link StateRing#NO_TICK}. */
    int newestTick(final int object)
    {
        return newestAckedTick[object];
    }

    /** @return the acked tick before the newest of an object, or {@link StateRing#NO_TICK}. */
    int olderTick(final int object)
    {
        return olderAckedTick[object];
    }

    /** Remember that the packet {@code sequence} carried {@code objects[0..count)} at {@code tick}. */
    void recordSent(final int sequence, final int tick, final int[] objects, final int count, final boolean referencing)
    {
        final int slot = sequence & historyMask;
        historyReferencing[slot] = referencing;
        historyValid[slot] = true;
        historySequence[slot] = sequence & 0xFFFF;
        historyTick[slot] = tick;
        historyCount[slot] = count;
        System.arraycopy(objects, 0, historyObjects, slot * objectCount, count);
    }

    /**
     * See {@link SnapshotSender#onAcked(int)}.
     *
     * @return the acked packet's tick, or {@link StateRing#NO_TICK} for an unknown, expired or repeated sequence.
     */
    int onAcked(final int sequence)
    {
        final int slot = sequence & historyMask;
        if (!historyValid[slot] || historySequence[slot] != (sequence & 0xFFFF))
        {
            return StateRing.NO_TICK;
        }
        historyValid[slot] = false;
        final int tick = historyTick[slot];
        if (modelRing != null && modelRing.holds(tick) &&
            (newestAckedModelTick == StateRing.NO_TICK || tick - newestAckedModelTick > 0))
        {
            newestAckedModelTick = tick;
        }
        final int kind = historyReferencing[slot] ? 1 : 0;
        if (modelRing != null && modelRing.holds(tick) && (newestAckedModelTickOfKind[kind] == StateRing.NO_TICK ||
            tick - newestAckedModelTickOfKind[kind] > 0))
        {
            newestAckedModelTickOfKind[kind] = tick;
        }
        final int base = slot * objectCount;
        for (int i = 0, count = historyCount[slot]; i < count; i++)
        {
            final int object = historyObjects[base + i];
            final int newest = newestAckedTick[object];
            if (newest == StateRing.NO_TICK || tick - newest > 0)
            {
                olderAckedTick[object] = newest;
                newestAckedTick[object] = tick;
            }
            else if (tick != newest && (olderAckedTick[object] == StateRing.NO_TICK || tick - olderAckedTick[object] > 0))
            {
                olderAckedTick[object] = tick;
            }
        }
        return tick;
    }

    /**
     * @return the age at {@code tick} of the newest acked packet whose final coder model is still held and young
     * enough that the receiver still holds it too (see {@link SnapshotConfig#modelRingDepth}); 0 for a fresh
     * model.
     */
    int modelRefAge(final int tick)
    {
        return modelAge(tick, newestAckedModelTick);
    }

    /**
     * The model reference for a referencing packet (one that names an unacked packet) or a clean one: the newest
     * acked packet of the same kind whose model both ends hold, else {@link #modelRefAge(int)}'s. Why: a packet's
     * statistics follow its baselines' age. With unacked references every other packet is coded against the packet just before
     * it (residuals a few units) and the others against acked baselines a round trip old (residuals several times
     * larger); a model carried from the other kind starts tuned to the wrong sizes, and a packet of about 100
     * objects spends much of itself re-learning them. On the cube run this choice is 1.5% of the bits (3024.1 ->
     * 2979.8 per snapshot; results.md, "Fewer bits, round 13"). With deeper chains ({@code --unacked-chain 2}) all
     * referencing packets are one kind: a model per chain position measured 0.4% worse than one for all of them.
     * Sender only: the packet names its model reference.
     *
     * @return the age of that packet at {@code tick}, or 0 for a fresh model.
     */
    int modelRefAge(final int tick, final boolean referencing)
    {
        final int sameKindAge = modelAge(tick, newestAckedModelTickOfKind[referencing ? 1 : 0]);
        return sameKindAge > 0 ? sameKindAge : modelRefAge(tick);
    }

    private int modelAge(final int tick, final int modelTick)
    {
        if (modelRing == null || modelTick == StateRing.NO_TICK)
        {
            return 0;
        }
        final int age = tick - modelTick;
        return age > 0 && age <= maxModelRefAgeTicks && modelRing.holds(modelTick) ? age : 0;
    }

    /** See {@link SnapshotSender#stateDigest()}. */
    long digest()
    {
        long h = 17;
        h = h * 31 + Arrays.hashCode(newestAckedTick);
        h = h * 31 + Arrays.hashCode(olderAckedTick);
        h = h * 31 + newestAckedModelTick;
        h = h * 31 + Arrays.hashCode(newestAckedModelTickOfKind);
        for (int slot = 0; slot < historyValid.length; slot++)
        {
            h = h * 31 + (historyValid[slot] ? 1 : 2);
            if (historyValid[slot])
            {
                h = h * 31 + historySequence[slot];
                h = h * 31 + historyTick[slot];
                h = h * 31 + historyCount[slot];
                for (int i = slot * objectCount, end = i + historyCount[slot]; i < end; i++)
                {
                    h = h * 31 + historyObjects[i];
                }
            }
        }
        return h;
    }

    /** Forget every ack and sent packet, as built (the model ring is the sender's to reset). Allocates nothing. */
    void reset()
    {
        Arrays.fill(newestAckedTick, StateRing.NO_TICK);
        Arrays.fill(olderAckedTick, StateRing.NO_TICK);
        newestAckedModelTick = StateRing.NO_TICK;
        Arrays.fill(newestAckedModelTickOfKind, StateRing.NO_TICK);
        Arrays.fill(historyReferencing, false);
        Arrays.fill(historySequence, 0);
        Arrays.fill(historyTick, 0);
        Arrays.fill(historyCount, 0);
        Arrays.fill(historyObjects, 0);
        Arrays.fill(historyValid, false);
    }
}
