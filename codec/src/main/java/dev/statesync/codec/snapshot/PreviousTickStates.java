package dev.statesync.codec.snapshot;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.entropy.BitAccount;

/**
 * The serialize routine of a snapshot's previous-tick states: for some of the packet's objects, their state one tick
 * before the packet's, each coded against the same object's state in this packet. The sender repeats a state there
 * when losing it would show badly (see {@link SnapshotConfig#previousStateBlendErrorM}): an object whose motion
 * bent at that tick (a collision), which a replica that lost the tick's snapshot would blend straight across, or an
 * object the sender held back at that tick. The replica gets them for its display's history only: they are never
 * stored as baselines, never acked, and change nothing a later packet is decoded against.
 *
 * <pre>
 * bool  any previous-tick states
 * if set, for age 1 then age 2:
 *   ladder count of this age, 0 .. entries (the two counts not both 0); ladder widths 3, 6, 10, 30
 *   per state, in ascending entry order:
 *     ladder entry - previous entry - 1 (the first: entry itself); the entry must be below entries
 *     state  the object's record at tick - age, coded by the layout against the entry's state (intra-packet context)
 * </pre>
 * Hostile bytes: "any" with no state, a count above the entries, an entry out of order or range, or a failed state ends the packet
 * as malformed, before the receiver commits anything. Allocation-free.
 */
final class PreviousTickStates
{
    private PreviousTickStates()
    {
    }

    /** Oldest tick repeated, in ticks before the packet's: a state of tick - 1 or tick - 2. */
    static final int MAX_AGE = 2;
    /** Oldest previous-tick state a packet can carry, ticks before its own. */
    static final int OLDEST_AGE = 32;
    /** Counts and entry gaps: 0..7 in 4 bits, 8..71 in 8, 72..1095 in 13, beyond in 33. */
    static final BitLadder LADDER = new BitLadder(3, 6, 10, 30);

    /**
     * Serialize {@code plan}'s previous-tick states ({@link PacketPlan#previousCount}, {@link PacketPlan#previousEntry},
     * {@link PacketPlan#previousAge}, {@link PacketPlan#previousStates}: ages ascending, then entries ascending)
     * after its entries.
     *
     * @return {@link DecodeResult#OK}, or {@link DecodeResult#MALFORMED} for a failed stream or out-of-range fields.
     */
    static DecodeResult serialize(
        final BitStream stream, final PacketLayout layout, final ObjectCodec codec, final PacketPlan plan, final int stride)
    {
        stream.accountObject(-1);
        stream.accountCategory(BitAccount.OTHER);
        final int entries = plan.count;
        final boolean any = stream.serializeBool(plan.previousCount > 0);
        if (stream.isFailed())
        {
            return DecodeResult.MALFORMED;
        }
        if (!any)
        {
            plan.previousCount = 0;
            return DecodeResult.OK;
        }
        if (entries == 0 || plan.previousStates.length < MAX_AGE * entries * stride)
        {
            return DecodeResult.MALFORMED;
        }
        final int written = plan.previousCount;
        int k = 0;
        for (int age = 1; age <= MAX_AGE; age++)
        {
            int ofAge = 0;
            while (!stream.isReading() && k + ofAge < written && plan.previousAge[k + ofAge] == age)
            {
                ofAge++;
            }
            stream.accountObject(-1);
            stream.accountCategory(BitAccount.OTHER);
            ofAge = stream.serializeLadder(ofAge, LADDER);
            if (stream.isFailed() || ofAge > entries)
            {
                return DecodeResult.MALFORMED;
            }
            int previous = -1;
            for (int end = k + ofAge; k < end; k++)
            {
                if (previous + 1 > entries - 1)
                {
                    return DecodeResult.MALFORMED;
                }
                stream.accountObject(-1);
                stream.accountCategory(BitAccount.OTHER);
                final long entry = previous + 1L +
                    stream.serializeLadder(plan.previousEntry[k] - previous - 1, LADDER);
                if (stream.isFailed() || entry > entries - 1)
                {
                    return DecodeResult.MALFORMED;
                }
                plan.previousEntry[k] = (int)entry;
                plan.previousAge[k] = age;
                previous = (int)entry;
                stream.accountObject(plan.objects[previous]);
                layout.serializeObject(codec, stream, plan.previousStates, k * stride, plan.states,
                    plan.stateOffset[previous], MotionContext.INTRA_PACKET);
                if (stream.isFailed())
                {
                    return DecodeResult.MALFORMED;
                }
            }
        }
        if (k == 0)
        {
            // "any" with none: not what a sender writes.
            return DecodeResult.MALFORMED;
        }
        plan.previousCount = k;
        return DecodeResult.OK;
    }
}
