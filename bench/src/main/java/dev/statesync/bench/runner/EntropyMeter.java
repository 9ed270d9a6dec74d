package dev.statesync.bench.runner;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitStream;

/**
 * A measuring {@link BitStream} that also records every serialize call as a symbol, to estimate how far
 * an entropy coder of the bitpacked symbol stream could go below the bitpacker.
 *
 * <p>It is not a {@code ModeledBitStream}, so a snapshot replayed into it takes the bitpacked layout
 * (shared residual widths, index gaps): the figure describes that stream, not the range-coded payload. Each
 * call is a symbol in a context: (call kind, its width: bit count, {@code [min, max]} range or ladder).
 * Values are counted per context over the whole run; the floor reported is the zeroth-order empirical
 * entropy {@code sum over contexts of n * H0}, i.e. what an ideal static code per context fitted to this
 * very run would spend. It ignores the cost of sending the model, and it ignores correlation between
 * symbols, which is why the context-modeled snapshot coding (per-component residuals in contexts of motion
 * and of earlier residuals, models carried across packets) can and does go below it. A reference for the
 * bitpacked layout, not a bound on what is sent. Padding is not a symbol.
 */
public final class EntropyMeter implements BitStream
{
    private static final int KIND_BITS = 1;
    private static final int KIND_INT = 2;
    private static final int KIND_BOOL = 3;
    private static final int KIND_ZIGZAG = 4;
    private static final int KIND_LADDER = 5;
    private static final int KIND_FLOAT = 6;
    private static final int KIND_BYTES = 7;
    private static final int MAX_CONTEXTS = 4096;

    private final BitMeasure measure = new BitMeasure();
    private final long[] contextKeys = new long[MAX_CONTEXTS];
    private final LongIntCountMap[] contextValues = new LongIntCountMap[MAX_CONTEXTS];
    private final BitLadder[] ladders = new BitLadder[64];
    private int ladderCount;
    private int contextCount;
    private long symbols;

    private long measuredBits;

    /**
     * Close the packet being measured: its bits join {@link #measuredBits()} and the measure restarts, so
     * long runs cannot overflow it.
     */
    public void endPacket()
    {
        measuredBits += measure.bits();
        measure.reset();
    }

    /** @return bits of the packets closed so far, padding included: the bitpacker's cost of the same symbols. */
    public long measuredBits()
    {
        return measuredBits;
    }

    /** @return symbols recorded. */
    public long symbols()
    {
        return symbols;
    }

    /** @return contexts seen. */
    public int contextCount()
    {
        return contextCount;
    }

    /** @return the zeroth-order entropy floor of every symbol recorded, in bits (see class doc). */
    public double entropyBits()
    {
        double bits = 0;
        for (int c = 0; c < contextCount; c++)
        {
            bits += contextValues[c].totalEntropyBits();
        }
        return bits;
    }

    private void record(final int kind, final long width, final long value)
    {
        symbols++;
        final long key = ((long)kind << 56) ^ width;
        for (int c = 0; c < contextCount; c++)
        {
            if (contextKeys[c] == key)
            {
                contextValues[c].increment(value);
                return;
            }
        }
        if (contextCount == MAX_CONTEXTS)
        {
            throw new IllegalStateException("more than " + MAX_CONTEXTS + " symbol contexts");
        }
        contextKeys[contextCount] = key;
        contextValues[contextCount] = new LongIntCountMap();
        contextValues[contextCount++].increment(value);
    }

    private int ladderId(final BitLadder ladder)
    {
        for (int i = 0; i < ladderCount; i++)
        {
            if (ladders[i] == ladder)
            {
                return i;
            }
        }
        if (ladderCount == ladders.length)
        {
            throw new IllegalStateException("more than " + ladders.length + " ladders");
        }
        ladders[ladderCount] = ladder;
        return ladderCount++;
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
        return measure.isFailed();
    }

    @Override
    public int bitsProcessed()
    {
        return measure.bitsProcessed();
    }

    @Override
    public int serializeBits(final int value, final int bits)
    {
        record(KIND_BITS, bits, value);
        return measure.serializeBits(value, bits);
    }

    @Override
    public int serializeInt(final int value, final int min, final int max)
    {
        record(KIND_INT, ((long)min << 32) ^ (max & 0xFFFFFFFFL), value);
        return measure.serializeInt(value, min, max);
    }

    @Override
    public boolean serializeBool(final boolean value)
    {
        record(KIND_BOOL, 1, value ? 1 : 0);
        return measure.serializeBool(value);
    }

    @Override
    public int serializeZigZag(final int value, final int bits)
    {
        record(KIND_ZIGZAG, bits, value);
        return measure.serializeZigZag(value, bits);
    }

    @Override
    public int serializeLadder(final int value, final BitLadder ladder)
    {
        record(KIND_LADDER, ladderId(ladder), value);
        return measure.serializeLadder(value, ladder);
    }

    @Override
    public float serializeFloat(final float value)
    {
        record(KIND_FLOAT, 32, Float.floatToRawIntBits(value));
        return measure.serializeFloat(value);
    }

    @Override
    public void serializeAlign()
    {
        measure.serializeAlign();
    }

    @Override
    public void validate(final boolean valid)
    {
        measure.validate(valid);
    }

    @Override
    public void serializeBytes(final byte[] bytes, final int offset, final int length)
    {
        for (int i = 0; i < length; i++)
        {
            record(KIND_BYTES, 8, bytes[offset + i] & 0xFF);
        }
        measure.serializeBytes(bytes, offset, length);
    }
}
