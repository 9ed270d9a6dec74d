package dev.statesync.codec.bits;

import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.UnsafeApi;

/**
 * Reads what {@link BitWriter} (or serialize.h's {@code BitWriter}) wrote, from bytes that must be treated as
 * hostile.
 *
 * <p>The reader never touches a byte outside {@code [offset, offset + length)}, whatever the bytes say: every
 * read is checked against the bits left before it happens. A read past the end, a bounded int outside its
 * range, or non-zero alignment padding puts the reader into a sticky failed state; from then on every read
 * returns 0 (a bounded read returns its {@code min}, so a decoded value is always in range and safe to use
 * as an index), and the caller checks {@link #isFailed()} once at the end of the structure. No exception
 * escapes for bad input; a bit count outside 1..32 is a programmer error and throws.
 *
 * <p>A flyweight over any Agrona buffer: wrap and reuse, nothing allocates.
 *
 * <p>Why it is fast although every read is checked: like serialize.java's reader it has no scratch to refill.
 * A read loads the 8 bytes at the cursor's byte as one little-endian word (any 1..32-bit field at any bit offset
 * lies inside them), shifts and masks. Its one check compares the cursor with {@link #fastEndBits}, the first bit
 * of the region's last 7 bytes: before it, the window and the whole read lie inside the region, so the bits left
 * need no check of their own. At or past it (the last 7 bytes, a region under 8 bytes, a failed reader, where a
 * failure moves it to 0) the read checks the bits left against a limit that a failure lowers to the cursor
 * (sticky), and loads the region's last window instead, shifted further, so no load ever leaves the region; a
 * region shorter than 8 bytes is copied into an 8-byte array at {@link #wrap(DirectBuffer, int, int)}. The bit
 * count of {@link #readBits(int)} is checked by the range check of the mask table it indexes, so it costs one
 * load.
 *
 * <p>Shaped so that the caller's loop compiles the same way whatever the JIT's profile says (a thin profile, when
 * the loop is compiled before the code around it has run much, is common under a busy compile queue; it gave 1.1x
 * against 0.6x in identical JMH runs): no path that returns to the caller calls a method (a failure is its stores
 * written out: a call that never ran stayed a real call inside the loop, around which every register is spilled);
 * a failing read stores the cursor and loads a window like any other, so the cursor is stored once on every path;
 * and every buffer is read the same way, through its backing array (or null) and address as Agrona's own buffers
 * read it, so the loop holds no branch on the buffer's kind. The window loads are therefore not range-checked by
 * the JVM: they rely on the checks above, which {@code BitCheckedOnceTest} tries at every width, length and
 * offset, with an assert on every window in the tests. The backing array and address are looked up at wrap: wrap
 * the reader again after re-pointing its buffer at other memory.
 */
public final class BitReader implements BitStream
{
    private static final int WINDOW_BYTES = 8;

    private DirectBuffer buffer;
    private int offset;
    private int lengthBytes;
    private long lengthBits;
    /**
     * Where the windows come from, as Agrona's own buffers address memory: the buffer's backing array (null for
     * native memory) and the address of its index 0, or a zero-padded copy of a region under 8 bytes.
     */
    private byte[] base;
    private long baseAddress;
    /** The window source's index of the region's first byte: windows never start before it (asserted). */
    private int firstWindowStart;
    /**
     * Holds a region shorter than a window, zero-padded, so every read can load a whole window; also the window
     * source of an unwrapped reader, whose reads all fail (they load a window even then).
     */
    private final byte[] shortRegion = new byte[WINDOW_BYTES];

    /*
     * Positions below are in bits of the window source (the array, or the buffer when there is none), not of the
     * region, so the cursor's byte is the index to load from with nothing added: the region starts at startBits.
     */
    /** The region's first bit in the window source. */
    private long startBits;
    /** The cursor: the next bit to read, including a bounded field that then failed its range check. */
    private long bitsRead;
    /** Bits a read may end at: the region's end, lowered to the cursor by a failure so every later read fails. */
    private long limitBits;
    /**
     * A read starting before this bit is served by the window at the cursor's byte with no other check: the first
     * bit of the region's last 7 bytes; the region's start for a region under 8 bytes, and 0 once failed.
     */
    private long fastEndBits;
    /** The window source's index of the region's last 8-byte window. */
    private int lastWindowStart;
    private boolean failed;

    /** An unwrapped reader (every read fails); call {@link #wrap(DirectBuffer, int, int)} before use. */
    public BitReader()
    {
        base = shortRegion;
        baseAddress = BufferUtil.ARRAY_BASE_OFFSET;
    }

    /** A reader over {@code buffer[offset, offset + lengthBytes)}. */
    public BitReader(final DirectBuffer buffer, final int offset, final int lengthBytes)
    {
        wrap(buffer, offset, lengthBytes);
    }

    /**
     * Point the reader at the bytes of one packet and reset it.
     *
     * @throws IllegalArgumentException if the region is not inside the buffer (the caller's bug: it received
     *                                  those bytes into that buffer).
     */
    public BitReader wrap(final DirectBuffer buffer, final int offset, final int lengthBytes)
    {
        if (offset < 0 || lengthBytes < 0 || (long)offset + lengthBytes > buffer.capacity())
        {
            throw new IllegalArgumentException("region [" + offset + ", " + ((long)offset + lengthBytes) +
                ") outside buffer of capacity " + buffer.capacity());
        }
        this.buffer = buffer;
        this.offset = offset;
        this.lengthBytes = lengthBytes;
        this.lengthBits = (long)lengthBytes * 8;
        final int start;
        if (lengthBytes >= WINDOW_BYTES)
        {
            this.base = buffer.byteArray();
            this.baseAddress = buffer.addressOffset();
            start = offset;
            this.lastWindowStart = start + lengthBytes - WINDOW_BYTES;
            this.fastEndBits = (start + lengthBytes - (WINDOW_BYTES - 1)) * 8L;
        }
        else
        {
            java.util.Arrays.fill(shortRegion, (byte)0);
            buffer.getBytes(offset, shortRegion, 0, lengthBytes);
            this.base = shortRegion;
            this.baseAddress = BufferUtil.ARRAY_BASE_OFFSET;
            start = 0;
            this.lastWindowStart = 0;
            this.fastEndBits = 0;
        }
        firstWindowStart = start;
        startBits = start * 8L;
        bitsRead = startBits;
        limitBits = startBits + lengthBits;
        failed = false;
        return this;
    }

    /**
     * Read {@code bits} bits.
     *
     * @param bits 1..32.
     * @return the bits read, or 0 if the reader has failed or fails now because fewer bits are left.
     */
    public int readBits(final int bits)
    {
        final int mask;
        try
        {
            // The table's range check is the argument check (1..32), and its entry replaces computing the mask.
            mask = Bits.LOW_MASK_INT[bits - 1];
        }
        catch (final ArrayIndexOutOfBoundsException outside1To32)
        {
            throw new IllegalArgumentException("bits must be 1..32, got " + bits);
        }
        return takeBits(bits, mask);
    }

    /** {@link #readBits(int)} for callers that already know {@code bits} is 1..32. */
    private int takeBits(final int bits)
    {
        // -1 >>> -bits keeps the low bits (all 32 for 32: the shift count is taken mod 32).
        return takeBits(bits, -1 >>> -bits);
    }

    /**
     * Read {@code bits} (1..32) bits and keep those under {@code mask}.
     *
     * <p>The one compare on the common path is against {@link #fastEndBits}: a read starting before it loads the 8
     * bytes at the cursor's byte, which lie inside the region, and ends inside them (at most 7 + 32 bits in), so
     * inside the region too: the bits left need no separate check. A read at or past it (the region's last 7
     * bytes, a region under 8 bytes, a failed reader) checks the bits left and takes the region's last window
     * instead, shifted further, so no load leaves the region.
     *
     * <p>Shaped for the JIT (see the class comment): no call on any path, the failure being its stores written
     * out (a call that never ran was compiled in some JVMs as a real call inside the caller's loop, around which
     * every register was spilled and after which every field and array was reloaded: the bimodal 1.1x / 0.6x of
     * earlier runs); one load path for every kind of buffer; positions in the window source's bytes, so no offset
     * is added; and the cursor stored once, on every path.
     */
    private int takeBits(final int bits, final int mask)
    {
        final long position = bitsRead;
        long end = position + bits;
        int keep = mask;
        int windowStart = (int)(position >>> 3);
        int shift = (int)position & 7;
        if (position >= fastEndBits)
        {
            if (end > limitBits)
            {
                // Fail, sticky (fail() without the call): the cursor stays, and the read below returns 0.
                failed = true;
                limitBits = position;
                fastEndBits = 0;
                end = position;
                keep = 0;
            }
            // Past the fast end the cursor's byte is at or after the last window's first byte (and a failed read
            // loads that window too, which lies inside the region, rather than return from here).
            windowStart = lastWindowStart;
            shift = (int)(position - ((long)windowStart << 3));
        }
        // One path for every buffer, no branch on its kind: a branch here made the caller's loop depend on which
        // of wrap()'s paths the JIT had seen. The load is Agrona's own (its buffers read through the same base and
        // address, with their bounds checks off), and it lies inside the region by the checks above; the assert,
        // on in the tests, re-checks that for every read they make.
        assert windowStart >= firstWindowStart && windowStart <= lastWindowStart : windowStart;
        final long raw = UnsafeApi.getLong(base, baseAddress + windowStart);
        final long window = Bits.NATIVE_LITTLE_ENDIAN ? raw : Long.reverseBytes(raw);
        // One store of the cursor on every path: the JIT then carries it in a register from read to read instead
        // of storing and reloading it (an early return on failure measured 5% slower).
        bitsRead = end;
        // shift is 0..63 and the read ends inside the window.
        return (int)(window >>> shift) & keep;
    }

    /** Enter the sticky failed state; bits read stays where it is. */
    private void fail()
    {
        failed = true;
        limitBits = bitsRead;
        // Positions are never negative, so every later read leaves the fast path and fails in the tail: sticky.
        fastEndBits = 0;
    }

    /** Read one bit. */
    public boolean readBool()
    {
        return takeBits(1) != 0;
    }

    /**
     * Read an int written by {@link BitWriter#writeInt(int, int, int)}. A value outside {@code [min, max]}
     * fails the reader.
     *
     * @return the value, or {@code min} if the reader has failed.
     */
    public int readInt(final int min, final int max)
    {
        final int bits = Bits.bitsRequired(min, max);
        if (bits == 0)
        {
            return min;
        }
        // A failed reader reads 0, which decodes to min: no separate check of the failed state is needed.
        final long value = (long)min + (takeBits(bits) & 0xFFFF_FFFFL);
        if (value > max)
        {
            // fail(), written out: a never-taken call would be compiled as a real call in the caller's loop.
            failed = true;
            limitBits = bitsRead;
            fastEndBits = 0;
            return min;
        }
        return (int)value;
    }

    /** Read a zig-zag coded signed value. */
    public int readZigZag(final int bits)
    {
        return Bits.zigZagDecode(readBits(bits));
    }

    /** Read a value written with {@link BitWriter#writeLadder(int, BitLadder)}; at most 32 selector bits. */
    public int readLadder(final BitLadder ladder)
    {
        final int lastRung = ladder.rungCount() - 1;
        int rung = 0;
        while (rung < lastRung && takeBits(1) != 0)
        {
            rung++;
        }
        final int width = ladder.width(rung);
        final int offsetInRung = width > 0 ? takeBits(width) : 0;
        return failed ? 0 : (int)(ladder.start(rung) + offsetInRung);
    }

    /** Read the raw bits of a float. */
    public float readFloat()
    {
        return Float.intBitsToFloat(takeBits(32));
    }

    /** Skip to the next byte boundary; non-zero padding fails the reader. */
    public void readAlign()
    {
        final int padding = alignBits();
        if (padding > 0 && takeBits(padding) != 0)
        {
            // fail(), written out: a never-taken call would be compiled as a real call in the caller's loop.
            failed = true;
            limitBits = bitsRead;
            fastEndBits = 0;
        }
    }

    /**
     * Align, then read {@code length} bytes into {@code dst}. When fewer bytes are left the reader fails and
     * {@code dst} is left untouched.
     */
    public void readBytes(final byte[] dst, final int dstOffset, final int length)
    {
        readAlign();
        if (failed)
        {
            return;
        }
        if (length < 0 || (long)length * 8 > bitsRemaining())
        {
            fail();
            return;
        }
        for (int i = 0; i < length; i++)
        {
            dst[dstOffset + i] = (byte)takeBits(8);
        }
    }

    /**
     * Check that the bits between the read position and the end of the last byte read are zero, as a writer
     * leaves them. Use it after the last field of a packet to refuse bytes with trailing garbage bits.
     */
    public void readTrailingPadding()
    {
        readAlign();
    }

    /** @return bits read so far. */
    public int bitsRead()
    {
        return (int)(bitsRead - startBits);
    }

    /** @return bits left in the region (0 once failed). */
    public long bitsRemaining()
    {
        return failed ? 0 : lengthBits - bitsRead();
    }

    /** @return length of the wrapped region in bytes. */
    public int lengthBytes()
    {
        return lengthBytes;
    }

    /** @return padding bits up to the next byte boundary. */
    public int alignBits()
    {
        return (8 - (bitsRead() & 7)) & 7;
    }

    // ---------------------------------------------------------------------------------- BitStream

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
        return bitsRead();
    }

    @Override
    public int serializeBits(final int value, final int bits)
    {
        return readBits(bits);
    }

    @Override
    public int serializeInt(final int value, final int min, final int max)
    {
        return readInt(min, max);
    }

    @Override
    public boolean serializeBool(final boolean value)
    {
        return readBool();
    }

    @Override
    public int serializeZigZag(final int value, final int bits)
    {
        return readZigZag(bits);
    }

    @Override
    public int serializeLadder(final int value, final BitLadder ladder)
    {
        return readLadder(ladder);
    }

    @Override
    public float serializeFloat(final float value)
    {
        return readFloat();
    }

    @Override
    public void serializeAlign()
    {
        readAlign();
    }

    @Override
    public void serializeBytes(final byte[] bytes, final int offset, final int length)
    {
        readBytes(bytes, offset, length);
    }

    @Override
    public void validate(final boolean valid)
    {
        if (!valid)
        {
            // fail(), written out: a never-taken call would be compiled as a real call in the caller's loop.
            failed = true;
            limitBits = bitsRead;
            fastEndBits = 0;
        }
    }
}
