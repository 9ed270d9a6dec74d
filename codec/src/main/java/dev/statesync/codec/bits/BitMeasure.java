package dev.statesync.codec.bits;

/**
 * Counts the exact number of bits a structure's serialize routine would write, without writing: the stream
 * the priority accumulator uses to size objects against a packet budget.
 *
 * <p>Unlike serialize.h's measure stream, which must assume worst-case alignment, this one tracks the bit
 * position, so alignment is counted exactly and {@code measure == written} holds bit for bit. It checks its
 * arguments as the writer does, so a routine that would throw when writing throws when measured.
 */
public final class BitMeasure implements BitStream
{
    private int bits;

    /** Start counting from zero. */
    public BitMeasure reset()
    {
        bits = 0;
        return this;
    }

    /** @return bits counted so far. */
    public int bits()
    {
        return bits;
    }

    /** @return bytes the counted bits occupy. */
    public int bytes()
    {
        return (bits + 7) >>> 3;
    }

    @Override
    public boolean isWriting()
    {
        return false;
    }

    @Override
    public boolean isReading()
    {
        return false;
    }

    @Override
    public boolean isMeasuring()
    {
        return true;
    }

    @Override
    public boolean isFailed()
    {
        return false;
    }

    @Override
    public int bitsProcessed()
    {
        return bits;
    }

    @Override
    public int serializeBits(final int value, final int bits)
    {
        if (bits < 1 || bits > 32)
        {
            throw new IllegalArgumentException("bits must be 1..32, got " + bits);
        }
        if (bits < 32 && (value >>> bits) != 0)
        {
            throw new IllegalArgumentException("value " + Integer.toUnsignedString(value) + " does not fit in " +
                bits + " bits");
        }
        this.bits += bits;
        return value;
    }

    @Override
    public int serializeInt(final int value, final int min, final int max)
    {
        if (value < min || value > max)
        {
            throw new IllegalArgumentException("value " + value + " outside [" + min + ", " + max + "]");
        }
        bits += Bits.bitsRequired(min, max);
        return value;
    }

    @Override
    public boolean serializeBool(final boolean value)
    {
        bits++;
        return value;
    }

    @Override
    public int serializeZigZag(final int value, final int bits)
    {
        serializeBits(Bits.zigZagEncode(value), bits);
        return value;
    }

    @Override
    public int serializeLadder(final int value, final BitLadder ladder)
    {
        bits += ladder.bitsFor(value);
        return value;
    }

    @Override
    public float serializeFloat(final float value)
    {
        bits += 32;
        return value;
    }

    @Override
    public void serializeAlign()
    {
        bits += (8 - (bits & 7)) & 7;
    }

    @Override
    public void serializeBytes(final byte[] bytes, final int offset, final int length)
    {
        if (length < 0 || offset < 0 || offset + length > bytes.length)
        {
            throw new IllegalArgumentException("bytes [" + offset + ", " + (offset + length) + ") outside array of " +
                bytes.length);
        }
        serializeAlign();
        bits += length * 8;
    }

    @Override
    public void validate(final boolean valid)
    {
        if (!valid)
        {
            throw new IllegalStateException("encoder measured a value its own format rejects");
        }
    }
}
