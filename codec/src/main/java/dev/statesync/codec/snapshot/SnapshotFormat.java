package dev.statesync.codec.snapshot;

/**
 * Constants of the statesync snapshot payload, shared by sender and receiver:
 *
 * <pre>
 * tick              the sender's simulation tick: 1 bit anchored, then 32 bits, or the distance in packet
 *                   sequences to a packet the receiver applied and the ticks since it ({@code PacketTick})
 * model ref         range-coded frames only, direct bits: with an anchored tick 1 bit "the anchor's age", else
 *                   the age on a ladder; 0 = fresh model, else the age in ticks of the acked snapshot whose
 *                   final coder model the rest of the packet continues from
 * baseline table    count K bounded [0, 31], then K baseline ages (tick - baseline tick - 1) on a ladder
 * count             bounded [0, objects]; range-coded: none (the object set's "more" flags end it)
 * indices           {@link IndexCoding}: 2-bit mode, then a bitmask or index gaps; range-coded: one
 *                   context-coded flag per object and a "more" flag per carried one
 *                   ({@link IndexCoding#serializeModeled})
 * per object, in index order (range-coded: refs and alternative as residuals, {@code BaselineRefs}):
 *   newest ref      bounded [0, K]; K = no baseline, absolute
 *   older ref       only for two-baseline predictors and newest ref != K; bounded [0, K]; K = none
 *   alternative     only with a prediction: bounded [0, n - 1] for a predictor offering n alternatives
 *   state           {@link ObjectCodec}
 * padding           zero bits to the byte boundary (none when range-coded)
 * </pre>
 *
 * Bit for bit, with the coder's contexts: {@code src/site/wire-format.md}.
 */
public final class SnapshotFormat
{
    /**
     * Most distinct baseline ticks one packet may name. A candidate whose baseline tick did not make the table
     * is sent absolutely; 31 (5 bits of count) keeps such drops rare when many objects were last acked at
     * scattered ticks (at 15, about 1% of objects sent on the cube scene lost their baseline this way).
     */
    public static final int MAX_BASELINES_PER_PACKET = 31;
    /**
     * Framed payload ({@link SnapshotConfig#rangeCoded}): first byte 0, the bitpacked snapshot follows. Any other
     * first byte starts a range-coded snapshot, the whole frame ({@code RangeBitWriter.startAboveZeroByte}: its
     * first byte is never 0), see {@link #isRangeCoded}.
     */
    public static final int FORMAT_BITPACKED = 0;

    /**
     * @param firstByte a framed payload's first byte (0..255, or as a signed byte).
     * @return true if the frame is a range-coded snapshot, false if it is the format byte of a bitpacked one.
     */
    public static boolean isRangeCoded(final int firstByte)
    {
        return (firstByte & 0xFF) != FORMAT_BITPACKED;
    }

    /** Largest model reference age, ticks. */
    public static final int MAX_MODEL_REF_AGE = 255;

    /** Bits of a whole tick (an anchored tick takes far fewer, {@code PacketTick}). */
    public static final int TICK_BITS = 32;

    /**
     * Model reference age when it is not the tick anchor's (or the tick is whole), direct bits: 0 (fresh) ..3 in 3
     * bits, 4..19 in 6, 20..275 in 10; a reader refuses an age above {@link #MAX_MODEL_REF_AGE}.
     */
    static final dev.statesync.codec.bits.BitLadder MODEL_REF_LADDER = new dev.statesync.codec.bits.BitLadder(2, 4, 8);

    private SnapshotFormat()
    {
    }

    /** Ladder for baseline ages minus one: 1..4 ticks in 3 bits, 5..20 in 6, then up to 2^16. */
    static final dev.statesync.codec.bits.BitLadder AGE_LADDER = new dev.statesync.codec.bits.BitLadder(2, 4, 8, 16);
}
