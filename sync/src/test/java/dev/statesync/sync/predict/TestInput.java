package dev.statesync.sync.predict;

/** A game-like input: a horizontal direction and a jump button. */
public final class TestInput
{
    public int moveX;
    public boolean jump;

    public TestInput set(final int moveX, final boolean jump)
    {
        this.moveX = moveX;
        this.jump = jump;
        return this;
    }
}
