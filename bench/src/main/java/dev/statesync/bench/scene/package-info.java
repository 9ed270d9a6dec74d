/**
 * Deterministic physics scenes that the scenario runner records and replays.
 * <p>
 * {@link dev.statesync.bench.scene.Scene} is the primitive-array API every scene implements: step one
 * fixed 1/60 s tick, read the state of all objects into {@link dev.statesync.bench.scene.ObjectStates},
 * write exact states back ("quantize both sides"). Three scenes:
 * <ul>
 *     <li>{@link dev.statesync.bench.scene.CubesScene}: Fiedler's GDC 2015 cube demo in ode4j (3D), 901
 *     objects, player swept along the rows by {@link dev.statesync.bench.scene.RowSweepScript};</li>
 *     <li>{@link dev.statesync.bench.scene.PileScene}: stacks and a pile of 300 boxes in JBox2D (2D) with a
 *     player that pushes through them at times and long stretches of sleeping bodies;</li>
 *     <li>{@link dev.statesync.bench.scene.PlayerScene}: a JBox2D player walking and jumping through 48 crates
 *     under client-side prediction against a server over the network simulator; it reports its corrections
 *     through {@link dev.statesync.bench.scene.PredictionReporting}.</li>
 * </ul>
 * {@link dev.statesync.bench.scene.SceneActivityReport} measures how busy a scene is (changed objects per
 * tick at the wire quantization) and how long a step takes. The engines' free-flight integrators are
 * specified in {@code src/site/integrators.md}.
 */
package dev.statesync.bench.scene;
