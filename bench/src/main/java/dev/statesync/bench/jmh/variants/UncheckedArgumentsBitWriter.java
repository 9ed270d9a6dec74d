package dev.statesync.bench.jmh.variants;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * statesync's {@code BitWriter} without its argument check, over a plain array: the capacity scheme alone (a write
 * ending before the open word's end, or the limit, is a shift and an or; the rare path checks the capacity exactly
 * and stores the whole word). Measures what the argument check costs against serialize.java's writer (issue 12,
 * {@code BitWriterVariantBursts}). Not a writer to use: a value wider than its count spills into the next field, and
 * a negative count moves the cursor back.
 */
public final class UncheckedArgumentsBitWriter
{
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] data;
    private long scratch;
    private long bitsWritten;
    private long wordEndBits;
    private long endBoundBits;
    private boolean overflowed;

    /** Write into {@code data[0, capacityBytes)} from its start. */
    public UncheckedArgumentsBitWriter wrap(final byte[] data, final int capacityBytes)
    {
        this.data = data;
        scratch = 0;
        bitsWritten = 0;
        overflowed = false;
        endBoundBits = capacityBytes * 8L + 1;
        wordEndBits = Math.min(64, endBoundBits);
        return this;
    }

    /** Write the low {@code bits} (1..32, unchecked) bits of {@code value}. */
    public void writeBits(final int value, final int bits)
    {
        final long unsigned = value & 0xFFFF_FFFFL;
        final long position = bitsWritten;
        final long end = position + bits;
        if (end >= wordEndBits)
        {
            final long endBound = endBoundBits;
            if (end >= endBound)
            {
                overflowed = true;
                endBoundBits = position + 1;
                wordEndBits = position + 1;
                return;
            }
            final int used = (int)position & 63;
            LONG_LE.set(data, (int)(position >>> 3) & ~7, scratch | (unsigned << used));
            scratch = unsigned >>> (64 - used);
            bitsWritten = end;
            wordEndBits = Math.min((end & ~63L) + 64, endBound);
            return;
        }
        scratch |= unsigned << position;
        bitsWritten = end;
    }

    /** Store the partial last word. @return bytes written. */
    public int flush()
    {
        if ((bitsWritten & 63) != 0)
        {
            LONG_LE.set(data, (int)(bitsWritten >>> 3) & ~7, scratch);
        }
        return (int)((bitsWritten + 7) >>> 3);
    }

    /** @return true once a write did not fit. */
    public boolean hasOverflowed()
    {
        return overflowed;
    }
}
