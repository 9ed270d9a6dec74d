/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.sim;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;
import dev.statesync.sync.counter.CounterSpec;

/**
 * The counters of a {@link NetworkSimulator} ({@link NetworkSimulator#counter(NetworkSimulatorCounters)}): what
 * became of the datagrams offered to it.
 */
public enum NetworkSimulatorCounters implements CounterDescriptor
{
    /** Datagrams offered to send. */
    SENT("sent", CounterKind.EVENT,
        "Datagrams offered to send."),
    /** Datagrams handed to the handler (duplicates included). */
    DELIVERED("delivered", CounterKind.EVENT,
        "Datagrams handed to the handler (duplicates included)."),
    /** Dropped by random loss. */
    DROPPED_LOSS("droppedLoss", CounterKind.EVENT,
        "Dropped by random loss."),
    /** Dropped because every slot was busy. */
    DROPPED_QUEUE_FULL("droppedQueueFull", CounterKind.EVENT,
        "Dropped because every slot was busy."),
    /** Dropped because the capped uplink queue was too long. */
    DROPPED_BANDWIDTH("droppedBandwidth", CounterKind.EVENT,
        "Dropped because the capped uplink queue was too long."),
    /** Dropped because larger than the slot size. */
    DROPPED_OVERSIZE("droppedOversize", CounterKind.EVENT,
        "Dropped because larger than the slot size."),
    /** Extra copies created. */
    DUPLICATED("duplicated", CounterKind.EVENT,
        "Extra copies created."),
    /** Datagrams held back to be overtaken. */
    REORDERED("reordered", CounterKind.EVENT,
        "Datagrams held back to be overtaken.");

    private final CounterSpec spec;

    NetworkSimulatorCounters(final String label, final CounterKind kind, final String description)
    {
        spec = new CounterSpec(label, kind, description);
    }

    @Override
    public CounterSpec spec()
    {
        return spec;
    }
}
