package dev.statesync.bench.jmh.reference;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A bit writer that works as serialize.java's {@code BitWriter} does: values go LSB-first into a 64-bit scratch
 * word whose bit count is derived from the cursor ({@code bitsWritten & 63}); when it fills, the whole scratch is
 * stored as one little-endian 8-byte word into a {@code byte[]} through a byte-array view handle, and the bits that
 * spilled past 64 start the next scratch. The bytes are those of serialize.h's 32-bit-word writer and of
 * statesync's {@code BitWriter}: little-endian words of either size lay the bits out identically.
 *
 * <p>What it mirrors: the algorithm, the cursor-only hot state, the contract checks as {@code assert}s kept in a
 * separate method (so, without {@code -ea}, a write is a shift, an or, one compare and an add), the rule that the
 * buffer is a multiple of 8 bytes because whole words are stored, and a flush that stores the partial word without
 * changing state. Where it differs: {@link #writeBytes(byte[], int, int)} goes through {@link #writeBits(int, int)}
 * a byte at a time instead of his fused copy (no benchmark here writes bytes), and there are no 64- or 128-bit
 * helpers.
 */
public final class FiedlerBitWriter
{
    static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] data;
    private long capacityBits;
    private long scratch;
    private long bitsWritten;

    /** Point the writer at {@code data[0, bytes)} and start again; {@code bytes} must be a multiple of 8. */
    public FiedlerBitWriter reset(final byte[] data, final int bytes)
    {
        assert bytes % 8 == 0 && bytes <= data.length;
        this.data = data;
        this.capacityBits = (long)bytes * 8;
        this.scratch = 0;
        this.bitsWritten = 0;
        return this;
    }

    /** Write the low {@code bits} (1..32) bits of {@code value}; asserts only. */
    public void writeBits(final int value, final int bits)
    {
        final long unsigned = value & 0xFFFF_FFFFL;
        assert checkWrite(unsigned, bits);
        final int used = (int)bitsWritten & 63;
        scratch |= unsigned << used;
        if (used + bits >= 64)
        {
            LONG_LE.set(data, (int)(bitsWritten >>> 3) & ~7, scratch);
            // used + bits >= 64 with bits <= 32 puts the shift in [1, 32]: only the bits that spilled remain.
            scratch = unsigned >>> (64 - used);
        }
        bitsWritten += bits;
    }

    private boolean checkWrite(final long unsigned, final int bits)
    {
        assert bits >= 1 && bits <= 32;
        assert bitsWritten + bits <= capacityBits;
        assert (unsigned >>> bits) == 0;
        return true;
    }

    /** Zero bits up to the next byte boundary. */
    public void writeAlign()
    {
        final int padding = alignBits();
        if (padding != 0)
        {
            writeBits(0, padding);
        }
    }

    /** Align, then write {@code length} bytes of {@code src} from {@code offset}. */
    public void writeBytes(final byte[] src, final int offset, final int length)
    {
        writeAlign();
        for (int i = 0; i < length; i++)
        {
            writeBits(src[offset + i] & 0xFF, 8);
        }
    }

    /** Store the partial scratch word; changes no state, so it may be called at any time. */
    public void flush()
    {
        if ((bitsWritten & 63) != 0)
        {
            LONG_LE.set(data, (int)(bitsWritten >>> 3) & ~7, scratch);
        }
    }

    /** @return zero bits an align would write now. */
    public int alignBits()
    {
        return (int)((8 - (bitsWritten & 7)) & 7);
    }

    /** @return bits written so far. */
    public long bitsWritten()
    {
        return bitsWritten;
    }

    /** @return bytes the written bits occupy. */
    public int bytesWritten()
    {
        return (int)((bitsWritten + 7) >>> 3);
    }
}
