package dev.statesync.codec.entropy;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * The framing {@link RangeBitWriter} should write, worked out from what LZMA's framing wrote for the same symbols
 * ({@link ReferenceRangeBitWriter}), with arbitrary-precision integers and no code shared with the writer.
 *
 * <p>LZMA's framing is a leading 0 byte, the bytes the coder renormalized out, and all 4 bytes of {@code low}: read
 * as one integer (leading byte dropped) that is exactly the final {@code low}, its last 4 bytes at the scale of
 * the final {@code range}. The minimal framing sends the shortest prefix of a value in {@code [low, low + range)}
 * that the zeros a reader pads with complete, and never fewer bytes than the renormalized ones (so the reader
 * reads at most {@link RangeBitReader#PADDING_BYTES} past the end): the smallest multiple of 2^32 at or above
 * {@code low} if it is below {@code low + range} (no byte of {@code low} sent), otherwise the smallest multiple of
 * 2^24 at or above {@code low} (one byte of it).
 */
final class LzmaFraming
{
    private static final BigInteger WORD = BigInteger.ONE.shiftLeft(32);
    private static final BigInteger THREE_BYTES = BigInteger.ONE.shiftLeft(24);

    /**
     * One termination.
     *
     * @param bytes             the minimal framing's bytes.
     * @param renormalizedBytes bytes the coder renormalized out (LZMA's length less 5).
     * @param carried           the chosen value carried into the renormalized bytes (they differ from LZMA's).
     * @param carriedRun        of those, the trailing 0xFF bytes the carry turned into 0.
     */
    record Choice(byte[] bytes, int renormalizedBytes, boolean carried, int carriedRun)
    {
        /** @return whether one byte of {@code low} was sent (else none). */
        boolean sentLowByte()
        {
            return bytes.length > renormalizedBytes;
        }
    }

    private LzmaFraming()
    {
    }

    /**
     * @param lzma       LZMA's framing of a message.
     * @param length     its length.
     * @param finalRange the coder's range when it finished.
     * @return the minimal framing of the same message.
     */
    static Choice minimal(final byte[] lzma, final int length, final long finalRange)
    {
        if (length < 5 || lzma[0] != 0)
        {
            // The leading byte is the value's integer part, below 1 in every message (see RangeBitWriter).
            throw new AssertionError("LZMA's framing starts with a 0 byte and ends with 4 bytes of low");
        }
        final int renormalized = length - 5;
        final int width = renormalized + 4;
        final BigInteger low = new BigInteger(1, Arrays.copyOfRange(lzma, 1, length));
        final BigInteger top = low.add(BigInteger.valueOf(finalRange));
        final BigInteger word = roundUp(low, WORD);
        final BigInteger chosen;
        final int sent;
        if (word.compareTo(top) < 0)
        {
            chosen = word;
            sent = renormalized;
        }
        else
        {
            chosen = roundUp(low, THREE_BYTES);
            sent = renormalized + 1;
        }
        if (chosen.bitLength() > 8 * width)
        {
            throw new AssertionError("the value carried past the bytes sent");
        }
        final byte[] all = new byte[width];
        final byte[] magnitude = chosen.toByteArray();
        final int copied = Math.min(magnitude.length, width);
        System.arraycopy(magnitude, magnitude.length - copied, all, width - copied, copied);
        for (int i = sent; i < width; i++)
        {
            if (all[i] != 0)
            {
                throw new AssertionError("a byte left out is not 0");
            }
        }
        final boolean carried = !Arrays.equals(all, 0, renormalized, lzma, 1, 1 + renormalized);
        int carriedRun = 0;
        while (carried && carriedRun < renormalized && lzma[renormalized - carriedRun] == (byte)0xFF &&
            all[renormalized - 1 - carriedRun] == 0)
        {
            carriedRun++;
        }
        return new Choice(Arrays.copyOf(all, sent), renormalized, carried, carriedRun);
    }

    private static BigInteger roundUp(final BigInteger value, final BigInteger unit)
    {
        return value.add(unit).subtract(BigInteger.ONE).divide(unit).multiply(unit);
    }

    /** @return {@code message} as LZMA's framing reader reads what {@link RangeBitReader} reads of it. */
    static byte[] asLzmaRegion(final byte[] message, final int length)
    {
        final byte[] region = new byte[1 + length + RangeBitReader.PADDING_BYTES];
        System.arraycopy(message, 0, region, 1, length);
        return region;
    }
}
