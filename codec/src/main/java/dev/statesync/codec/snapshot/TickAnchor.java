package dev.statesync.codec.snapshot;

import java.util.Arrays;

/**
 * The sender's side of {@link PacketTick}: which packet the next packet's tick may be anchored to. The anchor is the
 * newest packet (by tick) whose ack arrived, and only at a sequence distance the sender knows exactly: it counts its
 * own sequences in 64 bits (each packet's 16-bit sequence must be after the previous one's, ticks must rise), so a
 * packet 65536 sequences back is never taken for one 0 back. Sequences are the reliability layer's, given with each
 * packet; the receiver is told them too.
 *
 * <p>Why the sender insists that sequences and ticks rise together: the receiver's record of applied packets
 * ({@code AppliedSequences}) orders them by tick and windows them by sequence; a caller that reused a sequence or a
 * tick would break both ends' agreement on which packet a sequence names, so it is refused as misuse (an exception),
 * not sent. Allocation-free; 3 KB.
 */
final class TickAnchor
{
    /** Sent packets remembered for their acks; an ack of an older one is not an anchor anyway (too far back). */
    private static final int SLOTS = 256;
    private static final int MASK = SLOTS - 1;
    private static final int SEQUENCE_MASK = 0xFFFF;
    private static final int HALF_RANGE = 32768;

    private final boolean enabled;
    private final long[] sentCount = new long[SLOTS];
    private final int[] sentTick = new int[SLOTS];
    private final boolean[] sentValid = new boolean[SLOTS];
    private boolean written;
    private int lastSequence;
    private int lastTick;
    /** Sequences counted since the first packet, of the last packet written. */
    private long lastCount;
    private boolean anchored;
    private long anchorCount;
    private int anchorTick;

    /** @param enabled false: every tick is sent whole ({@link SnapshotConfig#shortTicks}). */
    TickAnchor(final boolean enabled)
    {
        this.enabled = enabled;
    }

    /**
     * @throws IllegalArgumentException if a packet of {@code sequence} and {@code tick} may not follow the last one
     * written: its sequence must be 1..32767 after the last's, its tick greater.
     */
    void checkNext(final int sequence, final int tick)
    {
        if ((sequence & ~SEQUENCE_MASK) != 0)
        {
            throw new IllegalArgumentException("sequence must be in [0, 65535]: " + sequence);
        }
        if (written)
        {
            final int forward = (sequence - lastSequence) & SEQUENCE_MASK;
            if (forward == 0 || forward >= HALF_RANGE || tick - lastTick <= 0)
            {
                throw new IllegalArgumentException("packet sequence " + sequence + " at tick " + tick +
                    " does not follow sequence " + lastSequence + " at tick " + lastTick +
                    ": sequences and ticks must rise together");
            }
        }
    }

    /** A packet of {@code sequence} and {@code tick} was written (after {@link #checkNext}). */
    void written(final int sequence, final int tick)
    {
        lastCount = written ? lastCount + ((sequence - lastSequence) & SEQUENCE_MASK) : 0;
        written = true;
        lastSequence = sequence;
        lastTick = tick;
        final int slot = sequence & MASK;
        sentCount[slot] = lastCount;
        sentTick[slot] = tick;
        sentValid[slot] = true;
    }

    /** The packet of {@code sequence} was acked (unknown, old and repeated sequences change nothing harmful). */
    void acked(final int sequence)
    {
        final int slot = sequence & MASK;
        // The slot must hold this very packet: a recent one whose count matches the sequence's distance back.
        if (!written || !sentValid[slot] || lastCount - sentCount[slot] >= SLOTS ||
            ((sentCount[slot] - lastCount - sequence + lastSequence) & SEQUENCE_MASK) != 0)
        {
            return;
        }
        if (!anchored || sentTick[slot] - anchorTick > 0)
        {
            anchored = true;
            anchorCount = sentCount[slot];
            anchorTick = sentTick[slot];
        }
    }

    /**
     * Anchor a packet about to be written: set {@link PacketPlan#anchorDistance} (0: the tick goes whole) and
     * {@link PacketPlan#anchorTick} for {@code plan.tick} and {@code plan.sequence}.
     */
    void plan(final PacketPlan plan)
    {
        plan.anchorDistance = 0;
        plan.anchorTick = 0;
        if (!enabled || !anchored || plan.sequence == PacketTick.NO_SEQUENCE)
        {
            return;
        }
        final int forward = (plan.sequence - lastSequence) & SEQUENCE_MASK;
        if (forward == 0 || forward >= HALF_RANGE)
        {
            return;
        }
        final long distance = lastCount + forward - anchorCount;
        final int delta = plan.tick - anchorTick;
        if (distance <= PacketTick.MAX_DISTANCE && PacketTick.fits((int)distance, delta))
        {
            plan.anchorDistance = (int)distance;
            plan.anchorTick = anchorTick;
        }
    }

    /** Forget every packet and ack, as built. */
    void reset()
    {
        Arrays.fill(sentCount, 0);
        Arrays.fill(sentTick, 0);
        Arrays.fill(sentValid, false);
        written = false;
        lastSequence = 0;
        lastTick = 0;
        lastCount = 0;
        anchored = false;
        anchorCount = 0;
        anchorTick = 0;
    }

    /** Fold what acks changed into a state digest. */
    long digest(final long hash)
    {
        long h = hash * 31 + (anchored ? anchorCount : -1);
        return h * 31 + anchorTick;
    }
}
