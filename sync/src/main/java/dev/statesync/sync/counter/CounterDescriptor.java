/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.counter;

/**
 * One counter of a component, in the style of Aeron's {@code SystemCounterDescriptor}: each component lists its
 * counters as an enum implementing this (id, label, kind, description), and exposes their values as
 * {@code long counter(ThatEnum descriptor)}. Reports, alerts and tests walk {@code ThatEnum.values()} the same way
 * for every component; src/site/counters.md is the table of them all.
 * <p>
 * Ids are dense and stable: in [0, number of the enum's constants), equal to the constant's ordinal, so a component
 * keeps its counters in one {@code long[]} indexed by id and counting costs an array increment. A new counter goes
 * at the end of its enum; labels never change once published.
 */
public interface CounterDescriptor
{
    /**
     * @return index of the counter within its component, dense from 0.
     */
    int id();

    /**
     * @return stable camelCase name for reports and dashboards.
     */
    String label();

    /**
     * @return what the counter counts.
     */
    CounterKind kind();

    /**
     * @return one sentence for operators: what moves it, and for a refusal, what was refused and why.
     */
    String description();

    /**
     * @return true when the counter names a reason an input was refused.
     */
    default boolean isRefusal()
    {
        return kind() == CounterKind.REFUSAL;
    }
}
