package dev.statesync.sync.predict;

import dev.statesync.codec.BitReader;
import dev.statesync.codec.BitStream;

/**
 * The server-to-client authoritative state of the client's predicted object, stamped with the last client
 * input tick the server applied: the state is therefore the state at the start of client tick
 * {@code lastProcessedInputTick + 1} (state(n) + input(n) = state(n + 1)), which is what the client compares
 * its prediction for that tick with.
 *
 * <p>Wire format: 32 bits last processed input tick, the user's state ({@link StateCodec#serialize}), zero
 * padding to the byte.
 *
 * @param <S> state holder.
 */
public final class StateMessage<S>
{
    private final StateCodec<S> stateCodec;
    private final S state;
    private int lastProcessedInputTick;

    /** @param stateCodec the user's state type. */
    public StateMessage(final StateCodec<S> stateCodec)
    {
        this.stateCodec = stateCodec;
        this.state = stateCodec.newState();
    }

    /** Copy {@code source} and the tick in, for writing. */
    public void set(final int lastProcessedInputTick, final S source)
    {
        this.lastProcessedInputTick = lastProcessedInputTick;
        stateCodec.copy(source, state);
    }

    /** Write, read or measure with the unified-stream idiom. */
    public void serialize(final BitStream stream)
    {
        lastProcessedInputTick = stream.serializeBits(lastProcessedInputTick, 32);
        stateCodec.serialize(stream, state);
    }

    /**
     * Read from untrusted bytes.
     *
     * @return true if the whole message decoded, with zero padding and no bytes left over.
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

    /** @return the last client input tick the server applied. */
    public int lastProcessedInputTick()
    {
        return lastProcessedInputTick;
    }

    /** @return the state holder (owned by this message). */
    public S state()
    {
        return state;
    }
}
