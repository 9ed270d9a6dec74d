/**
 * Hostile-input fuzzing of every network-facing entry point: a {@link dev.statesync.bench.fuzz.FuzzTarget} per
 * entry point owns an honest session whose real traffic the {@link dev.statesync.bench.fuzz.Mutator}s start from;
 * the {@link dev.statesync.bench.fuzz.FuzzHarness} checks that nothing escapes, that a refused input changes no
 * state, and that the honest session still converges; {@link dev.statesync.bench.fuzz.HostileInputFuzzer} is the
 * long-running command line. New entry points register in {@link dev.statesync.bench.fuzz.FuzzTargets}.
 */
package dev.statesync.bench.fuzz;
