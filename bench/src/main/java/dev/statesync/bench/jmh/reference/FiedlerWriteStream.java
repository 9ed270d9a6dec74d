package dev.statesync.bench.jmh.reference;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.Bits;

/**
 * serialize.java's {@code WriteStream} put behind statesync's {@link BitStream}, so a statesync serialize routine
 * (the Fiedler 2015 snapshot codec) runs unchanged on the reference bitpacker. Like his, it trusts the writer:
 * value ranges and capacity are {@code assert}s only, so it never fails and never throws without {@code -ea}.
 * Ladders, zig-zag and validation are statesync's field codings (his stream has no such calls), coded here
 * exactly as statesync's writer codes them so the bytes match.
 */
public final class FiedlerWriteStream implements BitStream
{
    private final FiedlerBitWriter writer = new FiedlerBitWriter();

    /** Write into {@code data[0, bytes)}; {@code bytes} a multiple of 8. */
    public FiedlerWriteStream reset(final byte[] data, final int bytes)
    {
        writer.reset(data, bytes);
        return this;
    }

    /** Store the partial last word. @return bytes written. */
    public int flush()
    {
        writer.flush();
        return writer.bytesWritten();
    }

    @Override
    public boolean isWriting()
    {
        return true;
    }

    @Override
    public boolean isReading()
    {
        return false;
    }

    @Override
    public boolean isMeasuring()
    {
        return false;
    }

    @Override
    public boolean isFailed()
    {
        return false;
    }

    @Override
    public int bitsProcessed()
    {
        return (int)writer.bitsWritten();
    }

    @Override
    public int serializeBits(final int value, final int bits)
    {
        writer.writeBits(value, bits);
        return value;
    }

    @Override
    public int serializeInt(final int value, final int min, final int max)
    {
        assert value >= min && value <= max;
        final int bits = Bits.bitsRequired(min, max);
        if (bits != 0)
        {
            writer.writeBits(value - min, bits);
        }
        return value;
    }

    @Override
    public boolean serializeBool(final boolean value)
    {
        writer.writeBits(value ? 1 : 0, 1);
        return value;
    }

    @Override
    public int serializeZigZag(final int value, final int bits)
    {
        writer.writeBits(Bits.zigZagEncode(value), bits);
        return value;
    }

    @Override
    public int serializeLadder(final int value, final BitLadder ladder)
    {
        final int rung = ladder.rungOf(value);
        if (rung < ladder.rungCount() - 1)
        {
            writer.writeBits((int)Bits.lowMask(rung), rung + 1);
        }
        else if (rung > 0)
        {
            writer.writeBits((int)Bits.lowMask(rung), rung);
        }
        final int width = ladder.width(rung);
        if (width > 0)
        {
            writer.writeBits((int)(value - ladder.start(rung)), width);
        }
        return value;
    }

    @Override
    public float serializeFloat(final float value)
    {
        writer.writeBits(Float.floatToRawIntBits(value), 32);
        return value;
    }

    @Override
    public void serializeAlign()
    {
        writer.writeAlign();
    }

    @Override
    public void validate(final boolean valid)
    {
        assert valid;
    }

    @Override
    public void serializeBytes(final byte[] bytes, final int offset, final int length)
    {
        writer.writeBytes(bytes, offset, length);
    }
}
