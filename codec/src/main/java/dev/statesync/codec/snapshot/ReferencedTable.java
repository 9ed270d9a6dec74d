package dev.statesync.codec.snapshot;

import dev.statesync.codec.bits.BitStream;

/**
 * The range-coded baseline table's entries after the first, coded against the table of the newest entry's packet
 * when both ends hold it ({@link ModeledLayout#serializeTable}): one flag per entry of that table whose age (counted
 * from this packet's tick) is above the first entry's, "this table has it too", then the remaining entries, ascending,
 * as gaps ({@link BaselineRefs#serializeTableAge}) from the first entry's age and then from each other; the table is
 * the merge of the two ascending lists. How many remain is the table size less one less the flags set, so no count
 * is sent, and flags stop once the table is full.
 *
 * <p>Why it pays: with unacked references a referencing packet's newest entry is the packet just before it, whose
 * table named nearly the same ticks (an object that starts moving keeps naming the state it rested in until an ack
 * moves it on, a round trip later), and those old ticks are the entries whose gaps cost most. On the cube run the
 * table costs 49.6 bits per snapshot as gaps alone, 44.2 this way. A flag is coded in a context of whether the
 * previous one was set and whether its age is more than 16 above the first entry's (recent ticks come and go, old
 * ones stay).
 *
 * <p>Reading hostile bytes: at most one flag per entry of the held table and as many gaps as the table size allows;
 * an age beyond the age ladder's largest, or one named both ways (the merge not strictly ascending), fails the
 * stream. Allocation-free (two scratch arrays of {@link SnapshotFormat#MAX_BASELINES_PER_PACKET}).
 */
final class ReferencedTable
{
    /** Above the first entry's age by more than this, a held entry is "old" (its flag's context). */
    private static final int RECENT_AGE_TICKS = 16;

    private final int[] held = new int[SnapshotFormat.MAX_BASELINES_PER_PACKET];
    private final int[] others = new int[SnapshotFormat.MAX_BASELINES_PER_PACKET];

    /**
     * Serialize entries {@code 1..plan.tableSize - 1} of the table, the first being serialized already.
     *
     * @param referenceTick the newest entry's tick, whose table {@code ring} holds.
     * @param firstAge      the first entry's age.
     */
    void serialize(
        final BitStream stream, final PacketPlan plan, final ModelRing ring, final int referenceTick, final int firstAge)
    {
        final int tick = plan.tick;
        final int tableSize = plan.tableSize;
        final boolean reading = stream.isReading();
        if (!reading)
        {
            for (int i = 1, previous = firstAge; i < tableSize; i++)
            {
                final int age = tick - plan.tableTicks[i] - 1;
                if (age <= previous)
                {
                    throw new IllegalArgumentException("table ages must increase: " + age + " after " + previous);
                }
                previous = age;
            }
        }
        final int referenceSize = ring.tableSize(referenceTick);
        int heldCount = 0;
        boolean previousHeld = true;
        // Writing: both tables ascend in age, so one walk of this table's entries finds each held one (O(K + R)).
        int entry = 1;
        for (int r = 0; r < referenceSize && heldCount < tableSize - 1 && !stream.isFailed(); r++)
        {
            final long age = (long)tick - ring.tableTick(referenceTick, r) - 1;
            if (age <= firstAge || age > SnapshotFormat.AGE_LADDER.maxValue())
            {
                continue;
            }
            boolean contained = false;
            if (!reading)
            {
                while (entry < tableSize && tick - plan.tableTicks[entry] - 1 < age)
                {
                    entry++;
                }
                contained = entry < tableSize && tick - plan.tableTicks[entry] - 1 == age;
            }
            final boolean inTable = stream.serializeFlag(contained,
                IndexCoding.TABLE_HELD_FLAG_CONTEXT + (previousHeld ? 1 : 0) + (age - firstAge > RECENT_AGE_TICKS ? 2 : 0));
            if (inTable)
            {
                held[heldCount++] = (int)age;
            }
            previousHeld = inTable;
        }
        final int otherCount = tableSize - 1 - heldCount;
        if (!reading)
        {
            for (int i = 1, o = 0, h = 0; i < tableSize; i++)
            {
                final int age = tick - plan.tableTicks[i] - 1;
                if (h < heldCount && held[h] == age)
                {
                    h++;
                }
                else
                {
                    others[o++] = age;
                }
            }
        }
        int previous = firstAge;
        for (int o = 0; o < otherCount && !stream.isFailed(); o++)
        {
            previous = BaselineRefs.serializeTableAge(stream, others[o], previous);
            others[o] = previous;
        }
        if (stream.isFailed())
        {
            return;
        }
        int h = 0;
        int o = 0;
        int previousAge = firstAge;
        for (int i = 1; i < tableSize; i++)
        {
            final int age = o >= otherCount || (h < heldCount && held[h] < others[o]) ? held[h++] : others[o++];
            stream.validate(age > previousAge);
            previousAge = age;
            plan.tableTicks[i] = tick - 1 - age;
        }
    }
}
