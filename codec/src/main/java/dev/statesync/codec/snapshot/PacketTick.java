package dev.statesync.codec.snapshot;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitStream;

/**
 * The serialize routine of a snapshot's tick, the first field of every packet: whole (32 bits), or anchored to a
 * packet the receiver applied, named by its distance in packet sequences.
 *
 * <pre>
 * anchored      1 bit
 * whole:        tick, 32 bits
 * anchored:     d - 1 on {@link #DISTANCE_LADDER}: the anchor is the packet of sequence (this sequence - d) mod 2^16
 *               1 bit: tick - anchor tick == d (one snapshot per tick since the anchor, the usual case)
 *               otherwise (tick - anchor tick - 1) on {@link #DELTA_LADDER}
 * </pre>
 *
 * <p>Why it cannot give a wrong tick. The sender anchors only to a packet whose ack it saw, its newest such one, and
 * only when it knows the exact sequence distance (it counts its own sequences, {@code TickAnchor}). Acked means
 * applied (a snapshot link acks only packets the replica applied), and the receiver keeps the tick of every packet
 * it applied by sequence ({@code AppliedSequences}), so it finds the very packet the sender named, or, if it does not
 * hold it (never applied, or its slot taken by a newer packet), refuses the packet as
 * {@link DecodeResult#BASELINE_MISSING}: counted, nothing changed, not acked. It never falls back to another packet,
 * so a false ack costs a refusal, not a wrong tick. What 16 bits cannot tell apart is a datagram delayed or replayed
 * by 65536 sequences or more (18 minutes at 60 Hz): it would be read against the packet that now has its anchor's
 * sequence. On an authenticated link the reliability layer refuses it (its keyed MAC covers the sequence epoch,
 * {@code KeyedMacIntegrity}); on an unauthenticated one anyone can forge any packet anyway.
 *
 * <p>Measured on the cube run (results.md, "Fewer bits, round 12"): d is about the round trip in ticks plus one.
 * Stateless; allocation-free.
 */
final class PacketTick
{
    /** {@link PacketPlan#sequence} of a link that does not tell the receiver sequences. */
    static final int NO_SEQUENCE = -1;
    /** Bits of a whole tick. */
    static final int WHOLE_TICK_BITS = SnapshotFormat.TICK_BITS;
    /**
     * Sequence distance to the anchor, minus 1: 1..8 in 4 bits, 9..24 in 6, 25..88 in 8. Fitted to the cube run at
     * the default link (100 ms round trip, 60 Hz), where d is 6 to 8 in 97% of packets (9 or 10 in the rest); 2 at
     * Fiedler's link, 12 to 16 at a 200 ms round trip. 88 sequences cover round trips up to about 1.4 s at 60 Hz;
     * beyond, the tick goes whole.
     */
    static final BitLadder DISTANCE_LADDER = new BitLadder(3, 4, 6);
    /** Largest anchor distance, sequences (below the receiver's {@code AppliedSequences.SLOTS}). */
    static final int MAX_DISTANCE = DISTANCE_LADDER.maxValue() + 1;
    /**
     * Ticks from the anchor, minus 1, when not one per sequence (a snapshot every few ticks under a budget: there
     * 6 to 10 ticks back): 1..8 in 4 bits, 9..24 in 6, 25..88 in 9, 89..344 in 11.
     */
    static final BitLadder DELTA_LADDER = new BitLadder(3, 4, 6, 8);
    /** Largest tick distance from the anchor, ticks. */
    static final int MAX_DELTA = DELTA_LADDER.maxValue() + 1;

    private PacketTick()
    {
    }

    /**
     * Serialize the tick into or from {@code plan} ({@link PacketPlan#tick}, {@link PacketPlan#anchorDistance},
     * {@link PacketPlan#anchorTick}).
     *
     * @param baselines the end's hook: the sender's plan names the anchor's tick, the receiver looks it up.
     * @return {@link DecodeResult#OK}; {@link DecodeResult#MALFORMED} for a failed stream;
     * {@link DecodeResult#BASELINE_MISSING} for an anchor this end does not hold.
     */
    static DecodeResult serialize(final BitStream stream, final PacketPlan plan, final PacketBaselines baselines)
    {
        final boolean anchored = stream.serializeBits(plan.anchorDistance > 0 ? 1 : 0, 1) == 1;
        if (!anchored)
        {
            plan.anchorDistance = 0;
            plan.tick = stream.serializeBits(plan.tick, WHOLE_TICK_BITS);
            return stream.isFailed() ? DecodeResult.MALFORMED : DecodeResult.OK;
        }
        final int distance = 1 + DirectLadder.serialize(stream, plan.anchorDistance - 1, DISTANCE_LADDER);
        final boolean onePerSequence = stream.serializeBits(plan.tick - plan.anchorTick == distance ? 1 : 0, 1) == 1;
        final int delta = onePerSequence ? distance :
            1 + DirectLadder.serialize(stream, plan.tick - plan.anchorTick - 1, DELTA_LADDER);
        if (stream.isFailed())
        {
            return DecodeResult.MALFORMED;
        }
        plan.anchorDistance = distance;
        if (!baselines.anchor(plan))
        {
            return DecodeResult.BASELINE_MISSING;
        }
        plan.tick = plan.anchorTick + delta;
        return DecodeResult.OK;
    }

    /** @return the bits {@link #serialize} takes for a planned packet. */
    static int bits(final PacketPlan plan)
    {
        if (plan.anchorDistance == 0)
        {
            return 1 + WHOLE_TICK_BITS;
        }
        final int delta = plan.tick - plan.anchorTick;
        return 2 + DISTANCE_LADDER.bitsFor(plan.anchorDistance - 1) +
            (delta == plan.anchorDistance ? 0 : DELTA_LADDER.bitsFor(delta - 1));
    }

    /**
     * @return true if a packet {@code distance} sequences and {@code delta} ticks after its anchor can be anchored
     * (both within what the header codes).
     */
    static boolean fits(final int distance, final int delta)
    {
        return distance >= 1 && distance <= MAX_DISTANCE && delta >= 1 && (delta == distance || delta <= MAX_DELTA);
    }
}
