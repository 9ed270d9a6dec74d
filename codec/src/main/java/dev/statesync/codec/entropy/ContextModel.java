package dev.statesync.codec.entropy;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.Bits;

import java.util.Arrays;

/**
 * Adaptive probabilities for {@link RangeBitWriter} and {@link RangeBitReader}: per binary context two
 * estimates of the probability of a zero, one adapting fast and one slowly, coded with their mean, and a small
 * observation count. Both ends start from the same model and see the same bits, so they stay identical.
 *
 * <p>Two regions: generic contexts keyed by (call kind, width, tree node) and hashed into
 * {@link #GENERIC_ENTRIES} entries, for bounded ints, ladders and bools; and directly indexed residual
 * contexts ({@link #RESIDUAL_CONTEXTS} of them, {@link #RESIDUAL_NODES} binary decisions each) for
 * {@link BitStream#serializeResidual}, where the caller names the context (which field, how fast the object
 * moves) because that is what the statistics depend on.
 *
 * <p>Why counts: a context that has seen few bits adapts by about {@code 1/(n + 1.5)} after {@code n}
 * observations, a running average, so rarely used contexts learn from a handful of samples instead of fifty; then
 * the fast estimate settles at a step of {@code 1/16} (after about 10) and the slow one at {@code 1/128} (after
 * about 90). Why two rates: the models carry across packets, so a context sees thousands of decisions, and a
 * stationary one is best served by a slow, less noisy average (on the cube run a single 1/128 step saved as much
 * as both), but a scene whose statistics drift (a pile collapsing) by a fast one (a single 1/128 step cost the
 * pile run 3% more than LZMA's 1/32); their mean does as well as the better of the two on each (results.md "Fewer
 * bits, round 2"). Why copyable: a snapshot link starts each packet from the model a
 * packet the receiver acked ended with ({@code ModelRing}), so statistics carry across packets without
 * sender and receiver ever disagreeing.
 *
 * <p>Integer-only; allocation-free after construction. Memory: {@link #BYTES} per model.
 */
public final class ContextModel
{
    /**
     * Bits of the probability the coder splits its range by: a zero has probability {@code p / 4096}, the mean of
     * the fast estimate (12 bits) and the slow one (13 bits, so that a step of {@code 1/128} still moves it near
     * 0 and 1).
     */
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
    public static final int RESIDUAL_CONTEXTS = 809;
    /** Flag contexts a caller may name for {@link BitStream#serializeFlag}. */
    public static final int FLAG_CONTEXTS = 64;

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
    /** The fast estimate's settled step, 1/16. */
    private static final int FAST_MAX_SHIFT = 4;
    /** The slow estimate's settled step, 1/128 (1/64 measured 8 bits per snapshot more on the cube run). */
    private static final int SLOW_MAX_SHIFT = 7;
    /** Adaptation shifts by observations so far: a running average while a context is new, then the settled step. */
    private static final byte[] FAST_SHIFT_BY_COUNT = shiftByCount(FAST_MAX_SHIFT);
    private static final byte[] SLOW_SHIFT_BY_COUNT = shiftByCount(SLOW_MAX_SHIFT);

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

    private static final int FAST_MASK = ONE - 1;
    private static final int SLOW_BITS = PROBABILITY_BITS + 1;
    static final int SLOW_ONE = 1 << SLOW_BITS;
    private static final int SLOW_MASK = SLOW_ONE - 1;
    /** Slow field of a cell: above the fast one. */
    private static final int SLOW_SHIFT = PROBABILITY_BITS;
    /** Count field of a cell: the observations above both estimates. */
    static final int COUNT_SHIFT = SLOW_SHIFT + SLOW_BITS;
    private static final int ESTIMATES_MASK = (1 << COUNT_SHIFT) - 1;
    private static final int FRESH_CELL = ONE / 2 | (SLOW_ONE / 2) << SLOW_SHIFT;

    /**
     * Per context one cell: the fast estimate of the probability of a zero in bits 0-11 (4096ths), the slow one in
     * bits 12-24 (8192ths), the observation count in bits 25-31. One array, so a coded bit reads and writes one
     * element (one cache line), not one of each of several arrays.
     */
    final int[] cells = new int[ENTRIES];

    /** A model that knows nothing: every probability one half. */
    public ContextModel()
    {
        reset();
    }

    /** Forget everything learned: both ends do this at the same point. */
    public void reset()
    {
        Arrays.fill(cells, FRESH_CELL);
    }

    /** Become an exact copy of {@code other}. */
    public void copyFrom(final ContextModel other)
    {
        System.arraycopy(other.cells, 0, cells, 0, ENTRIES);
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
            probabilities = 31 * probabilities + (cells[i] & ESTIMATES_MASK);
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
        return probabilityOf(cells[index]);
    }

    /**
     * @return the probability of a zero the coder uses for a cell read from {@link #cells}: the mean of the fast
     * and the slow estimate, in 4096ths, in [1, {@code ONE - 1}] (both estimates stay at least 1 from 0 and from
     * their one, and the rounding adds half).
     */
    static int probabilityOf(final int cell)
    {
        return (((cell & FAST_MASK) << 1) + ((cell >>> SLOW_SHIFT) & SLOW_MASK) + 2) >> 2;
    }

    void update(final int index, final int bit)
    {
        cells[index] = updated(cells[index], bit);
    }

    /**
     * @return {@code cell} after observing {@code bit}: each estimate moved by its count's shift, the count one more
     * (up to {@link #MAX_COUNT}).
     */
    static int updated(final int cell, final int bit)
    {
        final int fast = cell & FAST_MASK;
        final int slow = (cell >>> SLOW_SHIFT) & SLOW_MASK;
        final int count = cell >>> COUNT_SHIFT;
        // A cell's count never exceeds MAX_COUNT (a power of two less one), so the mask changes no index; it lets
        // the compiler drop the bounds check.
        final int fastShift = FAST_SHIFT_BY_COUNT[count & MAX_COUNT];
        final int slowShift = SLOW_SHIFT_BY_COUNT[count & MAX_COUNT];
        // Each estimate stays inside [1, its one - 1] without clamping: every shift is >= 1, so a zero moves it at
        // most half way to its one and a one keeps at least half of it. Without a branch: a zero adds
        // (one - p) >> shift, a one subtracts p >> shift.
        final int one = -bit;
        final int fastMoved = fast + (((ONE - fast) >> fastShift) & ~one) - ((fast >> fastShift) & one);
        final int slowMoved = slow + (((SLOW_ONE - slow) >> slowShift) & ~one) - ((slow >> slowShift) & one);
        // The count saturates at MAX_COUNT: count + 1 reaches MAX_COUNT + 1 (bit COUNT_BITS) only when count was MAX_COUNT.
        final int next = count + 1;
        return fastMoved | slowMoved << SLOW_SHIFT | (next - (next >>> COUNT_BITS)) << COUNT_SHIFT;
    }
}
