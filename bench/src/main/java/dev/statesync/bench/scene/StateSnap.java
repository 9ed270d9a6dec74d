package dev.statesync.bench.scene;

/**
 * Rewrites the state of every object of a scene in place, just after a physics step; the scene then writes the
 * result back into its engine. Quantize-both-sides is what it is for: quantize, then dequantize, so that the engine
 * goes on from exactly the numbers that are sent.
 */
@FunctionalInterface
public interface StateSnap
{
    /**
     * @param states every object of the scene as just read from its engine; rewritten in place.
     */
    void snap(ObjectStates states);
}
