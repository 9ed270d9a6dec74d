package dev.statesync.sync.predict;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitStream;

/**
 * The client-to-server input message: the newest tick and the inputs of the {@code count} consecutive ticks
 * ending there, oldest first, so every message repeats everything the server has not acknowledged yet and a
 * lost packet costs nothing as long as a later one arrives in time.
 *
 * <p>Wire format (bits, {@link BitStream} order):
 * <pre>
 * 32      newest tick (two's complement int)
 * 6       count - 1, count in [1, 64]
 * ...     oldest input, in full (the user's {@link InputCodec#serialize})
 * per later input: 1 bit "changed"; when set, the input in full
 * 0..7    zero padding to the byte
 * </pre>
 * A held button therefore costs one bit per repeated tick, the "important moves" of Zen of Networked Physics.
 *
 * <p>One instance is both a staging area for writing and the destination of a read: its inputs are
 * preallocated, {@link #read(BitReader)} fills them and reports failure without throwing, and a failed read
 * leaves the caller nothing to undo because the caller's own state is untouched.
 *
 * @param <I> input holder.
 */
public final class InputMessage<I>
{
    /** Most inputs one message can carry (the count field's range). */
    public static final int MAX_INPUTS = 64;

    private final InputCodec<I> inputCodec;
    private final Object[] inputs = new Object[MAX_INPUTS];
    private int newestTick;
    private int count;

    /** @param inputCodec the user's input type. */
    public InputMessage(final InputCodec<I> inputCodec)
    {
        this.inputCodec = inputCodec;
        for (int i = 0; i < MAX_INPUTS; i++)
        {
            inputs[i] = inputCodec.newInput();
        }
    }

    /**
     * Copy the inputs of ticks {@code [newestTick - count + 1, newestTick]} from {@code ring} for writing.
     *
     * @throws IllegalArgumentException if count is outside [1, {@link #MAX_INPUTS}].
     */
    public void stage(final TickRing<I> ring, final int newestTick, final int count)
    {
        if (count < 1 || count > MAX_INPUTS)
        {
            throw new IllegalArgumentException("count must be 1.." + MAX_INPUTS + ", got " + count);
        }
        this.newestTick = newestTick;
        this.count = count;
        final int oldestTick = newestTick - count + 1;
        for (int i = 0; i < count; i++)
        {
            inputCodec.copy(ring.at(oldestTick + i), input(i));
        }
    }

    /** Write, read or measure the message with the unified-stream idiom; a reader must check failure after. */
    public void serialize(final BitStream stream)
    {
        newestTick = stream.serializeBits(newestTick, 32);
        count = stream.serializeInt(count, 1, MAX_INPUTS);
        inputCodec.serialize(stream, input(0));
        for (int i = 1; i < count; i++)
        {
            final I previous = input(i - 1);
            final I current = input(i);
            final boolean changed = stream.serializeBool(!stream.isReading() && !inputCodec.isSame(previous, current));
            if (changed)
            {
                inputCodec.serialize(stream, current);
            }
            else if (stream.isReading())
            {
                inputCodec.copy(previous, current);
            }
            if (stream.isFailed())
            {
                return;
            }
        }
    }

    /**
     * Read a message from untrusted bytes.
     *
     * @return true if the whole message decoded, in range and with zero padding; on false the contents of this
     * message are unspecified and must not be used.
     */
    public boolean read(final BitReader reader)
    {
        serialize(reader);
        if (!reader.isFailed())
        {
            reader.readTrailingPadding();
        }
        return !reader.isFailed() && reader.bitsRemaining() == 0;
    }

    /** @return the newest tick in the message. */
    public int newestTick()
    {
        return newestTick;
    }

    /** @return the oldest tick in the message. */
    public int oldestTick()
    {
        return newestTick - count + 1;
    }

    /** @return number of inputs, 1..{@link #MAX_INPUTS}. */
    public int count()
    {
        return count;
    }

    /** @return the input of tick {@code oldestTick() + index}. */
    @SuppressWarnings("unchecked")
    public I input(final int index)
    {
        return (I)inputs[index];
    }
}
