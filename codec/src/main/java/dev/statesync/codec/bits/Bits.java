package dev.statesync.codec.bits;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;

/**
 * Small bit arithmetic shared by every codec, with the exact semantics of serialize.h.
 */
public final class Bits
{
    private Bits()
    {
    }

    /**
     * Bits needed to write any value of {@code [min, max]} as {@code value - min}: 0 when
     * {@code min == max}, else {@code 32 - numberOfLeadingZeros(max - min)} (serialize.h's
     * {@code bits_required}). The difference is taken unsigned, so the full int range needs 32 bits.
     *
     * @throws IllegalArgumentException if {@code min > max}.
     */
    public static int bitsRequired(final int min, final int max)
    {
        if (min > max)
        {
            throw new IllegalArgumentException("min " + min + " > max " + max);
        }
        return min == max ? 0 : 32 - Integer.numberOfLeadingZeros(max - min);
    }

    /** Bits needed to write any value of {@code [0, maxValue]} (unsigned, {@code maxValue} read as unsigned). */
    public static int bitsRequiredUnsigned(final int maxValue)
    {
        return maxValue == 0 ? 0 : 32 - Integer.numberOfLeadingZeros(maxValue);
    }

    /** Zig-zag: {@code 0, -1, 1, -2, 2 ...} to {@code 0, 1, 2, 3, 4 ...}, so small magnitudes have small codes. */
    public static int zigZagEncode(final int value)
    {
        return (value << 1) ^ (value >> 31);
    }

    /** Inverse of {@link #zigZagEncode(int)}. */
    public static int zigZagDecode(final int code)
    {
        return (code >>> 1) ^ -(code & 1);
    }

    /** Mask of the low {@code bits} bits, {@code bits} in 0..32. */
    public static long lowMask(final int bits)
    {
        return (1L << bits) - 1;
    }

    /** Little-endian 8-byte words at any byte index of a {@code byte[]}, range-checked by the JVM. */
    static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Whether {@code Unsafe}'s native-order longs are little-endian (else the raw-address paths swap bytes). */
    static final boolean NATIVE_LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    /** Index in {@code buffer.byteArray()} of the buffer's byte {@code index}; the buffer must be array-backed. */
    static int arrayIndex(final DirectBuffer buffer, final int index)
    {
        return (int)(buffer.addressOffset() - BufferUtil.ARRAY_BASE_OFFSET) + index;
    }

    /**
     * {@code MAX_UNSIGNED[bits]} is the largest value {@code bits} bits hold, for 1..32, and -1 for 0, so that
     * {@code value > MAX_UNSIGNED[bits]} rejects both a value too wide and a zero bit count, and the array's own
     * range check rejects any other count: the writer's argument check in one compare.
     */
    static final long[] MAX_UNSIGNED = new long[33];

    /**
     * {@code LOW_MASK_INT[bits - 1]} is {@link #lowMask(int) lowMask(bits)} as an int for 1..32: the reader's
     * argument check is the array's own range check, and the entry replaces computing the mask.
     */
    static final int[] LOW_MASK_INT = new int[32];

    static
    {
        MAX_UNSIGNED[0] = -1;
        for (int bits = 1; bits <= 32; bits++)
        {
            MAX_UNSIGNED[bits] = lowMask(bits);
            LOW_MASK_INT[bits - 1] = (int)lowMask(bits);
        }
    }
}
