package dev.statesync.sync.predict;

/**
 * The physics plug-in style: a world (one body or a whole physics engine scene) that can save and restore
 * its full simulation state in numbered slots and advance one fixed tick.
 *
 * <p>The engine saves slot {@code tick & (capacity - 1)} before every tick it predicts, so a correction can
 * restore the world as it was at the server's tick, overwrite the predicted object with the server's state and
 * replay. Everything that influences a step must be saved: with JBox2D that means positions, angles and
 * velocities of every dynamic body, and warm starting must be off ({@code world.setWarmStarting(false)}), or
 * the cached contact impulses make a replay differ from the original run. Implementations should preallocate
 * their slots so saving and restoring allocates nothing.
 *
 * @param <S> the state of the object the client predicts (what the server sends back).
 * @param <I> the input applied each tick.
 */
public interface SimulationWorld<S, I>
{
    /** Save the whole world's state in {@code slot}, 0 to capacity - 1. */
    void saveState(int slot);

    /** Restore the whole world's state saved in {@code slot}. */
    void restoreState(int slot);

    /** Apply {@code input} to the predicted object and advance the world one fixed tick. */
    void step(I input);

    /** Copy the predicted object's current state into {@code dst}. */
    void readState(S dst);

    /** Overwrite the predicted object's current state with {@code src} (an authoritative server state). */
    void writeState(S src);
}
