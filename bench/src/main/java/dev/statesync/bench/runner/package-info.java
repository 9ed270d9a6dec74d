/**
 * The scenario runner: one scene through an authority and a replica over the seeded network simulator,
 * reporting the bits of every compression stage on the same quantized states, the replica's fidelity, the
 * link and the CPU cost. Entry point {@link dev.statesync.bench.Main}; report format in
 * {@code src/site/report-schema.md}.
 */
package dev.statesync.bench.runner;
