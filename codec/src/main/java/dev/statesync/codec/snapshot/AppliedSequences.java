package dev.statesync.codec.snapshot;

import java.util.Arrays;

/**
 * The receiver's record of the packets it applied, by 16-bit packet sequence: their ticks, for the anchored tick of a
 * later packet ({@link PacketTick}). A ring of {@link #SLOTS} slots indexed by sequence; a slot holds the sequence it
 * was stored for, so a lookup finds exactly the packet the sender named or nothing.
 *
 * <p>Why it never hands back the wrong packet: it is kept like a reliability layer's received window. The newest
 * applied packet (by tick: the sender's ticks rise with its sequences) defines the window of the {@link #SLOTS}
 * sequences up to it; when a newer packet is applied, the slots of the sequences it skipped are cleared, so every
 * stored entry is a packet applied within the window and a sequence names at most one of them. A late packet is stored
 * only inside the window. The one thing 16 bits cannot tell apart: sequences 65536 apart. A newest packet more than
 * 32767 sequences past the last one clears everything.
 *
 * <p>Sequence arithmetic is written out here (the codec knows nothing of the reliability layer): a sequence is in
 * 0..65535 and distances are taken modulo 2^16. Allocation-free; 3 KB.
 */
final class AppliedSequences
{
    /** Slots: covers the reliability layer's default received window of 256 packets. */
    static final int SLOTS = 256;
    private static final int MASK = SLOTS - 1;
    private static final int SEQUENCE_MASK = 0xFFFF;
    private static final int HALF_RANGE = 32768;
    private static final int EMPTY = -1;

    private final int[] sequences = new int[SLOTS];
    private final int[] ticks = new int[SLOTS];
    private boolean any;
    private int newestSequence;
    private int newestTick;
    /** Scratch: the tick the last successful {@link #find} found. */
    private int found;

    AppliedSequences()
    {
        Arrays.fill(sequences, EMPTY);
    }

    /** A packet of {@code sequence} (0..65535) and {@code tick} was applied. */
    void applied(final int sequence, final int tick)
    {
        if (!any)
        {
            any = true;
            store(sequence, tick);
            newestSequence = sequence;
            newestTick = tick;
            return;
        }
        if (tick - newestTick > 0)
        {
            final int forward = (sequence - newestSequence) & SEQUENCE_MASK;
            if (forward == 0 || forward >= HALF_RANGE)
            {
                // Not after the newest as 16 bits tell: nothing stored can be told apart from what follows.
                Arrays.fill(sequences, EMPTY);
            }
            else
            {
                for (int skipped = 1, end = Math.min(forward, SLOTS + 1); skipped < end; skipped++)
                {
                    sequences[(newestSequence + skipped) & MASK] = EMPTY;
                }
            }
            store(sequence, tick);
            newestSequence = sequence;
            newestTick = tick;
            return;
        }
        final int behind = (newestSequence - sequence) & SEQUENCE_MASK;
        if (behind > 0 && behind < SLOTS)
        {
            store(sequence, tick);
        }
    }

    private void store(final int sequence, final int tick)
    {
        final int slot = sequence & MASK;
        sequences[slot] = sequence;
        ticks[slot] = tick;
    }

    /**
     * Find the anchor of a packet of {@code sequence}: the applied packet {@code distance} sequences before it.
     *
     * @return true, with its tick in {@link #foundTick()}, if that packet was applied and is still held.
     */
    boolean find(final int sequence, final int distance)
    {
        if (distance <= 0 || distance >= SLOTS)
        {
            return false;
        }
        final int anchor = (sequence - distance) & SEQUENCE_MASK;
        final int slot = anchor & MASK;
        if (sequences[slot] != anchor)
        {
            return false;
        }
        found = ticks[slot];
        return true;
    }

    /** @return the tick of the packet the last successful {@link #find} found. */
    int foundTick()
    {
        return found;
    }

    /** Forget every packet, as built. */
    void reset()
    {
        Arrays.fill(sequences, EMPTY);
        Arrays.fill(ticks, 0);
        any = false;
        newestSequence = 0;
        newestTick = 0;
        found = 0;
    }

    /** Fold the stored packets into a state digest. */
    long digest(final long hash)
    {
        long h = hash * 31 + (any ? newestSequence : -1);
        h = h * 31 + newestTick;
        for (int slot = 0; slot < SLOTS; slot++)
        {
            h = h * 31 + sequences[slot];
            if (sequences[slot] != EMPTY)
            {
                h = h * 31 + ticks[slot];
            }
        }
        return h;
    }
}
