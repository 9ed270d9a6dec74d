package dev.statesync.bench.player;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.sync.predict.InputCodec;

/**
 * {@link PlayerCommand} on the wire in 3 bits (direction as a bounded int, jump as a bit); a repeated command
 * costs one bit in an input message.
 */
public final class PlayerCommandCodec implements InputCodec<PlayerCommand>
{
    /** {@inheritDoc} */
    public PlayerCommand newInput()
    {
        return new PlayerCommand();
    }

    /** {@inheritDoc} */
    public void copy(final PlayerCommand src, final PlayerCommand dst)
    {
        dst.moveX = src.moveX;
        dst.jump = src.jump;
    }

    /** {@inheritDoc} */
    public boolean isSame(final PlayerCommand a, final PlayerCommand b)
    {
        return a.moveX == b.moveX && a.jump == b.jump;
    }

    /** {@inheritDoc} */
    public void setNeutral(final PlayerCommand input)
    {
        input.moveX = 0;
        input.jump = false;
    }

    /** {@inheritDoc} */
    public void serialize(final BitStream stream, final PlayerCommand input)
    {
        input.moveX = stream.serializeInt(input.moveX, -1, 1);
        input.jump = stream.serializeBool(input.jump);
    }
}
