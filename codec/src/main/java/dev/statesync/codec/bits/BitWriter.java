package dev.statesync.codec.bits;

import org.agrona.MutableDirectBuffer;
import org.agrona.UnsafeApi;

/**
 * Writes bits LSB-first into little-endian words: byte for byte the output of serialize.h's {@code BitWriter}.
 * The first value written occupies the lowest bits of the first byte; unused bits of the last byte are zero.
 *
 * <p>A flyweight: {@link #wrap(MutableDirectBuffer, int, int)} it over any Agrona buffer region and reuse it;
 * nothing allocates. Bits collect in a 64-bit scratch word and go to the buffer a whole 8-byte little-endian word
 * at a time (little-endian words of any size lay bits out the same way, so this is serialize.h's 32-bit-word
 * format); call {@link #flush()} once at the end to write the partial last word's bytes.
 *
 * <p>The writer never writes outside {@code [offset, offset + capacityBytes)}. A write that would not fit
 * sets the sticky {@link #isFailed() overflow} state and is dropped, together with every write after it, so
 * an overflow is never a silent truncation: check {@link #isFailed()} (or use {@link BitMeasure} to size a
 * structure before writing it). A value that does not fit the bit count it is written with is a programmer
 * error and throws {@link IllegalArgumentException}.
 *
 * <p>Why it is fast although every write is checked: the hot state is the scratch word and a bit cursor (the
 * scratch's fill is {@code cursor & 63}), as in serialize.java's writer. The capacity is checked once per 64-bit
 * word, not per call: a write is one compare of its end against {@link #wordEndBits} (the open word's end, or one
 * past the capacity when the region ends first, or one past the cursor once overflowed), then a shift and an or.
 * Only a write that fills the word or passes the capacity goes further: it checks the capacity exactly (so an
 * overflow still happens at exactly the call that does not fit, as a per-call check would) and stores the whole
 * word; every bit of that word passed the check, so the word lies inside the region. The arguments are checked
 * on every public call with one table load (whose range check rejects a count outside 0..32) and one compare, and
 * stay exceptions (DESIGN section 6). Measured in one JVM against serialize.java's assert-only writer (thread CPU
 * time, best of bursts): the argument check costs 2-4% of a mixed-width loop and the exact capacity check 1-2%; a
 * masked table or a shift test in place of the table costs more (10-27%), as would masking the value, which an
 * assert-only policy would need so that a wrong value cannot spill into the next field. Bools, floats, bounded
 * ints, ladders and padding skip the check, their arguments being right by construction.
 *
 * <p>No path that returns to the caller calls a method (the overflow, the word store and {@link #flush()} are
 * written out, and a buffer with no backing array is stored through its raw address, as Agrona's own buffers
 * store): the JIT inlines a call by how often it ran, so a call that ran rarely or never, or not yet when the
 * caller was compiled (a thin profile under a busy compile queue), stayed a real call inside the caller's loop,
 * and around a real call the JIT spills the loop's registers and reloads every field and array: 0.3x against
 * 0.8x in identical JMH runs. The only calls left are on the misuse paths, which throw out of the loop. The
 * buffer's backing array (or address) is looked up at {@link #wrap(MutableDirectBuffer, int, int) wrap}: wrap the
 * writer again after re-pointing its buffer at other memory.
 */
public final class BitWriter implements BitStream
{
    private MutableDirectBuffer buffer;
    private int offset;
    private int capacityBytes;
    private long capacityBits;
    /**
     * One past the bits a write may end at: the capacity plus one, lowered to the cursor plus one by an overflow so
     * every later write fails. Kept one past so the overflow test and the open word's end share one value.
     */
    private long endBoundBits;
    /** A write ending before this stays in the open word and inside the limit: see {@link #wordEnd(long, long)}. */
    private long wordEndBits;

    private long scratch;
    /** Bits written (and accepted) so far; the scratch holds the {@code bitsWritten & 63} bits of the open word. */
    private long bitsWritten;
    private boolean overflowed;
    /** The buffer's backing array when it has one (else null), and the region's first byte in it. */
    private byte[] array;
    private int arrayOffset;
    /** The region's first byte's address when the buffer has no backing array. */
    private long address;

    /** An unwrapped writer; call {@link #wrap(MutableDirectBuffer, int, int)} before use. */
    public BitWriter()
    {
    }

    /** A writer over {@code buffer[offset, offset + capacityBytes)}. */
    public BitWriter(final MutableDirectBuffer buffer, final int offset, final int capacityBytes)
    {
        wrap(buffer, offset, capacityBytes);
    }

    /**
     * Point the writer at a buffer region and reset it.
     *
     * @throws IllegalArgumentException if the region is not inside the buffer.
     */
    public BitWriter wrap(final MutableDirectBuffer buffer, final int offset, final int capacityBytes)
    {
        if (offset < 0 || capacityBytes < 0 || (long)offset + capacityBytes > buffer.capacity())
        {
            throw new IllegalArgumentException("region [" + offset + ", " + ((long)offset + capacityBytes) +
                ") outside buffer of capacity " + buffer.capacity());
        }
        this.buffer = buffer;
        this.offset = offset;
        this.array = buffer.byteArray();
        this.arrayOffset = array == null ? 0 : Bits.arrayIndex(buffer, offset);
        this.address = array == null ? buffer.addressOffset() + offset : 0;
        this.capacityBytes = capacityBytes;
        this.capacityBits = (long)capacityBytes * 8;
        reset();
        return this;
    }

    /** Forget everything written and start again at the region's first byte. */
    public void reset()
    {
        scratch = 0;
        bitsWritten = 0;
        overflowed = false;
        endBoundBits = capacityBits + 1;
        wordEndBits = wordEnd(0, endBoundBits);
    }

    /**
     * Write the low {@code bits} bits of {@code value}.
     *
     * @param value unsigned in {@code bits} bits (any int when {@code bits == 32}).
     * @param bits  1..32.
     * @throws IllegalArgumentException if {@code bits} is outside 1..32 or {@code value} does not fit.
     */
    public void writeBits(final int value, final int bits)
    {
        final long maxValue;
        try
        {
            maxValue = Bits.MAX_UNSIGNED[bits];
        }
        catch (final ArrayIndexOutOfBoundsException outside0To32)
        {
            throw misuse(value, bits);
        }
        final long unsigned = value & 0xFFFF_FFFFL;
        // One compare checks both arguments (MAX_UNSIGNED[0] is -1, which every value exceeds).
        if (unsigned > maxValue)
        {
            throw misuse(value, bits);
        }
        appendBits(unsigned, bits);
    }

    /**
     * {@link #writeBits(int, int)} for callers that already know {@code bits} is 1..32 and {@code unsigned} fits
     * it (a bool, a float, an int checked against its range, padding): they skip the argument check.
     *
     * <p>The one compare on the common path is against {@link #wordEndBits}: a write that ends before it stays
     * inside the open word and inside the capacity, so it is a shift and an or (the long shift's count is masked
     * to 6 bits, the bit's place in the scratch, by the language). A write that fills the open word or passes the
     * limit, about once per 64 bits, takes the rare branch. Past the limit it overflows; otherwise it ends at or
     * past the open word's end (the limit is below that only when the region ends inside the word, and then the
     * write would pass it), so the word is full: every bit of it passed this check, so all 8 bytes lie in the
     * region and are stored at once.
     *
     * <p>Why the rare branch is written out here, with no call in it (no {@code overflow()}, no
     * {@code storeWord()}): the JIT inlines a call by how often it ran. A call that ran once per 64 bits, or
     * never (the overflow), was compiled in some JVMs as a real call, and a real call inside a caller's loop makes
     * the JIT spill that loop's registers around it, reload every field and array after it, and give up unrolling:
     * seen in the compiled mixed-width loop (the bimodal 0.3x / 0.8x of earlier runs). With no call on any path
     * that returns to the caller the loop compiles the same way whatever the profile says; the only calls left are
     * on the misuse paths, which throw out of the loop.
     */
    private void appendBits(final long unsigned, final int bits)
    {
        final long position = bitsWritten;
        final long end = position + bits;
        if (end >= wordEndBits)
        {
            final long endBoundBits = this.endBoundBits;
            if (end >= endBoundBits)
            {
                // Overflow, sticky: the lowered limit sends every later write here, and it fails here.
                overflowed = true;
                this.endBoundBits = position + 1;
                wordEndBits = position + 1;
                return;
            }
            final int used = (int)position & 63;
            final long word = scratch | (unsigned << used);
            final int index = (int)(position >>> 3) & ~7;
            final byte[] array = this.array;
            if (array != null)
            {
                // A byte-array view handle: the JVM range-checks it, and the JIT knows it writes only array
                // elements, so the caller's fields stay in registers across it.
                Bits.LONG_LE.set(array, arrayOffset + index, word);
            }
            else
            {
                // No backing array: the raw address, as Agrona's own buffers store (Unsafe with a null base is raw
                // memory to the JIT, which aliases no field). The region check is the one above: the word's 8 bytes
                // are bits that passed it.
                UnsafeApi.putLong(null, address + index, Bits.NATIVE_LITTLE_ENDIAN ? word : Long.reverseBytes(word));
            }
            // used + bits >= 64 with bits <= 32 puts the shift in [1, 32]: what remains is the bits that spilled.
            scratch = unsigned >>> (64 - used);
            bitsWritten = end;
            wordEndBits = wordEnd(end, endBoundBits);
            return;
        }
        scratch |= unsigned << position;
        bitsWritten = end;
    }

    /**
     * The bit position a write must end before to take {@link #appendBits(long, int)}'s fast path: the end of the
     * word holding bit {@code position}, or one past the limit when that comes first.
     */
    private static long wordEnd(final long position, final long endBoundBits)
    {
        return Math.min((position & ~63L) + 64, endBoundBits);
    }

    private static IllegalArgumentException misuse(final int value, final int bits)
    {
        if (bits < 1 || bits > 32)
        {
            return new IllegalArgumentException("bits must be 1..32, got " + bits);
        }
        return new IllegalArgumentException("value " + Integer.toUnsignedString(value) + " does not fit in " + bits + " bits");
    }

    /** Write one bit. */
    public void writeBool(final boolean value)
    {
        appendBits(value ? 1 : 0, 1);
    }

    /**
     * Write {@code value - min} in {@link Bits#bitsRequired(int, int)} bits; nothing when {@code min == max}.
     *
     * @throws IllegalArgumentException if {@code value} is outside {@code [min, max]}.
     */
    public void writeInt(final int value, final int min, final int max)
    {
        if (value < min || value > max)
        {
            throw new IllegalArgumentException("value " + value + " outside [" + min + ", " + max + "]");
        }
        final int bits = Bits.bitsRequired(min, max);
        if (bits > 0)
        {
            // value - min <= max - min < 2^bits, read unsigned: it fits.
            appendBits((value - min) & 0xFFFF_FFFFL, bits);
        }
    }

    /** Write the zig-zag code of a signed value in {@code bits} bits (see {@link Bits#zigZagEncode(int)}). */
    public void writeZigZag(final int value, final int bits)
    {
        writeBits(Bits.zigZagEncode(value), bits);
    }

    /** Write an unsigned value with a {@link BitLadder}. */
    public void writeLadder(final int value, final BitLadder ladder)
    {
        final int rung = ladder.rungOf(value);
        final int selectorBits = ladder.selectorBits(rung);
        if (selectorBits > 0)
        {
            // rung ones then (unless last rung) a zero; read back one bit at a time, lowest first.
            appendBits(Bits.lowMask(rung), selectorBits);
        }
        final int width = ladder.width(rung);
        if (width > 0)
        {
            appendBits(value - ladder.start(rung), width);
        }
    }

    /** Write the raw IEEE 754 bits of a float. */
    public void writeFloat(final float value)
    {
        appendBits(Float.floatToRawIntBits(value) & 0xFFFF_FFFFL, 32);
    }

    /** Write zero bits up to the next byte boundary. */
    public void writeAlign()
    {
        final int padding = alignBits();
        if (padding > 0)
        {
            appendBits(0, padding);
        }
    }

    /** Align, then write {@code length} bytes of {@code src} from {@code srcOffset}. */
    public void writeBytes(final byte[] src, final int srcOffset, final int length)
    {
        if (length < 0 || srcOffset < 0 || srcOffset + length > src.length)
        {
            throw new IllegalArgumentException("bytes [" + srcOffset + ", " + (srcOffset + length) + ") outside array of " +
                src.length);
        }
        writeAlign();
        for (int i = 0; i < length; i++)
        {
            appendBits(src[srcOffset + i] & 0xFF, 8);
        }
    }

    /**
     * Write the bytes of the partial last word, so the buffer holds every bit written. May be called more
     * than once; writing may continue afterwards.
     *
     * @return {@link #bytesWritten()}.
     */
    public int flush()
    {
        final int pendingBytes = (((int)bitsWritten & 63) + 7) >>> 3;
        final int index = (int)(bitsWritten >>> 3) & ~7;
        final byte[] array = this.array;
        long word = scratch;
        // Byte by byte, and without a call (not the buffer's putByte): a caller's loop compiled while this method
        // had no profile yet would otherwise hold a real interface call, which measured up to 40% off the loop
        // before it. The pending bytes are bits that passed the capacity check, so they lie in the region.
        if (array != null)
        {
            final int at = arrayOffset + index;
            for (int i = 0; i < pendingBytes; i++)
            {
                array[at + i] = (byte)word;
                word >>>= 8;
            }
        }
        else
        {
            final long at = address + index;
            for (int i = 0; i < pendingBytes; i++)
            {
                UnsafeApi.putByte(null, at + i, (byte)word);
                word >>>= 8;
            }
        }
        return bytesWritten();
    }

    /** @return bits written so far (excluding any write dropped by an overflow). */
    public int bitsWritten()
    {
        return (int)bitsWritten;
    }

    /** @return bytes the written bits occupy, {@code ceil(bitsWritten / 8)}. */
    public int bytesWritten()
    {
        return (bitsWritten() + 7) >>> 3;
    }

    /** @return bits still free in the region. */
    public long bitsAvailable()
    {
        return endBoundBits - 1 - bitsWritten;
    }

    /** @return capacity of the wrapped region in bytes. */
    public int capacityBytes()
    {
        return capacityBytes;
    }

    /** @return zero bits needed to reach the next byte boundary. */
    public int alignBits()
    {
        return (8 - (bitsWritten() & 7)) & 7;
    }

    /** @return true once a write did not fit the capacity (sticky until {@link #reset()}). */
    public boolean hasOverflowed()
    {
        return overflowed;
    }

    // ---------------------------------------------------------------------------------- BitStream

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
        return bitsWritten();
    }

    @Override
    public int serializeBits(final int value, final int bits)
    {
        writeBits(value, bits);
        return value;
    }

    @Override
    public int serializeInt(final int value, final int min, final int max)
    {
        writeInt(value, min, max);
        return value;
    }

    @Override
    public boolean serializeBool(final boolean value)
    {
        writeBool(value);
        return value;
    }

    @Override
    public int serializeZigZag(final int value, final int bits)
    {
        writeZigZag(value, bits);
        return value;
    }

    @Override
    public int serializeLadder(final int value, final BitLadder ladder)
    {
        writeLadder(value, ladder);
        return value;
    }

    @Override
    public float serializeFloat(final float value)
    {
        writeFloat(value);
        return value;
    }

    @Override
    public void serializeAlign()
    {
        writeAlign();
    }

    @Override
    public void serializeBytes(final byte[] bytes, final int offset, final int length)
    {
        writeBytes(bytes, offset, length);
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
