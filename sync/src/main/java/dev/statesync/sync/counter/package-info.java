/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
/**
 * One way to describe counters for every component: {@link dev.statesync.sync.counter.CounterDescriptor}, which the
 * counter enums of the reliable endpoint, the UDP server and client, the snapshot ends and the prediction channels
 * implement.
 */
package dev.statesync.sync.counter;
