package dev.statesync.codec.bits;

import dev.statesync.codec.entropy.ContextModel;
import dev.statesync.codec.entropy.ModeledBitStream;

/**
 * One serialization routine, three streams: the Java counterpart of serialize.h's unified
 * {@code serialize(Stream&)} template.
 *
 * <p>A structure writes a single method against this interface, and the same method writes it
 * ({@link BitWriter}), reads it ({@link BitReader}) or counts its exact size ({@link BitMeasure}), so the
 * three can never drift apart. Every call takes the current value and returns the value the structure
 * must hold afterwards: a writer or a measure returns its argument, a reader ignores it and returns what
 * it read. The idiom is therefore
 *
 * <pre>{@code
 * void serialize(BitStream stream) {
 *     atRest = stream.serializeBool(atRest);
 *     x = stream.serializeInt(x, -131072, 131071);
 *     if (!atRest) {
 *         vx = stream.serializeBits(vx, 11);
 *     }
 * }
 * }</pre>
 *
 * <p>Branches on values already serialized work in all three modes because the reader has the value by
 * then. Nothing here allocates.
 *
 * <p>Failure is sticky and never thrown for bad input: a reader that runs past its length, decodes a
 * bounded int outside its range, or finds non-zero padding enters a failed state and returns 0 from then
 * on; a writer that runs past its capacity enters an overflowed state and writes nothing more. Check
 * {@link #isFailed()} once at the end of a structure. Programmer errors (a bit count outside 1..32, a value
 * outside the range being written) throw {@link IllegalArgumentException}.
 */
public interface BitStream
{
    /** @return true for a {@link BitWriter}. */
    boolean isWriting();

    /** @return true for a {@link BitReader}. */
    boolean isReading();

    /** @return true for a {@link BitMeasure}. */
    boolean isMeasuring();

    /**
     * @return true once the stream has failed: a reader read past its end, read an out-of-range value or
     * non-zero padding, or a writer ran past its capacity. Sticky.
     */
    boolean isFailed();

    /** @return bits written, read or measured so far. */
    int bitsProcessed();

    /**
     * Serialize the low {@code bits} bits of {@code value}.
     *
     * @param value value to write (ignored when reading); must fit in {@code bits} bits.
     * @param bits  1..32.
     * @return the value now held: {@code value} when writing or measuring, the bits read when reading.
     */
    int serializeBits(int value, int bits);

    /**
     * Serialize an int in {@code [min, max]} as {@code value - min} in {@link Bits#bitsRequired(int, int)}
     * bits. A reader fails on a decoded value outside the range.
     */
    int serializeInt(int value, int min, int max);

    /** Serialize one bit. */
    boolean serializeBool(boolean value);

    /**
     * Serialize a signed value as its zig-zag code ({@code 0, -1, 1, -2, 2 ...} map to {@code 0, 1, 2, 3, 4 ...})
     * in {@code bits} bits, so small magnitudes of either sign need few bits.
     */
    int serializeZigZag(int value, int bits);

    /**
     * Serialize a signed residual (a value minus its prediction) in {@code [-MAX_RESIDUAL, MAX_RESIDUAL]}.
     * A context-modeled stream ({@link ModeledBitStream}) codes it adaptively in the caller's
     * {@code context} ({@code 0..ContextModel.RESIDUAL_CONTEXTS - 1}), so name contexts by what predicts the
     * residual's size; other streams ignore the context and write the zig-zag code on
     * {@link ModeledBitStream#RESIDUAL_LADDER}.
     */
    default int serializeResidual(final int value, final int context)
    {
        if (!isReading() && (value < -ModeledBitStream.MAX_RESIDUAL || value > ModeledBitStream.MAX_RESIDUAL))
        {
            throw new IllegalArgumentException("residual " + value + " outside +-" + ModeledBitStream.MAX_RESIDUAL);
        }
        final int code = serializeLadder(Bits.zigZagEncode(value), ModeledBitStream.RESIDUAL_LADDER);
        return Bits.zigZagDecode(code);
    }

    /**
     * Serialize one bit whose probability the caller's {@code context} predicts
     * ({@code 0..ContextModel.FLAG_CONTEXTS - 1}); streams without a model write a plain bit.
     */
    default boolean serializeFlag(final boolean value, final int context)
    {
        return serializeBool(value);
    }

    /**
     * Serialize a run of {@link #serializeFlag flags} in one context: when writing, {@code zeros} false flags (the
     * caller then writes the true one that ends the run, if any, with {@link #serializeFlag}); when reading, flags
     * until a true one, which is consumed, or {@code limit} of them. The same bits, in the same order, as that many
     * {@link #serializeFlag} calls, and the same stop: the run ends after the flag during which the stream failed,
     * counted as false. For a caller coding many flags in a row in one context ({@code IndexCoding}: the objects a
     * packet does not carry), which a modeled stream codes with the context's state in registers.
     *
     * @param zeros   writing: the false flags to write, {@code 0..limit}; ignored when reading.
     * @param limit   the most flags in the run.
     * @param context the flags' context, as for {@link #serializeFlag}.
     * @return writing, {@code zeros}; reading, the false flags before the true one, or {@code limit} if none; either,
     * after a failure, the flags serialized (the failed one included).
     */
    default int serializeFlagRun(final int zeros, final int limit, final int context)
    {
        final boolean reading = isReading();
        final int flags = reading ? limit : zeros;
        for (int k = 0; k < flags; k++)
        {
            final boolean flag = serializeFlag(false, context);
            if (isFailed())
            {
                return k + 1;
            }
            if (flag)
            {
                return k;
            }
        }
        return flags;
    }

    /** Serialize an unsigned value with a {@link BitLadder}: small numbers take few bits. */
    int serializeLadder(int value, BitLadder ladder);

    /** Serialize the raw IEEE 754 bits of a float, 32 bits, every bit pattern (NaN payloads too) preserved. */
    float serializeFloat(float value);

    /** Zero-pad to the next byte boundary; a reader fails on non-zero padding. */
    void serializeAlign();

    /**
     * State that a value just decoded or about to be encoded is semantically valid (for example a delta
     * that must land inside its field's range). A reader given invalid bytes fails, as it does for a read
     * past the end; a writer or measure given an invalid value throws {@link IllegalStateException},
     * because the encoder produced it.
     */
    void validate(boolean valid);

    /**
     * Serialize {@code length} bytes of {@code bytes} from {@code offset}, byte aligned (padding first, as
     * serialize.h's {@code serialize_bytes} does). A reader fills the array region.
     */
    void serializeBytes(byte[] bytes, int offset, int length);

    /**
     * Charge what is coded next to a {@code BitAccount} category (see {@code dev.statesync.codec.entropy.BitAccount}),
     * so a report can say where a frame's bits go. A no-op unless the stream is a range writer with an account.
     */
    default void accountCategory(final int category)
    {
    }

    /** Charge what is coded next to {@code object}'s class (negative: packet fields); a no-op as above. */
    default void accountObject(final int object)
    {
    }
}
