package dev.statesync.sync.sim;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NetworkSimulatorTest
{
    private static final long MS = 1_000_000L;

    /** Records (from, to, first byte, length, time) of each delivery. */
    private static final class Trace implements DatagramHandler
    {
        final List<String> entries = new ArrayList<>();
        final List<Integer> firstBytes = new ArrayList<>();
        long nowNs;

        @Override
        public void onDatagram(final int from, final int to, final org.agrona.DirectBuffer buffer, final int offset,
            final int length)
        {
            final int first = length > 0 ? buffer.getByte(offset) & 0xFF : -1;
            firstBytes.add(first);
            entries.add(from + ">" + to + ":" + first + ":" + length + "@" + nowNs);
        }

        void pollUntil(final NetworkSimulator simulator, final long endNs, final long stepNs)
        {
            for (nowNs = 0; nowNs <= endNs; nowNs += stepNs)
            {
                simulator.poll(nowNs, this);
            }
        }
    }

    private static UnsafeBuffer datagram(final int marker, final int length)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[Math.max(1, length)]);
        buffer.putByte(0, (byte)marker);
        return buffer;
    }

    @Test
    void shouldDeliverAfterLatencyAndNotBefore()
    {
        final NetworkSimulator simulator = new NetworkSimulator(new NetworkSimulatorConfig().latencyMs(50));
        simulator.send(0, 1, datagram(7, 10), 0, 10, 0);
        final Trace trace = new Trace();
        assertEquals(0, simulator.poll(49 * MS, trace));
        assertEquals(1, simulator.poll(50 * MS, trace));
        assertEquals(List.of(7), trace.firstBytes);
        assertEquals(0, simulator.inFlight());
    }

    @Test
    void shouldCopyDatagramOnSend()
    {
        final NetworkSimulator simulator = new NetworkSimulator(new NetworkSimulatorConfig());
        final UnsafeBuffer buffer = datagram(1, 4);
        simulator.send(0, 1, buffer, 0, 4, 0);
        buffer.putByte(0, (byte)99);
        final Trace trace = new Trace();
        simulator.poll(0, trace);
        assertEquals(List.of(1), trace.firstBytes);
    }

    @Test
    void shouldReproduceTheSameTraceFromTheSameSeed()
    {
        assertEquals(runTrace(1234), runTrace(1234));
        assertNotEquals(runTrace(1234), runTrace(4321));
    }

    private static List<String> runTrace(final long seed)
    {
        final NetworkSimulator simulator = new NetworkSimulator(new NetworkSimulatorConfig()
            .latencyMs(30).jitterMs(20).lossFraction(0.2).duplicateFraction(0.1).reorderFraction(0.1)
            .reorderDelayMs(40).seed(seed));
        final Trace trace = new Trace();
        for (trace.nowNs = 0; trace.nowNs < 2000 * MS; trace.nowNs += MS)
        {
            if (trace.nowNs < 1000 * MS)
            {
                simulator.send(0, 1, datagram((int)(trace.nowNs / MS), 20), 0, 20, trace.nowNs);
            }
            simulator.poll(trace.nowNs, trace);
        }
        return trace.entries;
    }

    @Test
    void shouldDropAboutTheLossFraction()
    {
        final NetworkSimulator simulator = new NetworkSimulator(new NetworkSimulatorConfig().lossFraction(0.3));
        final UnsafeBuffer buffer = datagram(0, 8);
        final Trace trace = new Trace();
        for (int i = 0; i < 10_000; i++)
        {
            simulator.send(0, 1, buffer, 0, 8, 0);
            simulator.poll(0, trace);
        }
        final long lost = simulator.counter(NetworkSimulatorCounters.DROPPED_LOSS);
        assertTrue(lost > 2800 && lost < 3200, "lost " + lost);
        assertEquals(10_000 - lost, trace.entries.size());
    }

    @Test
    void shouldDuplicateAboutTheDuplicateFraction()
    {
        final NetworkSimulator simulator = new NetworkSimulator(new NetworkSimulatorConfig().duplicateFraction(0.5));
        final Trace trace = new Trace();
        for (int i = 0; i < 1000; i++)
        {
            simulator.send(0, 1, datagram(1, 8), 0, 8, 0);
            simulator.poll(0, trace);
        }
        final long duplicated = simulator.counter(NetworkSimulatorCounters.DUPLICATED);
        assertTrue(duplicated > 400 && duplicated < 600, "duplicated " + duplicated);
        assertEquals(1000 + duplicated, trace.entries.size());
    }

    @Test
    void shouldReorderDatagramsHeldBack()
    {
        final NetworkSimulator simulator = new NetworkSimulator(
            new NetworkSimulatorConfig().latencyMs(10).reorderFraction(0.3).reorderDelayMs(50).seed(3));
        final Trace trace = new Trace();
        for (trace.nowNs = 0; trace.nowNs < 500 * MS; trace.nowNs += MS)
        {
            if (trace.nowNs < 200 * MS)
            {
                simulator.send(0, 1, datagram((int)(trace.nowNs / MS), 4), 0, 4, trace.nowNs);
            }
            simulator.poll(trace.nowNs, trace);
        }
        assertEquals(200, trace.firstBytes.size());
        int outOfOrder = 0;
        for (int i = 1; i < trace.firstBytes.size(); i++)
        {
            if (trace.firstBytes.get(i) < trace.firstBytes.get(i - 1))
            {
                outOfOrder++;
            }
        }
        assertTrue(outOfOrder > 20, "out of order " + outOfOrder);
        assertTrue(simulator.counter(NetworkSimulatorCounters.REORDERED) > 40);
    }

    @Test
    void shouldSerializeOnCappedUplinkAndDropBeyondQueueDelay()
    {
        // 1000 bytes at 100 kbps take 80 ms; waits of 0, 80, 160, 240 ms fit under 250 ms, 320 does not
        final NetworkSimulator simulator = new NetworkSimulator(
            new NetworkSimulatorConfig().bandwidthKbps(100).maxQueueDelayMs(250));
        final UnsafeBuffer buffer = datagram(0, 1000);
        int accepted = 0;
        for (int i = 0; i < 10; i++)
        {
            if (simulator.send(0, 1, buffer, 0, 1000, 0))
            {
                accepted++;
            }
        }
        assertEquals(4, accepted);
        assertEquals(6, simulator.counter(NetworkSimulatorCounters.DROPPED_BANDWIDTH));
        final Trace trace = new Trace();
        assertEquals(0, simulator.poll(79 * MS, trace));
        assertEquals(1, simulator.poll(80 * MS, trace));
        assertEquals(1, simulator.poll(160 * MS, trace));
        assertEquals(2, simulator.poll(320 * MS, trace));
        assertTrue(simulator.send(1, 0, buffer, 0, 1000, 0), "the other direction has its own uplink");
    }

    @Test
    void shouldDropWhenEverySlotIsBusy()
    {
        final NetworkSimulator simulator = new NetworkSimulator(
            new NetworkSimulatorConfig().capacityPackets(4).latencyMs(10));
        for (int i = 0; i < 6; i++)
        {
            simulator.send(0, 1, datagram(i, 4), 0, 4, 0);
        }
        assertEquals(2, simulator.counter(NetworkSimulatorCounters.DROPPED_QUEUE_FULL));
        assertEquals(4, simulator.inFlight());
        final Trace trace = new Trace();
        assertEquals(4, simulator.poll(10 * MS, trace));
        assertEquals(List.of(0, 1, 2, 3), trace.firstBytes);
        assertTrue(simulator.send(0, 1, datagram(9, 4), 0, 4, 10 * MS), "slots are freed after delivery");
    }

    @Test
    void shouldDropOversizeDatagram()
    {
        final NetworkSimulator simulator = new NetworkSimulator(new NetworkSimulatorConfig().maxPacketBytes(100));
        assertFalse(simulator.send(0, 1, datagram(0, 101), 0, 101, 0));
        assertEquals(1, simulator.counter(NetworkSimulatorCounters.DROPPED_OVERSIZE));
    }

    @Test
    void shouldNotDeliverDatagramsSentDuringPollInTheSamePoll()
    {
        final NetworkSimulator simulator = new NetworkSimulator(new NetworkSimulatorConfig());
        final int[] deliveries = new int[1];
        final DatagramHandler pingPong = (from, to, buffer, offset, length) ->
        {
            deliveries[0]++;
            simulator.send(to, from, buffer, offset, length, 0);
        };
        simulator.send(0, 1, datagram(1, 4), 0, 4, 0);
        assertEquals(1, simulator.poll(0, pingPong));
        assertEquals(1, simulator.poll(0, pingPong));
        assertEquals(2, deliveries[0]);
    }

    @Test
    void shouldRejectInvalidConfigAndAddressesAsMisuse()
    {
        assertThrows(IllegalArgumentException.class,
            () -> new NetworkSimulator(new NetworkSimulatorConfig().lossFraction(1.5)));
        assertThrows(IllegalArgumentException.class,
            () -> new NetworkSimulator(new NetworkSimulatorConfig().latencyMs(-1)));
        final NetworkSimulator simulator = new NetworkSimulator(new NetworkSimulatorConfig().maxEndpoints(2));
        assertThrows(IllegalArgumentException.class, () -> simulator.send(0, 2, datagram(0, 1), 0, 1, 0));
    }

    @Test
    void splitMixShouldBeUniformEnoughAndSeeded()
    {
        final SplitMix64 a = new SplitMix64(1);
        final SplitMix64 b = new SplitMix64(1);
        final int[] buckets = new int[10];
        for (int i = 0; i < 100_000; i++)
        {
            final long value = a.nextLong();
            assertEquals(value, b.nextLong());
        }
        for (int i = 0; i < 100_000; i++)
        {
            buckets[a.nextInt(10)]++;
            final double d = a.nextDouble();
            assertTrue(d >= 0.0 && d < 1.0);
        }
        for (final int count : buckets)
        {
            assertTrue(count > 9_500 && count < 10_500, "bucket " + count);
        }
    }
}
