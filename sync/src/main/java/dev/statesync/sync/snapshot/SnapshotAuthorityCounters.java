/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.snapshot;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;

/**
 * The counters of a {@link SnapshotAuthority} ({@link SnapshotAuthority#counter(SnapshotAuthorityCounters)}): one
 * outcome per packet the reliability layer delivers from the replica. Both are accepted, so their acks count.
 */
public enum SnapshotAuthorityCounters implements CounterDescriptor
{
    /** Empty packets from the replica: they exist to carry acks. */
    ACK_PACKETS_RECEIVED(0, "ackPacketsReceived", CounterKind.OUTCOME,
        "Empty packets from the replica: they exist to carry acks."),
    /** Non-empty packets from the replica, which only sends acks: accepted for their acks, payload ignored. */
    UNEXPECTED_PAYLOADS(1, "unexpectedPayloads", CounterKind.OUTCOME,
        "Non-empty packets from the replica, which only sends acks: accepted for their acks, payload ignored.");

    private final int id;
    private final String label;
    private final CounterKind kind;
    private final String description;

    SnapshotAuthorityCounters(final int id, final String label, final CounterKind kind, final String description)
    {
        this.id = id;
        this.label = label;
        this.kind = kind;
        this.description = description;
    }

    @Override
    public int id()
    {
        return id;
    }

    @Override
    public String label()
    {
        return label;
    }

    @Override
    public CounterKind kind()
    {
        return kind;
    }

    @Override
    public String description()
    {
        return description;
    }
}
