package dev.statesync.sync.predict;

import java.util.function.IntFunction;

/** Scripted player inputs: deterministic functions of the tick, like a replayed recording. */
public final class Scripts
{
    private Scripts()
    {
    }

    /** Walk right, stop, walk left, jump now and then: changes every 20-45 ticks. */
    public static IntFunction<TestInput> walkAndJump()
    {
        final TestInput input = new TestInput();
        return tick ->
        {
            final int phase = (tick / 37) % 4;
            final int moveX = phase == 0 ? 1 : phase == 2 ? -1 : 0;
            return input.set(moveX, tick % 90 > 80);
        };
    }
}
