/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.sim;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A seeded, deterministic stand-in for the internet between endpoints: latency, jitter, loss,
 * duplication, reordering and a per-sender bandwidth cap. It lives in the library so tests and the
 * scenario runner measure the same thing.
 * <p>
 * Time is passed in: {@link #send} stamps each datagram with a delivery time and {@link #poll} delivers
 * those that are due, earliest first (ties in send order). Datagrams are copied into slots allocated up
 * front, so a run allocates nothing; when the slots are full, new datagrams are dropped and counted, as a
 * full router queue would. Addresses are small ints in [0, maxEndpoints). Not thread safe.
 */
public final class NetworkSimulator
{
    private final NetworkSimulatorConfig config;
    private final SplitMix64 random;
    private final long[] counters = new long[NetworkSimulatorCounters.values().length];

    private final byte[][] slotBytes;
    private final int[] slotLength;
    private final int[] slotFrom;
    private final int[] slotTo;
    private final long[] slotDeliverAtNs;
    private final long[] slotSerial;
    private final int[] freeSlots;
    private int freeCount;
    private final int[] heap;
    private int heapSize;
    private long nextSerial;

    private final long[] uplinkFreeAtNs;
    private final UnsafeBuffer deliveryBuffer = new UnsafeBuffer(new byte[0]);

    /**
     * @param config link conditions; copied values are read at construction.
     */
    public NetworkSimulator(final NetworkSimulatorConfig config)
    {
        this.config = config.validate();
        this.random = new SplitMix64(config.seed());
        final int capacity = config.capacityPackets();
        slotBytes = new byte[capacity][config.maxPacketBytes()];
        slotLength = new int[capacity];
        slotFrom = new int[capacity];
        slotTo = new int[capacity];
        slotDeliverAtNs = new long[capacity];
        slotSerial = new long[capacity];
        freeSlots = new int[capacity];
        heap = new int[capacity];
        uplinkFreeAtNs = new long[config.maxEndpoints()];
        reset();
    }

    /**
     * Drop everything in flight and clear counters (the random sequence continues).
     */
    public void reset()
    {
        heapSize = 0;
        freeCount = freeSlots.length;
        for (int i = 0; i < freeSlots.length; i++)
        {
            freeSlots[i] = freeSlots.length - 1 - i;
        }
        java.util.Arrays.fill(uplinkFreeAtNs, Long.MIN_VALUE);
        java.util.Arrays.fill(counters, 0L);
    }

    /**
     * Put a datagram on the simulated network. It is copied, so the caller may reuse its buffer at once.
     *
     * @param from   sender address in [0, maxEndpoints).
     * @param to     destination address in [0, maxEndpoints).
     * @param buffer holds the datagram.
     * @param offset where it starts.
     * @param length size in bytes.
     * @param nowNs  current time, nanoseconds.
     * @return true when it will be delivered at least once, false when dropped.
     */
    public boolean send(
        final int from, final int to, final DirectBuffer buffer, final int offset, final int length, final long nowNs)
    {
        checkAddress(from);
        checkAddress(to);
        counters[NetworkSimulatorCounters.SENT.id()]++;
        if (length > config.maxPacketBytes())
        {
            counters[NetworkSimulatorCounters.DROPPED_OVERSIZE.id()]++;
            return false;
        }
        if (random.chance(config.lossFraction()))
        {
            counters[NetworkSimulatorCounters.DROPPED_LOSS.id()]++;
            return false;
        }

        long departNs = nowNs;
        if (config.bandwidthKbps() > 0.0)
        {
            final long startNs = Math.max(nowNs, uplinkFreeAtNs[from]);
            if (startNs - nowNs > msToNs(config.maxQueueDelayMs()))
            {
                counters[NetworkSimulatorCounters.DROPPED_BANDWIDTH.id()]++;
                return false;
            }
            final long transmitNs = (long)(length * 8.0 * 1_000_000.0 / config.bandwidthKbps());
            departNs = startNs + transmitNs;
            uplinkFreeAtNs[from] = departNs;
        }

        if (!enqueue(from, to, buffer, offset, length, departNs + flightDelayNs()))
        {
            return false;
        }
        if (random.chance(config.duplicateFraction()))
        {
            if (enqueue(from, to, buffer, offset, length, departNs + flightDelayNs()))
            {
                counters[NetworkSimulatorCounters.DUPLICATED.id()]++;
            }
        }
        return true;
    }

    /**
     * Deliver every datagram due at {@code nowNs}, earliest first. Datagrams the handler sends during the
     * call are not delivered in the same poll, so a zero-latency ping-pong cannot loop forever.
     *
     * @param nowNs   current time, nanoseconds.
     * @param handler receives each datagram.
     * @return datagrams delivered.
     */
    public int poll(final long nowNs, final DatagramHandler handler)
    {
        final long serialLimit = nextSerial;
        int delivered = 0;
        while (heapSize > 0)
        {
            final int slot = heap[0];
            if (slotDeliverAtNs[slot] > nowNs || slotSerial[slot] >= serialLimit)
            {
                break;
            }
            popHeap();
            deliveryBuffer.wrap(slotBytes[slot]);
            counters[NetworkSimulatorCounters.DELIVERED.id()]++;
            delivered++;
            try
            {
                handler.onDatagram(slotFrom[slot], slotTo[slot], deliveryBuffer, 0, slotLength[slot]);
            }
            finally
            {
                freeSlots[freeCount++] = slot;
            }
        }
        return delivered;
    }

    /**
     * @return datagrams waiting for delivery.
     */
    public int inFlight()
    {
        return heapSize;
    }

    /**
     * @param counter one of the simulator's counters.
     * @return its value since construction or the last {@link #reset()}.
     */
    public long counter(final NetworkSimulatorCounters counter)
    {
        return counters[counter.id()];
    }

    private long flightDelayNs()
    {
        double delayMs = config.latencyMs();
        if (config.jitterMs() > 0.0)
        {
            delayMs += (random.nextDouble() * 2.0 - 1.0) * config.jitterMs();
        }
        if (random.chance(config.reorderFraction()))
        {
            delayMs += config.reorderDelayMs();
            counters[NetworkSimulatorCounters.REORDERED.id()]++;
        }
        return msToNs(Math.max(0.0, delayMs));
    }

    private boolean enqueue(
        final int from, final int to, final DirectBuffer buffer, final int offset, final int length, final long atNs)
    {
        if (freeCount == 0)
        {
            counters[NetworkSimulatorCounters.DROPPED_QUEUE_FULL.id()]++;
            return false;
        }
        final int slot = freeSlots[--freeCount];
        buffer.getBytes(offset, slotBytes[slot], 0, length);
        slotLength[slot] = length;
        slotFrom[slot] = from;
        slotTo[slot] = to;
        slotDeliverAtNs[slot] = atNs;
        slotSerial[slot] = nextSerial++;
        pushHeap(slot);
        return true;
    }

    private void pushHeap(final int slot)
    {
        int child = heapSize++;
        heap[child] = slot;
        while (child > 0)
        {
            final int parent = (child - 1) >>> 1;
            if (!isEarlier(heap[child], heap[parent]))
            {
                break;
            }
            swap(child, parent);
            child = parent;
        }
    }

    private void popHeap()
    {
        heap[0] = heap[--heapSize];
        int parent = 0;
        while (true)
        {
            final int left = 2 * parent + 1;
            if (left >= heapSize)
            {
                break;
            }
            final int right = left + 1;
            int earliest = left;
            if (right < heapSize && isEarlier(heap[right], heap[left]))
            {
                earliest = right;
            }
            if (!isEarlier(heap[earliest], heap[parent]))
            {
                break;
            }
            swap(parent, earliest);
            parent = earliest;
        }
    }

    private boolean isEarlier(final int slotA, final int slotB)
    {
        final long a = slotDeliverAtNs[slotA];
        final long b = slotDeliverAtNs[slotB];
        return a < b || (a == b && slotSerial[slotA] < slotSerial[slotB]);
    }

    private void swap(final int i, final int j)
    {
        final int t = heap[i];
        heap[i] = heap[j];
        heap[j] = t;
    }

    private void checkAddress(final int address)
    {
        if (address < 0 || address >= uplinkFreeAtNs.length)
        {
            throw new IllegalArgumentException("address must be in [0, " + uplinkFreeAtNs.length + "): " + address);
        }
    }

    private static long msToNs(final double ms)
    {
        return (long)(ms * 1_000_000.0);
    }
}
