package dev.statesync.sync.authority;

/**
 * 16-bit wrap-around sequence arithmetic (DESIGN §3): {@code a} is newer than {@code b} when it is ahead by
 * 1..32768 modulo 65536. Authority and ownership sequences are sent in 16 bits and wrap after 65536 changes,
 * so they must never be compared with {@code >}.
 */
public final class Seq16
{
    private Seq16()
    {
    }

    /** @return true if {@code a} is newer than {@code b}; both taken modulo 65536. */
    public static boolean isNewer(final int a, final int b)
    {
        final int x = a & 0xFFFF;
        final int y = b & 0xFFFF;
        return (x > y && x - y <= 32768) || (x < y && y - x > 32768);
    }

    /** @return {@code sequence + 1} modulo 65536. */
    public static int next(final int sequence)
    {
        return (sequence + 1) & 0xFFFF;
    }
}
