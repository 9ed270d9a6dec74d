/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.sim;

import org.agrona.DirectBuffer;

/**
 * Receives datagrams the {@link NetworkSimulator} delivers. Implement once (a field, not a lambda per
 * poll) to keep polling allocation free.
 */
@FunctionalInterface
public interface DatagramHandler
{
    /**
     * The bytes are valid only during the call.
     *
     * @param from   sender address, as passed to send.
     * @param to     destination address.
     * @param buffer holds the datagram.
     * @param offset where it starts.
     * @param length size in bytes.
     */
    void onDatagram(int from, int to, DirectBuffer buffer, int offset, int length);
}
