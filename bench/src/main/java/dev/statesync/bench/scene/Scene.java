package dev.statesync.bench.scene;

/**
 * A deterministic, fixed-step physics scene that the scenario runner records and replays.
 * <p>
 * Objects are addressed by a dense index {@code 0 .. objectCount() - 1}; object 0 is always the player.
 * State crosses this interface only through the primitive arrays of {@link ObjectStates}, so that the hot
 * path allocates no object per body.
 * <p>
 * Determinism contract: two instances built with the same constructor arguments and stepped the same
 * number of times, with the same {@link #applyState} calls in between, hold bit-identical state. Scenes
 * are single-threaded; do not step one scene from two threads.
 * <p>
 * "Quantize both sides": the authority reads its state, quantizes it, and writes the quantized values back
 * with {@link #applyStates(ObjectStates)} every tick, so that authority and replica extrapolate from the
 * same numbers. {@link #applyState(int, ObjectStates)} therefore writes position, rotation and velocities
 * exactly as given (each implementation documents what its engine does to the written values and which
 * engine state is hidden, i.e. not covered by {@link ObjectStates}).
 */
public interface Scene
{
    /**
     * Simulation rate of every scene, in ticks per second (Fiedler's demos run at 60 Hz).
     */
    int TICK_RATE_HZ = 60;

    /**
     * Length of one tick in seconds, as the float both engines are given.
     */
    float TICK_DT_S = 1.0f / TICK_RATE_HZ;

    /**
     * @return short stable name used in reports, e.g. {@code "cubes"}.
     */
    String name();

    /**
     * @return number of synchronized objects, player included (object 0).
     */
    int objectCount();

    /**
     * @return true for a 3D scene (quaternion rotation), false for a 2D scene (angle about z).
     */
    boolean is3d();

    /**
     * @return ticks per second; always {@link #TICK_RATE_HZ}.
     */
    default int tickRateHz()
    {
        return TICK_RATE_HZ;
    }

    /**
     * @return number of {@link #step()} calls made so far; drives the scripted player input.
     */
    long tick();

    /**
     * Advance the simulation by one fixed tick of {@link #TICK_DT_S} seconds, applying the scripted player
     * input for the current tick first.
     */
    void step();

    /**
     * @return true if this scene reports contacts ({@link #inContact}); false if it cannot tell (then reports
     *         class objects by motion only).
     */
    default boolean reportsContacts()
    {
        return false;
    }

    /**
     * @param index an object.
     * @return true if the last {@link #step()}'s collision pass found {@code index} touching the ground or
     *         another object; false when {@link #reportsContacts()} is false.
     */
    default boolean inContact(final int index)
    {
        return false;
    }

    /**
     * Fill {@code out} with the state of every object and set its count to {@link #objectCount()}.
     *
     * @param out preallocated states with capacity of at least {@link #objectCount()}.
     */
    void readState(ObjectStates out);

    /**
     * Write one object's state exactly: position, rotation, linear and angular velocity, and the at-rest
     * (sleep / disabled) flag, all taken from slot {@code index} of {@code in}.
     *
     * @param index object index, {@code 0 .. objectCount() - 1}.
     * @param in    states to copy from.
     */
    void applyState(int index, ObjectStates in);

    /**
     * Write the state of every object from {@code in}, see {@link #applyState(int, ObjectStates)}.
     *
     * @param in states holding {@link #objectCount()} objects.
     */
    default void applyStates(final ObjectStates in)
    {
        if (in.count() != objectCount())
        {
            throw new IllegalArgumentException("count " + in.count() + " != objectCount " + objectCount());
        }
        for (int i = 0; i < in.count(); i++)
        {
            applyState(i, in);
        }
    }
}
