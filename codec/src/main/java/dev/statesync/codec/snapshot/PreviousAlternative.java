package dev.statesync.codec.snapshot;

/**
 * The predictor alternative an object was coded with in the packet that carried its newest baseline, kept beside
 * the baseline's state in the {@link StateRing} slot of that packet's tick, so that the next packet codes the
 * object's alternative in the context of the previous one ({@link BaselineRefs#serializeAlternative}) at no wire cost.
 *
 * <p>Why: an object keeps its predictor for a while (held while it rests or is pushed slowly, extrapolated while it
 * slides, free flight while airborne), so the alternative its newest baseline was coded with predicts the one it is
 * coded with now better than the motion class alone: on the cube run the alternatives cost 96.4 bits per snapshot
 * in the context of the position class, 88.3 in that of the class and the previous alternative (results.md, "Fewer
 * bits, round 14").
 *
 * <p>Why both ends agree: the sender records it for every object of every packet it writes (its sent ring holds
 * the states it wrote), the receiver for every object of every packet it applies, from the alternative read from
 * that packet; a state is only ever a baseline once the receiver applied the packet that carried it (an acked
 * packet, or the unacked one a referencing packet names and the receiver refuses it without), and both ends store
 * the state and its alternative in the same slot at the same time. A ring slot refusing an older tick stores
 * neither.
 *
 * <p>Packed as one byte: 0 ({@link #UNKNOWN}) for an object its packet coded without a baseline (so without an
 * alternative) or a slot nothing was recorded in, else the alternative plus one, alternatives above
 * {@link #MAX_ALTERNATIVE} counted as it. Integer-only.
 */
final class PreviousAlternative
{
    /** A state whose packet coded it without a baseline, or a slot with nothing recorded. */
    static final int UNKNOWN = 0;
    /** Highest alternative told apart; higher ones share its value (the cube scene has three: 0..2). */
    static final int MAX_ALTERNATIVE = 2;
    /** Values {@link #of} returns: {@link #UNKNOWN} and one per alternative told apart. */
    static final int VALUES = MAX_ALTERNATIVE + 2;

    private PreviousAlternative()
    {
    }

    /**
     * @param hasBaseline whether the packet coded the object against a baseline.
     * @param alternative the alternative it was coded with (ignored without a baseline).
     * @return the value to store with the object's state of that packet: {@link #UNKNOWN}, or 1 .. {@code VALUES - 1}.
     */
    static int of(final boolean hasBaseline, final int alternative)
    {
        return hasBaseline ? 1 + Math.min(MAX_ALTERNATIVE, alternative) : UNKNOWN;
    }
}
