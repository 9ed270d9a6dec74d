package dev.statesync.bench.jmh.variants;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A checked bit writer in the style of zstd's {@code BIT_addBits} / {@code BIT_flushBits}: every write stores 8
 * little-endian bytes at the cursor's byte, unconditionally, then keeps only the cursor's partial byte, so there is
 * no branch on whether a word (or byte) completed. The only capacity branch is the cursor against the region's end
 * minus 7 bytes: below it the 8 bytes, and the at most 7 + 32 bits a write ends within, lie in the region; in the
 * region's last 7 bytes the write checks the capacity exactly and stores only the bytes it touches. Same bytes as
 * statesync's {@code BitWriter} (LSB-first), same argument check (one table load whose range check rejects a count
 * outside 0..32, one compare), same sticky overflow at exactly the call that does not fit, no byte written outside
 * the region.
 *
 * <p>Why it lost (issue 12, round 4; {@code BitWriterVariantBursts}, and the compiled loop read with
 * {@code -XX:CompileCommand=print}): about 0.57x of serialize.java's writer, against 0.85x for statesync's. In Java
 * the cursor and the partial byte are fields, which the JIT stores on every call; this design adds an array store
 * to every call (three stores per field, against serialize.java's two plus one per 64 bits), and with the argument
 * check's branch in the loop the JIT reloads both fields from memory after the previous call's stores, a
 * store-to-load round trip on every field's critical path. A scratch copy without the argument check kept them in
 * registers and still ran at 0.7x.
 */
public final class ByteStoreBitWriter
{
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long[] MAX_UNSIGNED = new long[33];

    static
    {
        MAX_UNSIGNED[0] = -1;
        for (int bits = 1; bits <= 32; bits++)
        {
            MAX_UNSIGNED[bits] = (1L << bits) - 1;
        }
    }

    private byte[] array;
    /** The region's first bit, counted from the array's first byte. */
    private long startBits;
    /** One past the last bit a write may end at; lowered to the cursor by an overflow. */
    private long endBits;
    /** A cursor below this stores 8 bytes unchecked; {@link Long#MIN_VALUE} once overflowed. */
    private long fastEndBits;
    /** The bit cursor, counted from the array's first byte, so a store's index is {@code cursor >>> 3}. */
    private long cursor;
    /** The cursor's byte as written so far: its low {@code cursor & 7} bits, every higher bit zero. */
    private long pending;
    private boolean overflowed;

    /** Point the writer at {@code array[offset, offset + capacityBytes)} and start again. */
    public ByteStoreBitWriter wrap(final byte[] array, final int offset, final int capacityBytes)
    {
        if (offset < 0 || capacityBytes < 0 || (long)offset + capacityBytes > array.length)
        {
            throw new IllegalArgumentException("region outside the array");
        }
        this.array = array;
        this.startBits = (long)offset * 8;
        this.endBits = startBits + (long)capacityBytes * 8;
        this.fastEndBits = endBits - 7 * 8;
        this.cursor = startBits;
        this.pending = 0;
        this.overflowed = false;
        return this;
    }

    /**
     * Write the low {@code bits} bits of {@code value}; throws {@link IllegalArgumentException} if {@code bits} is
     * outside 1..32 or {@code value} does not fit, overflows (sticky, nothing written) if it does not fit the region.
     */
    public void writeBits(final int value, final int bits)
    {
        final long maxValue;
        try
        {
            maxValue = MAX_UNSIGNED[bits];
        }
        catch (final ArrayIndexOutOfBoundsException outside0To32)
        {
            throw new IllegalArgumentException("bits must be 1..32, got " + bits);
        }
        final long unsigned = value & 0xFFFF_FFFFL;
        if (unsigned > maxValue)
        {
            throw new IllegalArgumentException("value " + Integer.toUnsignedString(value) + " does not fit in " + bits +
                " bits");
        }
        final long position = cursor;
        final int used = (int)position & 7;
        final long bytes = pending | (unsigned << used);
        final int filled = used + bits;
        if (position < fastEndBits)
        {
            LONG_LE.set(array, (int)(position >>> 3), bytes);
            pending = bytes >>> (filled & ~7);
            cursor = position + bits;
            return;
        }
        final long end = position + bits;
        if (end > endBits)
        {
            overflowed = true;
            endBits = position;
            fastEndBits = Long.MIN_VALUE;
            return;
        }
        final int index = (int)(position >>> 3);
        long remaining = bytes;
        for (int i = 0; i < (filled + 7) >>> 3; i++)
        {
            array[index + i] = (byte)remaining;
            remaining >>>= 8;
        }
        pending = bytes >>> (filled & ~7);
        cursor = end;
    }

    /** @return bits written so far (a write dropped by an overflow not counted). */
    public long bitsWritten()
    {
        return cursor - startBits;
    }

    /** @return bytes the written bits occupy; every one of them is already in the array. */
    public int bytesWritten()
    {
        return (int)((bitsWritten() + 7) >>> 3);
    }

    /** @return true once a write did not fit the region. */
    public boolean hasOverflowed()
    {
        return overflowed;
    }
}
