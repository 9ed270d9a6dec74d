package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.entropy.ContextModel;
import dev.statesync.codec.entropy.RangeBitReader;
import dev.statesync.codec.entropy.RangeBitWriter;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * A baseline table coded against a held snapshot's table ({@link ReferencedTable}) round-trips whatever the two
 * tables share (nothing, everything, the held one's entries below or above the first entry, ages up to the ladder's
 * largest), and hostile bytes give a strictly ascending table within the age ladder or fail the reader.
 */
class ReferencedTableTest
{
    private static final int OBJECTS = 4;
    private static final int REFERENCE_TICK = 1000;

    @Property(tries = 1000)
    void tablesRoundTripAgainstAHeldTable(
        @ForAll @IntRange(min = 1, max = 31) final int tableSize,
        @ForAll @IntRange(max = 31) final int heldSize,
        @ForAll @IntRange(min = 1, max = 15) final int referenceAgeTicks,
        @ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int tick = REFERENCE_TICK + referenceAgeTicks;
        final int spread = random.nextBoolean() ? 40 : SnapshotFormat.AGE_LADDER.maxValue();
        // The held table: distinct ticks before the reference's, newest first.
        final int[] heldTicks = distinctDescending(random, heldSize, REFERENCE_TICK - 1, spread);
        final ModelRing ring = ringHolding(heldTicks);
        // This table: the reference's tick first, then a mix of the held table's ticks and others, newest first. A
        // sender's table never names an age beyond the ladder (BaselineTable bounds them), so neither does this one;
        // the held table may (it was aged from its own, older tick), and the coding skips those entries.
        final TreeSet<Integer> ticks = new TreeSet<>();
        for (int i = 0; i < heldSize && ticks.size() < tableSize - 1; i++)
        {
            if (random.nextInt(3) != 0 && tick - heldTicks[i] - 1 <= SnapshotFormat.AGE_LADDER.maxValue())
            {
                ticks.add(heldTicks[i]);
            }
        }
        while (ticks.size() < tableSize - 1)
        {
            final int candidate = REFERENCE_TICK - 1 - random.nextInt(Math.min(spread, REFERENCE_TICK + 60_000));
            if (tick - candidate - 1 <= SnapshotFormat.AGE_LADDER.maxValue())
            {
                ticks.add(candidate);
            }
        }
        final PacketPlan written = new PacketPlan(OBJECTS);
        written.tick = tick;
        written.tableSize = tableSize;
        written.tableTicks[0] = REFERENCE_TICK;
        int i = 1;
        for (final int t : ticks.descendingSet())
        {
            written.tableTicks[i++] = t;
        }
        final int[] expected = Arrays.copyOf(written.tableTicks, tableSize);
        final int firstAge = tick - REFERENCE_TICK - 1;

        final byte[] storage = new byte[4096];
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(storage), 0, storage.length);
        new ReferencedTable().serialize(writer, written, ring, REFERENCE_TICK, firstAge);
        assertFalse(writer.isFailed());
        assertArrayEquals(expected, Arrays.copyOf(written.tableTicks, tableSize), "the writer's table is unchanged");
        final int length = writer.finish();

        final PacketPlan read = new PacketPlan(OBJECTS);
        read.tick = tick;
        read.tableSize = tableSize;
        read.tableTicks[0] = REFERENCE_TICK;
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(storage), 0, length);
        new ReferencedTable().serialize(reader, read, ring, REFERENCE_TICK, firstAge);
        assertFalse(reader.isFailed());
        assertArrayEquals(expected, Arrays.copyOf(read.tableTicks, tableSize));
    }

    @Property(tries = 2000)
    void hostileBytesGiveAnAscendingTableOrFail(
        @ForAll @Size(max = 64) final byte[] garbage,
        @ForAll @IntRange(min = 1, max = 31) final int tableSize,
        @ForAll @IntRange(max = 31) final int heldSize,
        @ForAll final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final ModelRing ring = ringHolding(distinctDescending(random, heldSize, REFERENCE_TICK - 1, 100));
        final int tick = REFERENCE_TICK + 3;
        final PacketPlan read = new PacketPlan(OBJECTS);
        read.tick = tick;
        read.tableSize = tableSize;
        read.tableTicks[0] = REFERENCE_TICK;
        final RangeBitReader reader = new RangeBitReader().wrap(new UnsafeBuffer(garbage), 0, garbage.length);
        new ReferencedTable().serialize(reader, read, ring, REFERENCE_TICK, tick - REFERENCE_TICK - 1);
        if (!reader.isFailed())
        {
            for (int i = 1; i < tableSize; i++)
            {
                final int age = tick - read.tableTicks[i] - 1;
                assertTrue(age > tick - read.tableTicks[i - 1] - 1, "ascending ages");
                assertTrue(age <= SnapshotFormat.AGE_LADDER.maxValue(), "within the ladder");
            }
        }
    }

    @Example
    void aWriterRefusesATableOutOfOrder()
    {
        final ModelRing ring = ringHolding(new int[]{990, 980});
        final PacketPlan plan = new PacketPlan(OBJECTS);
        plan.tick = REFERENCE_TICK + 2;
        plan.tableSize = 3;
        plan.tableTicks[0] = REFERENCE_TICK;
        plan.tableTicks[1] = 980;
        plan.tableTicks[2] = 990;
        final RangeBitWriter writer = new RangeBitWriter().wrap(new UnsafeBuffer(new byte[256]), 0, 256);
        assertThrows(IllegalArgumentException.class,
            () -> new ReferencedTable().serialize(writer, plan, ring, REFERENCE_TICK, 1));
    }

    private static int[] distinctDescending(final SplittableRandom random, final int size, final int newest, final int spread)
    {
        final TreeSet<Integer> ticks = new TreeSet<>();
        while (ticks.size() < size)
        {
            ticks.add(newest - random.nextInt(Math.max(spread, size)));
        }
        return ticks.descendingSet().stream().mapToInt(Integer::intValue).toArray();
    }

    private static ModelRing ringHolding(final int[] heldTicks)
    {
        final ModelRing ring = new ModelRing(32, OBJECTS, 0);
        final PacketPlan stored = new PacketPlan(OBJECTS);
        stored.tick = REFERENCE_TICK;
        stored.tableSize = heldTicks.length;
        System.arraycopy(heldTicks, 0, stored.tableTicks, 0, heldTicks.length);
        stored.states = new int[OBJECTS];
        ring.exchange(REFERENCE_TICK, new ContextModel(), stored, 0);
        return ring;
    }
}
