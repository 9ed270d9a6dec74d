package dev.statesync.codec.priority;

import dev.statesync.codec.AllocationMeter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The per-packet path allocates nothing, checked with the thread's allocated-bytes counter independently of
 * JMH. Any allocation per packet would cost at least 16 bytes a packet; the bound allows less than one byte a
 * packet in total, for anything the runtime might do once.
 */
class PriorityAccumulatorAllocationTest
{
    private static final int OBJECT_COUNT = 901;
    private static final int PACKETS = 20_000;

    @Test
    void shouldNotAllocatePerPacket()
    {
        final PriorityAccumulator accumulator = new PriorityAccumulator(OBJECT_COUNT);
        final int[] sizeBits = new int[OBJECT_COUNT];
        final SplittableRandom random = new SplittableRandom(42);
        for (int object = 0; object < OBJECT_COUNT; object++)
        {
            final int roll = random.nextInt(100);
            accumulator.setPriorityFactor(object, roll < 10 ? 100.0f : roll < 12 ? -1.0f : 1.0f);
            sizeBits[object] = roll < 10 ? random.nextInt(100, 331) : random.nextInt(20, 61);
        }
        final ObjectSizer sizer = (object) -> sizeBits[object];
        final int[] selected = new int[OBJECT_COUNT];

        long checksum = runPackets(accumulator, sizer, selected);
        final long before = AllocationMeter.allocatedBytes();
        checksum += runPackets(accumulator, sizer, selected);
        final long allocatedBytes = AllocationMeter.allocatedBytes() - before;

        assertTrue(checksum > 0);
        assertTrue(allocatedBytes < PACKETS, allocatedBytes + " bytes allocated over " + PACKETS + " packets");
    }

    private static long runPackets(final PriorityAccumulator accumulator, final ObjectSizer sizer, final int[] selected)
    {
        long checksum = 0;
        for (int packet = 0; packet < PACKETS; packet++)
        {
            accumulator.accumulate();
            final int count = accumulator.select(sizer, 1200 * 8, selected);
            accumulator.markSent(selected, count);
            checksum += count + accumulator.selectedBits();
        }

        return checksum;
    }
}
