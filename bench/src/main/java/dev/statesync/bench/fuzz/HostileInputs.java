package dev.statesync.bench.fuzz;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.sync.reliable.FragmentHeader;

/**
 * Turns a {@link MutationChoice} and a target's {@link FuzzCorpus} into hostile bytes, deterministically: the same
 * choice on the same corpus gives the same bytes, so a finding can be replayed and jqwik can shrink one. Every
 * parameter is reduced modulo what it indexes; nothing here throws on any choice.
 * <p>
 * One instance per fuzzing thread: the output buffer is reused.
 */
public final class HostileInputs
{
    /** Longest input built: two maximal fragments spliced and extended stay well below it. */
    public static final int MAX_BYTES = 8 * 1024;
    /** Longest input of {@link Mutator#RANDOM_BYTES}. */
    public static final int MAX_RANDOM_BYTES = 1500;

    private static final int[] SEQUENCE_DELTAS =
        {1, -1, 2, -2, 16, -16, 31, -31, 32, -32, 33, -33, 255, -255, 256, -256, 257, 1000, -1000, 16384, -16384,
            32767, -32767, 32768};
    private static final int[] TICK_DELTAS =
        {1, -1, 2, -2, 15, -15, 16, -16, 17, -17, 63, -63, 64, -64, 65, -65, 1000, -1000, 1 << 20, -(1 << 20),
            1 << 30, -(1 << 30), Integer.MIN_VALUE, Integer.MAX_VALUE};
    private static final byte[] EXTREMES = {0x00, (byte)0xFF, 0x7F, (byte)0x80};

    private final byte[] bytes = new byte[MAX_BYTES];
    private final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
    private int length;
    private boolean genuine;
    private Mutator applied;

    /**
     * Build the input of one choice.
     *
     * @param choice what to do.
     * @param corpus the target's recent real datagrams (may be empty: then random bytes).
     * @param layout where the target's fields sit.
     * @return the input's length in bytes, in {@link #buffer()} from offset 0.
     */
    public int build(final MutationChoice choice, final FuzzCorpus corpus, final WireLayout layout)
    {
        final SplittableRandom random = new SplittableRandom(choice.seed());
        final byte[] base = corpus.size() == 0 ? null : corpus.byAge(choice.pick());
        final boolean reseal = choice.reseal() && layout.canReseal() && choice.mutator() != Mutator.REPLAY_OLD &&
            choice.mutator() != Mutator.DUPLICATE_NEWEST;
        // A resealed input is mutated without its old trailer and gets a fresh one.
        final int baseLength = base == null ? 0 : reseal ? Math.max(0, base.length - layout.trailerBytes()) : base.length;
        Mutator mutator = base == null ? Mutator.RANDOM_BYTES : choice.mutator();
        if (mutator == Mutator.SEQUENCE_SHIFT && !(layout.hasPacketHeader() && baseLength >= 3))
        {
            mutator = Mutator.TICK_SHIFT;
        }
        if (mutator == Mutator.TICK_SHIFT && layout.tickOffset(base, base.length) < 0)
        {
            mutator = Mutator.OVERWRITE_WINDOW;
        }
        if (mutator == Mutator.FRAGMENT_HEADER && !(layout.hasPacketHeader() && baseLength >= 1))
        {
            mutator = Mutator.BIT_FLIPS;
        }
        applied = mutator;
        if (base != null)
        {
            System.arraycopy(base, 0, bytes, 0, baseLength);
        }
        length = baseLength;

        switch (mutator)
        {
            case RANDOM_BYTES -> length = randomBytes(random, 0, biasedLength(choice.position(), MAX_RANDOM_BYTES));
            case BIT_FLIPS -> flipBits(random, 1 + (choice.value() & 7));
            case TRUNCATE -> length = baseLength == 0 ? 0 : choice.position() % baseLength;
            case EXTEND_TAIL -> length = randomBytes(random, baseLength,
                Math.max(1, biasedLength(choice.value(), MAX_RANDOM_BYTES)));
            case OVERWRITE_WINDOW -> overwrite(random, choice.position(), choice.value());
            case RANDOM_BODY ->
            {
                final int keep = baseLength == 0 ? 0 : 1 + choice.position() % Math.min(baseLength, 16);
                length = randomBytes(random, keep, biasedLength(choice.value(), MAX_RANDOM_BYTES));
            }
            case SPLICE -> splice(corpus.byAge((int)(choice.seed() >>> 33)), choice.position(), choice.value(),
                reseal ? layout.trailerBytes() : 0);
            case SEQUENCE_SHIFT -> shiftSequence(choice.value(), (choice.position() & 1) != 0);
            case TICK_SHIFT -> shiftTick(layout.tickOffset(base, base.length), choice.value(), random);
            case FRAGMENT_HEADER -> fragmentHeader(choice.value(), random);
            default ->
            {
                // REPLAY_OLD, DUPLICATE_NEWEST: the datagram as it was.
                if (mutator == Mutator.DUPLICATE_NEWEST)
                {
                    final byte[] newest = corpus.byAge(0);
                    System.arraycopy(newest, 0, bytes, 0, newest.length);
                    length = newest.length;
                }
            }
        }
        if (reseal && length + layout.trailerBytes() <= MAX_BYTES)
        {
            length = layout.reseal(bytes, length);
        }
        genuine = corpus.contains(bytes, length);
        return length;
    }

    /** @return holds the last input built, from offset 0. */
    public UnsafeBuffer buffer()
    {
        return buffer;
    }

    /** @return length of the last input built. */
    public int length()
    {
        return length;
    }

    /**
     * @return true when the last input is byte for byte a datagram the honest sender sent: accepting it is
     * accepting a late, early or duplicated real datagram, which any network may deliver.
     */
    public boolean isGenuine()
    {
        return genuine;
    }

    /** @return the mutator actually applied to the last input (after fallbacks). */
    public Mutator applied()
    {
        return applied;
    }

    /** @return the last input as hex, for findings. */
    public String hex()
    {
        final StringBuilder out = new StringBuilder(length * 2);
        for (int i = 0; i < length; i++)
        {
            out.append(Character.forDigit((bytes[i] >>> 4) & 0xF, 16)).append(Character.forDigit(bytes[i] & 0xF, 16));
        }
        return out.toString();
    }

    /** Lengths: half up to 16 bytes, a quarter up to 128, the rest up to {@code max}. */
    private static int biasedLength(final int value, final int max)
    {
        final int v = value & Integer.MAX_VALUE;
        final int bucket = v & 7;
        final int bound = bucket < 4 ? 17 : bucket < 6 ? 129 : max + 1;
        return (v >>> 3) % Math.min(bound, max + 1);
    }

    private int randomBytes(final SplittableRandom random, final int from, final int count)
    {
        final int end = Math.min(MAX_BYTES, from + count);
        for (int i = from; i < end; i++)
        {
            bytes[i] = (byte)random.nextInt(256);
        }
        return end;
    }

    private void flipBits(final SplittableRandom random, final int flips)
    {
        if (length == 0)
        {
            return;
        }
        for (int i = 0; i < flips; i++)
        {
            final int bit = random.nextInt(length * 8);
            bytes[bit >>> 3] ^= (byte)(1 << (bit & 7));
        }
    }

    private void overwrite(final SplittableRandom random, final int position, final int value)
    {
        if (length == 0)
        {
            return;
        }
        final int width = 1 + (value & 3);
        final int mode = (value >>> 2) % (EXTREMES.length + 1);
        final int start = position % length;
        for (int i = start; i < Math.min(length, start + width); i++)
        {
            bytes[i] = mode == EXTREMES.length ? (byte)random.nextInt(256) : EXTREMES[mode];
        }
    }

    private void splice(final byte[] other, final int position, final int value, final int dropTrailer)
    {
        final int otherLength = Math.max(0, other.length - dropTrailer);
        final int head = position % (length + 1);
        final int tailStart = value % (otherLength + 1);
        final int tail = Math.min(otherLength - tailStart, MAX_BYTES - head);
        System.arraycopy(other, tailStart, bytes, head, tail);
        length = head + tail;
    }

    private void shiftSequence(final int value, final boolean alsoInnerHeader)
    {
        final int delta = delta(SEQUENCE_DELTAS, value, null);
        addShort(1, delta);
        // Fragment 0 repeats the sequence in its packet header: move both, or the mismatch check refuses it first.
        if (alsoInnerHeader && (bytes[0] & 1) != 0 && length >= FragmentHeader.BYTES + 3 && bytes[3] == 0)
        {
            addShort(FragmentHeader.BYTES + 1, delta);
        }
    }

    private void shiftTick(final int offset, final int value, final SplittableRandom random)
    {
        final int delta = delta(TICK_DELTAS, value, random);
        final int tick = (bytes[offset] & 0xFF) | (bytes[offset + 1] & 0xFF) << 8 | (bytes[offset + 2] & 0xFF) << 16 |
            (bytes[offset + 3] & 0xFF) << 24;
        final int shifted = tick + delta;
        for (int i = 0; i < 4; i++)
        {
            bytes[offset + i] = (byte)(shifted >>> (8 * i));
        }
    }

    /** A listed delta for most values; one in eight is any int (or any 16-bit delta, without a random source). */
    private static int delta(final int[] deltas, final int value, final SplittableRandom random)
    {
        final int index = value % (deltas.length + deltas.length / 7);
        if (index < deltas.length)
        {
            return deltas[index];
        }
        return random == null ? value >>> 8 : random.nextInt();
    }

    private void addShort(final int offset, final int delta)
    {
        final int shifted = ((bytes[offset] & 0xFF) | (bytes[offset + 1] & 0xFF) << 8) + delta;
        bytes[offset] = (byte)shifted;
        bytes[offset + 1] = (byte)(shifted >>> 8);
    }

    /**
     * Over a real fragment: rewrite its id and count byte. Around a regular packet: prefix a fragment header, so the
     * packet becomes fragment 0 of a packet of one, two or many fragments, or an impossible one.
     */
    private void fragmentHeader(final int value, final SplittableRandom random)
    {
        final int mode = value % 6;
        if ((bytes[0] & 1) != 0 && length >= FragmentHeader.BYTES)
        {
            final int countMinusOne = bytes[4] & 0xFF;
            switch (mode)
            {
                case 0 -> bytes[3] = (byte)(countMinusOne + 1);
                case 1 -> bytes[3] = (byte)0xFF;
                case 2 -> bytes[4] = (byte)0xFF;
                case 3 -> bytes[4] = (byte)random.nextInt(256);
                case 4 ->
                {
                    bytes[3] = (byte)random.nextInt(256);
                    bytes[4] = (byte)random.nextInt(256);
                }
                default -> bytes[4] = (byte)(countMinusOne + 1);
            }
            return;
        }
        final int id;
        final int count;
        switch (mode)
        {
            case 0 ->
            {
                id = 0;
                count = 1;
            }
            case 1 ->
            {
                id = 0;
                count = 2;
            }
            case 2 ->
            {
                id = 1;
                count = 2;
            }
            case 3 ->
            {
                id = 0;
                count = 17;
            }
            case 4 ->
            {
                id = random.nextInt(256);
                count = 1 + random.nextInt(256);
            }
            default ->
            {
                id = 255;
                count = 256;
            }
        }
        final int moved = Math.min(length, MAX_BYTES - FragmentHeader.BYTES);
        System.arraycopy(bytes, 0, bytes, FragmentHeader.BYTES, moved);
        bytes[0] = (byte)FragmentHeader.PREFIX;
        // bytes[1..2] still hold the packet's sequence: the moved header starts at 5, its sequence at 6.
        bytes[1] = moved >= 3 ? bytes[FragmentHeader.BYTES + 1] : 0;
        bytes[2] = moved >= 3 ? bytes[FragmentHeader.BYTES + 2] : 0;
        bytes[3] = (byte)id;
        bytes[4] = (byte)(count - 1);
        length = FragmentHeader.BYTES + moved;
    }

    @Override
    public String toString()
    {
        return "HostileInputs[" + applied + ", " + length + " bytes]";
    }

    /** @return a copy of the last input. */
    public byte[] copy()
    {
        return Arrays.copyOf(bytes, length);
    }
}
