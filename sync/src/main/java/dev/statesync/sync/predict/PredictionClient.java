package dev.statesync.sync.predict;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;

/**
 * Client-side prediction and server reconciliation for the object this client controls.
 *
 * <p>Per fixed tick the game calls {@link #tick(Object)} with the sampled input: the client stores the input,
 * saves the world and the predicted state for that tick, and steps the world at once, so the player sees the
 * result of the input without waiting a round trip. It then calls {@link #writeInputMessage(BitWriter)} and
 * sends the bytes: every message repeats all inputs the server has not acknowledged (capped), so losses are
 * covered by the next packet. When a server state arrives ({@link #onStateMessage(BitReader)}), the client
 * compares it with its prediction for the same tick; only beyond the thresholds does it restore the world at
 * that tick, overwrite the object with the server's state and replay its stored inputs up to the present.
 *
 * <p>Rings and scratch holders are allocated in the constructor; ticking, messaging and rewind-and-replay
 * allocate nothing (as long as the user's world and codecs do not). Not thread-safe: call from the game loop.
 *
 * @param <S> state of the predicted object.
 * @param <I> input.
 */
public final class PredictionClient<S, I>
{
    private final PredictionClientConfig config;
    private final SimulationWorld<S, I> world;
    private final InputCodec<I> inputCodec;
    private final StateCodec<S> stateCodec;
    private final ErrorMetric<S> errorMetric;
    private final TickRing<I> inputs;
    private final TickRing<S> predicted;
    private final InputMessage<I> inputMessage;
    private final StateMessage<S> stateMessage;
    private final S before;
    private final S after;
    private final CorrectionStats corrections = new CorrectionStats();
    private CorrectionListener<S> correctionListener;

    private int currentTick;
    private int lastAckedInputTick;
    private final long[] counters = new long[PredictionClientCounters.values().length];
    private int serverInputSlackTicks;

    /**
     * @param config      buffer sizes and thresholds.
     * @param world       the client's simulation, at the state of {@code config.firstTick()}; must have
     *                    {@code config.bufferCapacity()} save slots.
     * @param stateCodec  the predicted object's state type.
     * @param inputCodec  the input type.
     * @param errorMetric compares predicted and authoritative states.
     */
    public PredictionClient(
        final PredictionClientConfig config,
        final SimulationWorld<S, I> world,
        final StateCodec<S> stateCodec,
        final InputCodec<I> inputCodec,
        final ErrorMetric<S> errorMetric)
    {
        this.config = config;
        this.world = world;
        this.errorMetric = errorMetric;
        this.inputs = new TickRing<>(config.bufferCapacity(), inputCodec::newInput);
        this.predicted = new TickRing<>(config.bufferCapacity(), stateCodec::newState);
        this.inputMessage = new InputMessage<>(inputCodec);
        this.stateMessage = new StateMessage<>(stateCodec);
        this.before = stateCodec.newState();
        this.after = stateCodec.newState();
        this.currentTick = config.firstTick();
        this.lastAckedInputTick = config.firstTick() - 1;
        this.inputCodec = inputCodec;
        this.stateCodec = stateCodec;
    }

    /** Be told about corrections (e.g. to smooth them); null for none. */
    public PredictionClient<S, I> correctionListener(final CorrectionListener<S> listener)
    {
        this.correctionListener = listener;
        return this;
    }

    /**
     * Predict one tick: store {@code input} (copied) as the input of {@link #currentTick()}, save the world,
     * step it, and advance the tick.
     */
    public void tick(final I input)
    {
        final int tick = currentTick;
        inputCodec.copy(input, inputs.at(tick));
        world.saveState(predicted.slotOf(tick));
        world.readState(predicted.at(tick));
        world.step(inputs.at(tick));
        currentTick = tick + 1;
    }

    /**
     * Write the input message for this tick: all inputs after the last one the server acknowledged, at most
     * {@code maxInputsPerMessage}, newest last.
     *
     * @return number of inputs written; 0 when there is nothing to send (the server has acknowledged every
     * input) or the writer ran out of room (its capacity should fit {@code maxInputsPerMessage} inputs).
     */
    public int writeInputMessage(final BitWriter writer)
    {
        final int newestTick = currentTick - 1;
        final int unacked = newestTick - lastAckedInputTick;
        if (unacked <= 0)
        {
            return 0;
        }
        final int count = Math.min(unacked, config.maxInputsPerMessage());
        inputMessage.stage(inputs, newestTick, count);
        inputMessage.serialize(writer);
        writer.flush();
        return writer.isFailed() ? 0 : count;
    }

    /**
     * Read an authoritative state message from untrusted bytes and reconcile with it.
     *
     * @return true if a correction (rewind and replay) happened.
     */
    public boolean onStateMessage(final BitReader reader)
    {
        if (!stateMessage.read(reader))
        {
            counters[PredictionClientCounters.MALFORMED_STATES.id()]++;
            return false;
        }
        final int ackedBefore = lastAckedInputTick;
        final boolean corrected = onServerState(stateMessage.lastProcessedInputTick(), stateMessage.state());
        if (lastAckedInputTick != ackedBefore)
        {
            // Only an accepted state moves the ack; the slack of a stale or unmatched one is not the server's now.
            serverInputSlackTicks = stateMessage.inputSlackTicks();
        }
        return corrected;
    }

    /**
     * Reconcile with an authoritative state: the state at the start of tick {@code lastProcessedInputTick + 1}.
     * States older than one already seen are ignored (they arrived out of order); so are states for ticks not
     * predicted yet or no longer buffered, which leave the client exactly as it was (they are only counted).
     *
     * @return true if a correction (rewind and replay) happened.
     */
    public boolean onServerState(final int lastProcessedInputTick, final S serverState)
    {
        if (lastProcessedInputTick - lastAckedInputTick <= 0)
        {
            counters[PredictionClientCounters.STALE_STATES.id()]++;
            return false;
        }
        final int serverTick = lastProcessedInputTick + 1;
        if (serverTick - currentTick > 0)
        {
            // The server claims inputs we never produced: nothing to compare with; do not ack them either.
            counters[PredictionClientCounters.UNMATCHED_STATES.id()]++;
            return false;
        }
        if (serverTick != currentTick && !predicted.isRecent(serverTick, currentTick - 1))
        {
            // Older than the prediction buffer: nothing to compare with, and refused before anything moves.
            counters[PredictionClientCounters.UNMATCHED_STATES.id()]++;
            return false;
        }
        counters[PredictionClientCounters.STATES_RECEIVED.id()]++;
        lastAckedInputTick = lastProcessedInputTick;

        if (serverTick == currentTick)
        {
            world.readState(before);
            if (!isBeyondThreshold(before, serverState))
            {
                return false;
            }
            world.writeState(serverState);
            world.readState(after);
            record(serverTick, errorMetric.positionErrorM(before, serverState));
            return true;
        }

        final S prediction = predicted.at(serverTick);
        if (!isBeyondThreshold(prediction, serverState))
        {
            return false;
        }
        final double errorM = errorMetric.positionErrorM(prediction, serverState);
        world.readState(before);
        world.restoreState(predicted.slotOf(serverTick));
        world.writeState(serverState);
        for (int tick = serverTick; tick != currentTick; tick++)
        {
            world.saveState(predicted.slotOf(tick));
            world.readState(predicted.at(tick));
            world.step(inputs.at(tick));
        }
        world.readState(after);
        record(serverTick, errorM);
        return true;
    }

    private boolean isBeyondThreshold(final S prediction, final S serverState)
    {
        // Written so NaN errors count as beyond: a NaN state must be corrected, never kept.
        return !(errorMetric.positionErrorM(prediction, serverState) <= config.positionThresholdM() &&
            errorMetric.rotationErrorRad(prediction, serverState) <= config.rotationThresholdRad());
    }

    private void record(final int serverTick, final double errorM)
    {
        corrections.record(errorM);
        if (correctionListener != null)
        {
            correctionListener.onCorrection(serverTick, before, after);
        }
    }

    /** @return the number of the next tick {@link #tick(Object)} will predict. */
    public int currentTick()
    {
        return currentTick;
    }

    /** @return newest input tick the server has said it applied; {@code firstTick - 1} before any. */
    public int lastAckedInputTick()
    {
        return lastAckedInputTick;
    }

    /**
     * @return the predicted state at the start of {@code tick}, for a tick in the last {@code bufferCapacity}
     * ticks before {@link #currentTick()}; read-only view, overwritten later.
     */
    public S predictedState(final int tick)
    {
        if (!predicted.isRecent(tick, currentTick - 1))
        {
            throw new IllegalArgumentException("tick " + tick + " not in the buffer (current " + currentTick + ")");
        }
        return predicted.at(tick);
    }

    /** Copy the present predicted state (start of {@link #currentTick()}) into {@code dst}. */
    public void readPresentState(final S dst)
    {
        world.readState(dst);
    }

    /**
     * @return the input slack the server reported in the newest state message: feed it to a
     * {@link TickRateController} to keep this client ahead of the server by just enough.
     */
    public int serverInputSlackTicks()
    {
        return serverInputSlackTicks;
    }

    /** @return counts and sizes of corrections. */
    public CorrectionStats corrections()
    {
        return corrections;
    }

    /**
     * @param counter one of this client's counters.
     * @return its value.
     */
    public long counter(final PredictionClientCounters counter)
    {
        return counters[counter.id()];
    }

    /**
     * A fingerprint of everything received state messages can change: the acked input tick, the input slack,
     * the count of accepted states, the correction statistics and the buffered predictions a replay rewrites
     * (plus the current tick). It leaves out the counters of refused states (malformed, stale, unmatched), which
     * exist to move on a refusal, and the world, which is the caller's. Two equal digests around a call prove a
     * refused message changed nothing else: for tests and diagnostics. It serializes every buffered prediction
     * and allocates, so keep it off any hot path.
     *
     * @return hash of that state.
     */
    public long stateDigest()
    {
        long h = 17;
        h = h * 31 + currentTick;
        h = h * 31 + lastAckedInputTick;
        h = h * 31 + serverInputSlackTicks;
        h = h * 31 + counters[PredictionClientCounters.STATES_RECEIVED.id()];
        h = h * 31 + corrections.count();
        h = h * 31 + Double.doubleToLongBits(corrections.maxErrorM());
        h = h * 31 + Double.doubleToLongBits(corrections.meanErrorM());
        for (int slot = 0; slot < predicted.capacity(); slot++)
        {
            h = HolderDigest.mix(h, stateCodec::serialize, predicted.at(slot));
        }
        return h;
    }
}
