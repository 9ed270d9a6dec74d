package dev.statesync.codec;

import java.util.Arrays;

/**
 * Adaptive probabilities for {@link RangeBitWriter} and {@link RangeBitReader}: one 11-bit probability per
 * (call kind, width, tree node) context, hashed into a fixed table and adapted by 1/32 of the error after
 * every coded bit, as LZMA does. Both ends start from the same table and see the same bits, so they stay
 * identical. Integer-only; allocation-free after construction.
 */
final class ContextModel
{
    static final int PROBABILITY_BITS = 11;
    static final int ONE = 1 << PROBABILITY_BITS;
    static final int ADAPT_SHIFT = 5;
    static final int TREE_BITS = 8;

    static final int KIND_BITS = 1;
    static final int KIND_INT = 2;
    static final int KIND_BOOL = 3;
    static final int KIND_ZIGZAG = 4;
    static final int KIND_LADDER_RUNG = 5;
    static final int KIND_LADDER_OFFSET = 6;

    private final short[] probabilities;
    private final int mask;

    ContextModel(final int tableBits)
    {
        probabilities = new short[1 << tableBits];
        mask = probabilities.length - 1;
        reset();
    }

    /** Forget everything learned: both ends do this at the same point (e.g. per packet). */
    void reset()
    {
        Arrays.fill(probabilities, (short)(ONE / 2));
    }

    int index(final int kind, final int width, final int node)
    {
        int h = kind * 0x9E3779B1;
        h ^= width * 0x85EBCA77;
        h = Integer.rotateLeft(h, 13) * 0xC2B2AE3D;
        h ^= node * 0x27D4EB2F;
        h ^= h >>> 15;
        return h & mask;
    }

    int probability(final int index)
    {
        return probabilities[index];
    }

    void update(final int index, final int bit)
    {
        final int p = probabilities[index];
        probabilities[index] = (short)(bit == 0 ? p + ((ONE - p) >> ADAPT_SHIFT) : p - (p >> ADAPT_SHIFT));
    }
}
