/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

/**
 * What the endpoint remembers about a packet it sent: enough for RTT, loss, bandwidth and to ack once.
 */
final class SentPacket
{
    long sentNs;
    boolean acked;
    int wireBytes;

    void reset(final long sentNs, final int wireBytes)
    {
        this.sentNs = sentNs;
        this.acked = false;
        this.wireBytes = wireBytes;
    }
}
