package dev.statesync.sync.predict;

/**
 * Adapts a pure {@link StepFunction} to a {@link SimulationWorld}: the world is one state, its save slots are
 * preallocated state holders. Lets both plug-in styles share one engine.
 *
 * @param <S> state holder.
 * @param <I> input holder.
 */
public final class StepFunctionWorld<S, I> implements SimulationWorld<S, I>
{
    private final StepFunction<S, I> stepFunction;
    private final StateCodec<S> stateCodec;
    private final Object[] slots;
    private S current;
    private S next;

    /**
     * @param stepFunction the user's pure step.
     * @param stateCodec   makes and copies states.
     * @param slotCount    number of save slots; the engine's buffer capacity.
     * @param initial      initial state, copied.
     */
    public StepFunctionWorld(
        final StepFunction<S, I> stepFunction,
        final StateCodec<S> stateCodec,
        final int slotCount,
        final S initial)
    {
        this.stepFunction = stepFunction;
        this.stateCodec = stateCodec;
        this.slots = new Object[slotCount];
        for (int i = 0; i < slotCount; i++)
        {
            slots[i] = stateCodec.newState();
        }
        current = stateCodec.newState();
        next = stateCodec.newState();
        stateCodec.copy(initial, current);
    }

    /** {@inheritDoc} */
    public void saveState(final int slot)
    {
        stateCodec.copy(current, slot(slot));
    }

    /** {@inheritDoc} */
    public void restoreState(final int slot)
    {
        stateCodec.copy(slot(slot), current);
    }

    /** {@inheritDoc} */
    public void step(final I input)
    {
        stepFunction.step(current, input, next);
        final S previous = current;
        current = next;
        next = previous;
    }

    /** {@inheritDoc} */
    public void readState(final S dst)
    {
        stateCodec.copy(current, dst);
    }

    /** {@inheritDoc} */
    public void writeState(final S src)
    {
        stateCodec.copy(src, current);
    }

    @SuppressWarnings("unchecked")
    private S slot(final int slot)
    {
        return (S)slots[slot];
    }
}
