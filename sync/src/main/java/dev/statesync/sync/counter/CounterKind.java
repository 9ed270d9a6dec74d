/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.counter;

/**
 * What a counter counts, so a report or an alert can treat every component's counters alike.
 */
public enum CounterKind
{
    /** Something the component did or saw that is not one outcome per input: packets sent, timeouts, totals. */
    EVENT,
    /** One input (a datagram, a packet, a message) handled and accepted; each input counts exactly one outcome. */
    OUTCOME,
    /** One input refused, for the reason the counter names; a refused input changes nothing else. */
    REFUSAL
}
