/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * One packet being put back together from fragments. The payload array is allocated the first time the
 * slot is used and then reused, so a connection that never fragments pays nothing and one that does
 * stops allocating after warm-up.
 */
final class FragmentReassembly
{
    final boolean[] fragmentReceived;
    final UnsafeBuffer payload = new UnsafeBuffer(new byte[0]);
    private final int payloadCapacityBytes;
    private byte[] payloadBytes;

    int fragmentCount;
    int fragmentsReceived;
    int payloadLengthBytes;
    int wireBytes;
    int ack;
    int ackBits;

    FragmentReassembly(final int maxFragments, final int payloadCapacityBytes)
    {
        this.fragmentReceived = new boolean[maxFragments];
        this.payloadCapacityBytes = payloadCapacityBytes;
    }

    void reset(final int fragmentCount)
    {
        if (payloadBytes == null)
        {
            payloadBytes = new byte[payloadCapacityBytes];
            payload.wrap(payloadBytes);
        }
        this.fragmentCount = fragmentCount;
        this.fragmentsReceived = 0;
        this.payloadLengthBytes = 0;
        this.wireBytes = 0;
        this.ack = 0;
        this.ackBits = 0;
        java.util.Arrays.fill(fragmentReceived, false);
    }
}
