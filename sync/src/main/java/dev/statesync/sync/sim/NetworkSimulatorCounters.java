/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.sim;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;

/**
 * The counters of a {@link NetworkSimulator} ({@link NetworkSimulator#counter(NetworkSimulatorCounters)}): what
 * became of the datagrams offered to it.
 */
public enum NetworkSimulatorCounters implements CounterDescriptor
{
    /** Datagrams offered to send. */
    SENT(0, "sent", CounterKind.EVENT,
        "Datagrams offered to send."),
    /** Datagrams handed to the handler (duplicates included). */
    DELIVERED(1, "delivered", CounterKind.EVENT,
        "Datagrams handed to the handler (duplicates included)."),
    /** Dropped by random loss. */
    DROPPED_LOSS(2, "droppedLoss", CounterKind.EVENT,
        "Dropped by random loss."),
    /** Dropped because every slot was busy. */
    DROPPED_QUEUE_FULL(3, "droppedQueueFull", CounterKind.EVENT,
        "Dropped because every slot was busy."),
    /** Dropped because the capped uplink queue was too long. */
    DROPPED_BANDWIDTH(4, "droppedBandwidth", CounterKind.EVENT,
        "Dropped because the capped uplink queue was too long."),
    /** Dropped because larger than the slot size. */
    DROPPED_OVERSIZE(5, "droppedOversize", CounterKind.EVENT,
        "Dropped because larger than the slot size."),
    /** Extra copies created. */
    DUPLICATED(6, "duplicated", CounterKind.EVENT,
        "Extra copies created."),
    /** Datagrams held back to be overtaken. */
    REORDERED(7, "reordered", CounterKind.EVENT,
        "Datagrams held back to be overtaken.");

    private final int id;
    private final String label;
    private final CounterKind kind;
    private final String description;

    NetworkSimulatorCounters(final int id, final String label, final CounterKind kind, final String description)
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
