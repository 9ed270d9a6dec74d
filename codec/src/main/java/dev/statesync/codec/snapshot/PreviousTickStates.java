package dev.statesync.codec.snapshot;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.entropy.BitAccount;

/**
 * The serialize routine of a snapshot's previous-tick states: for some of the packet's objects, their state some
 * ticks before the packet's (1 .. {@link #OLDEST_AGE}), each coded against the same object's state in this packet.
 * The sender repeats a state there when losing it would show badly (see {@link SnapshotConfig#previousStateBlendErrorM}):
 * an object whose motion bent at that tick (a collision), which a replica that lost the tick's snapshot would blend
 * straight across, or an object the sender held back at that tick; and, older, a state whose packet the acks show
 * lost. The replica gets them for its display's history only: they are never stored as baselines, never acked, and
 * change nothing a later packet is decoded against.
 *
 * <pre>
 * bool  any previous-tick states
 * if set:
 *   for age 1 then age 2 (the fixed ages, the common case, so they cost no age field):
 *     ladder count of this age, 0 .. entries
 *     per state, in ascending entry order:
 *       ladder entry - previous entry - 1 (the first: entry itself); the entry must be below entries
 *       state  the object's record at tick - age, coded by the layout against the entry's state (intra-packet context)
 *   bool  older ages follow
 *   if set:
 *     ladder groups - 1                  (groups 1 .. OLDEST_AGE - 2)
 *     per group, ages strictly ascending:
 *       ladder age - previous age - 1    (previous age starts at 2; age &lt;= OLDEST_AGE)
 *       ladder count - 1                 (count 1 .. entries)
 *       per state, entries ascending: entry gap and state as for ages 1 and 2
 * (all ladders: widths 3, 6, 10, 30)
 * </pre>
 * Hostile bytes: "any" with no state, a count above the entries, more states than the plan holds
 * ({@link #capacity}), an entry out of order or range, a group age out of order or above {@link #OLDEST_AGE}, or a
 * failed state ends the packet as malformed, before the receiver commits anything. Allocation-free.
 */
final class PreviousTickStates
{
    private PreviousTickStates()
    {
    }

    /** Ages with a group of their own in every packet that repeats anything: states of tick - 1 and tick - 2. */
    static final int FIXED_AGES = 2;
    /**
     * Oldest tick repeated, in ticks before the packet's. A lost corner state is resent once the acks show its packet
     * lost: a round trip plus the ack's delay, 20-30 ticks at 100 ms RTT and 60 Hz; 32 leaves room and bounds the
     * replica's history it must keep.
     */
    static final int OLDEST_AGE = 32;
    /** Counts, entry gaps and age gaps: 0..7 in 4 bits, 8..71 in 8, 72..1095 in 13, beyond in 33. */
    static final BitLadder LADDER = new BitLadder(3, 6, 10, 30);

    /**
     * How many previous-tick states a packet of up to {@code objectCount} objects may carry, the size (in states) of
     * the plan's and the receiver's arrays. Ages 1 and 2 may each repeat every object (a scene of bouncing objects
     * does); older ages are resends of states whose packet was lost, rare by comparison, so half the objects plus a
     * margin for small scenes. A reader refuses a packet that claims more, so the arrays never overflow.
     */
    static int capacity(final int objectCount)
    {
        return FIXED_AGES * objectCount + objectCount / 2 + 64;
    }

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
        if (entries == 0)
        {
            return DecodeResult.MALFORMED;
        }
        final int capacity = plan.previousCapacity();
        final int written = plan.previousCount;
        int k = 0;
        for (int age = 1; age <= FIXED_AGES; age++)
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
            k = serializeGroup(stream, layout, codec, plan, stride, age, k, ofAge, capacity);
            if (k < 0)
            {
                return DecodeResult.MALFORMED;
            }
        }
        final boolean older = stream.serializeBool(k < written);
        if (stream.isFailed())
        {
            return DecodeResult.MALFORMED;
        }
        if (older)
        {
            k = serializeOlderGroups(stream, layout, codec, plan, stride, k, capacity);
            if (k < 0)
            {
                return DecodeResult.MALFORMED;
            }
        }
        else if (k == 0)
        {
            // "any" with none: not what a sender writes.
            return DecodeResult.MALFORMED;
        }
        if (!stream.isReading() && k != written)
        {
            throw new IllegalStateException("previous-tick states not in age then entry order, or age above " +
                OLDEST_AGE + ": coded " + k + " of " + written);
        }
        plan.previousCount = k;
        return DecodeResult.OK;
    }

    /** The groups of ages 3 .. {@link #OLDEST_AGE}, from state {@code k}: the next state, or -1 for malformed. */
    private static int serializeOlderGroups(
        final BitStream stream,
        final PacketLayout layout,
        final ObjectCodec codec,
        final PacketPlan plan,
        final int stride,
        final int first,
        final int capacity)
    {
        final int entries = plan.count;
        final int written = plan.previousCount;
        int groups = 0;
        for (int j = first; !stream.isReading() && j < written; j++)
        {
            groups += j == first || plan.previousAge[j] != plan.previousAge[j - 1] ? 1 : 0;
        }
        stream.accountObject(-1);
        stream.accountCategory(BitAccount.OTHER);
        final long groupCount = 1L + stream.serializeLadder(groups - 1, LADDER);
        if (stream.isFailed() || groupCount > OLDEST_AGE - FIXED_AGES)
        {
            return -1;
        }
        int k = first;
        int previousAge = FIXED_AGES;
        for (int group = 0; group < groupCount; group++)
        {
            final int writtenAge = stream.isReading() ? 0 : plan.previousAge[k];
            int ofAge = 0;
            while (!stream.isReading() && k + ofAge < written && plan.previousAge[k + ofAge] == writtenAge)
            {
                ofAge++;
            }
            stream.accountObject(-1);
            stream.accountCategory(BitAccount.OTHER);
            final long age = previousAge + 1L + stream.serializeLadder(writtenAge - previousAge - 1, LADDER);
            if (stream.isFailed() || age > OLDEST_AGE)
            {
                return -1;
            }
            final long count = 1L + stream.serializeLadder(ofAge - 1, LADDER);
            if (stream.isFailed() || count > entries)
            {
                return -1;
            }
            previousAge = (int)age;
            k = serializeGroup(stream, layout, codec, plan, stride, previousAge, k, (int)count, capacity);
            if (k < 0)
            {
                return -1;
            }
        }
        return k;
    }

    /**
     * The {@code count} states of one age, entries ascending, from state {@code k}.
     *
     * @return the next state, or -1 for malformed (a failed stream, an entry out of order or range, or more states than
     * {@code capacity}).
     */
    private static int serializeGroup(
        final BitStream stream,
        final PacketLayout layout,
        final ObjectCodec codec,
        final PacketPlan plan,
        final int stride,
        final int age,
        final int first,
        final int count,
        final int capacity)
    {
        final int entries = plan.count;
        int previous = -1;
        int k = first;
        for (final int end = first + count; k < end; k++)
        {
            if (k >= capacity || previous + 1 > entries - 1)
            {
                return -1;
            }
            stream.accountObject(-1);
            stream.accountCategory(BitAccount.OTHER);
            final long entry = previous + 1L + stream.serializeLadder(plan.previousEntry[k] - previous - 1, LADDER);
            if (stream.isFailed() || entry > entries - 1)
            {
                return -1;
            }
            plan.previousEntry[k] = (int)entry;
            plan.previousAge[k] = age;
            previous = (int)entry;
            stream.accountObject(plan.objects[previous]);
            layout.serializeObject(codec, stream, plan.previousStates, k * stride, plan.states,
                plan.stateOffset[previous], MotionContext.INTRA_PACKET);
            if (stream.isFailed())
            {
                return -1;
            }
        }
        return k;
    }
}
