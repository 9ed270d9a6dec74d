/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import org.agrona.DirectBuffer;

/**
 * Where an endpoint hands finished datagrams (a whole packet or one fragment) to be put on the wire.
 * Implement it once per connection (a field, not a lambda per call) so sending never allocates.
 */
@FunctionalInterface
public interface PacketTransmitter
{
    /**
     * The bytes are only valid during the call: copy them out (a socket send or simulator slot does).
     *
     * @param buffer holds the datagram.
     * @param offset where it starts.
     * @param length datagram size in bytes.
     */
    void transmit(DirectBuffer buffer, int offset, int length);
}
