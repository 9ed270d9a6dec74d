package dev.statesync.bench.player;

/**
 * The player's input for one tick: a horizontal direction and a jump button. Mutable and reused, so the
 * prediction engine's ring buffers are allocated once.
 */
public final class PlayerCommand
{
    /** -1 walk left, 0 stand (brake), +1 walk right. */
    public int moveX;

    /** Jump when standing on something. */
    public boolean jump;

    /**
     * @param moveX -1, 0 or +1.
     * @param jump  jump button held.
     * @return this.
     */
    public PlayerCommand set(final int moveX, final boolean jump)
    {
        this.moveX = moveX;
        this.jump = jump;
        return this;
    }

    @Override
    public String toString()
    {
        return "PlayerCommand{moveX=" + moveX + ", jump=" + jump + '}';
    }
}
