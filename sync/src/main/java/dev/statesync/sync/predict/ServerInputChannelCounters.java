/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.predict;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;
import dev.statesync.sync.counter.CounterSpec;

/**
 * The counters of a {@link ServerInputChannel} ({@link ServerInputChannel#counter(ServerInputChannelCounters)}): one
 * outcome per input message received, refused inputs inside accepted messages, and what each tick's poll applied.
 */
public enum ServerInputChannelCounters implements CounterDescriptor
{
    /** Well-formed input messages accepted. */
    MESSAGES_ACCEPTED("messagesAccepted", CounterKind.OUTCOME,
        "Well-formed input messages accepted."),
    /** Input messages that failed to decode. */
    MALFORMED_MESSAGES("malformedMessages", CounterKind.REFUSAL,
        "Input messages that failed to decode."),
    /** Well-formed input messages rejected because all their inputs were far future or far past. */
    REJECTED_MESSAGES("rejectedMessages", CounterKind.REFUSAL,
        "Well-formed input messages rejected because all their inputs were far future or far past."),
    /** Inputs rejected for being too far ahead of the next tick to apply. */
    FAR_FUTURE_INPUTS("farFutureInputs", CounterKind.REFUSAL,
        "Inputs rejected for being too far ahead of the next tick to apply."),
    /** Inputs rejected for being too far behind. */
    FAR_PAST_INPUTS("farPastInputs", CounterKind.REFUSAL,
        "Inputs rejected for being too far behind."),
    /** Ticks that applied the client's own input. */
    INPUTS_APPLIED("inputsApplied", CounterKind.EVENT,
        "Ticks that applied the client's own input."),
    /** Ticks that applied the missing-input policy. */
    MISSING_INPUTS("missingInputs", CounterKind.EVENT,
        "Ticks that applied the missing-input policy.");

    private final CounterSpec spec;

    ServerInputChannelCounters(final String label, final CounterKind kind, final String description)
    {
        spec = new CounterSpec(label, kind, description);
    }

    @Override
    public CounterSpec spec()
    {
        return spec;
    }
}
