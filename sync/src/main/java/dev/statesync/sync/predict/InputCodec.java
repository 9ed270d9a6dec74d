package dev.statesync.sync.predict;

import dev.statesync.codec.bits.BitStream;

/**
 * What the engine needs to know about the user's input type {@code I}: how to make one (once, up front, to
 * fill preallocated ring buffers), copy it, compare it, set it to "no input", and serialize it.
 *
 * <p>Inputs are mutable holders the engine owns; it never keeps a reference to one the caller passes in, it
 * copies it. That is what lets the ring buffers be allocated once and reused for every tick.
 *
 * @param <I> the user's input holder, e.g. a class with a few booleans and a quantized stick direction.
 */
public interface InputCodec<I>
{
    /** @return a new input holder, called only while the engine is being built. */
    I newInput();

    /** Copy every field of {@code src} into {@code dst}. */
    void copy(I src, I dst);

    /**
     * @return true when the two inputs would serialize to the same bits: a repeated input then costs one
     * bit on the wire.
     */
    boolean isSame(I a, I b);

    /** Set {@code input} to "nothing pressed": what the server applies for a missing input by default. */
    void setNeutral(I input);

    /**
     * Serialize {@code input} with the unified-stream idiom: writers and measures read its fields, readers
     * set them ({@code input.x = stream.serializeInt(input.x, -1, 1)}). Must bound every field so a reader
     * fails, rather than accepts, out-of-range bytes.
     */
    void serialize(BitStream stream, I input);
}
