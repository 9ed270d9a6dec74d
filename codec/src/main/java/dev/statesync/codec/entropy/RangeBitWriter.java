package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitLadder;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.Bits;

import org.agrona.MutableDirectBuffer;

/**
 * A {@link BitStream} that codes every field with an adaptive binary range coder (LZMA's) instead of packing
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
 *
 * <p>Framing: the message is its bytes and nothing else; the reader reads zeros past its end (up to
 * {@link RangeBitReader#PADDING_BYTES}), so the message must run to the end of the region it is read from. The
 * coded value is the bytes sent, followed by zeros, read as a fraction. Each symbol narrows the interval
 * {@code [low, low + range)} to a part of itself (a zero keeps {@code low} and shrinks {@code range}, a one adds
 * to {@code low} what it takes from {@code range}) and renormalizing scales both by 256, so at the scale of the
 * first 32 bits every interval lies inside the first, {@code [0, 2^32 - 1)}: the value is below 2^32. LZMA's
 * coder starts with a pending byte above those 32 bits (cache 0, cache size 1) and writes it first; it is the
 * value's integer part, 0 in every message, and no carry can reach it (a carry would make the value at least
 * 2^32). So it is not written, and the reader starts from 4 bytes instead of 5. {@link #finish()} sends only the
 * bytes the value needs: 0 or 1 byte of {@code low} instead of LZMA's 4.
 */
public final class RangeBitWriter implements ModeledBitStream
{
    private static final long TOP = 1L << 24;

    private ContextModel model = new ContextModel();
    private MutableDirectBuffer buffer;
    /** The buffer's backing array when it has one (bytes then go straight into it), else null. */
    private byte[] array;
    /** Where the region starts in {@link #array}. */
    private int arrayOffset;
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
    public RangeBitWriter account(final BitAccount account)
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
    public RangeBitWriter wrap(final MutableDirectBuffer buffer, final int offset, final int capacity)
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
    public RangeBitWriter wrapWithoutModel(final MutableDirectBuffer buffer, final int offset, final int capacity)
    {
        if (offset < 0 || capacity < 0 || (long)offset + capacity > buffer.capacity())
        {
            throw new IllegalArgumentException("region outside buffer");
        }
        this.buffer = buffer;
        this.offset = offset;
        this.capacity = capacity;
        array = buffer.byteArray();
        arrayOffset = buffer.wrapAdjustment() + offset;
        position = 0;
        overflowed = false;
        low = 0;
        range = 0xFFFF_FFFFL;
        // Nothing pending. LZMA starts with a pending 0 byte (cache 0, cacheSize 1) above the 32 bits of low, a
        // byte no carry can reach (see the class comment), so it is always 0 and is not sent. Without it, a first
        // byte of 0xFF is pending as the cache itself: hence 0xFF, and the flush loop may run zero times.
        cache = 0xFF;
        cacheSize = 0;
        symbols = 0;
        if (account != null)
        {
            account.beginFrame();
        }
        return this;
    }

    /**
     * Start the message above the value {@code 2^24} (at the scale of its first 32 bits), so that its first byte is
     * never 0 and it is never empty: a framing that sends some other payload behind a leading 0 byte then tells the
     * two apart without a byte of its own (a range-coded snapshot, {@code FrameWriter}). Call right after a wrap,
     * before the first symbol. Every symbol narrows {@code [low, low + range)} to a part of itself, so the value
     * the message's bytes form (followed by zeros) stays in the starting interval {@code [2^24, 2^32 - 1)}: its top
     * byte is 1..255, and a value of at least {@code 2^24} needs at least one byte. It costs
     * {@code log2((2^32 - 1) / (2^32 - 1 - 2^24))}, 0.0056 bits, once per message: the range the excluded byte
     * would have taken.
     *
     * @return this coder.
     */
    public RangeBitWriter startAboveZeroByte()
    {
        if (low != 0 || range != 0xFFFF_FFFFL || position != 0 || cacheSize != 0)
        {
            throw new IllegalStateException("startAboveZeroByte must come before the first symbol");
        }
        low = TOP;
        range = 0xFFFF_FFFFL - TOP;
        return this;
    }

    /**
     * Terminate the message with as few bytes as decode it: the bytes sent, followed by zeros (what the reader
     * reads past the end), must form a value in {@code [low, low + range)}. A value whose 32 bits below the
     * pending bytes are all zero ({@code low} rounded up to a multiple of 2^32, a carry into the pending bytes
     * included) needs no byte of {@code low} at all when it is below {@code low + range} (about one message in
     * five); otherwise {@code low} rounded up to a multiple of 2^24 always is, as {@code range >= 2^24}, and
     * needs one byte, never 0 (else the first choice would have been in range). The reader then reads 3 or 4
     * zero bytes past the end, never more ({@link RangeBitReader#PADDING_BYTES}): as many bytes in all as LZMA's
     * flush of all 4 bytes of {@code low} sends. Pending bytes that end up 0 (a carry through 0xFF bytes) are
     * still sent, so that bound holds.
     *
     * @return bytes written: 4 or 5 fewer than LZMA's flush of the same symbols writes.
     */
    public int finish()
    {
        final long word = (low + 0xFFFF_FFFFL) & ~0xFFFF_FFFFL;
        if (word - low < range)
        {
            low = word;
            shiftLow();
        }
        else
        {
            low = (low + 0xFF_FFFFL) & ~0xFF_FFFFL;
            shiftLow();
            shiftLow();
        }
        return position;
    }

    /**
     * Move the top byte of {@code low}'s 32 bits out: it joins the pending bytes (the cache and a run of 0xFF a
     * carry may still increment) if it is 0xFF and no carry is set; otherwise the pending bytes are final (plus
     * the carry) and are written, and it becomes the cache.
     */
    private void shiftLow()
    {
        if (low < 0xFF00_0000L || low > 0xFFFF_FFFFL)
        {
            final int carry = (int)(low >>> 32);
            int temp = cache;
            while (cacheSize != 0)
            {
                putByte(temp + carry);
                temp = 0xFF;
                cacheSize--;
            }
            cache = (int)((low >>> 24) & 0xFF);
        }
        cacheSize++;
        low = (low & 0x00FF_FFFFL) << 8;
    }

    private void putByte(final int value)
    {
        if (position < capacity)
        {
            if (array != null)
            {
                array[arrayOffset + position] = (byte)value;
            }
            else
            {
                buffer.putByte(offset + position, (byte)value);
            }
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
        // Without a branch (a sign or mantissa bit is close to a coin toss, a branch on it mispredicts about half
        // the time): a zero keeps the lower part, [low, low + bound); a one the upper, [low + bound, low + range).
        final long one = -(long)bit;
        low += bound & one;
        range = (bound & ~one) | ((range - bound) & one);
        cells[index] = ContextModel.updated(cell, bit);
        if (range < TOP)
        {
            renormalize();
        }
    }

    /** {@link #encodeBit} in a generic (hashed) context, marked as written for {@link ContextModel#copyFrom}. */
    private void encodeGenericBit(final int index, final int bit)
    {
        model.touchGeneric(index);
        encodeBit(index, bit);
    }

    /** Out of line: a binary decision renormalizes about once per eight bits of information it codes. */
    private void renormalize()
    {
        do
        {
            range <<= 8;
            shiftLow();
        }
        while (range < TOP);
    }

    /**
     * Code the low {@code bits} of {@code value} at probability one half each, most significant first. Each bit
     * halves the range and adds the upper half to {@code low} for a one; the range is renormalized only between
     * chunks of as many halvings as keep it at or above {@link #TOP} (up to 8), which is exactly where the
     * bit-by-bit loop renormalizes, so the bytes are the same; the chunk's additions are summed without a branch.
     */
    void encodeDirect(final int value, final int bits)
    {
        if (account != null)
        {
            account.chargeDirect(bits);
        }
        int remaining = bits;
        while (remaining > 0)
        {
            // floor(log2(range)) - 23 halvings keep range >= TOP for all but the last: range is in [2^24, 2^32).
            int chunk = Math.min(remaining, 40 - Long.numberOfLeadingZeros(range));
            long halved = range;
            long added = 0;
            do
            {
                halved >>>= 1;
                remaining--;
                added += halved & -((value >>> remaining) & 1);
            }
            while (--chunk > 0);
            low += added;
            range = halved;
            if (halved < TOP)
            {
                renormalize();
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
            encodeGenericBit(ContextModel.index(kind, width, node), bit);
            node = (node << 1) | bit;
        }
        if (directBits > 0)
        {
            encodeDirect((int)(value & Bits.lowMask(directBits)), directBits);
        }
    }

    /** @return bytes written so far (bytes still pending a carry not included; after {@link #finish()}: all). */
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
        final int base = ContextModel.residualIndex(context, 0);
        model.touchResidual(context);
        final int unary = Math.min(magnitudeClass, ContextModel.RESIDUAL_UNARY_CLASSES);
        for (int i = 0; i < unary; i++)
        {
            encodeBit(base + i, 1);
        }
        if (magnitudeClass < ContextModel.RESIDUAL_UNARY_CLASSES)
        {
            encodeBit(base + magnitudeClass, 0);
        }
        else
        {
            encodeDirect(magnitudeClass - ContextModel.RESIDUAL_UNARY_CLASSES, ModeledBitStream.ESCAPE_BITS);
        }
        if (magnitudeClass > 0)
        {
            encodeBit(base + ContextModel.RESIDUAL_SIGN_NODE, value >>> 31);
            if (magnitudeClass > 1)
            {
                final int node = ContextModel.RESIDUAL_MANTISSA_NODE +
                    Math.min(magnitudeClass, ContextModel.RESIDUAL_UNARY_CLASSES) - 2;
                encodeBit(base + node, (magnitude >>> (magnitudeClass - 2)) & 1);
                if (magnitudeClass > 2)
                {
                    encodeDirect(magnitude, magnitudeClass - 2);
                }
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

    /**
     * {@inheritDoc}
     *
     * <p>The false flags' decisions with the context's cell and the range in locals: a false flag only narrows the
     * range to its lower part, so {@code low} moves only when the range renormalizes.
     */
    @Override
    public int serializeFlagRun(final int zeros, final int limit, final int context)
    {
        ContextModel.checkFlagContext(context);
        if (zeros < 0 || zeros > limit)
        {
            throw new IllegalArgumentException("zeros must be 0.." + limit + ", got " + zeros);
        }
        if (account != null)
        {
            return ModeledBitStream.super.serializeFlagRun(zeros, limit, context);
        }
        final int index = ContextModel.flagIndex(context);
        final int[] cells = model.cells;
        int cell = cells[index];
        long narrowed = range;
        int k = 0;
        while (k < zeros)
        {
            narrowed = (narrowed >>> ContextModel.PROBABILITY_BITS) * ContextModel.probabilityOf(cell);
            cell = ContextModel.updated(cell, 0);
            k++;
            if (narrowed < TOP)
            {
                range = narrowed;
                renormalize();
                narrowed = range;
                if (overflowed)
                {
                    break;
                }
            }
        }
        range = narrowed;
        cells[index] = cell;
        symbols += k;
        return k;
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
            encodeGenericBit(ContextModel.index(ContextModel.KIND_LADDER_RUNG, id, r + 1), 1);
        }
        if (rung < last)
        {
            encodeGenericBit(ContextModel.index(ContextModel.KIND_LADDER_RUNG, id, rung + 1), 0);
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
