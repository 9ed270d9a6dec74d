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
     * The object set, coded against the packet of the newest baseline table entry when both ends hold it, else
     * against the model reference's. With unacked references the newest entry of a referencing packet is the clean
     * packet just before it, whose set predicts this one far better than the model reference's (about 8 ticks old
     * at 100 ms): on the cube run 143.2 bits per snapshot for the set against the model reference, 107.6 against the
     * newest entry. Whether it is coded against the newest entry is one flag, because the receiver cannot tell a
     * packet that went out bitpacked (which neither end stored) from one it lost; the sender sets it only if it
     * stored that packet range-coded and it is at most {@code SnapshotConfig.maxModelRefAgeTicks} old, so that, as
     * for the model reference, the receiver's slot cannot have been overwritten if it applied that packet. A receiver
     * told to use a packet it does not hold lost it, and refuses the packet as a missing baseline (which it names).
     */
    @Override
    public DecodeResult serializeObjects(final BitStream stream, final PacketPlan plan)
    {
        plan.newestEntryFlags = null;
        plan.newestEntryFlagsOffset = 0;
        plan.newestEntryTwoBaselines = null;
        stream.accountCategory(BitAccount.OBJECT_SET);
        if (plan.tableSize > 0)
        {
            final int newestTick = plan.tableTicks[0];
            final boolean held = modelRing != null && modelRing.holds(newestTick);
            final boolean fromNewest = stream.serializeFlag(held && plan.tick - newestTick <= maxSetRefAgeTicks,
                IndexCoding.NEWEST_ENTRY_FLAG_CONTEXT);
            if (fromNewest && !stream.isFailed())
            {
                if (!held)
                {
                    return DecodeResult.BASELINE_MISSING;
                }
                plan.newestEntryFlags = modelRing.includedArray();
                plan.newestEntryFlagsOffset = modelRing.includedOffset(newestTick);
            }
        }
        // No count field: the set's own "more" flags end it (IndexCoding.serializeModeled).
        if (plan.newestEntryFlags != null)
        {
            plan.newestEntryTwoBaselines = modelRing.twoBaselinesArray();
            plan.count = indexCoding.serializeModeled(stream, plan.objects, plan.count, plan.newestEntryFlags,
                modelRing.restingArray(), plan.newestEntryFlagsOffset);
        }
        else
        {
            plan.newestEntryTwoBaselines = null;
            plan.count = indexCoding.serializeModeled(stream, plan.objects, plan.count, plan.modelRefFlags,
                plan.modelRefFlags == null ? null : modelRing.restingArray(), plan.modelRefFlagsOffset);
        }
        return DecodeResult.OK;
    }

    @Override
    public int serializeTableAge(final BitStream stream, final int age, final int previousAge)
    {
        return BaselineRefs.serializeTableAge(stream, age, previousAge);
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
