/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.predict;

import dev.statesync.sync.counter.CounterDescriptor;
import dev.statesync.sync.counter.CounterKind;

/**
 * The counters of a {@link ServerInputChannel} ({@link ServerInputChannel#counter(ServerInputChannelCounters)}): one
 * outcome per input message received, refused inputs inside accepted messages, and what each tick's poll applied.
 */
public enum ServerInputChannelCounters implements CounterDescriptor
{
    /** Well-formed input messages accepted. */
    MESSAGES_ACCEPTED(0, "messagesAccepted", CounterKind.OUTCOME,
        "Well-formed input messages accepted."),
    /** Input messages that failed to decode. */
    MALFORMED_MESSAGES(1, "malformedMessages", CounterKind.REFUSAL,
        "Input messages that failed to decode."),
    /** Well-formed input messages rejected because all their inputs were far future or far past. */
    REJECTED_MESSAGES(2, "rejectedMessages", CounterKind.REFUSAL,
        "Well-formed input messages rejected because all their inputs were far future or far past."),
    /** Inputs rejected for being too far ahead of the next tick to apply. */
    FAR_FUTURE_INPUTS(3, "farFutureInputs", CounterKind.REFUSAL,
        "Inputs rejected for being too far ahead of the next tick to apply."),
    /** Inputs rejected for being too far behind. */
    FAR_PAST_INPUTS(4, "farPastInputs", CounterKind.REFUSAL,
        "Inputs rejected for being too far behind."),
    /** Ticks that applied the client's own input. */
    INPUTS_APPLIED(5, "inputsApplied", CounterKind.EVENT,
        "Ticks that applied the client's own input."),
    /** Ticks that applied the missing-input policy. */
    MISSING_INPUTS(6, "missingInputs", CounterKind.EVENT,
        "Ticks that applied the missing-input policy.");

    private final int id;
    private final String label;
    private final CounterKind kind;
    private final String description;

    ServerInputChannelCounters(final int id, final String label, final CounterKind kind, final String description)
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
