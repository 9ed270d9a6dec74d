package dev.statesync.sync.predict;

/** A game-like input: a horizontal direction and a jump button. */
final class TestInput
{
    int moveX;
    boolean jump;

    TestInput set(final int moveX, final boolean jump)
    {
        this.moveX = moveX;
        this.jump = jump;
        return this;
    }
}
