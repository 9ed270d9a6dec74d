/**
 * The player scene's parts: a replay-safe JBox2D world ({@link dev.statesync.bench.player.PlayerWorld}), the
 * player's command and the predicted state with their wire codecs, the seeded script, and the session that runs a
 * predicting client and an authoritative server over the network simulator
 * ({@link dev.statesync.bench.player.PredictionSession}) and reports how prediction went
 * ({@link dev.statesync.bench.player.PredictionReport}). The scene itself is
 * {@link dev.statesync.bench.scene.PlayerScene}.
 */
package dev.statesync.bench.player;
