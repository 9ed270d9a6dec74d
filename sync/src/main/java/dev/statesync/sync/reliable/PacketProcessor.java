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
     *         reliable.io. A refused reassembled packet is dropped with its fragments (it cannot be offered
     *         again, as its fragments are duplicates from then on).
     */
    boolean process(int sequence, DirectBuffer buffer, int offset, int length);
}
