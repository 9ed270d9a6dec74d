/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.counter;

import java.util.Objects;

/**
 * What one counter is, held by its enum constant so that every component's counter enum is a list of constants
 * plus one field: see {@link CounterDescriptor}.
 *
 * @param label       stable camelCase name for reports and dashboards.
 * @param kind        what the counter counts.
 * @param description one sentence for operators: what moves it, and for a refusal, what was refused and why.
 */
public record CounterSpec(String label, CounterKind kind, String description)
{
    /** Refuses a missing field: every counter is named, kinded and described. */
    public CounterSpec
    {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(description, "description");
    }
}
