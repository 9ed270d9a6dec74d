/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.predict;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;
import dev.statesync.sync.counter.CounterSpec;

/**
 * The counters of a {@link PredictionClient} ({@link PredictionClient#counter(PredictionClientCounters)}): one outcome
 * per authoritative state message received.
 */
public enum PredictionClientCounters implements CounterDescriptor
{
    /** Server states accepted (not stale, unmatched or malformed) and compared with the prediction. */
    STATES_RECEIVED("statesReceived", CounterKind.OUTCOME,
        "Server states accepted (not stale, unmatched or malformed) and compared with the prediction."),
    /** Server states ignored because a newer one had already arrived. */
    STALE_STATES("staleStates", CounterKind.REFUSAL,
        "Server states ignored because a newer one had already arrived."),
    /** Server states for ticks outside the prediction buffer or not predicted yet. */
    UNMATCHED_STATES("unmatchedStates", CounterKind.REFUSAL,
        "Server states for ticks outside the prediction buffer or not predicted yet."),
    /** State messages that failed to decode. */
    MALFORMED_STATES("malformedStates", CounterKind.REFUSAL,
        "State messages that failed to decode.");

    private final CounterSpec spec;

    PredictionClientCounters(final String label, final CounterKind kind, final String description)
    {
        spec = new CounterSpec(label, kind, description);
    }

    @Override
    public CounterSpec spec()
    {
        return spec;
    }
}
