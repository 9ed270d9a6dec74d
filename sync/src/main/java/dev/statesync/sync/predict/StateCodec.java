package dev.statesync.sync.predict;

import dev.statesync.codec.bits.BitStream;

/**
 * What the engine needs to know about the user's state type {@code S} (the state of the object a client
 * predicts): how to make one up front, copy it, and serialize it into authoritative-state messages.
 *
 * <p>States are mutable holders owned by the engine's preallocated ring buffers; nothing is allocated per
 * tick.
 *
 * @param <S> the user's state holder, e.g. position, rotation and velocities of the player's body.
 */
public interface StateCodec<S>
{
    /** @return a new state holder, called only while the engine is being built. */
    S newState();

    /** Copy every field of {@code src} into {@code dst}. */
    void copy(S src, S dst);

    /**
     * Serialize {@code state} with the unified-stream idiom (readers set its fields). To avoid corrections
     * that are only quantization noise, either send full floats or quantize the state on the server too.
     */
    void serialize(BitStream stream, S state);
}
