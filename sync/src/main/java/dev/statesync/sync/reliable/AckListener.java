/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

/**
 * Told when the peer has confirmed a packet we sent. Called exactly once per acked sequence, however
 * many later packets repeat the ack in their ack bits, so a caller can advance per-object baselines
 * without keeping its own duplicate filter.
 */
@FunctionalInterface
public interface AckListener
{
    /**
     * @param sequence the sequence {@link ReliableEndpoint#sendPacket} returned for the acked packet.
     */
    void onAcked(int sequence);
}
