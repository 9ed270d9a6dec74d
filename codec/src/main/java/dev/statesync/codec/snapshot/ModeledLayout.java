package dev.statesync.codec.snapshot;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.entropy.BitAccount;
import dev.statesync.codec.entropy.ContextModel;
import dev.statesync.codec.entropy.ModeledBitStream;

/**
 * The range-coded snapshot layout (see {@link SnapshotFormat}): a model reference that both ends continue
 * coding from, one context-coded flag per object ({@link IndexCoding#serializeModeled}) against the packet of the
 * newest baseline table entry, refs and alternative
 * as residuals in contexts of their own ({@link BaselineRefs}), and objects without a baseline predicted from
 * the packet's previous such object. Only ever given a {@link ModeledBitStream}: the frame's format chose it.
 */
final class ModeledLayout implements PacketLayout
{
    private final IndexCoding indexCoding;
    private final ReferencedTable referencedTable = new ReferencedTable();

    /** This end's coder models by tick; null unless range coding is configured. */
    private final ModelRing modelRing;
    /** Oldest newest-entry packet the sender codes the object set against, ticks: the model reference's limit. */
    private final int maxSetRefAgeTicks;

    ModeledLayout(final IndexCoding indexCoding, final ModelRing modelRing, final int maxSetRefAgeTicks)
    {
        this.indexCoding = indexCoding;
        this.modelRing = modelRing;
        this.maxSetRefAgeTicks = maxSetRefAgeTicks;
    }

    @Override
    public DecodeResult serializeModelReference(final BitStream stream, final PacketPlan plan)
    {
        final int age = serializeModelRefAge(stream, plan);
        plan.modelRefAge = age;
        plan.modelRefFlags = null;
        plan.modelRefFlagsOffset = 0;
        // The coder was wrapped without a model (see RangeBitWriter.wrapWithoutModel): set all of it here.
        final ContextModel model = ((ModeledBitStream)stream).model();
        if (stream.isFailed() || age > SnapshotFormat.MAX_MODEL_REF_AGE)
        {
            model.reset();
            return DecodeResult.MALFORMED;
        }
        if (age == 0)
        {
            model.reset();
            return DecodeResult.OK;
        }
        final int refTick = plan.tick - age;
        if (modelRing == null || !modelRing.holds(refTick))
        {
            // The sender continued from a snapshot this end never stored (or evicted): like a missing baseline.
            return DecodeResult.BASELINE_MISSING;
        }
        model.copyFrom(modelRing.model(refTick));
        plan.modelRefFlags = modelRing.includedArray();
        plan.modelRefFlagsOffset = modelRing.includedOffset(refTick);
        return DecodeResult.OK;
    }

    /**
     * The model reference age, in direct bits (the model is not loaded yet): with an anchored tick one bit says it is
     * the anchor's age (the sender's newest acked packet, nearly always the model reference too), else the age on
     * {@link SnapshotFormat#MODEL_REF_LADDER}. On the cube run the age was 8 bits a packet; now about 1.
     */
    private static int serializeModelRefAge(final BitStream stream, final PacketPlan plan)
    {
        if (plan.anchorDistance > 0)
        {
            final int anchorAge = plan.tick - plan.anchorTick;
            if (stream.serializeBits(plan.modelRefAge == anchorAge ? 1 : 0, 1) == 1)
            {
                return anchorAge;
            }
        }
        return DirectLadder.serialize(stream, plan.modelRefAge, SnapshotFormat.MODEL_REF_LADDER);
    }

    /**
     * The baseline table: its size, the first (newest) entry's age, then whether the object set is coded against the
     * snapshot of that entry (the set source, see {@link #serializeObjects}), then the other entries' ages. Ages
     * strictly increase. The first: with an anchored tick one flag "the anchor's packet" (a clean packet's newest
     * baseline is nearly always the newest acked packet, which the tick is anchored to), else a residual
     * ({@link BaselineRefs#serializeTableAge}). The others: with the set source, against that snapshot's own table
     * ({@link ReferencedTable}), else each as its gap from the previous one. On the cube run the table costs 49.6 bits
     * per snapshot with gaps alone, 43.1 this way.
     */
    @Override
    public DecodeResult serializeTable(final BitStream stream, final PacketPlan plan)
    {
        plan.newestEntryFlags = null;
        plan.newestEntryFlagsOffset = 0;
        plan.newestEntryTwoBaselines = null;
        final int tick = plan.tick;
        final int tableSize = stream.serializeInt(plan.tableSize, 0, SnapshotFormat.MAX_BASELINES_PER_PACKET);
        plan.tableSize = tableSize;
        if (tableSize == 0 || stream.isFailed())
        {
            return DecodeResult.OK;
        }
        final int firstAge;
        if (plan.anchorDistance > 0 &&
            stream.serializeFlag(plan.tableTicks[0] == plan.anchorTick, IndexCoding.ANCHOR_ENTRY_FLAG_CONTEXT))
        {
            // An anchor is an earlier packet, at most DELTA_LADDER's reach back: within the age ladder.
            firstAge = tick - plan.anchorTick - 1;
        }
        else
        {
            firstAge = BaselineRefs.serializeTableAge(stream, tick - plan.tableTicks[0] - 1, -1);
        }
        plan.tableTicks[0] = tick - 1 - firstAge;
        if (stream.isFailed())
        {
            return DecodeResult.OK;
        }
        final int newestTick = plan.tableTicks[0];
        final boolean held = modelRing != null && modelRing.holds(newestTick);
        stream.accountCategory(BitAccount.OBJECT_SET);
        final boolean fromNewest = stream.serializeFlag(held && tick - newestTick <= maxSetRefAgeTicks,
            IndexCoding.NEWEST_ENTRY_FLAG_CONTEXT);
        stream.accountCategory(BitAccount.BASELINE_TABLE);
        if (stream.isFailed())
        {
            return DecodeResult.OK;
        }
        if (fromNewest)
        {
            if (!held)
            {
                return DecodeResult.BASELINE_MISSING;
            }
            plan.newestEntryFlags = modelRing.includedArray();
            plan.newestEntryFlagsOffset = modelRing.includedOffset(newestTick);
            plan.newestEntryTwoBaselines = modelRing.twoBaselinesArray();
            referencedTable.serialize(stream, plan, modelRing, newestTick, firstAge);
            return DecodeResult.OK;
        }
        int previousAge = firstAge;
        for (int i = 1; i < tableSize && !stream.isFailed(); i++)
        {
            previousAge = BaselineRefs.serializeTableAge(stream, tick - plan.tableTicks[i] - 1, previousAge);
            plan.tableTicks[i] = tick - 1 - previousAge;
        }
        return DecodeResult.OK;
    }

    /**
     * The object set, coded against the packet of the newest baseline table entry when both ends hold it (the set
     * source flag of {@link #serializeTable}), else against the model reference's. With unacked references the
     * newest entry of a referencing packet is the clean packet just before it, whose set predicts this one far
     * better than the model reference's (about 8 ticks old at 100 ms): on the cube run 143.2 bits per snapshot for
     * the set against the model reference, 107.6 against the newest entry. Whether it is coded against the newest
     * entry is one flag, because the receiver cannot tell a packet that went out bitpacked (which neither end
     * stored) from one it lost; the sender sets it only if it stored that packet range-coded and it is at most
     * {@code SnapshotConfig.maxModelRefAgeTicks} old, so that, as for the model reference, the receiver's slot cannot
     * have been overwritten if it applied that packet. A receiver told to use a packet it does not hold lost it, and
     * refuses the packet as a missing baseline (which it names).
     */
    @Override
    public DecodeResult serializeObjects(final BitStream stream, final PacketPlan plan)
    {
        stream.accountCategory(BitAccount.OBJECT_SET);
        // No count field: the set's own "more" flags end it (IndexCoding.serializeModeled).
        if (plan.newestEntryFlags != null)
        {
            plan.count = indexCoding.serializeModeled(stream, plan.objects, plan.count, plan.newestEntryFlags,
                modelRing.restingArray(), plan.newestEntryFlagsOffset);
        }
        else
        {
            plan.count = indexCoding.serializeModeled(stream, plan.objects, plan.count, plan.modelRefFlags,
                plan.modelRefFlags == null ? null : modelRing.restingArray(), plan.modelRefFlagsOffset);
        }
        return DecodeResult.OK;
    }

    @Override
    public int serializeNewestRef(
        final BitStream stream, final int newest, final int tableSize, final int carried)
    {
        return BaselineRefs.serializeNewest(stream, newest, tableSize, carried);
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
        return BaselineRefs.serializeOlder(stream, older, newest, tableSize, carried, newestAgeTicks, newestEntryHadTwo);
    }

    @Override
    public int serializeAlternative(
        final BitStream stream, final int alternative, final int alternatives, final int motionContext)
    {
        return BaselineRefs.serializeAlternative(stream, alternative, alternatives, motionContext);
    }

    @Override
    public boolean predictsAbsoluteFromPrevious()
    {
        return true;
    }

    @Override
    public boolean usesMotionContexts()
    {
        return true;
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
        codec.serializeModeled(stream, states, stateOffset, prediction, predictionOffset, motionContext);
    }
}
