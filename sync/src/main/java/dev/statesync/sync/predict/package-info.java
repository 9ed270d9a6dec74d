/**
 * Client-side prediction and server reconciliation, correction smoothing and remote-object interpolation,
 * transport agnostic: messages are written to a {@link dev.statesync.codec.bits.BitWriter} and read from a
 * {@link dev.statesync.codec.bits.BitReader}; the caller moves the bytes.
 *
 * <p>The user plugs in either a pure {@link dev.statesync.sync.predict.StepFunction} (wrapped in a
 * {@link dev.statesync.sync.predict.StepFunctionWorld}) or a physics {@link dev.statesync.sync.predict.SimulationWorld}
 * that saves and restores its state in slots, plus codecs for its state and input types and an error metric.
 *
 * <p>A game loop, client side:
 * <pre>{@code
 * clock.rateScale(rateController.rateScale(client.serverInputSlackTicks())); // stay just ahead of the server
 * int ticks = clock.advance(nowNs);                         // TickClock: fixed timestep, time passed in
 * for (int i = 0; i < ticks; i++) {
 *     while (stateArrived()) client.onStateMessage(reader);  // compare, rewind and replay when beyond threshold
 *     client.tick(sampleInput());                           // store input, save world, predict one tick
 *     if (client.writeInputMessage(writer) > 0) send(writer);   // all unacknowledged inputs, capped
 * }
 * smoother.update(frameNs);                                 // CorrectionSmoother, fed by a CorrectionListener
 * smoother.displayed(simulatedPose, shownPose);
 * remote.sample(nowNs, otherPlayerPose);                    // RemoteObjectInterpolator per remote object
 * }</pre>
 * Server side, per fixed tick and client:
 * <pre>{@code
 * while (inputArrived()) channel.onInputMessage(reader);    // ServerInputChannel: validates, buffers by tick
 * I input = channel.pollInput();                            // exactly one tick; missing-input policy; null = not started
 * if (input != null) { apply(input); }
 * world.step();
 * stateMessage.set(channel.lastProcessedInputTick(), channel.inputSlackTicks(), state);
 * stateMessage.serialize(writer); send(writer);
 * }</pre>
 */
package dev.statesync.sync.predict;
