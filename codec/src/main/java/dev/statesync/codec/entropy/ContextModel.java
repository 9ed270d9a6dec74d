package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.Bits;

import java.util.Arrays;

/**
 * Adaptive probabilities for {@link RangeBitWriter} and {@link RangeBitReader}: one 12-bit probability of a
 * zero, and a small observation count, per binary context. Both ends start from the same model and see the
 * same bits, so they stay identical.
 *
 * <p>Two regions: generic contexts keyed by (call kind, width, tree node) and hashed into
 * {@link #GENERIC_ENTRIES} entries, for bounded ints, ladders and bools; and directly indexed residual
 * contexts ({@link #RESIDUAL_CONTEXTS} of them, {@link #RESIDUAL_NODES} binary decisions each) for
 * {@link BitStream#serializeResidual}, where the caller names the context (which field, how fast the object
 * moves) because that is what the statistics depend on.
 *
 * <p>Why counts: a context that has seen few bits adapts by about {@code 1/(n + 1.5)} after {@code n}
 * observations, a running average, and settles at LZMA's {@code 1/32} after about 20, so rarely used
 * contexts learn from a handful of samples instead of fifty. Why copyable: a snapshot link starts each packet from the model a
 * packet the receiver acked ended with ({@code ModelRing}), so statistics carry across packets without
 * sender and receiver ever disagreeing.
 *
 * <p>Integer-only; allocation-free after construction. Memory: {@link #BYTES} per model.
 */
public final class ContextModel
{
    /** Bits of a probability: a zero has probability {@code p / 4096}. */
    public static final int PROBABILITY_BITS = 12;
    static final int ONE = 1 << PROBABILITY_BITS;
    static final int TREE_BITS = 8;

    static final int KIND_BITS = 1;
    static final int KIND_INT = 2;
    static final int KIND_BOOL = 3;
    static final int KIND_ZIGZAG = 4;
    static final int KIND_LADDER_RUNG = 5;
    static final int KIND_LADDER_OFFSET = 6;

    /** Entries of the hashed generic region. */
    public static final int GENERIC_ENTRIES = 1 << 11;
    /** Residual contexts a caller may name: {@code 0..RESIDUAL_CONTEXTS - 1}. */
    public static final int RESIDUAL_CONTEXTS = 682;
    /** Flag contexts a caller may name for {@link BitStream#serializeFlag}. */
    public static final int FLAG_CONTEXTS = 80;

    /** Magnitude classes coded in unary before an escape: |v| below 2^19 (bit length under 20) never escapes. */
    static final int RESIDUAL_UNARY_CLASSES = 20;
    static final int RESIDUAL_SIGN_NODE = RESIDUAL_UNARY_CLASSES;
    static final int RESIDUAL_MANTISSA_NODE = RESIDUAL_SIGN_NODE + 1;
    /** Binary decisions per residual context: unary classes, sign, top mantissa bit per class 2..20. */
    public static final int RESIDUAL_NODES = RESIDUAL_MANTISSA_NODE + RESIDUAL_UNARY_CLASSES - 1;

    private static final int RESIDUAL_BASE = GENERIC_ENTRIES;
    private static final int FLAG_BASE = RESIDUAL_BASE + RESIDUAL_CONTEXTS * RESIDUAL_NODES;
    private static final int ENTRIES = FLAG_BASE + FLAG_CONTEXTS;
    /** Bytes one model holds (its probabilities and counts). */
    public static final int BYTES = ENTRIES * 4;

    private static final int COUNT_BITS = 7;
    private static final int MAX_COUNT = (1 << COUNT_BITS) - 1;
    /** LZMA's adaptation step, 1/32, once a context has seen about 20 bits (1/64 measured no better). */
    private static final int MAX_SHIFT = 5;
    /** Adaptation shift by observations so far: fast while a context is new, LZMA's 5 once it has history. */
    private static final byte[] SHIFT_BY_COUNT = shiftByCount(MAX_SHIFT);

    private static byte[] shiftByCount(final int maxShift)
    {
        final byte[] shifts = new byte[MAX_COUNT + 1];
        for (int n = 0; n <= MAX_COUNT; n++)
        {
            // A step of about 1 / (n + 1.5), the running average, while a context is young: the shift is
            // log2(n + 1.5) rounded, i.e. the largest k with 2 * 4^k <= (2n + 3)^2, in exact integers.
            final long square = (2L * n + 3) * (2L * n + 3);
            int shift = 0;
            while (shift < maxShift && 2L << (2 * (shift + 1)) <= square)
            {
                shift++;
            }
            shifts[n] = (byte)Math.max(1, shift);
        }
        return shifts;
    }

    /** Count field of a cell: the observations above {@link #PROBABILITY_MASK}. */
    private static final int COUNT_SHIFT = 16;
    private static final int PROBABILITY_MASK = (1 << COUNT_SHIFT) - 1;
    private static final int FRESH_CELL = ONE / 2;

    /**
     * Per context one cell: the probability of a zero in the low 16 bits, the observation count above them. One
     * array, so a coded bit reads and writes one element (one cache line), not one of each of two arrays.
     */
    final int[] cells = new int[ENTRIES];

    /** Cells per generic block of {@link #touched}: 16 ints, one 64-byte cache line. */
    private static final int GENERIC_BLOCK_SHIFT = 4;
    private static final int GENERIC_BLOCKS = GENERIC_ENTRIES >>> GENERIC_BLOCK_SHIFT;
    /** Units {@link #touched} tracks: the generic region's blocks, then the residual contexts (flags: always). */
    private static final int UNITS = GENERIC_BLOCKS + RESIDUAL_CONTEXTS;
    private static final int TOUCHED_WORDS = (UNITS + 63) >>> 6;

    /**
     * One bit per unit of the model that may have been written since the last {@link #reset}: a block of 16
     * generic cells (bits 0..127), or one residual context's {@link #RESIDUAL_NODES} cells (bits from 128, by
     * context). The flag region, {@link #FLAG_CONTEXTS} cells, is not tracked: it is always copied. The invariant
     * every method keeps: a cell of an unmarked unit holds the fresh value. So {@link #copyFrom} and {@link #reset}
     * move only the units marked in either model, and a coder marks a unit when it codes with it
     * ({@link #touchGeneric}, {@link #touchResidual}): once per residual, not per bit.
     *
     * <p>Why: a range-coded snapshot starts from a copy of an acked packet's model, once per packet on each end, and a
     * whole model is {@link #BYTES} bytes while a scene codes with a part of it (the cubes: 130-430 of the 810 units,
     * 11 generic cells in use). On the cubes benchmark, where one connection's models stay in cache, that is about
     * 1.5% of the snapshot schema's encode; a server with many clients copies each client's model from memory, so
     * the cache lines not moved count for more there (results.md, "CPU per client").
     */
    private final long[] touched = new long[TOUCHED_WORDS];

    /** A model that knows nothing: every probability one half. */
    public ContextModel()
    {
        Arrays.fill(cells, FRESH_CELL);
    }

    /** Forget everything learned: both ends do this at the same point. Writes only the units marked as written. */
    public void reset()
    {
        final long[] marks = touched;
        for (int word = 0; word < TOUCHED_WORDS; word++)
        {
            long bits = marks[word];
            while (bits != 0)
            {
                final int start = Long.numberOfTrailingZeros(bits);
                final int run = Long.numberOfTrailingZeros(~(bits >>> start));
                final int unit = (word << 6) + start;
                Arrays.fill(cells, unitStart(unit), unitStart(unit + run), FRESH_CELL);
                bits &= ~(runMask(run) << start);
            }
            marks[word] = 0;
        }
        Arrays.fill(cells, FLAG_BASE, ENTRIES, FRESH_CELL);
    }

    /**
     * Become an exact copy of {@code other}: its cells and its marks. Copies only the units either model marks as
     * written (a unit neither marks is fresh in both), and the flag region.
     */
    public void copyFrom(final ContextModel other)
    {
        final long[] mine = touched;
        final long[] theirs = other.touched;
        final int[] from = other.cells;
        for (int word = 0; word < TOUCHED_WORDS; word++)
        {
            long bits = mine[word] | theirs[word];
            while (bits != 0)
            {
                final int start = Long.numberOfTrailingZeros(bits);
                final int run = Long.numberOfTrailingZeros(~(bits >>> start));
                final int unit = (word << 6) + start;
                final int first = unitStart(unit);
                System.arraycopy(from, first, cells, first, unitStart(unit + run) - first);
                bits &= ~(runMask(run) << start);
            }
            mine[word] = theirs[word];
        }
        System.arraycopy(from, FLAG_BASE, cells, FLAG_BASE, FLAG_CONTEXTS);
    }

    /** First cell of tracked unit {@code unit} (0..{@link #UNITS}; {@link #UNITS} gives the flag region's start). */
    private static int unitStart(final int unit)
    {
        return unit < GENERIC_BLOCKS ?
            unit << GENERIC_BLOCK_SHIFT :
            RESIDUAL_BASE + (unit - GENERIC_BLOCKS) * RESIDUAL_NODES;
    }

    /** The low {@code run} bits set, for {@code run} 1..64. */
    private static long runMask(final int run)
    {
        return -1L >>> (64 - run);
    }

    /** Mark generic cell {@code index} (below {@link #GENERIC_ENTRIES}) as written: before a coder codes with it. */
    void touchGeneric(final int index)
    {
        final int unit = index >>> GENERIC_BLOCK_SHIFT;
        touched[unit >>> 6] |= 1L << unit;
    }

    /** Mark residual context {@code context}'s cells as written: before a coder codes a residual in it. */
    void touchResidual(final int context)
    {
        final int unit = GENERIC_BLOCKS + context;
        touched[unit >>> 6] |= 1L << unit;
    }

    /**
     * Mark the unit of any cell {@code index} as written (a flag cell needs none): for a caller that writes
     * single cells by index, off the hot path.
     */
    void touch(final int index)
    {
        if (index < RESIDUAL_BASE)
        {
            touchGeneric(index);
        }
        else if (index < FLAG_BASE)
        {
            touchResidual((index - RESIDUAL_BASE) / RESIDUAL_NODES);
        }
    }

    /** @return true if every cell of every unit not marked as written is fresh: {@link #touched}'s invariant (tests). */
    boolean unmarkedCellsAreFresh()
    {
        for (int unit = 0; unit < UNITS; unit++)
        {
            if ((touched[unit >>> 6] & (1L << unit)) == 0)
            {
                for (int i = unitStart(unit); i < unitStart(unit + 1); i++)
                {
                    if (cells[i] != FRESH_CELL)
                    {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /**
     * Fold every probability and count into a state digest (for tests and diagnostics; reads the whole model,
     * so keep it off any hot path).
     *
     * @param hash digest so far.
     * @return the digest with this model folded in.
     */
    public long digest(final long hash)
    {
        int probabilities = 1;
        int counts = 1;
        for (int i = 0; i < ENTRIES; i++)
        {
            probabilities = 31 * probabilities + (short)(cells[i] & PROBABILITY_MASK);
            counts = 31 * counts + (byte)(cells[i] >>> COUNT_SHIFT);
        }
        return (hash * 31 + probabilities) * 31 + counts;
    }

    /** @return true if both models hold the same probabilities and counts (for tests and assertions). */
    public boolean sameAs(final ContextModel other)
    {
        return Arrays.equals(cells, other.cells);
    }

    static int index(final int kind, final int width, final int node)
    {
        int h = kind * 0x9E3779B1;
        h ^= width * 0x85EBCA77;
        h = Integer.rotateLeft(h, 13) * 0xC2B2AE3D;
        h ^= node * 0x27D4EB2F;
        h ^= h >>> 15;
        return h & (GENERIC_ENTRIES - 1);
    }

    static int residualIndex(final int context, final int node)
    {
        return RESIDUAL_BASE + context * RESIDUAL_NODES + node;
    }

    static int flagIndex(final int context)
    {
        return FLAG_BASE + context;
    }

    static void checkResidualContext(final int context)
    {
        if (context < 0 || context >= RESIDUAL_CONTEXTS)
        {
            throw new IllegalArgumentException("residual context must be 0.." + (RESIDUAL_CONTEXTS - 1) + ", got " + context);
        }
    }

    static void checkFlagContext(final int context)
    {
        if (context < 0 || context >= FLAG_CONTEXTS)
        {
            throw new IllegalArgumentException("flag context must be 0.." + (FLAG_CONTEXTS - 1) + ", got " + context);
        }
    }

    int probability(final int index)
    {
        return cells[index] & PROBABILITY_MASK;
    }

    /** @return the probability of a zero in a cell read from {@link #cells}. */
    static int probabilityOf(final int cell)
    {
        return cell & PROBABILITY_MASK;
    }

    /**
     * @return {@code cell} after observing {@code bit}: the probability moved by its count's shift, the count one
     * more (up to {@link #MAX_COUNT}).
     */
    static int updated(final int cell, final int bit)
    {
        final int p = cell & PROBABILITY_MASK;
        final int count = cell >>> COUNT_SHIFT;
        // A cell's count never exceeds MAX_COUNT (a power of two less one), so the mask changes no index; it lets
        // the compiler drop the bounds check.
        final int shift = SHIFT_BY_COUNT[count & MAX_COUNT];
        // p stays inside [1, ONE - 1], so neither symbol ever becomes impossible to code, without clamping: every
        // shift is >= 1, so a zero moves p at most half way to ONE (p <= ONE - 1 gives at most ONE - 1) and a one
        // keeps at least half of it (p >= 1 gives at least 1). Without a branch: a zero adds (ONE - p) >> shift,
        // a one subtracts p >> shift.
        final int one = -bit;
        final int moved = p + (((ONE - p) >> shift) & ~one) - ((p >> shift) & one);
        // The count saturates at MAX_COUNT: count + 1 reaches MAX_COUNT + 1 (bit COUNT_BITS) only when count was MAX_COUNT.
        final int next = count + 1;
        return moved | (next - (next >>> COUNT_BITS)) << COUNT_SHIFT;
    }
}
