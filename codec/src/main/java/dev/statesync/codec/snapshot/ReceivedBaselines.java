package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.StateSchema;

/**
 * The receiver's side of {@link SnapshotPacket#serialize}: refuses a snapshot from beyond the reorder window, and
 * for each entry read finds its baselines among the received states and predicts it, exactly as the sender did
 * from its sent states. Decoded entries go to scratch ({@code i * stride}); nothing here changes on a refusal
 * except the scratch. Allocation-free.
 */
final class ReceivedBaselines implements PacketBaselines
{
    private final ObjectPrediction prediction;
    private final StateRing receivedRing;
    /** Ticks of the packets applied, by sequence: the anchors of anchored ticks. */
    private final AppliedSequences applied = new AppliedSequences();
    private final int stride;
    private final int maxReorderTicks;
    /** The codec's ground contact, folded into motion contexts, or null. */
    private final GroundContact ground;
    /** Newest tick applied, or {@link StateRing#NO_TICK}. */
    private int newestTick = StateRing.NO_TICK;

    ReceivedBaselines(
        final StateSchema schema,
        final Predictor predictor,
        final StateRing receivedRing,
        final int maxReorderTicks,
        final GroundContact ground)
    {
        this.ground = ground;
        this.prediction = new ObjectPrediction(predictor, schema);
        this.receivedRing = receivedRing;
        this.stride = schema.stride();
        this.maxReorderTicks = maxReorderTicks;
    }

    @Override
    public boolean anchor(final PacketPlan plan)
    {
        if (plan.sequence == PacketTick.NO_SEQUENCE || !applied.find(plan.sequence, plan.anchorDistance))
        {
            return false;
        }
        plan.anchorTick = applied.foundTick();
        return true;
    }

    @Override
    public DecodeResult acceptTick(final int tick)
    {
        // Later snapshots may already have reused the ring slots of the baselines this one names.
        return newestTick != StateRing.NO_TICK && newestTick - tick > maxReorderTicks ? DecodeResult.STALE :
            DecodeResult.OK;
    }

    @Override
    public DecodeResult resolve(final PacketPlan plan, final int entry, final PacketLayout layout)
    {
        plan.stateOffset[entry] = entry * stride;
        final int newest = plan.newestRef[entry];
        final int tableSize = plan.tableSize;
        if (newest == tableSize)
        {
            return DecodeResult.OK;
        }
        final int object = plan.objects[entry];
        final int tick = plan.tick;
        final int newestTickOfBaseline = plan.tableTicks[newest];
        final int newestOffset = receivedRing.find(object, newestTickOfBaseline);
        final int older = plan.olderRef[entry];
        int olderOffset = -1;
        int olderAge = 0;
        if (older != tableSize)
        {
            olderOffset = receivedRing.find(object, plan.tableTicks[older]);
            olderAge = tick - plan.tableTicks[older];
            if (olderOffset < 0)
            {
                return DecodeResult.BASELINE_MISSING;
            }
        }
        if (newestOffset < 0)
        {
            return DecodeResult.BASELINE_MISSING;
        }
        final int[] ring = receivedRing.array();
        final int newestAge = tick - newestTickOfBaseline;
        prediction.baselines(ring, newestOffset, newestAge, olderOffset, olderAge);
        plan.motionContext[entry] = layout.usesMotionContexts() ?
            prediction.motionContext(ground, receivedRing.alternative(newestOffset)) : MotionContext.NONE;
        return DecodeResult.OK;
    }

    @Override
    public void predict(final PacketPlan plan, final int entry)
    {
        // One prediction at a time: the packet routine codes the entry against it before the next is resolved.
        plan.predictionOffset[entry] = 0;
        prediction.predict(plan.alternative[entry], plan.predictions, 0);
    }

    /** Fold the applied packets' sequences and ticks into a state digest. */
    long digest(final long hash)
    {
        return applied.digest(hash * 31 + newestTick);
    }

    /** @return the newest tick applied, or {@link StateRing#NO_TICK}. */
    int newestTick()
    {
        return newestTick;
    }

    /** A snapshot of {@code tick} was applied, in a packet of {@code sequence} ({@link PacketTick#NO_SEQUENCE}: unknown). */
    void applied(final int tick, final int sequence)
    {
        if (sequence != PacketTick.NO_SEQUENCE)
        {
            applied.applied(sequence, tick);
        }
        if (newestTick == StateRing.NO_TICK || tick - newestTick > 0)
        {
            newestTick = tick;
        }
    }

    /** Nothing applied yet, as built. */
    void reset()
    {
        newestTick = StateRing.NO_TICK;
        applied.reset();
    }
}
