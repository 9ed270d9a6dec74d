package dev.statesync.codec.snapshot;

import java.util.Arrays;

import dev.statesync.codec.bits.Bits;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

/**
 * The snapshot between {@link SnapshotSender#prepare} and its write: the tick and states, the candidates (objects
 * that need sending now), and per candidate its refs into the prepared {@link BaselineTable}, its prediction (the
 * cheapest of the predictor's alternatives), motion context and size. All per-object arrays are indexed by object.
 *
 * <p>The sender sizes objects here ({@link #rankingBits}, {@link #bitpackedBits}) and, for the frame writer's bound,
 * in {@code SnapshotPacket.bitpackedExceeds}; both bitpacked sizes are {@link ObjectCodec#bitpackedBits}.
 * Allocation-free after construction.
 */
final class PreparedSnapshot
{
    private final StateSchema schema;
    private final int objectCount;
    private final int stride;
    private final Predictor predictor;
    private final ObjectPrediction prediction;
    private final ObjectCodec codec;
    private final StateRing sentRing;
    /** Rank alternatives by the range coder's estimate instead of the bitpacked size. */
    private final boolean rangeCoded;
    private final int alternativeBits;
    private final int maxIndexBits;

    private int tick;
    /** The states being prepared ({@code QuantizedStates.array()}); null when nothing is prepared. */
    private int[] states;
    /** Objects that need sending now, ascending index order. */
    private final int[] candidateObjects;
    private int candidateCount;
    private final boolean[] isCandidate;
    private final boolean[] hasPrediction;
    /** Per object: newest and older refs into the prepared table (table size: none). */
    private final int[] newestRef;
    private final int[] olderRef;
    private final int[] alternative;
    private final int[] motionContext;
    /** Per object, at {@code object * stride}: the prediction it is coded against. */
    private final int[] predictions;
    /** Scratch: every alternative's prediction of the object being predicted, alternative k at {@code k * stride}. */
    private final int[] alternativePredictions;
    /** Per candidate, {@link #bitsFor} once measured, else -1. */
    private final int[] sizedBits;
    /** Bits of one ref into the prepared table. */
    private int refBits;
    private int tableBits;

    PreparedSnapshot(
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final ObjectCodec codec,
        final StateRing sentRing,
        final boolean rangeCoded,
        final int maxIndexBits)
    {
        this.schema = schema;
        this.objectCount = objectCount;
        this.stride = schema.stride();
        this.predictor = predictor;
        this.prediction = new ObjectPrediction(predictor, schema);
        this.codec = codec;
        this.sentRing = sentRing;
        this.rangeCoded = rangeCoded;
        this.alternativeBits = Bits.bitsRequired(0, predictor.alternativeCount() - 1);
        this.maxIndexBits = maxIndexBits;
        candidateObjects = new int[objectCount];
        isCandidate = new boolean[objectCount];
        hasPrediction = new boolean[objectCount];
        newestRef = new int[objectCount];
        olderRef = new int[objectCount];
        alternative = new int[objectCount];
        motionContext = new int[objectCount];
        predictions = new int[objectCount * stride];
        alternativePredictions = new int[predictor.alternativeCount() * stride];
        sizedBits = new int[objectCount];
    }

    /** Start preparing the snapshot of {@code tick} from {@code states}, with no candidates yet. */
    void begin(final int tick, final int[] states)
    {
        clear();
        this.tick = tick;
        this.states = states;
    }

    void addCandidate(final int object)
    {
        candidateObjects[candidateCount++] = object;
        isCandidate[object] = true;
    }

    /** Resolve every candidate's refs into the chosen table and predict it. */
    void predictCandidates(final BaselineTable table)
    {
        refBits = Bits.bitsRequired(0, table.size());
        tableBits = table.bits();
        for (int c = 0; c < candidateCount; c++)
        {
            final int object = candidateObjects[c];
            hasPrediction[object] = predict(object, table);
            sizedBits[object] = -1;
        }
    }

    /**
     * Resolve refs and compute the prediction (the cheapest alternative, when the predictor offers several);
     * @return true if the object has a prediction.
     */
    private boolean predict(final int object, final BaselineTable table)
    {
        final int tableSize = table.size();
        final int newest = table.newestRef(object);
        newestRef[object] = newest;
        olderRef[object] = tableSize;
        alternative[object] = 0;
        if (newest == tableSize)
        {
            return false;
        }
        final int newestAge = tick - table.tick(newest);
        final int newestOffset = sentRing.find(object, table.tick(newest));
        int olderOffset = -1;
        int olderAge = 0;
        if (predictor.baselineCount() == 2)
        {
            final int older = table.olderRef(object);
            olderRef[object] = older;
            if (older != tableSize)
            {
                olderOffset = sentRing.find(object, table.tick(older));
                olderAge = tick - table.tick(older);
            }
        }
        final int[] ring = sentRing.array();
        final int objectOffset = object * stride;
        prediction.baselines(ring, newestOffset, newestAge, olderOffset, olderAge);
        motionContext[object] = prediction.motionContext(rangeCoded ? codec.groundContact() : null,
            sentRing.alternative(newestOffset));
        final int alternatives = predictor.alternativeCount();
        if (alternatives == 1)
        {
            prediction.predict(0, predictions, objectOffset);
            return true;
        }
        // Every alternative in a slot of its own, so one can be refined from an earlier one (see
        // Predictor.refinedFrom); the cheapest, the first of equals, is copied out at the end.
        int bestBits = Integer.MAX_VALUE;
        int best = 0;
        for (int k = 0; k < alternatives; k++)
        {
            final int slot = k * stride;
            final int base = prediction.refinedFrom(k);
            if (base >= 0)
            {
                System.arraycopy(alternativePredictions, base * stride, alternativePredictions, slot, stride);
                prediction.refine(k, alternativePredictions, slot);
            }
            else
            {
                prediction.predict(k, alternativePredictions, slot);
            }
            // A prediction equal to the first or to the one it refines costs the same: it cannot be cheaper.
            if (k > 0 && (sameRecord(slot, 0) || base >= 0 && sameRecord(slot, base * stride)))
            {
                continue;
            }
            final int bits = rankingBits(objectOffset, alternativePredictions, slot, bestBits);
            if (k == 0 || bits < bestBits)
            {
                bestBits = bits;
                best = k;
            }
        }
        alternative[object] = best;
        if (prediction.refinesApproximately(best))
        {
            // Ranked on an approximation: code against the prediction the receiver will compute.
            prediction.predict(best, predictions, objectOffset);
        }
        else
        {
            System.arraycopy(alternativePredictions, best * stride, predictions, objectOffset, stride);
        }
        return true;
    }

    private boolean sameRecord(final int offset, final int otherOffset)
    {
        return StateRecord.equalRecords(alternativePredictions, offset, alternativePredictions, otherOffset, stride);
    }

    /**
     * @param limit the best ranking so far: a range-coded estimate may stop at it (see
     *              {@link ObjectCodec#estimateModeledBits(int[], int, int[], int, int)}).
     * @return what the object at {@code objectOffset} costs against {@code prediction}, for ranking alternatives:
     * for range-coded packets the modeled coding's estimate (an exact figure depends on the coder's learned
     * state), else the exact bitpacked size, so alternatives are ranked by what the packet will spend.
     */
    private int rankingBits(final int objectOffset, final int[] prediction, final int predictionOffset, final int limit)
    {
        if (rangeCoded)
        {
            // Only a strictly cheaper alternative is taken, so the estimate may stop once it reaches the best so far.
            return codec.estimateModeledBits(states, objectOffset, prediction, predictionOffset, limit);
        }
        return bitpackedBits(objectOffset, prediction, predictionOffset);
    }

    /**
     * @return exact bitpacked bits of the object at {@code objectOffset} against {@code prediction} (null: none):
     * {@link ObjectCodec#bitpackedBits}, the same class choices the bitpacked coding makes, summed without a stream
     * (the frame writer's bound uses it too; motion contexts do not change a bitpacked size).
     */
    private int bitpackedBits(final int objectOffset, final int[] prediction, final int predictionOffset)
    {
        return codec.bitpackedBits(states, objectOffset, prediction, predictionOffset);
    }

    /** See {@link SnapshotSender#bitsFor(int)}. */
    int bitsFor(final int object)
    {
        if (states == null || !isCandidate[object])
        {
            return Integer.MAX_VALUE;
        }
        if (sizedBits[object] >= 0)
        {
            return sizedBits[object];
        }
        final boolean predicted = hasPrediction[object];
        final int offset = object * stride;
        final int bits = bitpackedBits(offset, predicted ? predictions : null, offset) +
            refBits + (predicted && predictor.baselineCount() == 2 ? refBits : 0) +
            (predicted ? alternativeBits : 0) + maxIndexBits;
        sizedBits[object] = bits;
        return bits;
    }

    /** See {@link SnapshotSender#headerBits()}. */
    int headerBits()
    {
        return 1 + SnapshotFormat.TICK_BITS + Bits.bitsRequired(0, objectCount) + 2 +
            Bits.bitsRequired(0, SnapshotFormat.MAX_BASELINES_PER_PACKET) + tableBits + 7;
    }

    /**
     * @return true if the candidates might not all fit {@code budgetBits} bitpacked: every group selector is at
     * most 16 bits, so below this worst case no object needs measuring.
     */
    boolean mayExceed(final long budgetBits)
    {
        final long worstObjectBits = schema.absoluteBits(false) + 2 + 4 * 16 + 2L * refBits + alternativeBits +
            maxIndexBits;
        return headerBits() + worstObjectBits * candidateCount > budgetBits;
    }

    /** Fill the plan's per-entry fields (its objects are set) from the prepared candidates. */
    void planEntries(final PacketPlan plan, final BaselineTable table)
    {
        table.compact(plan, newestRef, olderRef);
        plan.states = states;
        plan.predictions = predictions;
        for (int i = 0; i < plan.count; i++)
        {
            final int object = plan.objects[i];
            plan.alternative[i] = alternative[object];
            plan.motionContext[i] = motionContext[object];
            plan.stateOffset[i] = object * stride;
            plan.predictionOffset[i] = object * stride;
        }
    }

    /** @return true between {@link #begin} and {@link #clear}. */
    boolean isActive()
    {
        return states != null;
    }

    boolean isCandidate(final int object)
    {
        return isCandidate[object];
    }

    /** The object is taken into the packet being written: no longer a candidate. */
    void take(final int object)
    {
        isCandidate[object] = false;
    }

    int tick()
    {
        return tick;
    }

    int[] states()
    {
        return states;
    }

    int[] candidateObjects()
    {
        return candidateObjects;
    }

    int candidateCount()
    {
        return candidateCount;
    }

    int refBits()
    {
        return refBits;
    }

    int alternativeBits()
    {
        return alternativeBits;
    }

    /** End the prepared snapshot: no candidates, no states. */
    void clear()
    {
        for (int c = 0; c < candidateCount; c++)
        {
            isCandidate[candidateObjects[c]] = false;
        }
        candidateCount = 0;
        states = null;
    }

    /** End any prepared snapshot and forget the last one's figures, as built. Allocates nothing. */
    void reset()
    {
        clear();
        Arrays.fill(isCandidate, false);
        tick = 0;
        refBits = 0;
        tableBits = 0;
    }
}
