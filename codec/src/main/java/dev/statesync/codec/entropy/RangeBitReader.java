package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.Bits;

import org.agrona.DirectBuffer;

/**
 * Decodes what {@link RangeBitWriter} coded, from hostile bytes: it never reads outside its region, bounded
 * values outside their range fail it, and every call does a bounded amount of work. Failure is sticky, as for
 * {@link BitReader}; bounded reads then return their minimum. {@link #wrap} starts from a fresh model; copy the
 * writer's starting model into {@link #model()} at the same point the writer did. Allocation-free.
 *
 * <p>The region is the message: the writer leaves out the bytes of its end that the reader can take as zeros
 * ({@link RangeBitWriter#finish()}), so the first {@link #PADDING_BYTES} bytes past the end read as 0 without
 * failing, and the next one fails the reader. Decoding the writer's symbols reads exactly 4 bytes more than the
 * writer renormalized, which is 3 or 4 bytes more than it wrote, so a whole message never fails for its padding.
 *
 * <p>What this costs in detection. With LZMA's flush of 4 bytes every read past the end failed, so a message cut
 * short by any number of bytes failed whenever its decoding renormalized as often as the whole message's did
 * (it does when it decodes the same symbols). Now a message cut short by 2 bytes or more still fails then, and
 * so does one cut short by one byte that ended without a byte of {@code low}; but one that ended with one (about
 * 4 in 5) and is cut short by that byte then reads only 4 bytes past the end: it does not fail for that, and as
 * that byte is never 0 it decodes a different last symbol or two, which only the message's own checks may
 * catch. Whatever is cut, a cut message never decodes to exactly the whole message's values without failing.
 * A cut that changes the decoded symbols, and so how often decoding renormalizes, was never certain to fail.
 */
public final class RangeBitReader implements ModeledBitStream
{
    /**
     * Zero bytes past the end of the region a reader reads without failing: the most a message
     * {@link RangeBitWriter#finish()} terminated needs (the 4 bytes of {@code low} LZMA would have flushed, when
     * none of them had to be sent).
     */
    public static final int PADDING_BYTES = 4;

    private static final long TOP = 1L << 24;

    private ContextModel model = new ContextModel();
    private DirectBuffer buffer;
    /** The buffer's backing array when it has one (bytes then come straight from it), else null. */
    private byte[] array;
    /** Where the region starts in {@link #array}. */
    private int arrayOffset;
    private int offset;
    private int length;
    private int position;
    private boolean failed;
    private long range;
    private long code;

    /** Point at one message and start decoding it (fresh model). */
    public RangeBitReader wrap(final DirectBuffer buffer, final int offset, final int length)
    {
        wrapWithoutModel(buffer, offset, length);
        model.reset();
        return this;
    }

    /**
     * {@link #wrap} without resetting the model: see {@link RangeBitWriter#wrapWithoutModel}. The caller sets all
     * of {@link #model()} before the first modeled symbol; until then the model holds whatever it held, which is
     * still a valid model, so even a caller that got this wrong could not read out of bounds.
     */
    public RangeBitReader wrapWithoutModel(final DirectBuffer buffer, final int offset, final int length)
    {
        if (offset < 0 || length < 0 || (long)offset + length > buffer.capacity())
        {
            throw new IllegalArgumentException("region outside buffer");
        }
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        array = buffer.byteArray();
        arrayOffset = buffer.wrapAdjustment() + offset;
        position = 0;
        failed = false;
        range = 0xFFFF_FFFFL;
        code = 0;
        // The writer does not send LZMA's leading byte (always 0, see RangeBitWriter): the code is the first 4.
        for (int i = 0; i < 4; i++)
        {
            code = (code << 8) | nextByte();
        }
        return this;
    }

    /**
     * Decode a message its writer started with {@link RangeBitWriter#startAboveZeroByte()}: right after a wrap. A
     * region whose first byte is 0 (or that is empty) cannot be such a message and fails the reader.
     *
     * @return this reader.
     */
    public RangeBitReader startAboveZeroByte()
    {
        if (code < TOP)
        {
            failed = true;
            code = 0;
        }
        else
        {
            code -= TOP;
        }
        range = 0xFFFF_FFFFL - TOP;
        return this;
    }

    /**
     * @return the next byte of the region; past its end 0, for {@link #PADDING_BYTES} bytes without failing, then
     * failing the reader (and not counted in {@link #bitsProcessed()}).
     */
    private int nextByte()
    {
        final int at = position;
        if (at < length)
        {
            position = at + 1;
            return (array != null ? array[arrayOffset + at] : buffer.getByte(offset + at)) & 0xFF;
        }
        if (at - length < PADDING_BYTES)
        {
            position = at + 1;
        }
        else
        {
            failed = true;
        }
        return 0;
    }

    /** @return the model decoding the message. */
    @Override
    public ContextModel model()
    {
        return model;
    }

    /**
     * Decode with {@code replacement} from now on and hand over the model decoded with so far (see
     * {@link RangeBitWriter#exchangeModel}).
     *
     * @param replacement a model this reader alone uses from now on (its content is kept until {@link #wrap}).
     * @return the model decoded with until now, no longer used by this reader.
     */
    public ContextModel exchangeModel(final ContextModel replacement)
    {
        final ContextModel previous = model;
        model = replacement;
        return previous;
    }

    /** {@link #decodeBit} in a generic (hashed) context, marked as written for {@link ContextModel#copyFrom}. */
    private int decodeGenericBit(final int index)
    {
        model.touchGeneric(index);
        return decodeBit(index);
    }

    int decodeBit(final int index)
    {
        final int[] cells = model.cells;
        final int cell = cells[index];
        final long bound = (range >>> ContextModel.PROBABILITY_BITS) * ContextModel.probabilityOf(cell);
        // Without a branch: both are below 2^32, so the difference's sign is the comparison (all ones: a zero).
        final long zero = (code - bound) >> 63;
        final int bit = (int)zero + 1;
        code -= bound & ~zero;
        range = (bound & zero) | ((range - bound) & ~zero);
        cells[index] = ContextModel.updated(cell, bit);
        if (range < TOP)
        {
            renormalize();
        }
        return bit;
    }

    /** Out of line: a binary decision renormalizes about once per eight bits of information it decodes. */
    private void renormalize()
    {
        do
        {
            range <<= 8;
            code = ((code << 8) | nextByte()) & 0xFFFF_FFFFL;
        }
        while (range < TOP);
    }

    /**
     * Decode {@code bits} bits coded at probability one half, most significant first: per bit the range halves
     * and a code at or above it is a one. Renormalized only between chunks of as many halvings as keep the range
     * at or above {@link #TOP}, exactly where the bit-by-bit loop renormalizes, and each bit without a branch, so
     * every value, and every byte consumed, is what the bit-by-bit loop gives, on hostile bytes too.
     */
    int decodeDirect(final int bits)
    {
        int value = 0;
        int remaining = bits;
        while (remaining > 0)
        {
            // floor(log2(range)) - 23 halvings keep range >= TOP for all but the last: range is in [2^24, 2^32).
            int chunk = Math.min(remaining, 40 - Long.numberOfLeadingZeros(range));
            remaining -= chunk;
            long halved = range;
            long rest = code;
            do
            {
                halved >>>= 1;
                final long zero = (rest - halved) >> 63;
                rest -= halved & ~zero;
                value = (value << 1) | ((int)zero + 1);
            }
            while (--chunk > 0);
            range = halved;
            code = rest;
            if (halved < TOP)
            {
                renormalize();
            }
        }
        return value;
    }

    private long decodeValue(final int kind, final int width, final int bits)
    {
        final int treeBits = Math.min(bits, ContextModel.TREE_BITS);
        final int directBits = bits - treeBits;
        int node = 1;
        for (int i = 0; i < treeBits; i++)
        {
            node = (node << 1) | decodeGenericBit(ContextModel.index(kind, width, node));
        }
        final long high = node - (1L << treeBits);
        final long low = directBits > 0 ? decodeDirect(directBits) & 0xFFFF_FFFFL : 0;
        return (high << directBits) | low;
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
        return position * 8;
    }

    @Override
    public int serializeBits(final int value, final int bits)
    {
        if (bits < 1 || bits > 32)
        {
            throw new IllegalArgumentException("bits must be 1..32, got " + bits);
        }
        final int decoded = decodeDirect(bits);
        return failed ? 0 : decoded;
    }

    @Override
    public int serializeInt(final int value, final int min, final int max)
    {
        final int bits = Bits.bitsRequired(min, max);
        if (bits == 0)
        {
            return min;
        }
        final long decoded = (long)min + decodeValue(ContextModel.KIND_INT, bits * 31 + (max - min), bits);
        if (decoded > max)
        {
            failed = true;
        }
        return failed ? min : (int)decoded;
    }

    @Override
    public boolean serializeBool(final boolean value)
    {
        final boolean decoded = decodeValue(ContextModel.KIND_BOOL, 1, 1) != 0;
        return !failed && decoded;
    }

    @Override
    public int serializeZigZag(final int value, final int bits)
    {
        final int decoded = Bits.zigZagDecode((int)decodeValue(ContextModel.KIND_ZIGZAG, bits, bits));
        return failed ? 0 : decoded;
    }

    @Override
    public int serializeResidual(final int value, final int context)
    {
        ContextModel.checkResidualContext(context);
        final int base = ContextModel.residualIndex(context, 0);
        model.touchResidual(context);
        int magnitudeClass = 0;
        while (magnitudeClass < ContextModel.RESIDUAL_UNARY_CLASSES && decodeBit(base + magnitudeClass) != 0)
        {
            magnitudeClass++;
        }
        if (magnitudeClass == ContextModel.RESIDUAL_UNARY_CLASSES)
        {
            magnitudeClass += decodeDirect(ModeledBitStream.ESCAPE_BITS);
        }
        if (magnitudeClass > ModeledBitStream.MAX_RESIDUAL_CLASS)
        {
            failed = true;
        }
        if (magnitudeClass == 0 || failed)
        {
            return 0;
        }
        final boolean negative = decodeBit(base + ContextModel.RESIDUAL_SIGN_NODE) != 0;
        int magnitude = 1;
        if (magnitudeClass > 1)
        {
            final int node = ContextModel.RESIDUAL_MANTISSA_NODE +
                Math.min(magnitudeClass, ContextModel.RESIDUAL_UNARY_CLASSES) - 2;
            magnitude = (magnitude << 1) | decodeBit(base + node);
            if (magnitudeClass > 2)
            {
                magnitude = (magnitude << (magnitudeClass - 2)) | decodeDirect(magnitudeClass - 2);
            }
        }
        if (magnitude > ModeledBitStream.MAX_RESIDUAL)
        {
            failed = true;
        }
        return failed ? 0 : negative ? -magnitude : magnitude;
    }

    @Override
    public boolean serializeFlag(final boolean value, final int context)
    {
        ContextModel.checkFlagContext(context);
        final boolean decoded = decodeBit(ContextModel.flagIndex(context)) != 0;
        return !failed && decoded;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Each flag as {@link #decodeBit} decodes it, with the context's cell, the range and the code in locals.
     */
    @Override
    public int serializeFlagRun(final int zeros, final int limit, final int context)
    {
        ContextModel.checkFlagContext(context);
        final int index = ContextModel.flagIndex(context);
        final int[] cells = model.cells;
        int cell = cells[index];
        long narrowed = range;
        long rest = code;
        int k = 0;
        while (k < limit)
        {
            final long bound = (narrowed >>> ContextModel.PROBABILITY_BITS) * ContextModel.probabilityOf(cell);
            final long zero = (rest - bound) >> 63;
            final int bit = (int)zero + 1;
            rest -= bound & ~zero;
            narrowed = (bound & zero) | ((narrowed - bound) & ~zero);
            cell = ContextModel.updated(cell, bit);
            if (narrowed < TOP)
            {
                range = narrowed;
                code = rest;
                renormalize();
                narrowed = range;
                rest = code;
                if (failed)
                {
                    k++;
                    break;
                }
            }
            if (bit != 0)
            {
                break;
            }
            k++;
        }
        range = narrowed;
        code = rest;
        cells[index] = cell;
        return k;
    }

    @Override
    public int serializeLadder(final int value, final BitLadder ladder)
    {
        final int last = ladder.rungCount() - 1;
        final int id = ladder.maxValue();
        int rung = 0;
        while (rung < last && decodeGenericBit(ContextModel.index(ContextModel.KIND_LADDER_RUNG, id, rung + 1)) != 0)
        {
            rung++;
        }
        final int width = ladder.width(rung);
        final long offsetInRung = width > 0 ? decodeValue(ContextModel.KIND_LADDER_OFFSET, id * 33 + rung, width) : 0;
        return failed ? 0 : (int)(ladder.start(rung) + offsetInRung);
    }

    @Override
    public float serializeFloat(final float value)
    {
        return Float.intBitsToFloat(decodeDirect(32));
    }

    @Override
    public void serializeAlign()
    {
        // Nothing to align in a range-coded message.
    }

    @Override
    public void serializeBytes(final byte[] bytes, final int offset, final int length)
    {
        for (int i = 0; i < length; i++)
        {
            bytes[offset + i] = (byte)decodeDirect(8);
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
}
