/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.snapshot;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;
import dev.statesync.sync.counter.CounterSpec;

/**
 * The counters of a {@link SnapshotAuthority} ({@link SnapshotAuthority#counter(SnapshotAuthorityCounters)}): one
 * outcome per packet the reliability layer delivers from the replica. Both are accepted, so their acks count.
 */
public enum SnapshotAuthorityCounters implements CounterDescriptor
{
    /** Empty packets from the replica: they exist to carry acks. */
    ACK_PACKETS_RECEIVED("ackPacketsReceived", CounterKind.OUTCOME,
        "Empty packets from the replica: they exist to carry acks."),
    /** Non-empty packets from the replica, which only sends acks: accepted for their acks, payload ignored. */
    UNEXPECTED_PAYLOADS("unexpectedPayloads", CounterKind.OUTCOME,
        "Non-empty packets from the replica, which only sends acks: accepted for their acks, payload ignored.");

    private final CounterSpec spec;

    SnapshotAuthorityCounters(final String label, final CounterKind kind, final String description)
    {
        spec = new CounterSpec(label, kind, description);
    }

    @Override
    public CounterSpec spec()
    {
        return spec;
    }
}
