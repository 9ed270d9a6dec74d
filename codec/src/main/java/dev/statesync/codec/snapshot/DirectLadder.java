package dev.statesync.codec.snapshot;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitStream;

/**
 * A {@link BitLadder} code made only of {@link BitStream#serializeBits} calls: the rung selector one bit at a time
 * (ones, then a zero unless the last rung), then the offset in the rung's width. Bitpacked it is the same bits as
 * {@code serializeLadder}; range-coded it is direct bits, which need no model. That is the point: the packet header
 * (tick, model reference) is read before the coder's model is known, so it cannot use modelled decisions, but a
 * static prefix code fitted to its values still beats fixed-width fields. Stateless; allocation-free.
 */
final class DirectLadder
{
    private DirectLadder()
    {
    }

    /**
     * @param value 0..{@code ladder.maxValue()} (ignored when reading).
     * @return the value now held; a failed reader returns a value of rung 0 or wherever it failed, for the caller to
     * discard after checking {@link BitStream#isFailed()}.
     */
    static int serialize(final BitStream stream, final int value, final BitLadder ladder)
    {
        final int last = ladder.rungCount() - 1;
        int rung;
        if (stream.isReading())
        {
            rung = 0;
            while (rung < last && stream.serializeBits(0, 1) == 1)
            {
                rung++;
            }
        }
        else
        {
            rung = ladder.rungOf(value);
            for (int i = 0; i < rung; i++)
            {
                stream.serializeBits(1, 1);
            }
            if (rung < last)
            {
                stream.serializeBits(0, 1);
            }
        }
        final int width = ladder.width(rung);
        final long start = ladder.start(rung);
        final int offset = width == 0 ? 0 : stream.serializeBits(stream.isReading() ? 0 : (int)(value - start), width);
        return (int)(start + offset);
    }

    /** @return the bits {@link #serialize} takes for {@code value}. */
    static int bits(final int value, final BitLadder ladder)
    {
        return ladder.bitsFor(value);
    }
}
