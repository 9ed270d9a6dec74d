package dev.statesync.codec.snapshot;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.entropy.BitAccount;

/**
 * The bitpacked snapshot layout (see {@link SnapshotFormat}): no model reference, indices by
 * {@link IndexCoding#serialize}, refs and alternative as bounded ints, objects without a baseline absolute.
 */
final class BitpackedLayout implements PacketLayout
{
    private final IndexCoding indexCoding;

    BitpackedLayout(final IndexCoding indexCoding)
    {
        this.indexCoding = indexCoding;
    }

    @Override
    public DecodeResult serializeModelReference(final BitStream stream, final PacketPlan plan)
    {
        plan.modelRefFlags = null;
        plan.modelRefFlagsOffset = 0;
        return DecodeResult.OK;
    }

    /** Ages on the age ladder, whatever the previous entry's: any order decodes. */
    @Override
    public DecodeResult serializeTable(final BitStream stream, final PacketPlan plan)
    {
        plan.newestEntryFlags = null;
        plan.newestEntryFlagsOffset = 0;
        plan.newestEntryTwoBaselines = null;
        final int tick = plan.tick;
        final int tableSize = stream.serializeInt(plan.tableSize, 0, SnapshotFormat.MAX_BASELINES_PER_PACKET);
        plan.tableSize = tableSize;
        for (int i = 0; i < tableSize && !stream.isFailed(); i++)
        {
            plan.tableTicks[i] = tick - 1 - stream.serializeLadder(tick - plan.tableTicks[i] - 1, SnapshotFormat.AGE_LADDER);
        }
        return DecodeResult.OK;
    }

    @Override
    public DecodeResult serializeObjects(final BitStream stream, final PacketPlan plan)
    {
        stream.accountCategory(BitAccount.HEADER);
        plan.count = stream.serializeInt(plan.count, 0, indexCoding.objectCount());
        stream.accountCategory(BitAccount.OBJECT_SET);
        indexCoding.serialize(stream, plan.objects, plan.count);
        return DecodeResult.OK;
    }

    @Override
    public int serializeNewestRef(
        final BitStream stream, final int newest, final int tableSize, final int carried)
    {
        return stream.serializeInt(newest, 0, tableSize);
    }

    @Override
    public int serializeOlderRef(
        final BitStream stream,
        final int older,
        final int newest,
        final int tableSize,
        final int carried,
        final int newestAgeTicks,
        final boolean newestEntryHadTwo)
    {
        return stream.serializeInt(older, 0, tableSize);
    }

    @Override
    public int serializeAlternative(
        final BitStream stream, final int alternative, final int alternatives, final int motionContext)
    {
        return stream.serializeInt(alternative, 0, alternatives - 1);
    }

    @Override
    public boolean predictsAbsoluteFromPrevious()
    {
        return false;
    }

    @Override
    public boolean usesMotionContexts()
    {
        return false;
    }

    @Override
    public void serializeObject(
        final ObjectCodec codec,
        final BitStream stream,
        final int[] states,
        final int stateOffset,
        final int[] prediction,
        final int predictionOffset,
        final int motionContext)
    {
        codec.serializeBitpacked(stream, states, stateOffset, prediction, predictionOffset);
    }
}
