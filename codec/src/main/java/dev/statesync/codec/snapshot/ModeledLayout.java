package dev.statesync.codec.snapshot;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.entropy.ContextModel;
import dev.statesync.codec.entropy.ModeledBitStream;

/**
 * The range-coded snapshot layout (see {@link SnapshotFormat}): a model reference that both ends continue
 * coding from, one context-coded flag per object ({@link IndexCoding#serializeModeled}), refs and alternative
 * as residuals in contexts of their own ({@link BaselineRefs}), and objects without a baseline predicted from
 * the packet's previous such object. Only ever given a {@link ModeledBitStream}: the frame's format chose it.
 */
final class ModeledLayout implements PacketLayout
{
    private final IndexCoding indexCoding;
    /** This end's coder models by tick; null unless range coding is configured. */
    private final ModelRing modelRing;

    ModeledLayout(final IndexCoding indexCoding, final ModelRing modelRing)
    {
        this.indexCoding = indexCoding;
        this.modelRing = modelRing;
    }

    @Override
    public int format()
    {
        return SnapshotFormat.FORMAT_RANGE_CODED;
    }

    @Override
    public DecodeResult serializeModelReference(final BitStream stream, final PacketPlan plan)
    {
        final int age = stream.serializeBits(plan.modelRefAge, SnapshotFormat.MODEL_REF_BITS);
        plan.modelRefAge = age;
        plan.referenceFlags = null;
        plan.referenceFlagsOffset = 0;
        // The coder was wrapped without a model (see RangeBitWriter.wrapWithoutModel): set all of it here.
        final ContextModel model = ((ModeledBitStream)stream).model();
        if (age == 0 || stream.isFailed())
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
        plan.referenceFlags = modelRing.includedArray();
        plan.referenceFlagsOffset = modelRing.includedOffset(refTick);
        return DecodeResult.OK;
    }

    @Override
    public void serializeObjects(final BitStream stream, final PacketPlan plan)
    {
        indexCoding.serializeModeled(stream, plan.objects, plan.count, plan.referenceFlags, plan.referenceFlagsOffset);
    }

    @Override
    public int serializeTableAge(final BitStream stream, final int age, final int previousAge)
    {
        return BaselineRefs.serializeTableAge(stream, age, previousAge);
    }

    @Override
    public int serializeNewestRef(
        final BitStream stream, final int newest, final int tableSize, final boolean carriedInReference)
    {
        return BaselineRefs.serializeNewest(stream, newest, tableSize, carriedInReference);
    }

    @Override
    public int serializeOlderRef(
        final BitStream stream, final int older, final int newest, final int tableSize, final boolean carriedInReference)
    {
        return BaselineRefs.serializeOlder(stream, older, newest, tableSize, carriedInReference);
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
