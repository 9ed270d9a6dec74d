package dev.statesync.bench.jmh.reference;

/**
 * A bit reader that works as serialize.java's {@code BitReader} does: no scratch state at all; each read loads
 * the 8 bytes at the cursor's byte ({@code bitsRead >> 3}) as one little-endian word, shifts by the cursor's bit
 * ({@code bitsRead & 7}) and masks. Any 1..32-bit field at any bit position lies inside those 8 bytes.
 *
 * <p>What it mirrors: the window load, the {@code assert}-only checks (without {@code -ea} nothing is checked:
 * a read past the end returns whatever the slack holds), and the allocation contract that the array extends at
 * least 8 bytes past the data, so the window load never leaves the array. Where it differs: his newer reader also
 * accepts arrays without slack by copying the last bytes into a zero-padded tail window at reset; every buffer
 * here has the slack, which is the fast path he recommends, so that branch is left out.
 */
public final class FiedlerBitReader
{
    private static final int SLACK_BYTES = 8;

    private byte[] data;
    private long lengthBits;
    private long bitsRead;

    /** Point the reader at {@code data[0, bytes)}; the array must extend 8 bytes past {@code bytes}. */
    public FiedlerBitReader reset(final byte[] data, final int bytes)
    {
        assert bytes >= 0 && data.length - bytes >= SLACK_BYTES;
        this.data = data;
        this.lengthBits = (long)bytes * 8;
        this.bitsRead = 0;
        return this;
    }

    /** @return true if reading {@code bits} more bits would pass the end (his streams ask before reading). */
    public boolean wouldReadPastEnd(final int bits)
    {
        return bitsRead + bits > lengthBits;
    }

    /** Read {@code bits} (1..32) bits; asserts only. */
    public int readBits(final int bits)
    {
        assert checkRead(bits);
        final long window = (long)FiedlerBitWriter.LONG_LE.get(data, (int)(bitsRead >> 3));
        final int value = (int)((window >>> ((int)bitsRead & 7)) & ((1L << bits) - 1));
        bitsRead += bits;
        return value;
    }

    private boolean checkRead(final int bits)
    {
        assert bits >= 1 && bits <= 32;
        assert bitsRead + bits <= lengthBits;
        return true;
    }

    /** Skip to the next byte boundary. @return false if the padding was not zero. */
    public boolean readAlign()
    {
        final int padding = alignBits();
        return padding == 0 || readBits(padding) == 0;
    }

    /** @return padding bits up to the next byte boundary. */
    public int alignBits()
    {
        return (int)((8 - (bitsRead & 7)) & 7);
    }

    /** @return bits read so far. */
    public long bitsRead()
    {
        return bitsRead;
    }
}
