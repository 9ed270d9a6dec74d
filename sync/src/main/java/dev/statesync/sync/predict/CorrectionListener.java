package dev.statesync.sync.predict;

/**
 * Told about each correction, with the present state just before and just after rewind and replay, so the
 * display can hide the jump (e.g. feed both poses to a {@link CorrectionSmoother}).
 *
 * @param <S> state holder.
 */
@FunctionalInterface
public interface CorrectionListener<S>
{
    /**
     * @param serverTick the tick of the server state that caused the correction.
     * @param before     present state as predicted before the correction; valid only during the call.
     * @param after      present state after rewind and replay; valid only during the call.
     */
    void onCorrection(int serverTick, S before, S after);
}
