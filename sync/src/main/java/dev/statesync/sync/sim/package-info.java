/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
/**
 * A seeded, deterministic network simulator (latency, jitter, loss, duplication, reordering, bandwidth
 * cap) that tests and the scenario runner drive with explicit time. Start at
 * {@link dev.statesync.sync.sim.NetworkSimulator}.
 */
package dev.statesync.sync.sim;
