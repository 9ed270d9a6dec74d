package dev.statesync.sync.predict;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Random;

/**
 * A seeded one-way link for tests: every packet is dropped with probability {@code loss} or delivered
 * {@code latencyNs} (plus up to {@code jitterNs}) later. Deliberately simple; the library's network simulator
 * replaces it later.
 */
public final class LossyDelayLine
{
    private static final class Packet
    {
        final long deliverAtNs;
        final byte[] bytes;

        Packet(final long deliverAtNs, final byte[] bytes)
        {
            this.deliverAtNs = deliverAtNs;
            this.bytes = bytes;
        }
    }

    private final Random random;
    private final long latencyNs;
    private final long jitterNs;
    private double loss;
    private final ArrayDeque<Packet> inFlight = new ArrayDeque<>();
    private long sent;
    private long dropped;

    public LossyDelayLine(final long seed, final long latencyNs, final long jitterNs, final double loss)
    {
        this.random = new Random(seed);
        this.latencyNs = latencyNs;
        this.jitterNs = jitterNs;
        this.loss = loss;
    }

    public void send(final byte[] buffer, final int length, final long nowNs)
    {
        sent++;
        if (random.nextDouble() < loss)
        {
            dropped++;
            return;
        }
        final long jitter = jitterNs == 0 ? 0 : (long)(random.nextDouble() * jitterNs);
        // In-order delivery: a packet never overtakes the one before it.
        long deliverAtNs = nowNs + latencyNs + jitter;
        if (!inFlight.isEmpty())
        {
            deliverAtNs = Math.max(deliverAtNs, inFlight.peekLast().deliverAtNs);
        }
        inFlight.addLast(new Packet(deliverAtNs, Arrays.copyOf(buffer, length)));
    }

    /** @return the next packet due by {@code nowNs}, or null. */
    public byte[] poll(final long nowNs)
    {
        final Packet head = inFlight.peekFirst();
        if (head == null || head.deliverAtNs > nowNs)
        {
            return null;
        }
        inFlight.pollFirst();
        return head.bytes;
    }

    /** Change the loss probability from now on. */
    public void loss(final double loss)
    {
        this.loss = loss;
    }

    public long sent()
    {
        return sent;
    }

    public long dropped()
    {
        return dropped;
    }
}
