package dev.statesync.sync.predict;

import dev.statesync.codec.bits.BitStream;

/** {@link TestInput} on the wire: the direction in 2 bits and the jump button in 1. */
public final class TestInputCodec implements InputCodec<TestInput>
{
    /** Bits of one input in full. */
    public static final int FULL_BITS = 3;

    @Override
    public TestInput newInput()
    {
        return new TestInput();
    }

    @Override
    public void copy(final TestInput src, final TestInput dst)
    {
        dst.moveX = src.moveX;
        dst.jump = src.jump;
    }

    @Override
    public boolean isSame(final TestInput a, final TestInput b)
    {
        return a.moveX == b.moveX && a.jump == b.jump;
    }

    @Override
    public void setNeutral(final TestInput input)
    {
        input.moveX = 0;
        input.jump = false;
    }

    @Override
    public void serialize(final BitStream stream, final TestInput input)
    {
        input.moveX = stream.serializeInt(input.moveX, -1, 1);
        input.jump = stream.serializeBool(input.jump);
    }
}
