package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.PredictionInput;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

import java.util.Arrays;

import org.agrona.DirectBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.entropy.ModeledBitStream;
import dev.statesync.codec.entropy.RangeBitReader;
import dev.statesync.codec.bits.Bits;

/**
 * The replica's side of one connection: decodes snapshots from {@link SnapshotSender}, keeps the states it
 * received as possible baselines, and holds each object's newest state.
 *
 * <p>Decoding is all or nothing: the whole packet is decoded into scratch first and only then committed, so
 * malformed bytes or a missing baseline leave every piece of receiver state exactly as it was, and are
 * counted by reason. A snapshot older than an object's current state (reordered) still lands in the
 * baseline ring, but does not roll the object back; one more than {@link SnapshotConfig#maxReorderTicks()}
 * older than the newest applied is refused as {@link DecodeResult#STALE}, because newer snapshots may have
 * reused the ring slots of the baselines it names. Allocation-free after construction.
 */
public final class SnapshotReceiver
{
    private final StateSchema schema;
    private final int objectCount;
    private final int stride;
    private final Predictor predictor;
    private final ObjectCodec codec;
    private final IndexCoding indexCoding;
    private final StateRing receivedRing;
    private final QuantizedStates current;
    private final int[] currentTick;

    private final int[] decodedObjects;
    private final int[] decodedStates;
    private final int[] prediction;
    /** The object being predicted: its baselines, refilled per object; and a view of {@link #prediction}. */
    private final PredictionInput predictionInput;
    private final StateRecord predictionRecord;
    private final int[] tableTicks = new int[SnapshotFormat.MAX_BASELINES_PER_PACKET];
    private final int[] updatedObjects;

    private final int maxReorderTicks;
    /** Coder models after each range-coded snapshot applied, by tick; null unless range coding is on. */
    private final ModelRing modelRing;
    private final BitReader framedReader = new BitReader();
    private final RangeBitReader rangeReader = new RangeBitReader();
    private int newestTick = StateRing.NO_TICK;
    private int decodedCount;
    private int updatedCount;
    private int lastTick;
    private long packetsApplied;
    private long malformedPackets;
    private long baselineMisses;
    private long stalePackets;

    /** Same schema, object count, predictor, codec tables and ring depth as the sender's. */
    public SnapshotReceiver(
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final ObjectCodec codec,
        final SnapshotConfig config)
    {
        if (codec.schema() != schema)
        {
            throw new IllegalArgumentException("codec is for another schema");
        }
        this.schema = schema;
        this.objectCount = objectCount;
        this.stride = schema.stride();
        this.predictor = predictor;
        this.codec = codec;
        this.indexCoding = new IndexCoding(objectCount);
        this.receivedRing = new StateRing(schema, objectCount, config.ringDepthTicks());
        this.maxReorderTicks = config.maxReorderTicks();
        this.modelRing = config.rangeCoded() ? new ModelRing(config.modelRingDepth(), objectCount) : null;
        this.current = new QuantizedStates(schema, objectCount);
        this.currentTick = new int[objectCount];
        Arrays.fill(currentTick, StateRing.NO_TICK);
        this.decodedObjects = new int[objectCount];
        this.decodedStates = new int[objectCount * stride];
        this.prediction = new int[stride];
        this.predictionInput = new PredictionInput(schema);
        this.predictionRecord = new StateRecord(schema, prediction, 0);
        this.updatedObjects = new int[objectCount];
    }

    /**
     * Decode one snapshot and, if it is whole and consistent, apply it.
     *
     * @param reader wrapped around the snapshot bytes (hostile); read up to the snapshot's end.
     * @return {@link DecodeResult#OK} if applied; otherwise why not (and nothing changed).
     */
    public DecodeResult decode(final BitReader reader)
    {
        return decodeStream(reader);
    }

    /**
     * Decode a framed snapshot ({@link SnapshotConfig#rangeCoded}): a format byte, then the bitpacked or
     * range-coded snapshot. An unknown format or an empty frame is malformed.
     */
    public DecodeResult decodeFramed(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < 1)
        {
            malformedPackets++;
            return DecodeResult.MALFORMED;
        }
        final int format = buffer.getByte(offset) & 0xFF;
        if (format == SnapshotFormat.FORMAT_BITPACKED)
        {
            return decodeStream(framedReader.wrap(buffer, offset + 1, length - 1));
        }
        if (format == SnapshotFormat.FORMAT_RANGE_CODED)
        {
            return decodeStream(rangeReader.wrap(buffer, offset + 1, length - 1));
        }
        malformedPackets++;
        return DecodeResult.MALFORMED;
    }

    private DecodeResult decodeStream(final BitStream reader)
    {
        final DecodeResult result = decodeIntoScratch(reader);
        if (result == DecodeResult.MALFORMED)
        {
            malformedPackets++;
        }
        else if (result == DecodeResult.BASELINE_MISSING)
        {
            baselineMisses++;
        }
        else if (result == DecodeResult.STALE)
        {
            stalePackets++;
        }
        else
        {
            commit();
            if (modelRing != null && reader instanceof ModeledBitStream)
            {
                modelRing.store(lastTick, ((ModeledBitStream)reader).model(), decodedObjects, decodedCount);
            }
        }
        return result;
    }

    private DecodeResult decodeIntoScratch(final BitStream reader)
    {
        final int tick = reader.serializeBits(0, SnapshotFormat.TICK_BITS);
        if (!reader.isFailed() && newestTick != StateRing.NO_TICK && newestTick - tick > maxReorderTicks)
        {
            // Later snapshots may already have reused the ring slots of the baselines this one names.
            return DecodeResult.STALE;
        }
        final int count;
        boolean hasRef = false;
        int refTick = 0;
        if (reader instanceof ModeledBitStream)
        {
            final int refAge = reader.serializeBits(0, SnapshotFormat.MODEL_REF_BITS);
            refTick = tick - refAge;
            hasRef = refAge != 0 && !reader.isFailed();
            if (hasRef)
            {
                if (modelRing == null || !modelRing.holds(refTick))
                {
                    // The sender continued from a snapshot this end never stored (or evicted): like a missing baseline.
                    return DecodeResult.BASELINE_MISSING;
                }
                ((ModeledBitStream)reader).model().copyFrom(modelRing.model(refTick));
            }
            count = reader.serializeInt(0, 0, objectCount);
            indexCoding.serializeModeled(reader, decodedObjects, count, hasRef ? modelRing.includedArray() : null,
                hasRef ? modelRing.includedOffset(refTick) : 0);
        }
        else
        {
            count = reader.serializeInt(0, 0, objectCount);
            indexCoding.read(reader, decodedObjects, count);
        }
        final int tableSize = reader.serializeInt(0, 0, SnapshotFormat.MAX_BASELINES_PER_PACKET);
        for (int i = 0; i < tableSize; i++)
        {
            tableTicks[i] = tick - 1 - reader.serializeLadder(0, SnapshotFormat.AGE_LADDER);
        }
        if (reader.isFailed())
        {
            return DecodeResult.MALFORMED;
        }

        final boolean two = predictor.baselineCount() == 2;
        final int[] ring = receivedRing.array();
        final boolean modeled = reader instanceof ModeledBitStream;
        final boolean[] reference = hasRef ? modelRing.includedArray() : null;
        final int referenceOffset = hasRef ? modelRing.includedOffset(refTick) : 0;
        int previousAbsolute = -1;
        for (int i = 0; i < count; i++)
        {
            final int object = decodedObjects[i];
            final boolean carriedInReference = reference != null && reference[referenceOffset + object];
            final int newest = BaselineRefs.serializeNewest(reader, 0, tableSize, carriedInReference);
            final boolean hasPrediction = newest != tableSize;
            int motionContext = MotionContext.NONE;
            if (hasPrediction)
            {
                final int newestOffset = receivedRing.find(object, tableTicks[newest]);
                int olderOffset = -1;
                int olderAge = 0;
                if (two)
                {
                    final int older = BaselineRefs.serializeOlder(reader, 0, newest, tableSize, carriedInReference);
                    if (older != tableSize)
                    {
                        olderOffset = receivedRing.find(object, tableTicks[older]);
                        olderAge = tick - tableTicks[older];
                        if (olderOffset < 0 && !reader.isFailed())
                        {
                            return DecodeResult.BASELINE_MISSING;
                        }
                    }
                }
                final int alternative = BaselineRefs.serializeAlternative(reader, 0, predictor.alternativeCount());
                if (reader.isFailed())
                {
                    return DecodeResult.MALFORMED;
                }
                if (newestOffset < 0)
                {
                    return DecodeResult.BASELINE_MISSING;
                }
                final PredictionInput in = predictionInput.newest(ring, newestOffset, tick - tableTicks[newest]);
                if (olderOffset < 0)
                {
                    in.noOlder();
                }
                else
                {
                    in.older(ring, olderOffset, olderAge);
                }
                predictor.predictAlternative(alternative, in, predictionRecord);
                // Only a context-modeled stream codes in motion contexts; a bitpacked one ignores them.
                motionContext = !modeled ? MotionContext.NONE : MotionContext.of(in);
            }
            if (hasPrediction)
            {
                codec.serialize(reader, decodedStates, i * stride, prediction, 0, motionContext);
            }
            else
            {
                final boolean intra = modeled && previousAbsolute >= 0;
                codec.serialize(reader, decodedStates, i * stride, intra ? decodedStates : null,
                    Math.max(previousAbsolute, 0), MotionContext.INTRA_PACKET);
                previousAbsolute = i * stride;
            }
            if (reader.isFailed())
            {
                return DecodeResult.MALFORMED;
            }
        }
        reader.serializeAlign();
        if (reader.isFailed())
        {
            return DecodeResult.MALFORMED;
        }
        decodedCount = count;
        lastTick = tick;
        return DecodeResult.OK;
    }

    private void commit()
    {
        updatedCount = 0;
        final int tick = lastTick;
        if (newestTick == StateRing.NO_TICK || tick - newestTick > 0)
        {
            newestTick = tick;
        }
        for (int i = 0; i < decodedCount; i++)
        {
            final int object = decodedObjects[i];
            receivedRing.store(object, tick, decodedStates, i * stride);
            if (currentTick[object] == StateRing.NO_TICK || tick - currentTick[object] > 0)
            {
                currentTick[object] = tick;
                current.copyFrom(object, decodedStates, i * stride);
                updatedObjects[updatedCount++] = object;
            }
        }
        packetsApplied++;
    }

    /** @return each object's newest received state (objects never received hold the identity at rest). */
    public QuantizedStates states()
    {
        return current;
    }

    /** @return the tick of an object's newest received state, or {@link StateRing#NO_TICK}. */
    public int stateTick(final int object)
    {
        return currentTick[object];
    }

    /** @return objects whose current state the last applied snapshot changed. */
    public int[] updatedObjects()
    {
        return updatedObjects;
    }

    /** @return how many objects the last applied snapshot changed. */
    public int updatedCount()
    {
        return updatedCount;
    }

    /** @return objects carried by the last applied snapshot (including ones older than current). */
    public int decodedCount()
    {
        return decodedCount;
    }

    /** @return tick of the last applied snapshot. */
    public int lastTick()
    {
        return lastTick;
    }

    /** @return snapshots applied. */
    public long packetsApplied()
    {
        return packetsApplied;
    }

    /** @return snapshots refused as malformed. */
    public long malformedPackets()
    {
        return malformedPackets;
    }

    /** @return snapshots refused because they arrived more than the reorder window late. */
    public long stalePackets()
    {
        return stalePackets;
    }

    /** @return snapshots refused because a named baseline was not held. */
    public long baselineMisses()
    {
        return baselineMisses;
    }

    /**
     * A fingerprint of everything received bytes can change: the newest tick, each object's current state and
     * its tick, the ring of received states, the coder models kept for range-coded snapshots (ticks, carried
     * objects, contents), and what an applied snapshot reports (its tick, decoded and updated objects, the
     * count of snapshots applied). It leaves out the counts of refused snapshots (malformed, stale, baseline
     * missing), which exist to move on a refusal. Two equal digests around a decode prove a refused snapshot
     * changed nothing else: for tests and diagnostics. It reads every ring, so keep it off any hot path.
     *
     * @return hash of that state.
     */
    public long stateDigest()
    {
        long h = 17;
        h = h * 31 + newestTick;
        h = h * 31 + Arrays.hashCode(currentTick);
        h = h * 31 + Arrays.hashCode(current.array());
        h = receivedRing.digest(h);
        if (modelRing != null)
        {
            h = modelRing.digest(h);
        }
        h = h * 31 + packetsApplied;
        h = h * 31 + lastTick;
        h = h * 31 + decodedCount;
        h = h * 31 + updatedCount;
        for (int i = 0; i < updatedCount; i++)
        {
            h = h * 31 + updatedObjects[i];
        }
        return h;
    }

    /** @return bits of the widest object index; for reports. */
    public int indexBits()
    {
        return Bits.bitsRequired(0, objectCount - 1);
    }
}
