/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Datagrams whose packet the {@link PacketProcessor} refused but asked to see again
 * ({@link PacketProcessor#mayPassLater()}), kept for one more offer right after the next packet is delivered
 * ({@link ReliableConfig#heldPacketSlots}). The case it exists for: a packet coded against the one just before it
 * arrives first, because the network reordered the two; refused, it would be lost, though what it needs arrives a
 * few milliseconds later. Holding the datagram is what a slower network would have done: it is offered again as
 * it arrived, through the whole receive path (integrity check, header, windows), so a refusal still leaves the
 * endpoint's windows as they were, and a held datagram the processor refuses again is simply gone.
 *
 * <p>Bounded: a fixed number of slots of the largest datagram the endpoint accepts, allocated up front; a datagram
 * held while every slot is full displaces the oldest. Not thread safe.
 */
final class HeldPackets
{
    private final UnsafeBuffer[] datagrams;
    private final int[] lengths;
    private final int[] sequences;
    /** Slots in hold order: the oldest first. */
    private int count;

    /**
     * @param slots            datagrams kept at most; 0 keeps none.
     * @param maxDatagramBytes the largest datagram the endpoint accepts.
     */
    HeldPackets(final int slots, final int maxDatagramBytes)
    {
        datagrams = new UnsafeBuffer[slots];
        for (int i = 0; i < slots; i++)
        {
            datagrams[i] = new UnsafeBuffer(new byte[maxDatagramBytes]);
        }
        lengths = new int[slots];
        sequences = new int[slots];
    }

    /** @return slots configured; 0 when holding is off. */
    int slots()
    {
        return datagrams.length;
    }

    /** @return datagrams held now. */
    int count()
    {
        return count;
    }

    /**
     * Keep a copy of a datagram, displacing the oldest held one when every slot is taken.
     *
     * @return true if an older datagram was displaced (it will not be offered again).
     */
    boolean hold(final int sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        boolean displaced = false;
        if (count == datagrams.length)
        {
            removeOldest();
            displaced = true;
        }
        final int slot = count++;
        datagrams[slot].putBytes(0, buffer, offset, length);
        lengths[slot] = length;
        sequences[slot] = sequence;
        return displaced;
    }

    /** @return the held datagram of hold order {@code index} (0 = oldest); valid until the next change. */
    DirectBuffer datagram(final int index)
    {
        return datagrams[index];
    }

    /** @return its length in bytes. */
    int length(final int index)
    {
        return lengths[index];
    }

    /** @return the sequence of the packet it completes. */
    int sequence(final int index)
    {
        return sequences[index];
    }

    /** Forget the oldest held datagram; the slot's buffer moves to the end for reuse. */
    void removeOldest()
    {
        final UnsafeBuffer oldest = datagrams[0];
        for (int i = 1; i < count; i++)
        {
            datagrams[i - 1] = datagrams[i];
            lengths[i - 1] = lengths[i];
            sequences[i - 1] = sequences[i];
        }
        datagrams[count - 1] = oldest;
        count--;
    }

    /** Forget every held datagram. */
    void clear()
    {
        count = 0;
    }
}
