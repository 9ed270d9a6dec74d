package dev.statesync.sync.predict;

import dev.statesync.codec.bits.BitStream;

final class TestInputCodec implements InputCodec<TestInput>
{
    /** Bits of one input in full. */
    static final int FULL_BITS = 3;

    public TestInput newInput()
    {
        return new TestInput();
    }

    public void copy(final TestInput src, final TestInput dst)
    {
        dst.moveX = src.moveX;
        dst.jump = src.jump;
    }

    public boolean isSame(final TestInput a, final TestInput b)
    {
        return a.moveX == b.moveX && a.jump == b.jump;
    }

    public void setNeutral(final TestInput input)
    {
        input.moveX = 0;
        input.jump = false;
    }

    public void serialize(final BitStream stream, final TestInput input)
    {
        input.moveX = stream.serializeInt(input.moveX, -1, 1);
        input.jump = stream.serializeBool(input.jump);
    }
}
