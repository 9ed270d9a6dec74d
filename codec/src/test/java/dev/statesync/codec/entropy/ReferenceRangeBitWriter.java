package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.Bits;

import org.agrona.MutableDirectBuffer;

/**
 * The range coder as of main 33fb8f5 (bit-by-bit direct bits, LZMA's framing: a leading 0 byte and a flush of all
 * 4 bytes of {@code low}), kept verbatim but for the {@link #finalRange()} accessor as the oracle
 * {@code RangeCoderFastPathTest} compares {@link RangeBitWriter} with byte for byte, through
 * {@link LzmaFraming#minimal} for the framing. Its original javadoc follows.
 *
 * <p>A {@link BitStream} that codes every field with an adaptive binary range coder (LZMA's) instead of packing
 * its bits, so frequent values cost fractions of a bit. Same serialize routines, same values; only the
 * bytes differ. Values of up to {@link ContextModel#TREE_BITS} bits go through a binary tree of adaptive
 * contexts keyed by call kind and width; wider values code their top bits that way and the rest directly.
 * {@link #serializeBits} fields (ticks, raw words) are coded directly, without a model, so a reader can
 * decode them before it knows which model the rest of the message uses. Residuals and flags use the
 * contexts the caller names ({@link #serializeResidual}, {@link #serializeFlag}).
 *
 * <p>{@link #wrap} starts from a fresh model; {@link #model()} may be replaced (copied into) at any point
 * both ends agree on, as range-coded snapshots do right after their model reference to continue from an acked
 * packet's statistics. Call {@link #finish()} to flush. Allocation-free.
 */
final class ReferenceRangeBitWriter implements ModeledBitStream
{
    private static final long TOP = 1L << 24;

    private ContextModel model = new ContextModel();
    private MutableDirectBuffer buffer;
    private int offset;
    private int capacity;
    private int position;
    private boolean overflowed;
    private long low;
    private long range;
    private int cache;
    private long cacheSize;
    private int symbols;
    private BitAccount account;

    /**
     * Attach an account charged every coded symbol's cost from the next {@link #wrap} on, or detach with null.
     * Costs nothing but a null test per coded bit when detached; the bytes written are the same either way.
     */
    public ReferenceRangeBitWriter account(final BitAccount account)
    {
        this.account = account;
        return this;
    }

    /** @return the attached account, or null. */
    public BitAccount account()
    {
        return account;
    }

    @Override
    public void accountCategory(final int category)
    {
        if (account != null)
        {
            account.category(category);
        }
    }

    @Override
    public void accountObject(final int object)
    {
        if (account != null)
        {
            account.object(object);
        }
    }

    /** Point at a buffer region and start a new message (fresh model). */
    public ReferenceRangeBitWriter wrap(final MutableDirectBuffer buffer, final int offset, final int capacity)
    {
        wrapWithoutModel(buffer, offset, capacity);
        model.reset();
        return this;
    }

    /**
     * {@link #wrap} without resetting the model, for a caller that sets all of {@link #model()} itself (copies a
     * shared model into it, or resets it) before the first modeled symbol, as a range-coded snapshot does right
     * after its model reference: clearing a model about to be overwritten would cost as much as the copy.
     * {@link #serializeBits} fields before that point are coded without the model.
     */
    public ReferenceRangeBitWriter wrapWithoutModel(final MutableDirectBuffer buffer, final int offset, final int capacity)
    {
        if (offset < 0 || capacity < 0 || (long)offset + capacity > buffer.capacity())
        {
            throw new IllegalArgumentException("region outside buffer");
        }
        this.buffer = buffer;
        this.offset = offset;
        this.capacity = capacity;
        position = 0;
        overflowed = false;
        low = 0;
        range = 0xFFFF_FFFFL;
        cache = 0;
        cacheSize = 1;
        symbols = 0;
        if (account != null)
        {
            account.beginFrame();
        }
        return this;
    }

    /**
     * Added for the framing oracle: the range, which {@link #finish()} leaves as it was, so after it the width of
     * the final interval whose low end the flush wrote out.
     */
    long finalRange()
    {
        return range;
    }

    /** Flush the coder; @return bytes written. */
    public int finish()
    {
        for (int i = 0; i < 5; i++)
        {
            shiftLow();
        }
        return position;
    }

    private void shiftLow()
    {
        if (low < 0xFF00_0000L || low > 0xFFFF_FFFFL)
        {
            final int carry = (int)(low >>> 32);
            int temp = cache;
            do
            {
                putByte(temp + carry);
                temp = 0xFF;
            }
            while (--cacheSize != 0);
            cache = (int)((low >>> 24) & 0xFF);
        }
        cacheSize++;
        low = (low & 0x00FF_FFFFL) << 8;
    }

    private void putByte(final int value)
    {
        if (position < capacity)
        {
            buffer.putByte(offset + position, (byte)value);
        }
        else
        {
            overflowed = true;
        }
        position++;
    }

    /** @return the model coding the message: copy a shared model into it to continue from that state. */
    @Override
    public ContextModel model()
    {
        return model;
    }

    /**
     * Code with {@code replacement} from now on and hand over the model coded with so far: for a caller that keeps
     * a finished message's final model, an exchange of two objects instead of a copy of the whole model. Both
     * ends may exchange, or not, independently: it moves no probability.
     *
     * @param replacement a model this coder alone uses from now on (its content is kept until {@link #wrap}).
     * @return the model coded with until now, no longer used by this coder.
     */
    public ContextModel exchangeModel(final ContextModel replacement)
    {
        final ContextModel previous = model;
        model = replacement;
        return previous;
    }

    void encodeBit(final int index, final int bit)
    {
        final int[] cells = model.cells;
        final int cell = cells[index];
        final int probability = ContextModel.probabilityOf(cell);
        if (account != null)
        {
            account.chargeBit(probability, bit);
        }
        final long bound = (range >>> ContextModel.PROBABILITY_BITS) * probability;
        if (bit == 0)
        {
            range = bound;
        }
        else
        {
            low += bound;
            range -= bound;
        }
        cells[index] = ReferenceRangeBitReader.updated(cell, bit);
        model.touch(index);
        while (range < TOP)
        {
            range <<= 8;
            shiftLow();
        }
    }

    void encodeDirect(final int value, final int bits)
    {
        if (account != null)
        {
            account.chargeDirect(bits);
        }
        for (int i = bits - 1; i >= 0; i--)
        {
            range >>>= 1;
            if (((value >>> i) & 1) != 0)
            {
                low += range;
            }
            while (range < TOP)
            {
                range <<= 8;
                shiftLow();
            }
        }
    }

    private void encodeValue(final int kind, final int width, final long value, final int bits)
    {
        symbols++;
        final int treeBits = Math.min(bits, ContextModel.TREE_BITS);
        final int directBits = bits - treeBits;
        final int high = (int)(value >>> directBits);
        int node = 1;
        for (int i = treeBits - 1; i >= 0; i--)
        {
            final int bit = (high >>> i) & 1;
            encodeBit(ContextModel.index(kind, width, node), bit);
            node = (node << 1) | bit;
        }
        if (directBits > 0)
        {
            encodeDirect((int)(value & Bits.lowMask(directBits)), directBits);
        }
    }

    /** @return bytes the message takes so far (after {@link #finish()}: all of it). */
    public int bytesWritten()
    {
        return position;
    }

    /** @return fields coded since {@link #wrap}. */
    public int symbols()
    {
        return symbols;
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
        return overflowed;
    }

    @Override
    public int bitsProcessed()
    {
        return position * 8;
    }

    @Override
    public int serializeBits(final int value, final int bits)
    {
        if (bits < 1 || bits > 32 || (bits < 32 && (value >>> bits) != 0))
        {
            throw new IllegalArgumentException("value " + value + " does not fit in " + bits + " bits");
        }
        encodeDirect(value, bits);
        return value;
    }

    @Override
    public int serializeInt(final int value, final int min, final int max)
    {
        if (value < min || value > max)
        {
            throw new IllegalArgumentException("value " + value + " outside [" + min + ", " + max + "]");
        }
        final int bits = Bits.bitsRequired(min, max);
        if (bits > 0)
        {
            encodeValue(ContextModel.KIND_INT, bits * 31 + (max - min), ((long)value - min) & 0xFFFF_FFFFL, bits);
        }
        return value;
    }

    @Override
    public boolean serializeBool(final boolean value)
    {
        encodeValue(ContextModel.KIND_BOOL, 1, value ? 1 : 0, 1);
        return value;
    }

    @Override
    public int serializeZigZag(final int value, final int bits)
    {
        final int code = Bits.zigZagEncode(value);
        if (bits < 32 && (code >>> bits) != 0)
        {
            throw new IllegalArgumentException("zig-zag code of " + value + " does not fit in " + bits + " bits");
        }
        encodeValue(ContextModel.KIND_ZIGZAG, bits, code & 0xFFFF_FFFFL, bits);
        return value;
    }

    @Override
    public int serializeResidual(final int value, final int context)
    {
        ContextModel.checkResidualContext(context);
        if (value < -ModeledBitStream.MAX_RESIDUAL || value > ModeledBitStream.MAX_RESIDUAL)
        {
            throw new IllegalArgumentException("residual " + value + " outside +-" + ModeledBitStream.MAX_RESIDUAL);
        }
        symbols++;
        final int magnitude = Math.abs(value);
        final int magnitudeClass = 32 - Integer.numberOfLeadingZeros(magnitude);
        final int unary = Math.min(magnitudeClass, ContextModel.RESIDUAL_UNARY_CLASSES);
        for (int i = 0; i < unary; i++)
        {
            encodeBit(ContextModel.residualIndex(context, i), 1);
        }
        if (magnitudeClass < ContextModel.RESIDUAL_UNARY_CLASSES)
        {
            encodeBit(ContextModel.residualIndex(context, magnitudeClass), 0);
        }
        else
        {
            encodeDirect(magnitudeClass - ContextModel.RESIDUAL_UNARY_CLASSES, ModeledBitStream.ESCAPE_BITS);
        }
        if (magnitudeClass > 0)
        {
            encodeBit(ContextModel.residualIndex(context, ContextModel.RESIDUAL_SIGN_NODE), value < 0 ? 1 : 0);
        }
        if (magnitudeClass > 1)
        {
            final int node = ContextModel.RESIDUAL_MANTISSA_NODE +
                Math.min(magnitudeClass, ContextModel.RESIDUAL_UNARY_CLASSES) - 2;
            encodeBit(ContextModel.residualIndex(context, node), (magnitude >>> (magnitudeClass - 2)) & 1);
            if (magnitudeClass > 2)
            {
                encodeDirect(magnitude & (int)Bits.lowMask(magnitudeClass - 2), magnitudeClass - 2);
            }
        }
        return value;
    }

    @Override
    public boolean serializeFlag(final boolean value, final int context)
    {
        ContextModel.checkFlagContext(context);
        symbols++;
        encodeBit(ContextModel.flagIndex(context), value ? 1 : 0);
        return value;
    }

    @Override
    public int serializeLadder(final int value, final BitLadder ladder)
    {
        final int rung = ladder.rungOf(value);
        final int last = ladder.rungCount() - 1;
        final int id = ladder.maxValue();
        symbols++;
        for (int r = 0; r < rung; r++)
        {
            encodeBit(ContextModel.index(ContextModel.KIND_LADDER_RUNG, id, r + 1), 1);
        }
        if (rung < last)
        {
            encodeBit(ContextModel.index(ContextModel.KIND_LADDER_RUNG, id, rung + 1), 0);
        }
        final int width = ladder.width(rung);
        if (width > 0)
        {
            encodeValue(ContextModel.KIND_LADDER_OFFSET, id * 33 + rung, value - ladder.start(rung), width);
        }
        return value;
    }

    @Override
    public float serializeFloat(final float value)
    {
        encodeDirect(Float.floatToRawIntBits(value), 32);
        return value;
    }

    @Override
    public void serializeAlign()
    {
        // A range coder has no bit position to align.
    }

    @Override
    public void serializeBytes(final byte[] bytes, final int offset, final int length)
    {
        for (int i = 0; i < length; i++)
        {
            encodeDirect(bytes[offset + i] & 0xFF, 8);
        }
    }

    @Override
    public void validate(final boolean valid)
    {
        if (!valid)
        {
            throw new IllegalStateException("encoder wrote a value its own format rejects");
        }
    }
}
