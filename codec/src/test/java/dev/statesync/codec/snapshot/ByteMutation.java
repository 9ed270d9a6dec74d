package dev.statesync.codec.snapshot;

import java.util.Arrays;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * One way an attacker or a broken link changes a real packet: flip bits, cut it short, overwrite bytes, or
 * splice the head of one packet to the tail of another. The parameters are raw ints reduced modulo the packet,
 * so one generated mutation applies to a packet of any length. Shared with the sync module's tests through
 * codec's test-jar.
 *
 * @param kind what to do.
 * @param a    first parameter (a bit or byte position, a length, a cut).
 * @param b    second parameter (a second position, a value, a cut in the other packet).
 * @param c    third parameter (a value, or whether to do it twice).
 */
public record ByteMutation(Kind kind, int a, int b, int c)
{
    /** What a mutation does. */
    public enum Kind
    {
        FLIP_BITS, TRUNCATE, OVERWRITE_BYTES, SPLICE
    }

    /** @return mutations of every kind with any parameters. */
    public static Arbitrary<ByteMutation> arbitrary()
    {
        final Arbitrary<Integer> any = Arbitraries.integers().between(0, Integer.MAX_VALUE);
        return Combinators.combine(Arbitraries.of(Kind.class), any, any, any).as(ByteMutation::new);
    }

    /**
     * @param packet a real packet (not modified).
     * @param other  another real packet, the tail of a splice.
     * @return the mutated copy.
     */
    public byte[] apply(final byte[] packet, final byte[] other)
    {
        final byte[] bytes = packet.clone();
        switch (kind)
        {
            case FLIP_BITS ->
            {
                if (bytes.length > 0)
                {
                    flip(bytes, a);
                    if ((c & 1) != 0)
                    {
                        flip(bytes, b);
                    }
                }
                return bytes;
            }
            case TRUNCATE ->
            {
                return Arrays.copyOf(bytes, bytes.length == 0 ? 0 : a % bytes.length);
            }
            case OVERWRITE_BYTES ->
            {
                if (bytes.length > 0)
                {
                    bytes[a % bytes.length] = (byte)b;
                    if ((c & 1) != 0)
                    {
                        bytes[(c >>> 1) % bytes.length] = (byte)(b >>> 8);
                    }
                }
                return bytes;
            }
            default ->
            {
                final int head = bytes.length == 0 ? 0 : a % (bytes.length + 1);
                final int tailStart = other.length == 0 ? 0 : b % (other.length + 1);
                final byte[] spliced = Arrays.copyOf(bytes, head + other.length - tailStart);
                System.arraycopy(other, tailStart, spliced, head, other.length - tailStart);
                return spliced;
            }
        }
    }

    private static void flip(final byte[] bytes, final int bit)
    {
        final int position = bit % (bytes.length * 8);
        bytes[position >>> 3] ^= (byte)(1 << (position & 7));
    }
}
