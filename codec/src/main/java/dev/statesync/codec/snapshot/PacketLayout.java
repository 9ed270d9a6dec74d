package dev.statesync.codec.snapshot;

import dev.statesync.codec.bits.BitStream;

/**
 * The fields where the bitpacked and the range-coded (context-modeled) snapshot layouts differ, as a strategy
 * that {@link SnapshotPacket#serialize} is given once per frame: {@link BitpackedLayout} or
 * {@link ModeledLayout}. Each method is one serialize routine (write, read and measure alike), so the two
 * layouts are chosen by the frame's format, never by testing the stream's type field by field.
 */
interface PacketLayout
{
    /**
     * Serialize the model reference (range-coded only) and set {@link PacketPlan#modelRefFlags}.
     *
     * @return {@link DecodeResult#OK}, or {@link DecodeResult#BASELINE_MISSING} if the named model is not held.
     */
    DecodeResult serializeModelReference(BitStream stream, PacketPlan plan);

    /**
     * Serialize which objects the packet carries and how many ({@link PacketPlan#count}: the bitpacked layout writes
     * it as a field, the range-coded one implies it by the set's own end flags), after the baseline table.
     *
     * @return {@link DecodeResult#OK} (a failed stream is the caller's to find).
     */
    DecodeResult serializeObjects(BitStream stream, PacketPlan plan);

    /**
     * Serialize the baseline table ({@link PacketPlan#tableSize} and {@link PacketPlan#tableTicks}: the entries'
     * ages, {@code tick - baseline tick - 1}, each in {@code [0, SnapshotFormat.AGE_LADDER.maxValue()]}), and set
     * {@link PacketPlan#newestEntryFlags} (null if the object set is not coded against the newest entry's packet).
     *
     * @return {@link DecodeResult#OK}, or {@link DecodeResult#BASELINE_MISSING} if the packet names the newest entry's
     * snapshot as held and this end does not hold it (a failed stream is the caller's to find).
     */
    DecodeResult serializeTable(BitStream stream, PacketPlan plan);

    /**
     * @param carried which snapshots both ends hold carried the object, 0..3: 1 if the model reference's did, plus 2
     *                if the newest table entry's did ({@link PacketPlan#newestEntryFlags}); a context for a layout
     *                that codes the refs adaptively.
     * @return the newest baseline's table index, {@code tableSize} for none; a reader fails outside that.
     */
    int serializeNewestRef(BitStream stream, int newest, int tableSize, int carried);

    /**
     * @param carried        as for {@link #serializeNewestRef}.
     * @param newestAgeTicks the newest baseline's age, {@code tick - its tick} (a context: an object whose newest
     *                       baseline is old mostly has no older one left).
     * @param newestEntryHadTwo the packet of the newest table entry carried the object coded against two baselines
     *                       ({@link PacketPlan#newestEntryTwoBaselines}); false when it did not or is not known.
     * @return the older baseline's table index, {@code tableSize} for none.
     */
    int serializeOlderRef(
        BitStream stream, int older, int newest, int tableSize, int carried, int newestAgeTicks,
        boolean newestEntryHadTwo);

    /**
     * @param motionContext the entry's packed {@link MotionContext} (both ends derived it from the baselines its
     *                      refs name), for a layout that codes the alternative in its context.
     * @return the predictor alternative in {@code [0, alternatives)}.
     */
    int serializeAlternative(BitStream stream, int alternative, int alternatives, int motionContext);

    /**
     * @return true if an object without a baseline is coded against the packet's previous such object (worth
     * it only where residuals are coded adaptively), false if it is coded absolutely.
     */
    boolean predictsAbsoluteFromPrevious();

    /** @return true if object states are coded in {@link MotionContext}s, which both ends must then derive. */
    boolean usesMotionContexts();

    /**
     * Serialize one object's state against its prediction ({@code prediction} null: absolutely) in this
     * layout's coding: bitpacked, or per component in the {@code motionContext} on a modeled stream.
     */
    void serializeObject(
        ObjectCodec codec, BitStream stream, int[] states, int stateOffset, int[] prediction, int predictionOffset,
        int motionContext);
}
