/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.snapshot;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;
import dev.statesync.sync.counter.CounterSpec;
import dev.statesync.codec.snapshot.DecodeResult;

/**
 * The counters of a {@link SnapshotReplica} ({@link SnapshotReplica#counter(SnapshotReplicaCounters)}): one outcome
 * per snapshot the reliability layer delivers, the {@link DecodeResult} of decoding it. A refused snapshot changes
 * nothing and is not acked, so the authority never takes it as a baseline.
 */
public enum SnapshotReplicaCounters implements CounterDescriptor
{
    /** Snapshots decoded and applied (acked). */
    SNAPSHOTS_APPLIED("snapshotsApplied", CounterKind.OUTCOME,
        "Snapshots decoded and applied (acked)."),
    /** Snapshots with truncated, out-of-range or otherwise malformed bytes. */
    REFUSED_MALFORMED("refusedMalformed", CounterKind.REFUSAL,
        "Snapshots with truncated, out-of-range or otherwise malformed bytes."),
    /** Snapshots older than the newest applied one by more than the reorder window. */
    REFUSED_STALE("refusedStale", CounterKind.REFUSAL,
        "Snapshots older than the newest applied one by more than the reorder window."),
    /**
     * Snapshots with a delta against a baseline the replica does not hold (never received, or expired). With the
     * sender's {@code SnapshotConfig.unackedReferenceMaxAgeTicks} on, every snapshot whose unacked reference the
     * network lost or delivered after it lands here (about the loss rate times the referencing snapshots).
     */
    REFUSED_BASELINE_MISSING("refusedBaselineMissing", CounterKind.REFUSAL,
        "Snapshots with a delta against a baseline the replica does not hold (never received, expired, or the " +
            "sender's unacked reference lost).");

    private final CounterSpec spec;

    SnapshotReplicaCounters(final String label, final CounterKind kind, final String description)
    {
        spec = new CounterSpec(label, kind, description);
    }

    @Override
    public CounterSpec spec()
    {
        return spec;
    }

    /**
     * @param result how a snapshot decoded.
     * @return the counter that result counts under.
     */
    public static SnapshotReplicaCounters of(final DecodeResult result)
    {
        switch (result)
        {
            case OK:
                return SNAPSHOTS_APPLIED;
            case MALFORMED:
                return REFUSED_MALFORMED;
            case STALE:
                return REFUSED_STALE;
            default:
                return REFUSED_BASELINE_MISSING;
        }
    }
}
