/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.sync.reliable;

/**
 * Arithmetic on 16-bit packet sequence numbers that wrap from 65535 back to 0.
 * <p>
 * Sequences are carried as {@code int} in [0, 65535]. "Newer" follows the reliable.io rule so that a
 * sequence is newer than the 32768 sequences behind it and older than the 32767 ahead of it:
 * {@code (a > b && a - b <= 32768) || (a < b && b - a > 32768)}. Keeping this in one place stops the
 * endpoint, the sequence buffers, the authority and ownership sequences of
 * {@code dev.statesync.sync.authority} and the tests from drifting apart at the wrap: all of them are sent in
 * 16 bits and must never be compared with {@code >}.
 */
public final class SequenceNumbers
{
    /** Number of distinct sequence values (2^16). */
    public static final int SEQUENCE_COUNT = 65536;

    /** Mask that reduces any int to a valid sequence. */
    public static final int SEQUENCE_MASK = 0xFFFF;

    /** Half the sequence space: the largest distance at which "newer" is still meaningful. */
    public static final int HALF_RANGE = 32768;

    private SequenceNumbers()
    {
    }

    /**
     * @param a a sequence in [0, 65535].
     * @param b a sequence in [0, 65535].
     * @return true when {@code a} is newer than {@code b} across the wrap; false when equal.
     */
    public static boolean isNewer(final int a, final int b)
    {
        return (a > b && a - b <= HALF_RANGE) || (a < b && b - a > HALF_RANGE);
    }

    /**
     * @param a a sequence in [0, 65535].
     * @param b a sequence in [0, 65535].
     * @return true when {@code a} is older than {@code b} across the wrap; false when equal.
     */
    public static boolean isOlder(final int a, final int b)
    {
        return isNewer(b, a);
    }

    /**
     * Signed distance from {@code b} to {@code a}: positive when {@code a} is newer, consistent with
     * {@link #isNewer(int, int)} (so the result is in [-32768, 32768]).
     *
     * @param a a sequence in [0, 65535].
     * @param b a sequence in [0, 65535].
     * @return how many steps {@code a} is ahead of {@code b}.
     */
    public static int difference(final int a, final int b)
    {
        final int forward = (a - b) & SEQUENCE_MASK;
        if (forward < HALF_RANGE)
        {
            return forward;
        }
        if (forward > HALF_RANGE)
        {
            return forward - SEQUENCE_COUNT;
        }
        return a > b ? HALF_RANGE : -HALF_RANGE;
    }

    /**
     * @param sequence a sequence.
     * @param delta    steps to move, may be negative.
     * @return the sequence {@code delta} steps away, wrapped into [0, 65535].
     */
    public static int add(final int sequence, final int delta)
    {
        return (sequence + delta) & SEQUENCE_MASK;
    }

    /**
     * @param sequence a sequence.
     * @return the following sequence, wrapping 65535 to 0.
     */
    public static int next(final int sequence)
    {
        return (sequence + 1) & SEQUENCE_MASK;
    }

    /**
     * @param sequence value to check.
     * @return true when {@code sequence} is in [0, 65535].
     */
    public static boolean isValid(final int sequence)
    {
        return (sequence & ~SEQUENCE_MASK) == 0;
    }

    /**
     * Programmer-misuse guard for public APIs that take a sequence.
     *
     * @param sequence value to check.
     * @param name     parameter name for the message.
     * @return the sequence.
     * @throws IllegalArgumentException when outside [0, 65535].
     */
    public static int checkSequence(final int sequence, final String name)
    {
        if (!isValid(sequence))
        {
            throw new IllegalArgumentException(name + " must be in [0, 65535]: " + sequence);
        }
        return sequence;
    }
}
