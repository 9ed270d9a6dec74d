/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;

/**
 * Receives each payload that passed the header checks, exactly once per sequence.
 */
@FunctionalInterface
public interface PacketProcessor
{
    /**
     * The payload bytes are only valid during the call.
     *
     * @param sequence the packet's sequence in [0, 65535].
     * @param buffer   holds the payload.
     * @param offset   where it starts.
     * @param length   payload size in bytes (may be 0).
     * @return true to accept the packet (it will be acked and never delivered again); false when the
     *         payload is bad: the packet is then not acked and leaves the endpoint unchanged, as in
     *         reliable.io. For a fragmented packet that includes reassembly: the fragments received before
     *         the one that completed it stay stored, and that last fragment is not, so the packet is offered
     *         again only if that fragment arrives again.
     */
    boolean process(int sequence, DirectBuffer buffer, int offset, int length);

    /**
     * Asked right after {@link #process} refused a packet, when the endpoint keeps datagrams for a second offer
     * ({@link ReliableConfig#heldPacketSlots}): may the same packet pass if offered again once a later packet has
     * been delivered? True for a packet that names an earlier one not yet received (the network may have reordered
     * the two); false for bad bytes, which no later packet can mend. A held packet is offered once more, right
     * after the next packet this processor accepts, through {@link #process} as if it had just arrived.
     *
     * @return true to have the endpoint hold the packet for one more offer. Default false: nothing is held.
     */
    default boolean mayPassLater()
    {
        return false;
    }
}
