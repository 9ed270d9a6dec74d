/**
 * Snapshots delta-coded per object against that object's acked baselines: the {@link
 * dev.statesync.codec.snapshot.SnapshotSender} (an orchestrator of small parts: acked baselines, resend
 * policy, baseline table, prepared snapshot, budget fitter, frame writer) and {@link
 * dev.statesync.codec.snapshot.SnapshotReceiver}, the one packet routine both run ({@code SnapshotPacket} over a
 * {@code PacketPlan}, with a bitpacked or range-coded {@code PacketLayout} chosen per frame), baseline and model
 * rings. The format is specified in {@code src/site/wire-format.md}; the parts are drawn in
 * {@code src/site/architecture.md}.
 */
package dev.statesync.codec.snapshot;
