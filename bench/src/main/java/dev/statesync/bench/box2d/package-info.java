/**
 * JBox2D plumbing shared by every 2D world in bench (the pile and player scenes, the rewind benchmark) and by
 * the prediction tests that run on JBox2D: body creation ({@link dev.statesync.bench.box2d.DynamicBox},
 * {@link dev.statesync.bench.box2d.StaticGround}), the settings and contact rebuild that make a restored world
 * replay bit-exactly ({@link dev.statesync.bench.box2d.ReplayableWorld}), and saving, restoring, reading and
 * writing body states ({@link dev.statesync.bench.box2d.BodySlots}, {@link dev.statesync.bench.box2d.BodyState}).
 */
package dev.statesync.bench.box2d;
