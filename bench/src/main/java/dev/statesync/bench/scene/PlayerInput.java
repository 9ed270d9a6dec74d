package dev.statesync.bench.scene;

/**
 * The player's input for one tick, as in Fiedler's cube demo: four arrows and "push".
 * Mutable and reused every tick so the scripted drivers allocate nothing.
 */
public final class PlayerInput
{
    public boolean left;
    public boolean right;
    public boolean up;
    public boolean down;
    public boolean push;

    /**
     * Release every key.
     */
    public void clear()
    {
        left = false;
        right = false;
        up = false;
        down = false;
        push = false;
    }
}
