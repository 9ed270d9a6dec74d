package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.Bits;

import org.agrona.DirectBuffer;

/**
 * The range decoder as of main 33fb8f5 (bit-by-bit direct bits, branchy binary decisions, LZMA's framing), kept
 * verbatim as the oracle {@code RangeCoderFastPathTest} compares {@link RangeBitReader} with: same values, same
 * failure, same bytes consumed, same final model, on valid and hostile bytes. It reads LZMA's framing, so it is
 * given the bytes {@link RangeBitReader} reads as they would be in it: the leading 0 byte, the region, and
 * {@link RangeBitReader#PADDING_BYTES} zeros. Its original javadoc follows.
 *
 * <p>Decodes what {@link RangeBitWriter} coded, from hostile bytes: it never reads outside its region (bytes
 * past the end read as 0 and fail the reader), bounded values outside their range fail it, and every call
 * does a bounded amount of work. Failure is sticky, as for {@link BitReader}; bounded reads then return
 * their minimum. {@link #wrap} starts from a fresh model; copy the writer's starting model into
 * {@link #model()} at the same point the writer did. Allocation-free.
 */
final class ReferenceRangeBitReader implements ModeledBitStream
{
    private static final long TOP = 1L << 24;

    private ContextModel model = new ContextModel();
    private DirectBuffer buffer;
    private int offset;
    private int length;
    private int position;
    private boolean failed;
    private long range;
    private long code;

    /** Point at one message and start decoding it (fresh model). */
    public ReferenceRangeBitReader wrap(final DirectBuffer buffer, final int offset, final int length)
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
    public ReferenceRangeBitReader wrapWithoutModel(final DirectBuffer buffer, final int offset, final int length)
    {
        if (offset < 0 || length < 0 || (long)offset + length > buffer.capacity())
        {
            throw new IllegalArgumentException("region outside buffer");
        }
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        position = 0;
        failed = false;
        range = 0xFFFF_FFFFL;
        code = 0;
        for (int i = 0; i < 5; i++)
        {
            code = ((code << 8) | nextByte()) & 0xFFFF_FFFFL;
        }
        return this;
    }

    private int nextByte()
    {
        if (position < length)
        {
            return buffer.getByte(offset + position++) & 0xFF;
        }
        failed = true;
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

    int decodeBit(final int index)
    {
        final int[] cells = model.cells;
        final int cell = cells[index];
        final long bound = (range >>> ContextModel.PROBABILITY_BITS) * ContextModel.probabilityOf(cell);
        final int bit;
        if (code < bound)
        {
            range = bound;
            bit = 0;
        }
        else
        {
            code -= bound;
            range -= bound;
            bit = 1;
        }
        cells[index] = updated(cell, bit);
        model.touch(index);
        while (range < TOP)
        {
            range <<= 8;
            code = ((code << 8) | nextByte()) & 0xFFFF_FFFFL;
        }
        return bit;
    }

    int decodeDirect(final int bits)
    {
        int value = 0;
        for (int i = 0; i < bits; i++)
        {
            range >>>= 1;
            int bit = 0;
            if (code >= range)
            {
                code -= range;
                bit = 1;
            }
            value = (value << 1) | bit;
            while (range < TOP)
            {
                range <<= 8;
                code = ((code << 8) | nextByte()) & 0xFFFF_FFFFL;
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
            node = (node << 1) | decodeBit(ContextModel.index(kind, width, node));
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
        int magnitudeClass = 0;
        while (magnitudeClass < ContextModel.RESIDUAL_UNARY_CLASSES &&
            decodeBit(ContextModel.residualIndex(context, magnitudeClass)) != 0)
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
        final boolean negative = decodeBit(ContextModel.residualIndex(context, ContextModel.RESIDUAL_SIGN_NODE)) != 0;
        int magnitude = 1;
        if (magnitudeClass > 1)
        {
            final int node = ContextModel.RESIDUAL_MANTISSA_NODE +
                Math.min(magnitudeClass, ContextModel.RESIDUAL_UNARY_CLASSES) - 2;
            magnitude = (magnitude << 1) | decodeBit(ContextModel.residualIndex(context, node));
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

    @Override
    public int serializeLadder(final int value, final BitLadder ladder)
    {
        final int last = ladder.rungCount() - 1;
        final int id = ladder.maxValue();
        int rung = 0;
        while (rung < last && decodeBit(ContextModel.index(ContextModel.KIND_LADDER_RUNG, id, rung + 1)) != 0)
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

    private static final int MAX_COUNT = 127;
    private static final byte[] SHIFT_BY_COUNT = shiftByCount(5);

    private static byte[] shiftByCount(final int maxShift)
    {
        final byte[] shifts = new byte[MAX_COUNT + 1];
        for (int n = 0; n <= MAX_COUNT; n++)
        {
            final long square = (2L * n + 3) * (2L * n + 3);
            int shift = 0;
            while (shift < maxShift && 2L << (2 * (shift + 1)) <= square)
            {
                shift++;
            }
            shifts[n] = (byte)Math.max(1, shift);
        }
        return shifts;
    }

    /** {@code ContextModel.updated} as of main 33fb8f5. */
    static int updated(final int cell, final int bit)
    {
        final int one = 1 << ContextModel.PROBABILITY_BITS;
        final int p = cell & 0xFFFF;
        final int count = cell >>> 16;
        final int shift = SHIFT_BY_COUNT[count];
        final int moved = bit == 0 ? p + ((one - p) >> shift) : p - (p >> shift);
        return moved | (count < MAX_COUNT ? count + 1 : MAX_COUNT) << 16;
    }
}
