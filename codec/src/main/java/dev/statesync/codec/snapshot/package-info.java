/**
 * Snapshots delta-coded per object against that object's acked baselines: the {@link
 * dev.statesync.codec.snapshot.SnapshotSender} and {@link dev.statesync.codec.snapshot.SnapshotReceiver}, the
 * packet layout, baseline and model rings, and the framing that chooses bitpacked or range-coded per packet.
 * The format is specified in {@code src/site/wire-format.md}.
 */
package dev.statesync.codec.snapshot;
