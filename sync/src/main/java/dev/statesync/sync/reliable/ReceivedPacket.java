/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

/**
 * What the endpoint remembers about a packet it delivered: its presence makes the ack bits and
 * duplicate detection; time and size feed the received bandwidth.
 */
final class ReceivedPacket
{
    long receivedNs;
    int wireBytes;

    void reset(final long receivedNs, final int wireBytes)
    {
        this.receivedNs = receivedNs;
        this.wireBytes = wireBytes;
    }
}
