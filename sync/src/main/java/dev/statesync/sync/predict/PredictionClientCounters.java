/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.predict;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;

/**
 * The counters of a {@link PredictionClient} ({@link PredictionClient#counter(PredictionClientCounters)}): one outcome
 * per authoritative state message received.
 */
public enum PredictionClientCounters implements CounterDescriptor
{
    /** Server states accepted (not stale, unmatched or malformed) and compared with the prediction. */
    STATES_RECEIVED(0, "statesReceived", CounterKind.OUTCOME,
        "Server states accepted (not stale, unmatched or malformed) and compared with the prediction."),
    /** Server states ignored because a newer one had already arrived. */
    STALE_STATES(1, "staleStates", CounterKind.REFUSAL,
        "Server states ignored because a newer one had already arrived."),
    /** Server states for ticks outside the prediction buffer or not predicted yet. */
    UNMATCHED_STATES(2, "unmatchedStates", CounterKind.REFUSAL,
        "Server states for ticks outside the prediction buffer or not predicted yet."),
    /** State messages that failed to decode. */
    MALFORMED_STATES(3, "malformedStates", CounterKind.REFUSAL,
        "State messages that failed to decode.");

    private final int id;
    private final String label;
    private final CounterKind kind;
    private final String description;

    PredictionClientCounters(final int id, final String label, final CounterKind kind, final String description)
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
