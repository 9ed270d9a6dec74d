package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import java.util.Arrays;

import org.agrona.DirectBuffer;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.entropy.RangeBitReader;
import dev.statesync.codec.bits.Bits;

/**
 * The replica's side of one connection: decodes snapshots from {@link SnapshotSender}, keeps the states it
 * received as possible baselines, and holds each object's newest state. The packet layout is the sender's
 * own routine ({@link SnapshotPacket}) run on a reader; {@link ReceivedBaselines} finds each entry's baselines
 * and prediction as it is read.
 *
 * <p>Decoding is all or nothing: the whole packet is decoded into scratch first and only then committed, so
 * malformed bytes or a missing baseline leave every piece of receiver state exactly as it was, and are
 * counted by reason. A snapshot older than an object's current state (reordered) still lands in the
 * baseline ring, but does not roll the object back; one more than {@link SnapshotConfig#maxReorderTicks()}
 * older than the newest applied is refused as {@link DecodeResult#STALE}, because newer snapshots may have
 * reused the ring slots of the baselines it names. Allocation-free after construction; {@link #reset()} serves a new
 * connection without building another receiver.
 */
public final class SnapshotReceiver
{
    private final int objectCount;
    private final int stride;
    private final StateRing receivedRing;
    private final QuantizedStates current;
    private final int[] currentTick;

    /** The packet being decoded: the decoded objects and, in {@link #scratchStates}, their states by entry. */
    private final PacketPlan plan;
    private final int[] scratchStates;
    private final int[] updatedObjects;
    /**
     * The last applied snapshot's objects and their states by entry, copied at commit (the scratch above is
     * overwritten by the next decode, applied or refused).
     */
    private final int[] decodedObjects;
    private final int[] decodedStates;
    /** The last applied snapshot's previous-tick states ({@link PreviousTickStates}): objects, then records. */
    private final int[] previousObjects;
    private final int[] previousTicks;
    private final int[] previousStates;
    private int previousCount;

    private final SnapshotPacket packet;
    private final ReceivedBaselines baselines;
    private final PacketLayout bitpacked;
    private final PacketLayout modeled;
    /** Coder models after each range-coded snapshot applied, by tick; null unless range coding is on. */
    private final ModelRing modelRing;
    private final BitReader framedReader = new BitReader();
    private final RangeBitReader rangeReader = new RangeBitReader();
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
        this.objectCount = objectCount;
        this.stride = schema.stride();
        this.receivedRing = new StateRing(schema, objectCount, config.ringDepthTicks());
        this.modelRing = config.rangeCoded() ? new ModelRing(config.modelRingDepth(), objectCount, schema.atRestOffset()) : null;
        this.current = new QuantizedStates(schema, objectCount);
        this.currentTick = new int[objectCount];
        Arrays.fill(currentTick, StateRing.NO_TICK);
        this.scratchStates = new int[objectCount * stride];
        this.decodedObjects = new int[objectCount];
        this.decodedStates = new int[objectCount * stride];
        this.updatedObjects = new int[objectCount];
        this.previousObjects = new int[PreviousTickStates.capacity(objectCount)];
        this.previousTicks = new int[PreviousTickStates.capacity(objectCount)];
        this.previousStates = new int[PreviousTickStates.capacity(objectCount) * stride];
        this.plan = new PacketPlan(objectCount, stride);
        plan.states = scratchStates;
        plan.predictions = new int[stride];
        final IndexCoding indexCoding = new IndexCoding(objectCount);
        this.packet = new SnapshotPacket(objectCount, predictor.baselineCount(), predictor.alternativeCount(), codec);
        this.baselines = new ReceivedBaselines(schema, predictor, receivedRing, config.maxReorderTicks(),
            codec.groundContact());
        this.bitpacked = new BitpackedLayout(indexCoding);
        this.modeled = new ModeledLayout(indexCoding, modelRing, config.maxModelRefAgeTicks());
    }

    /**
     * Serve a new connection, exactly as a newly built receiver would: forgets every received state (the baseline
     * ring), the coder models by tick, each object's current state (as a new {@code QuantizedStates} holds it) and tick, the last snapshot's decoded
     * and updated objects and previous-tick states, the newest applied tick, and zeroes every count. The same states and
     * results follow as from a new receiver on the same bytes (a test holds it to that). Allocates nothing; costs a
     * fill of the rings (about 2.4 MB for 901 objects), so call it on connect, not per packet.
     */
    public void reset()
    {
        receivedRing.reset();
        if (modelRing != null)
        {
            modelRing.reset();
        }
        baselines.reset();
        current.reset();
        Arrays.fill(currentTick, StateRing.NO_TICK);
        Arrays.fill(scratchStates, 0);
        Arrays.fill(decodedObjects, 0);
        Arrays.fill(decodedStates, 0);
        Arrays.fill(updatedObjects, 0);
        previousCount = 0;
        decodedCount = 0;
        updatedCount = 0;
        lastTick = 0;
        packetsApplied = 0;
        malformedPackets = 0;
        baselineMisses = 0;
        stalePackets = 0;
        plan.count = 0;
        plan.previousCount = 0;
        plan.tableSize = 0;
    }

    /**
     * Decode one snapshot that arrived in the packet of {@code sequence} and, if it is whole and consistent, apply it.
     * The sequence is the reliability layer's (the one the sender was given for this packet): a tick anchored to an
     * earlier packet ({@link SnapshotConfig#shortTicks}) is read against the packet that many sequences before it.
     *
     * @param reader   wrapped around the snapshot bytes (hostile); read up to the snapshot's end.
     * @param sequence the packet's 16-bit sequence, 0..65535.
     * @return {@link DecodeResult#OK} if applied; otherwise why not (and nothing changed).
     */
    public DecodeResult decode(final BitReader reader, final int sequence)
    {
        return decodeStream(reader, bitpacked, checkSequence(sequence));
    }

    /**
     * Decode a snapshot from a link without packet sequences (no reliability layer), whose sender sends every tick
     * whole ({@link SnapshotConfig#shortTicks} false): a snapshot with an anchored tick is refused as
     * {@link DecodeResult#BASELINE_MISSING}, and the snapshots applied cannot anchor later ones.
     *
     * @see #decode(BitReader, int)
     */
    public DecodeResult decode(final BitReader reader)
    {
        return decodeStream(reader, bitpacked, PacketTick.NO_SEQUENCE);
    }

    /**
     * Decode a framed snapshot ({@link SnapshotConfig#rangeCoded}) that arrived in the packet of {@code sequence}: the
     * format byte 0 and a bitpacked snapshot, or a range-coded snapshot (any other first byte, the whole frame). An
     * empty frame is malformed.
     *
     * @param sequence the packet's 16-bit sequence, 0..65535 (see {@link #decode(BitReader, int)}).
     */
    public DecodeResult decodeFramed(final DirectBuffer buffer, final int offset, final int length, final int sequence)
    {
        return decodeFramedAt(buffer, offset, length, checkSequence(sequence));
    }

    /**
     * {@link #decodeFramed(DirectBuffer, int, int, int)} for a link without packet sequences, as
     * {@link #decode(BitReader)}.
     */
    public DecodeResult decodeFramed(final DirectBuffer buffer, final int offset, final int length)
    {
        return decodeFramedAt(buffer, offset, length, PacketTick.NO_SEQUENCE);
    }

    private static int checkSequence(final int sequence)
    {
        if ((sequence & ~0xFFFF) != 0)
        {
            throw new IllegalArgumentException("sequence must be in [0, 65535]: " + sequence);
        }
        return sequence;
    }

    private DecodeResult decodeFramedAt(final DirectBuffer buffer, final int offset, final int length, final int sequence)
    {
        if (length < 1)
        {
            malformedPackets++;
            return DecodeResult.MALFORMED;
        }
        if (!SnapshotFormat.isRangeCoded(buffer.getByte(offset)))
        {
            return decodeStream(framedReader.wrap(buffer, offset + 1, length - 1), bitpacked, sequence);
        }
        // The whole frame is the range coder's: its first byte is never 0 (RangeBitWriter.startAboveZeroByte).
        final DecodeResult result = decodeStream(
            rangeReader.wrapWithoutModel(buffer, offset, length).startAboveZeroByte(), modeled, sequence);
        if (result == DecodeResult.OK && modelRing != null)
        {
            rangeReader.exchangeModel(modelRing.exchange(lastTick, rangeReader.model(), plan, decodedCount));
        }
        return result;
    }

    private DecodeResult decodeStream(final BitStream reader, final PacketLayout layout, final int sequence)
    {
        plan.sequence = sequence;
        final DecodeResult result = packet.serialize(reader, layout, plan, baselines);
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
            decodedCount = plan.count;
            lastTick = plan.tick;
            commit();
        }
        return result;
    }

    private void commit()
    {
        updatedCount = 0;
        final int tick = lastTick;
        baselines.applied(tick, plan.sequence);
        for (int i = 0; i < decodedCount; i++)
        {
            final int object = plan.objects[i];
            receivedRing.store(object, tick, scratchStates, i * stride);
            receivedRing.storeAlternative(object, tick,
                PreviousAlternative.of(plan.newestRef[i] != plan.tableSize, plan.alternative[i]));
            if (currentTick[object] == StateRing.NO_TICK || tick - currentTick[object] > 0)
            {
                currentTick[object] = tick;
                current.copyFrom(object, scratchStates, i * stride);
                updatedObjects[updatedCount++] = object;
            }
        }
        System.arraycopy(plan.objects, 0, decodedObjects, 0, decodedCount);
        System.arraycopy(scratchStates, 0, decodedStates, 0, decodedCount * stride);
        previousCount = plan.previousCount;
        for (int k = 0; k < previousCount; k++)
        {
            previousObjects[k] = plan.objects[plan.previousEntry[k]];
            previousTicks[k] = tick - plan.previousAge[k];
        }
        System.arraycopy(plan.previousStates, 0, previousStates, 0, previousCount * stride);
        packetsApplied++;
    }

    /**
     * @return how many previous-tick states the last applied snapshot repeated: states of 1 to
     * {@link PreviousTickStates#OLDEST_AGE} (32) ticks before {@link #lastTick()} the sender sent again because losing
     * them would show badly (a collision, an object held back a tick, a corner of its path whose packet was lost).
     * For the display's history only (an interpolation buffer): they are not baselines and do not change
     * {@link #states()}. Ordered by age ascending, so the oldest come last (a display inserting them oldest first
     * walks {@code k} downwards), then by object entry.
     */
    public int previousStateCount()
    {
        return previousCount;
    }

    /** @return the object of previous-tick state {@code k} (k < {@link #previousStateCount()}). */
    public int previousStateObject(final int k)
    {
        return previousObjects[k];
    }

    /**
     * @return the tick of previous-tick state {@code k}: {@code lastTick() - 1} down to {@code lastTick() - 32}
     * ({@link PreviousTickStates#OLDEST_AGE}), never later than that of state {@code k - 1}.
     */
    public int previousStateTick(final int k)
    {
        return previousTicks[k];
    }

    /** @return the previous-tick states of the last applied snapshot, state {@code k} at {@code k * stride}. */
    public int[] previousStates()
    {
        return previousStates;
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

    /**
     * @return the objects the last applied snapshot carried, in index order (the first {@link #decodedCount()}):
     * {@link #updatedObjects()} and also those whose current state is newer, because this snapshot arrived after a
     * later one. An interpolation buffer wants all of them at {@link #lastTick()}: a snapshot overtaken by the next
     * one (jitter beyond the send interval) still fills its tick, where reading only the updated objects would leave
     * a hole the display blends across (the cube run at 10 ms jitter and no loss showed a 0.13 m pop from one). Valid
     * until the next snapshot is applied; a refused one changes nothing here.
     */
    public int[] decodedObjects()
    {
        return decodedObjects;
    }

    /** @return the states of {@link #decodedObjects()} at {@link #lastTick()}, object {@code i}'s at {@code i * stride}. */
    public int[] decodedStates()
    {
        return decodedStates;
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

    /** @return the states received, with their {@link PreviousAlternative}s (for tests that compare both ends). */
    StateRing receivedRing()
    {
        return receivedRing;
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
        h = baselines.digest(h);
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
        for (int i = 0; i < decodedCount; i++)
        {
            h = h * 31 + decodedObjects[i];
        }
        for (int i = 0, n = decodedCount * stride; i < n; i++)
        {
            h = h * 31 + decodedStates[i];
        }
        h = h * 31 + updatedCount;
        for (int i = 0; i < updatedCount; i++)
        {
            h = h * 31 + updatedObjects[i];
        }
        h = h * 31 + previousCount;
        for (int k = 0; k < previousCount; k++)
        {
            h = h * 31 + previousObjects[k];
            h = h * 31 + previousTicks[k];
        }
        for (int i = 0, n = previousCount * stride; i < n; i++)
        {
            h = h * 31 + previousStates[i];
        }
        return h;
    }

    /** @return bits of the widest object index; for reports. */
    public int indexBits()
    {
        return Bits.bitsRequired(0, objectCount - 1);
    }
}
