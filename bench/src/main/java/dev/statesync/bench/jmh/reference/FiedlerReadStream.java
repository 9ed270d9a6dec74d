package dev.statesync.bench.jmh.reference;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.Bits;

/**
 * The raw reference reader put behind statesync's {@link BitStream}, so a statesync serialize routine runs
 * unchanged on it. It keeps what makes a decoded value usable (a bounded int outside its range, non-zero padding
 * or a failed {@link #validate(boolean)} set a failed latch, as his {@code ReadStream} refuses them) but none of
 * the length checks: his {@code ReadStream} asks {@code wouldReadPastEnd} before every read, this one does not,
 * so it is the raw bitpacker's speed, the bar the issue sets. Truncated bytes read the slack instead of failing.
 */
public final class FiedlerReadStream implements BitStream
{
    private final FiedlerBitReader reader = new FiedlerBitReader();
    private boolean failed;

    /** Read {@code data[0, bytes)}; the array must extend 8 bytes past {@code bytes}. */
    public FiedlerReadStream reset(final byte[] data, final int bytes)
    {
        reader.reset(data, bytes);
        failed = false;
        return this;
    }

    @Override
    public boolean isWriting()
    {
        return false;
    }

    @Override
    public boolean isReading()
    {
        return true;
    }

    @Override
    public boolean isMeasuring()
    {
        return false;
    }

    @Override
    public boolean isFailed()
    {
        return failed;
    }

    @Override
    public int bitsProcessed()
    {
        return (int)reader.bitsRead();
    }

    @Override
    public int serializeBits(final int value, final int bits)
    {
        return reader.readBits(bits);
    }

    @Override
    public int serializeInt(final int value, final int min, final int max)
    {
        final int bits = Bits.bitsRequired(min, max);
        if (bits == 0)
        {
            return min;
        }
        final int offset = reader.readBits(bits);
        if (Integer.compareUnsigned(offset, max - min) > 0)
        {
            failed = true;
            return min;
        }
        return min + offset;
    }

    @Override
    public boolean serializeBool(final boolean value)
    {
        return reader.readBits(1) != 0;
    }

    @Override
    public int serializeZigZag(final int value, final int bits)
    {
        return Bits.zigZagDecode(reader.readBits(bits));
    }

    @Override
    public int serializeLadder(final int value, final BitLadder ladder)
    {
        final int lastRung = ladder.rungCount() - 1;
        int rung = 0;
        while (rung < lastRung && reader.readBits(1) != 0)
        {
            rung++;
        }
        final int width = ladder.width(rung);
        return (int)(ladder.start(rung) + (width > 0 ? reader.readBits(width) : 0));
    }

    @Override
    public float serializeFloat(final float value)
    {
        return Float.intBitsToFloat(reader.readBits(32));
    }

    @Override
    public void serializeAlign()
    {
        if (!reader.readAlign())
        {
            failed = true;
        }
    }

    @Override
    public void validate(final boolean valid)
    {
        if (!valid)
        {
            failed = true;
        }
    }

    @Override
    public void serializeBytes(final byte[] bytes, final int offset, final int length)
    {
        serializeAlign();
        for (int i = 0; i < length; i++)
        {
            bytes[offset + i] = (byte)reader.readBits(8);
        }
    }
}
