package dev.statesync.sync.predict;

import dev.statesync.codec.bits.BitReader;

/**
 * The server's side of one client's inputs: a tick-numbered buffer that takes the client's redundant input
 * messages and hands out exactly one input per server tick.
 *
 * <p>The server is the clock. Each server tick the game calls {@link #pollInput()} once and applies what it
 * returns to the client's object; the channel moves to the next client tick whatever arrived. A client
 * therefore cannot speed its object up by sending more inputs, nor stall it by sending fewer: inputs already
 * applied are skipped, missing ones are replaced by the {@link MissingInputPolicy}, and inputs far in the
 * future or past are rejected and counted. Messages are untrusted: a malformed one is counted and changes
 * nothing.
 *
 * <p>An input not applied yet may be replaced by a later message (the client's own input, its call); once
 * applied it is final.
 *
 * <p>After a tick, send {@link #lastProcessedInputTick()} with the object's state (a {@link StateMessage}); the
 * client acknowledges its inputs with it and compares its prediction for the following tick.
 *
 * <p>Preallocated; receiving and polling allocate nothing.
 *
 * @param <I> input holder.
 */
public final class ServerInputChannel<I>
{
    private final ServerInputChannelConfig config;
    private final InputCodec<I> inputCodec;
    private final InputMessage<I> message;
    private final TickRing<I> buffer;
    private final int[] bufferedTick;
    private final boolean[] buffered;
    private final I applied;

    private boolean started;
    private int startDelayRemaining;
    private int nextInputTick;
    private int newestBufferedTick;
    private boolean hasProcessedInput;

    private final long[] counters = new long[ServerInputChannelCounters.values().length];

    /**
     * @param config     buffer size, acceptance window, start delay, missing-input policy.
     * @param inputCodec the input type.
     */
    public ServerInputChannel(final ServerInputChannelConfig config, final InputCodec<I> inputCodec)
    {
        this.config = config;
        this.inputCodec = inputCodec;
        this.message = new InputMessage<>(inputCodec);
        this.buffer = new TickRing<>(config.bufferCapacity(), inputCodec::newInput);
        this.bufferedTick = new int[config.bufferCapacity()];
        this.buffered = new boolean[config.bufferCapacity()];
        this.applied = inputCodec.newInput();
        inputCodec.setNeutral(applied);
    }

    /**
     * Take one input message from untrusted bytes. The first valid message fixes the client tick the channel
     * starts at (its oldest input).
     *
     * @return true if the message was well formed and inside the acceptance window; false if it was malformed
     * or entirely far future / far past (counted; nothing changed).
     */
    public boolean onInputMessage(final BitReader reader)
    {
        if (!message.read(reader))
        {
            counters[ServerInputChannelCounters.MALFORMED_MESSAGES.id()]++;
            return false;
        }
        final int count = message.count();
        // The first message would start the channel at its oldest tick, but only once it is accepted.
        final int firstTick = started ? nextInputTick : message.oldestTick();
        // Differences, not comparisons, so hostile ticks near the int limits cannot wrap into the window.
        final int newestAhead = message.newestTick() - firstTick;
        final int oldestAhead = newestAhead - (count - 1);
        if (newestAhead < -config.maxPastTicks())
        {
            counters[ServerInputChannelCounters.FAR_PAST_INPUTS.id()] += count;
            counters[ServerInputChannelCounters.REJECTED_MESSAGES.id()]++;
            return false;
        }
        if (oldestAhead > config.maxFutureTicks())
        {
            counters[ServerInputChannelCounters.FAR_FUTURE_INPUTS.id()] += count;
            counters[ServerInputChannelCounters.REJECTED_MESSAGES.id()]++;
            return false;
        }
        if (!started)
        {
            started = true;
            startDelayRemaining = config.startDelayTicks();
            nextInputTick = firstTick;
            newestBufferedTick = firstTick - 1;
        }
        for (int i = 0; i < count; i++)
        {
            final int ahead = oldestAhead + i;
            if (ahead < 0)
            {
                continue; // already applied or given up on: redundancy, not an error
            }
            if (ahead > config.maxFutureTicks())
            {
                counters[ServerInputChannelCounters.FAR_FUTURE_INPUTS.id()]++;
                continue;
            }
            final int tick = nextInputTick + ahead;
            final int slot = buffer.slotOf(tick);
            inputCodec.copy(message.input(i), buffer.at(tick));
            bufferedTick[slot] = tick;
            buffered[slot] = true;
            if (tick - newestBufferedTick > 0)
            {
                newestBufferedTick = tick;
            }
        }
        counters[ServerInputChannelCounters.MESSAGES_ACCEPTED.id()]++;
        return true;
    }

    /**
     * Advance the client's object one tick: call exactly once per server tick.
     *
     * @return the input to apply this tick (the client's, or the missing-input policy's), owned by the channel
     * and valid until the next call; null while the channel has not started (no message yet, or within the
     * start delay), in which case the client's object should not be simulated yet.
     */
    public I pollInput()
    {
        if (!started)
        {
            return null;
        }
        if (startDelayRemaining > 0)
        {
            startDelayRemaining--;
            return null;
        }
        final int tick = nextInputTick;
        final int slot = buffer.slotOf(tick);
        if (buffered[slot] && bufferedTick[slot] == tick)
        {
            inputCodec.copy(buffer.at(tick), applied);
            buffered[slot] = false;
            counters[ServerInputChannelCounters.INPUTS_APPLIED.id()]++;
        }
        else
        {
            counters[ServerInputChannelCounters.MISSING_INPUTS.id()]++;
            if (config.missingInputPolicy() == MissingInputPolicy.HOLD_STILL)
            {
                inputCodec.setNeutral(applied);
            }
            // REPEAT_LAST: applied still holds the previous input.
        }
        hasProcessedInput = true;
        nextInputTick = tick + 1;
        return applied;
    }

    /** @return true once {@link #pollInput()} has returned an input: a state message can be sent. */
    public boolean hasProcessedInput()
    {
        return hasProcessedInput;
    }

    /** @return the client tick of the input applied by the last {@link #pollInput()}. */
    public int lastProcessedInputTick()
    {
        return nextInputTick - 1;
    }

    /**
     * How many ticks of input were waiting beyond the one just applied: the newest client tick received minus
     * {@link #lastProcessedInputTick()}, clamped to [{@link StateMessage#MIN_SLACK_TICKS},
     * {@link StateMessage#MAX_SLACK_TICKS}]. Negative when the client has fallen behind. Sent back in each
     * {@link StateMessage} so the client can run its clock slightly faster or slower ({@link TickRateController})
     * and keep this near the start delay: enough to ride out jitter and loss, no more latency than that.
     */
    public int inputSlackTicks()
    {
        final int slack = newestBufferedTick - lastProcessedInputTick();
        return Math.max(StateMessage.MIN_SLACK_TICKS, Math.min(StateMessage.MAX_SLACK_TICKS, slack));
    }

    /** @return the client tick whose input the next {@link #pollInput()} applies. */
    public int nextInputTick()
    {
        return nextInputTick;
    }

    /**
     * @param counter one of this channel's counters.
     * @return its value.
     */
    public long counter(final ServerInputChannelCounters counter)
    {
        return counters[counter.id()];
    }

    /**
     * A fingerprint of everything received messages can change: whether and where the channel started, the
     * start delay left, the next and newest buffered ticks, the buffered inputs with their ticks and flags, and
     * the counts of accepted messages, applied and missing inputs (the last two move only on polls). It leaves
     * out the counters of refusals (malformed and rejected messages, far future and far past inputs), which
     * exist to move on one. Two equal digests around a call prove a refused message changed nothing else: for
     * tests and diagnostics. It serializes every buffered input and allocates, so keep it off any hot path.
     *
     * @return hash of that state.
     */
    public long stateDigest()
    {
        long h = 17;
        h = h * 31 + (started ? 1 : 2);
        h = h * 31 + startDelayRemaining;
        h = h * 31 + nextInputTick;
        h = h * 31 + newestBufferedTick;
        h = h * 31 + (hasProcessedInput ? 1 : 2);
        h = h * 31 + counters[ServerInputChannelCounters.MESSAGES_ACCEPTED.id()];
        h = h * 31 + counters[ServerInputChannelCounters.INPUTS_APPLIED.id()];
        h = h * 31 + counters[ServerInputChannelCounters.MISSING_INPUTS.id()];
        h = HolderDigest.mix(h, inputCodec::serialize, applied);
        for (int slot = 0; slot < buffered.length; slot++)
        {
            h = h * 31 + (buffered[slot] ? 1 : 2);
            if (buffered[slot])
            {
                h = h * 31 + bufferedTick[slot];
                h = HolderDigest.mix(h, inputCodec::serialize, buffer.at(slot));
            }
        }
        return h;
    }
}
