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
}
