package dev.statesync.codec.snapshot;

import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.Bits;
import dev.statesync.codec.entropy.BitAccount;

/**
 * The one serialize routine of a snapshot packet ({@link SnapshotFormat}), run by the sender to write, to
 * measure (trial range codings) and to replay a sent packet, and by the receiver to read into scratch: the
 * two ends cannot drift apart because there is only one copy of the layout. The bitpacked and range-coded
 * layouts differ in a few fields, given as a {@link PacketLayout} chosen once per frame.
 *
 * <p>Reading hostile bytes never throws: a failed stream, a missing baseline or a stale tick end the packet with
 * a {@link DecodeResult} and the receiver commits nothing. A writer that runs out of room stops at the first
 * object after it (the packet will not be sent in that form). Stateless apart from its configuration;
 * allocation-free.
 */
final class SnapshotPacket
{
    private final int objectCount;
    private final boolean twoBaselines;
    private final int alternatives;
    private final ObjectCodec codec;
    private final int stride;

    SnapshotPacket(final int objectCount, final int baselineCount, final int alternatives, final ObjectCodec codec)
    {
        this.objectCount = objectCount;
        this.twoBaselines = baselineCount == 2;
        this.alternatives = alternatives;
        this.codec = codec;
        this.stride = codec.schema().stride();
    }

    /**
     * Serialize one packet.
     *
     * @param stream    write, read or measure; a range coder for {@link ModeledLayout}.
     * @param layout    the frame's layout.
     * @param plan      written from when writing or measuring, read into when reading.
     * @param baselines the end's hook (stale ticks, baselines and predictions of read entries).
     * @return {@link DecodeResult#OK} if the whole packet was serialized, else why not.
     */
    DecodeResult serialize(
        final BitStream stream, final PacketLayout layout, final PacketPlan plan, final PacketBaselines baselines)
    {
        stream.accountObject(-1);
        stream.accountCategory(BitAccount.HEADER);
        final DecodeResult anchored = PacketTick.serialize(stream, plan, baselines);
        if (anchored != DecodeResult.OK)
        {
            return anchored;
        }
        final int tick = plan.tick;
        final DecodeResult accepted = baselines.acceptTick(tick);
        if (accepted != DecodeResult.OK)
        {
            return accepted;
        }
        final DecodeResult reference = layout.serializeModelReference(stream, plan);
        if (reference != DecodeResult.OK)
        {
            return reference;
        }
        // The table before the object set: a range-coded set is coded against the newest entry's packet.
        stream.accountCategory(BitAccount.BASELINE_TABLE);
        final DecodeResult table = layout.serializeTable(stream, plan);
        if (table != DecodeResult.OK)
        {
            return table;
        }
        if (stream.isFailed())
        {
            return DecodeResult.MALFORMED;
        }
        final DecodeResult set = layout.serializeObjects(stream, plan);
        if (set != DecodeResult.OK)
        {
            return set;
        }
        if (stream.isFailed())
        {
            return DecodeResult.MALFORMED;
        }
        return serializeEntries(stream, layout, plan, baselines);
    }

    /**
     * Whether the bitpacked packet of {@code plan} ({@link BitpackedLayout}) takes more than {@code bits}, decided
     * without writing it: from a lower bound of its size (the header's fixed fields, the baseline table and every
     * entry exactly, leaving out only the object set, whose coding is chosen among four, and the final alignment),
     * summed only until it exceeds {@code bits}. Lets a frame prove that its range-coded packet is the smaller one
     * without writing the bitpacked packet it would discard.
     *
     * @param plan a planned packet (the sender's).
     * @param bits the size to compare with.
     * @return true if the bitpacked packet certainly takes more than {@code bits}; false if it may not.
     */
    boolean bitpackedExceeds(final PacketPlan plan, final long bits)
    {
        final int tableSize = plan.tableSize;
        long atLeast = PacketTick.bits(plan) + Bits.bitsRequired(0, objectCount) +
            Bits.bitsRequired(0, SnapshotFormat.MAX_BASELINES_PER_PACKET);
        for (int i = 0; i < tableSize; i++)
        {
            atLeast += SnapshotFormat.AGE_LADDER.bitsFor(plan.tick - plan.tableTicks[i] - 1);
        }
        final int refBits = Bits.bitsRequired(0, tableSize);
        final int baselineBits = (twoBaselines ? refBits : 0) + Bits.bitsRequired(0, alternatives - 1);
        final int[] states = plan.states;
        final int[] predictions = plan.predictions;
        for (int i = 0, count = plan.count; i < count && atLeast <= bits; i++)
        {
            final boolean hasBaseline = plan.newestRef[i] != tableSize;
            atLeast += refBits + (hasBaseline ? baselineBits : 0) + codec.bitpackedBits(states, plan.stateOffset[i],
                hasBaseline ? predictions : null, plan.predictionOffset[i]);
        }
        return atLeast > bits;
    }

    private DecodeResult serializeEntries(
        final BitStream stream, final PacketLayout layout, final PacketPlan plan, final PacketBaselines baselines)
    {
        final int tableSize = plan.tableSize;
        final int tick = plan.tick;
        final int[] objects = plan.objects;
        final int[] newestRefs = plan.newestRef;
        final int[] olderRefs = plan.olderRef;
        final int[] alternativeOf = plan.alternative;
        final int[] stateOffsets = plan.stateOffset;
        final int[] states = plan.states;
        final boolean[] modelRefFlags = plan.modelRefFlags;
        final int modelRefOffset = plan.modelRefFlagsOffset;
        final boolean[] newestEntryFlags = plan.newestEntryFlags;
        final int newestEntryOffset = plan.newestEntryFlagsOffset;
        final boolean[] newestEntryTwo = plan.newestEntryTwoBaselines;
        final boolean fromPrevious = layout.predictsAbsoluteFromPrevious();
        int previousAbsolute = -1;
        for (int i = 0, count = plan.count; i < count; i++)
        {
            // Which of the two snapshots both ends hold carried the object: its refs' context (BaselineRefs).
            final int carried = (modelRefFlags != null && modelRefFlags[modelRefOffset + objects[i]] ? 1 : 0) +
                (newestEntryFlags != null && newestEntryFlags[newestEntryOffset + objects[i]] ? 2 : 0);
            stream.accountObject(objects[i]);
            stream.accountCategory(BitAccount.REFS);
            final int newest = layout.serializeNewestRef(stream, newestRefs[i], tableSize, carried);
            newestRefs[i] = newest;
            final boolean hasBaseline = newest != tableSize;
            if (hasBaseline)
            {
                olderRefs[i] = twoBaselines ?
                    layout.serializeOlderRef(stream, olderRefs[i], newest, tableSize, carried,
                        tick - plan.tableTicks[newest], newestEntryTwo != null &&
                        newestEntryTwo[newestEntryOffset + objects[i]]) : tableSize;
                if (stream.isFailed())
                {
                    return DecodeResult.MALFORMED;
                }
            }
            final DecodeResult resolved = baselines.resolve(plan, i, layout);
            if (resolved != DecodeResult.OK)
            {
                return resolved;
            }
            if (hasBaseline)
            {
                // After the baselines: the alternative is coded in the motion context they give.
                stream.accountCategory(BitAccount.PREDICTOR);
                alternativeOf[i] = layout.serializeAlternative(stream, alternativeOf[i], alternatives,
                    plan.motionContext[i]);
                if (stream.isFailed())
                {
                    return DecodeResult.MALFORMED;
                }
                baselines.predict(plan, i);
            }
            final int stateOffset = stateOffsets[i];
            // Without a baseline a modeled layout still predicts: from the packet's previous such object.
            final int[] prediction = hasBaseline ? plan.predictions :
                fromPrevious && previousAbsolute >= 0 ? states : null;
            layout.serializeObject(codec, stream, states, stateOffset, prediction,
                hasBaseline ? plan.predictionOffset[i] : Math.max(previousAbsolute, 0),
                hasBaseline ? MotionContext.withAlternative(plan.motionContext[i], alternativeOf[i]) :
                    MotionContext.INTRA_PACKET);
            if (!hasBaseline)
            {
                previousAbsolute = stateOffset;
            }
            if (stream.isFailed())
            {
                return DecodeResult.MALFORMED;
            }
        }
        final DecodeResult previous = PreviousTickStates.serialize(stream, layout, codec, plan, stride);
        if (previous != DecodeResult.OK)
        {
            return previous;
        }
        stream.accountObject(-1);
        stream.accountCategory(BitAccount.OTHER);
        stream.serializeAlign();
        return stream.isFailed() ? DecodeResult.MALFORMED : DecodeResult.OK;
    }
}
