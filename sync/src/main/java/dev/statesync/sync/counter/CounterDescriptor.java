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
 * Ids are dense and stable: the constant's ordinal, so a component keeps its counters in one {@code long[]} indexed
 * by id and counting costs an array increment. A new counter goes at the end of its enum; labels never change once
 * published. Each constant holds its {@link CounterSpec}; the accessors here read it, so an enum is its constants.
 */
public interface CounterDescriptor
{
    /**
     * @return the constant's position in its enum (every enum supplies it); the counter's id.
     */
    int ordinal();

    /**
     * @return the counter's label, kind and description.
     */
    CounterSpec spec();

    /**
     * @return index of the counter within its component, dense from 0: the enum constant's ordinal.
     */
    default int id()
    {
        return ordinal();
    }

    /**
     * @return stable camelCase name for reports and dashboards.
     */
    default String label()
    {
        return spec().label();
    }

    /**
     * @return what the counter counts.
     */
    default CounterKind kind()
    {
        return spec().kind();
    }

    /**
     * @return one sentence for operators: what moves it, and for a refusal, what was refused and why.
     */
    default String description()
    {
        return spec().description();
    }

    /**
     * @return true when the counter names a reason an input was refused.
     */
    default boolean isRefusal()
    {
        return kind() == CounterKind.REFUSAL;
    }
}
