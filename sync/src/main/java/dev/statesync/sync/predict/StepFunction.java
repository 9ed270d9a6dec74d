package dev.statesync.sync.predict;

/**
 * The pure plug-in style: {@code state(n) + input(n) -> state(n + 1)}, with no hidden state anywhere else.
 *
 * <p>Purity is what makes rewind and replay trivial: the engine stores the states and inputs and can recompute
 * any tick. Wrap one in a {@link StepFunctionWorld} to use it with the engine.
 *
 * @param <S> state holder.
 * @param <I> input holder.
 */
@FunctionalInterface
public interface StepFunction<S, I>
{
    /**
     * Compute the next state. Must be deterministic, must not keep references to its arguments, and must
     * write every field of {@code next}.
     *
     * @param current state at the start of the tick; not modified.
     * @param input   the input for this tick; not modified.
     * @param next    receives the state at the start of the next tick; never the same object as current.
     */
    void step(S current, I input, S next);
}
