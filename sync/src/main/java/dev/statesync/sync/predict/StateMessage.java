package dev.statesync.sync.predict;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitStream;

/**
 * The server-to-client authoritative state of the client's predicted object, stamped with the last client
 * input tick the server applied: the state is therefore the state at the start of client tick
 * {@code lastProcessedInputTick + 1} (state(n) + input(n) = state(n + 1)), which is what the client compares
 * its prediction for that tick with.
 *
 * <p>Wire format: 32 bits last processed input tick, 7 bits input slack ({@code slack + 64}, see
 * {@link ServerInputChannel#inputSlackTicks()}), the user's state ({@link StateCodec#serialize}), zero padding
 * to the byte.
 *
 * @param <S> state holder.
 */
public final class StateMessage<S>
{
    /** Smallest input slack the message can carry. */
    public static final int MIN_SLACK_TICKS = -64;
    /** Largest input slack the message can carry. */
    public static final int MAX_SLACK_TICKS = 63;

    private final StateCodec<S> stateCodec;
    private final S state;
    private int lastProcessedInputTick;
    private int inputSlackTicks;

    /** @param stateCodec the user's state type. */
    public StateMessage(final StateCodec<S> stateCodec)
    {
        this.stateCodec = stateCodec;
        this.state = stateCodec.newState();
    }

    /**
     * Copy the header and {@code source} in, for writing.
     *
     * @param lastProcessedInputTick {@link ServerInputChannel#lastProcessedInputTick()}.
     * @param inputSlackTicks        {@link ServerInputChannel#inputSlackTicks()}.
     * @param source                 the client's object state after that tick.
     */
    public void set(final int lastProcessedInputTick, final int inputSlackTicks, final S source)
    {
        if (inputSlackTicks < MIN_SLACK_TICKS || inputSlackTicks > MAX_SLACK_TICKS)
        {
            throw new IllegalArgumentException("inputSlackTicks out of range: " + inputSlackTicks);
        }
        this.lastProcessedInputTick = lastProcessedInputTick;
        this.inputSlackTicks = inputSlackTicks;
        stateCodec.copy(source, state);
    }

    /** Write, read or measure with the unified-stream idiom. */
    public void serialize(final BitStream stream)
    {
        lastProcessedInputTick = stream.serializeBits(lastProcessedInputTick, 32);
        inputSlackTicks = stream.serializeInt(inputSlackTicks, MIN_SLACK_TICKS, MAX_SLACK_TICKS);
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

    /** @return ticks of client input the server had queued beyond the last one it applied. */
    public int inputSlackTicks()
    {
        return inputSlackTicks;
    }

    /** @return the state holder (owned by this message). */
    public S state()
    {
        return state;
    }
}
