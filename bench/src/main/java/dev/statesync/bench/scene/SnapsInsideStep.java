package dev.statesync.bench.scene;

/**
 * A scene that sends state from inside its own {@link Scene#step()}: the player scene's server builds its state
 * message right after stepping its world. An authority that quantizes both sides and snaps once {@code step()} has
 * returned would snap after that message left, so the client would reconcile with numbers the server no longer
 * simulates from. Such a scene applies the snap itself, between the physics step and the send. The scenario runner
 * checks for this interface.
 */
public interface SnapsInsideStep
{
    /**
     * From now on, rewrite the authoritative world with {@code authority} right after each of its physics steps,
     * before its state is sent, and a predicting client's world with {@code prediction} right after each of its
     * steps (replays included), so that the prediction goes through the same quantization as the authority and
     * computes the same numbers. Each snap is used for its own world only, so a snap may keep per-object memory.
     *
     * @param authority  the authority's snap.
     * @param prediction the predicting client's snap, of the same kind but a separate instance.
     */
    void snapInsideStep(StateSnap authority, StateSnap prediction);
}
