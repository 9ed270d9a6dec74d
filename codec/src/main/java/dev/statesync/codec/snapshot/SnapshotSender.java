package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.PredictionInput;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateRecord;
import dev.statesync.codec.state.StateSchema;

import java.util.Arrays;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.entropy.ModeledBitStream;
import dev.statesync.codec.entropy.RangeBitWriter;
import dev.statesync.codec.bits.Bits;
import dev.statesync.codec.priority.ObjectSizer;

/**
 * The authority's side of one connection: encodes snapshots delta-coded per object against that object's
 * newest acked state, and advances those baselines as packet acks arrive.
 *
 * <p>Why per object: with a priority accumulator a packet carries only some objects, so no single earlier
 * snapshot is a baseline for all of them. The sender remembers which objects went out at which tick in
 * which packet; {@link #onAcked(int)} moves exactly those objects' baselines forward (never backwards).
 * An object is not sent at all while the receiver provably holds its current state (every state sent since
 * an acked one equals it).
 *
 * <p>Resend policy: an object whose state stopped changing is not sent on every tick until a packet carrying
 * it is acked (a round trip of identical re-sends), but {@code 1 + unchangedRepeats} times on its next
 * opportunities; after that it waits, and is sent once more each time {@code resendTimeoutTicks} pass since its
 * last send without an ack covering it (see {@link SnapshotConfig#unchangedRepeats},
 * {@link SnapshotConfig#resendTimeoutTicks}). A changed state is always a candidate and starts a new count.
 *
 * <p>One snapshot per tick; ticks increase. Allocation-free after construction. Not thread-safe.
 */
public final class SnapshotSender implements ObjectSizer
{
    /** The receiver provably holds the current state. */
    private static final int NEED_NONE = 0;
    /** The current state was never sent: it differs from the last state sent, or nothing was sent. */
    private static final int NEED_CHANGED = 1;
    /** The current state is the last one sent, but no ack covers a packet of its run yet. */
    private static final int NEED_UNACKED = 2;
    /**
     * Most trial range codings per budgeted framed packet. Each costs about one packet's range coding; with
     * the slack below, a packet takes two or three on average.
     */
    static final int MAX_FIT_TRIALS = 4;
    /** A fitted frame within {@code budget >> FIT_SLACK_SHIFT} (1/64) of its budget is full enough. */
    private static final int FIT_SLACK_SHIFT = 6;

    private final StateSchema schema;
    private final int objectCount;
    private final int stride;
    private final Predictor predictor;
    private final ObjectCodec codec;
    private final IndexCoding indexCoding;
    private final BitMeasure measure = new BitMeasure();
    private final StateRing sentRing;
    /** Baselines up to this age are always safe: no reordered later packet can evict them. */
    private final int maxBaselineAgeTicks;
    private final int ringDepth;
    private final int maxReorderTicks;
    /**
     * Per object, {@link #OLD_BASELINE_SLOTS} slots: a baseline older than the safe age that a packet named,
     * and the last tick one did. A slot protects its baseline's ring slot for the reorder window after that.
     */
    private final int[] oldBaselineTick;
    private final int[] oldBaselineLastUseTick;
    private static final int OLD_BASELINE_SLOTS = 4;
    private long deferredObjects;

    private final int[] ackedTick;
    private final int[] olderAckedTick;
    private final int[] lastSentTick;
    /** First tick of the run of identical states ending with the last one sent. */
    private final int[] sameSinceTick;
    /** Times the state of the run ending at {@link #lastSentTick} was sent (saturating). */
    private final int[] sameStateSends;
    private final int unchangedRepeats;
    private int resendTimeoutTicks;
    private long heldForAck;
    private long timeoutResends;

    private final int historyMask;
    private final int[] historySequence;
    private final int[] historyTick;
    private final int[] historyCount;
    private final int[] historyObjects;
    private final boolean[] historyValid;

    private final int[] candidates;
    private final int[] candidateNewest;
    private final int[] candidateOlder;
    private final int[] included;
    private final int[] sortedIncluded;
    private final boolean[] mark;
    private final int[] predictions;
    private final int[] newestRef;
    private final int[] olderRef;
    private final int[] distinctTicks;
    private final int[] distinctCounts;
    /** The prepared baseline table, newest tick first; {@link #newestRef}/{@link #olderRef} index it. */
    private final int[] tableTicks = new int[SnapshotFormat.MAX_BASELINES_PER_PACKET];
    /**
     * The table a packet carries: the prepared entries its objects name, in prepared order, so still newest
     * first. {@link #tableRemap} maps a prepared index to its index here. Computed per serialized object set
     * ({@link #compactBaselineTable}), so a set can be measured without touching the prepared refs.
     */
    private final int[] packetTableTicks = new int[SnapshotFormat.MAX_BASELINES_PER_PACKET];
    private final int[] tableRemap = new int[SnapshotFormat.MAX_BASELINES_PER_PACKET];
    private int packetTableSize;

    private final boolean[] isCandidate;
    private final int[] chosenAlternative;
    private final BitWriter framedWriter = new BitWriter();
    private final RangeBitWriter rangeWriter = new RangeBitWriter();
    private final UnsafeBuffer rangeScratch = new UnsafeBuffer(new byte[2048]);
    private final int[] alternativePrediction;
    /** The object being predicted: its baselines, refilled per object; and views of where predictions go. */
    private final PredictionInput predictionInput;
    private final StateRecord predictionRecord;
    private final StateRecord alternativeRecord;
    private final int[] motionContexts;
    /** Coder models after each range-coded packet, by tick; null unless range coding is on. */
    private final ModelRing modelRing;
    private final int maxModelRefAgeTicks;
    /** Newest acked packet that was range-coded, so whose final model both ends hold. */
    private int newestAckedModelTick = StateRing.NO_TICK;
    private int lastModelRefAge;
    private final int alternativeBits;
    private int measuredObjectOffset;
    private final boolean[] hasPrediction;
    /** Per candidate, {@link #bitsFor} once measured in this prepared snapshot, else -1. */
    private final int[] sizedBits;
    private final int[] chosen;
    /** Candidates in the order {@link #encodeFramed} was given, for fitting a range-coded budget. */
    private final int[] fitOrder;
    /** {@code fitPrefixBits[n]}: bitpacked bound of the first n of {@link #fitOrder}; known up to fitMeasured. */
    private final long[] fitPrefixBits;
    /** A trial prefix of {@link #fitOrder} in index order, as a packet carries it. */
    private final int[] fitSorted;
    private int fitListed;
    private int fitMeasured;
    /** Objects of the last trial coding, whose bytes and final model the range coder still holds; -1: none. */
    private int lastTrialCount = -1;
    private int lastTrialBytes;
    /**
     * Range-coded bits per bitpacked bound bit of the last trial: the first guess for the next budgeted packet.
     * Starts at 1 (no gain assumed), so the first guess is the bitpacked fill.
     */
    private double fitRangeRatio = 1.0;
    /**
     * Range-coded bits per bitpacked bound bit of the objects between two trials, from the latest two of a
     * packet: what one measured trial extrapolates with. Lower than {@link #fitRangeRatio}, which also
     * carries the header's share, so scaling by that would creep towards the budget.
     */
    private double fitMarginalRatio = 1.0;
    private long fitTrials;
    private long fittedPackets;
    private int[] preparedStates;
    private int preparedTick;
    private int candidateCount;
    private int tableSize;
    private int refBits;
    /** Bits of the prepared table's ages, each on the age ladder. */
    private int tableBits;
    private int includedCount;
    private int lastPacketBits;
    private int lastPacketTick = StateRing.NO_TICK;
    private int lastPacketCount;
    private long objectsSent;
    private long perfectPredictions;
    private long absoluteObjects;

    /**
     * @param schema      state layout and precision.
     * @param objectCount objects in the world.
     * @param predictor   the predictor both ends use.
     * @param codec       object codec for the schema (residual classes must match the receiver's).
     * @param config      memory sizes (ring depth must match the receiver's).
     */
    public SnapshotSender(
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
        this.sentRing = new StateRing(schema, objectCount, config.ringDepthTicks());
        this.maxBaselineAgeTicks = Math.min(config.maxBaselineAgeTicks(), SnapshotFormat.AGE_LADDER.maxValue() + 1);
        this.ringDepth = config.ringDepthTicks();
        this.maxReorderTicks = config.maxReorderTicks();
        this.oldBaselineTick = filled(objectCount * OLD_BASELINE_SLOTS);
        this.oldBaselineLastUseTick = filled(objectCount * OLD_BASELINE_SLOTS);

        ackedTick = filled(objectCount);
        olderAckedTick = filled(objectCount);
        lastSentTick = filled(objectCount);
        sameSinceTick = filled(objectCount);
        sameStateSends = new int[objectCount];
        unchangedRepeats = config.unchangedRepeats();
        resendTimeoutTicks = config.resendTimeoutTicks();

        final int history = config.packetHistory();
        historyMask = history - 1;
        historySequence = new int[history];
        historyTick = new int[history];
        historyCount = new int[history];
        historyObjects = new int[history * objectCount];
        historyValid = new boolean[history];

        candidates = new int[objectCount];
        isCandidate = new boolean[objectCount];
        chosenAlternative = new int[objectCount];
        alternativePrediction = new int[stride];
        predictionInput = new PredictionInput(schema);
        predictionRecord = new StateRecord(schema);
        alternativeRecord = new StateRecord(schema, alternativePrediction, 0);
        motionContexts = new int[objectCount];
        modelRing = config.rangeCoded() ? new ModelRing(config.modelRingDepth(), objectCount) : null;
        maxModelRefAgeTicks = config.maxModelRefAgeTicks();
        alternativeBits = Bits.bitsRequired(0, predictor.alternativeCount() - 1);
        hasPrediction = new boolean[objectCount];
        sizedBits = new int[objectCount];
        chosen = new int[objectCount];
        fitOrder = new int[objectCount];
        fitPrefixBits = new long[objectCount + 1];
        fitSorted = new int[objectCount];
        candidateNewest = new int[objectCount];
        candidateOlder = new int[objectCount];
        included = new int[objectCount];
        sortedIncluded = new int[objectCount];
        mark = new boolean[objectCount];
        predictions = new int[objectCount * stride];
        newestRef = new int[objectCount];
        olderRef = new int[objectCount];
        distinctTicks = new int[objectCount * 2];
        distinctCounts = new int[objectCount * 2];
    }

    private static int[] filled(final int length)
    {
        final int[] array = new int[length];
        Arrays.fill(array, StateRing.NO_TICK);
        return array;
    }

    /**
     * @return true unless the receiver provably holds the object's current state: every state sent for it
     * since an acked one equals {@code current}, so whichever of them the receiver has newest is current.
     * An object that needs sending may still wait for an ack (see the resend policy above).
     */
    public boolean needsSending(final int object, final QuantizedStates current)
    {
        return sendingNeed(object, current) != NEED_NONE;
    }

    private int sendingNeed(final int object, final QuantizedStates current)
    {
        final int sent = lastSentTick[object];
        if (sent == StateRing.NO_TICK)
        {
            return NEED_CHANGED;
        }
        final int offset = sentRing.find(object, sent);
        if (offset < 0 || !current.equalsRecord(object, sentRing.array(), offset))
        {
            return NEED_CHANGED;
        }
        final int acked = ackedTick[object];
        return acked == StateRing.NO_TICK || acked - sameSinceTick[object] < 0 ? NEED_UNACKED : NEED_NONE;
    }

    /**
     * @return true if an unchanged, unacked object has used up its repeats and its resend timeout has not
     * passed since its last send at {@code tick}.
     */
    private boolean waitsForAck(final int object, final int tick)
    {
        return sameStateSends[object] > unchangedRepeats && tick - lastSentTick[object] < resendTimeoutTicks;
    }

    /**
     * Change the resend timeout at run time, for example from the measured round trip (as
     * {@code SnapshotAuthority} does each tick). Takes effect at the next {@link #prepare}.
     *
     * @param ticks ticks after its last send that an unchanged, unacked object that used up its repeats is
     *              sent again; > 0.
     */
    public void resendTimeoutTicks(final int ticks)
    {
        if (ticks <= 0)
        {
            throw new IllegalArgumentException("resendTimeoutTicks must be > 0, got " + ticks);
        }
        resendTimeoutTicks = ticks;
    }

    /** @return the current resend timeout in ticks. */
    public int resendTimeoutTicks()
    {
        return resendTimeoutTicks;
    }

    /**
     * First step of encoding a snapshot: find the objects that need sending (and are not waiting for an ack
     * under the resend policy), their baselines, the packet's
     * baseline table and every prediction. Then size objects with {@link #bitsFor(int)} (for example through
     * a {@code PriorityAccumulator}) and write the chosen ones with {@link #write}.
     *
     * @param tick    the tick of {@code current}; greater than every earlier tick encoded.
     * @param current quantized states of all objects.
     * @return how many objects need sending.
     */
    public int prepare(final int tick, final QuantizedStates current)
    {
        return prepare(tick, current, Integer.MAX_VALUE);
    }

    /**
     * {@link #prepare(int, QuantizedStates)} for a packet of at most {@code budgetBits}: the baseline table
     * then takes at most half of them. Without that bound a table of old, scattered baselines (up to
     * {@link SnapshotFormat#MAX_BASELINES_PER_PACKET} entries of up to 19 bits) could leave a small packet no
     * room for any object, and with nothing sent nothing would change: the link would stall. Candidates whose
     * baseline misses the table are sent absolutely.
     *
     * @param tick       the tick of {@code current}; greater than every earlier tick encoded.
     * @param current    quantized states of all objects.
     * @param budgetBits most bits the snapshot will be given (Integer.MAX_VALUE: no bound).
     * @return how many objects need sending.
     */
    public int prepare(final int tick, final QuantizedStates current, final int budgetBits)
    {
        if (preparedStates != null)
        {
            clearPrepared();
        }
        preparedTick = tick;
        preparedStates = current.array();
        candidateCount = 0;
        for (int object = 0; object < objectCount; object++)
        {
            final int need = sendingNeed(object, current);
            if (need == NEED_NONE)
            {
                continue;
            }
            if (need == NEED_UNACKED && waitsForAck(object, tick))
            {
                heldForAck++;
                continue;
            }
            if (!mustDefer(object, tick))
            {
                candidates[candidateCount++] = object;
                isCandidate[object] = true;
            }
        }
        tableSize = chooseBaselines(tick, candidateCount, Math.max(budgetBits, 0) / 2);
        refBits = Bits.bitsRequired(0, tableSize);
        for (int c = 0; c < candidateCount; c++)
        {
            final int object = candidates[c];
            hasPrediction[object] = predict(object, tick, tableSize);
            sizedBits[object] = -1;
        }
        return candidateCount;
    }

    /**
     * Exact bits object {@code object} adds to the prepared snapshot, plus an upper bound of its index's
     * cost; {@link Integer#MAX_VALUE} for an object that need not be sent. Sizes sum to at most
     * {@link #headerBits()} less than the written snapshot.
     */
    @Override
    public int bitsFor(final int object)
    {
        if (preparedStates == null || !isCandidate[object])
        {
            return Integer.MAX_VALUE;
        }
        if (sizedBits[object] >= 0)
        {
            return sizedBits[object];
        }
        final boolean predicted = hasPrediction[object];
        measure.reset();
        codec.serialize(measure, preparedStates, object * stride, predicted ? predictions : null, object * stride,
            motionContexts[object]);
        final int bits = measure.bits() + refBits + (predicted && predictor.baselineCount() == 2 ? refBits : 0) +
            (predicted ? alternativeBits : 0) + indexCoding.maxBitsPerIndex();
        sizedBits[object] = bits;
        return bits;
    }

    /** @return an upper bound of the prepared snapshot's bits outside its objects (tick, counts, table, padding). */
    public int headerBits()
    {
        return SnapshotFormat.TICK_BITS + Bits.bitsRequired(0, objectCount) + 2 +
            Bits.bitsRequired(0, SnapshotFormat.MAX_BASELINES_PER_PACKET) + tableBits + 7;
    }

    /**
     * Write the prepared snapshot with the chosen objects and remember them against {@code sequence}.
     *
     * @param objects  objects to include, each one {@link #prepare} found needing sending, no repeats.
     * @param count    entries of {@code objects}.
     * @param writer   where to write; the snapshot ends byte-aligned and the writer is flushed.
     * @param sequence the packet sequence this snapshot will travel in (for {@link #onAcked(int)}).
     */
    public void write(final int[] objects, final int count, final BitWriter writer, final int sequence)
    {
        if (preparedStates == null)
        {
            throw new IllegalStateException("prepare() first");
        }
        includedCount = 0;
        lastModelRefAge = 0;
        for (int i = 0; i < count; i++)
        {
            final int object = objects[i];
            if (object < 0 || object >= objectCount || !isCandidate[object])
            {
                throw new IllegalArgumentException("object " + object + " was not prepared for sending");
            }
            isCandidate[object] = false;
            included[includedCount++] = object;
        }
        final int sortedCount = sortIncluded();
        compactBaselineTable(sortedIncluded, sortedCount);
        writePacket(preparedTick, preparedStates, sortedCount, writer);
        recordSent(preparedTick, preparedStates, sequence);
        clearPrepared();
    }

    /**
     * Keep only the baseline ticks {@code objects} name, so a packet that carries few objects (a tight budget)
     * does not pay for the table entries of candidates that did not fit. Sets the packet table and the remap
     * that {@link #packetRef} applies while serializing; the prepared table and refs stay as they are, so any
     * number of object sets can be serialized (measured) before one is written.
     */
    private void compactBaselineTable(final int[] objects, final int count)
    {
        Arrays.fill(tableRemap, -1);
        for (int i = 0; i < count; i++)
        {
            final int object = objects[i];
            markUsed(newestRef[object]);
            if (newestRef[object] != tableSize)
            {
                markUsed(olderRef[object]);
            }
        }
        // Renumber in table order, so the table stays newest tick first (see chooseBaselines).
        int used = 0;
        for (int i = 0; i < tableSize; i++)
        {
            if (tableRemap[i] >= 0)
            {
                tableRemap[i] = used;
                packetTableTicks[used++] = tableTicks[i];
            }
        }
        packetTableSize = used;
    }

    private void markUsed(final int ref)
    {
        if (ref < tableSize)
        {
            tableRemap[ref] = 0;
        }
    }

    /** @return the packet table's index for prepared table index {@code ref}; "no baseline" stays past the end. */
    private int packetRef(final int ref)
    {
        return ref == tableSize ? packetTableSize : tableRemap[ref];
    }

    /**
     * Write the prepared snapshot framed (see {@link SnapshotConfig#rangeCoded}): a format byte, then the
     * range-coded snapshot if that is smaller, else the bitpacked one. Never writes past {@code capacityBytes}:
     * the objects must fit {@code capacityBytes - 1} bitpacked (as a bit budget of that size guarantees), or
     * range-coded (as {@link #encodeFramed} makes sure, or this throws after recording the packet as sent).
     *
     * @return bytes written at {@code offset}.
     */
    public int writeFramed(
        final int[] objects,
        final int count,
        final MutableDirectBuffer buffer,
        final int offset,
        final int capacityBytes,
        final int sequence)
    {
        return writeFramed(objects, count, buffer, offset, capacityBytes, sequence, -1);
    }

    /**
     * @param codedBytes -1, or the length of these objects' range-coded packet, already in {@link #rangeScratch}
     *                   with its final model in {@link #rangeWriter} (the last fitting trial of the same set).
     */
    private int writeFramed(
        final int[] objects,
        final int count,
        final MutableDirectBuffer buffer,
        final int offset,
        final int capacityBytes,
        final int sequence,
        final int codedBytes)
    {
        if (capacityBytes < 2)
        {
            throw new IllegalArgumentException("capacityBytes must be >= 2, got " + capacityBytes);
        }
        framedWriter.wrap(buffer, offset + 1, capacityBytes - 1);
        write(objects, count, framedWriter, sequence);
        // An overflowed bitpacked write stopped at the capacity; the range-coded form must then fit on its own.
        final boolean bitpackedFits = !framedWriter.hasOverflowed();
        final int bitpackedLength = framedWriter.bytesWritten();
        final int rangeLimit = bitpackedFits ? bitpackedLength : capacityBytes - 1;
        lastModelRefAge = modelRefAge(lastPacketTick);
        final int rangeLength;
        final boolean rangeFits;
        if (codedBytes >= 0)
        {
            rangeLength = codedBytes;
            rangeFits = codedBytes <= rangeLimit;
        }
        else
        {
            ensureRangeScratch(rangeLimit);
            rangeWriter.wrap(rangeScratch, 0, rangeLimit);
            serializeLastPacket(rangeWriter);
            rangeLength = rangeWriter.finish();
            rangeFits = !rangeWriter.isFailed();
        }
        int length = bitpackedLength;
        int format = SnapshotFormat.FORMAT_BITPACKED;
        if (rangeFits && (rangeLength < bitpackedLength || !bitpackedFits))
        {
            if (modelRing != null)
            {
                modelRing.store(lastPacketTick, rangeWriter.model(), sortedIncluded, lastPacketCount);
            }
            buffer.putBytes(offset + 1, rangeScratch, 0, rangeLength);
            length = rangeLength;
            format = SnapshotFormat.FORMAT_RANGE_CODED;
        }
        else if (!bitpackedFits)
        {
            throw new IllegalStateException("chosen objects fit " + (capacityBytes - 1) +
                " bytes neither bitpacked nor range-coded");
        }
        buffer.putByte(offset, (byte)format);
        lastPacketBits = 8 * (1 + length);
        return 1 + length;
    }

    /** Grow the range coder's scratch to at least {@code bytes}; rare (a larger packet than ever before). */
    private void ensureRangeScratch(final int bytes)
    {
        if (rangeScratch.capacity() < bytes)
        {
            rangeScratch.wrap(new byte[Math.max(bytes, 2 * rangeScratch.capacity())]);
        }
    }

    /**
     * @return the age of the newest acked packet whose final coder model is still held and young enough
     * that the receiver still holds it too (see {@link SnapshotConfig#modelRingDepth}); 0 for a fresh model.
     */
    private int modelRefAge(final int tick)
    {
        if (modelRing == null || newestAckedModelTick == StateRing.NO_TICK)
        {
            return 0;
        }
        final int age = tick - newestAckedModelTick;
        return age > 0 && age <= maxModelRefAgeTicks && modelRing.holds(newestAckedModelTick) ? age : 0;
    }

    private void clearPrepared()
    {
        for (int c = 0; c < candidateCount; c++)
        {
            isCandidate[candidates[c]] = false;
        }
        candidateCount = 0;
        preparedStates = null;
    }

    /**
     * Encode one snapshot in one call: {@link #prepare}, then take objects in {@code order} while they fit
     * the budget (skipping ones that do not and trying smaller ones after them), then {@link #write}.
     *
     * @param tick        the tick of {@code current}; greater than every earlier tick encoded.
     * @param current     quantized states of all objects.
     * @param order       objects in priority order, or null for index order over all objects.
     * @param orderCount  entries of {@code order} to consider.
     * @param budgetBits  most bits the snapshot may take (Integer.MAX_VALUE: no budget beyond the writer's
     *                    capacity).
     * @param writer      where to write; the snapshot ends byte-aligned and the writer is flushed.
     * @param sequence    the packet sequence this snapshot will travel in (for {@link #onAcked(int)}).
     * @return objects included (see {@link #includedObjects()}).
     */
    public int encode(
        final int tick,
        final QuantizedStates current,
        final int[] order,
        final int orderCount,
        final int budgetBits,
        final BitWriter writer,
        final int sequence)
    {
        final int budget = (int)Math.min(budgetBits, writer.bitsAvailable());
        prepare(tick, current, budget);
        final int chosenCount = chooseInOrder(order, orderCount, budget);
        write(chosen, chosenCount, writer, sequence);
        return includedCount;
    }

    /**
     * {@link #encode} for framed snapshots ({@link SnapshotConfig#rangeCoded}): prepare, choose objects in
     * {@code order} so the frame fits {@code capacityBytes}, then {@link #writeFramed}.
     *
     * <p>Where every candidate fits {@code capacityBytes - 1} bitpacked, all are sent, as {@link #encode} would.
     * Otherwise the budget binds, and since a range-coded packet is often far smaller than its bitpacked bound,
     * filling by bitpacked sizes would leave much of the budget unused. The sender then fits the range-coded
     * size: it takes the longest prefix of the candidates in {@code order} whose range-coded frame it measured
     * to fit, found in at most {@link #MAX_FIT_TRIALS} trial codings (a secant search on the prefix's bitpacked
     * bound, started from the last packet's range/bitpacked ratio). A prefix, because every trial codes the
     * whole packet: an object that does not fit ends it, lower-priority ones after it are not tried. Where no
     * trial beat the bitpacked fill, the objects are chosen as {@link #encode} chooses them (taken in order
     * while they fit bitpacked, skipping ones that do not and trying smaller ones after them). The frame never
     * exceeds {@code capacityBytes}.
     *
     * @param order      objects in priority order (descending), or null for index order over all objects.
     * @param orderCount entries of {@code order} to consider.
     * @return bytes written at {@code offset}.
     */
    public int encodeFramed(
        final int tick,
        final QuantizedStates current,
        final int[] order,
        final int orderCount,
        final MutableDirectBuffer buffer,
        final int offset,
        final int capacityBytes,
        final int sequence)
    {
        final long budgetBits = 8L * (capacityBytes - 1);
        prepare(tick, current, (int)Math.min(budgetBits, Integer.MAX_VALUE));
        final int fitted = mayExceed(budgetBits) ? fitRangeCoded(order, orderCount, budgetBits) : -1;
        if (fitted < 0)
        {
            return writeFramed(chosen, chooseInOrder(order, orderCount, budgetBits), buffer, offset, capacityBytes,
                sequence, -1);
        }
        fittedPackets++;
        System.arraycopy(fitOrder, 0, chosen, 0, fitted);
        final int codedBytes = fitted == lastTrialCount ? lastTrialBytes : -1;
        return writeFramed(chosen, fitted, buffer, offset, capacityBytes, sequence, codedBytes);
    }

    /**
     * @return true if the prepared candidates might not all fit {@code budgetBits} bitpacked: every group
     * selector is at most 16 bits, so below this worst case no object needs measuring.
     */
    private boolean mayExceed(final long budgetBits)
    {
        final long worstObjectBits = schema.absoluteBits(false) + 2 + 4 * 16 + 2L * refBits + alternativeBits +
            indexCoding.maxBitsPerIndex();
        return headerBits() + worstObjectBits * candidateCount > budgetBits;
    }

    /** Take prepared candidates in order while they fit {@code budgetBits}; @return how many (in chosen). */
    private int chooseInOrder(final int[] order, final int orderCount, final long budgetBits)
    {
        long used = headerBits();
        final boolean measuring = mayExceed(budgetBits);
        int chosenCount = 0;
        final int considered = order == null ? objectCount : orderCount;
        for (int k = 0; k < considered; k++)
        {
            final int object = order == null ? k : order[k];
            if (!isCandidate[object])
            {
                continue;
            }
            if (measuring)
            {
                final int objectBits = bitsFor(object);
                if (used + objectBits > budgetBits)
                {
                    continue;
                }
                used += objectBits;
            }
            chosen[chosenCount++] = object;
        }
        return chosenCount;
    }

    /**
     * Find the longest prefix of the candidates in {@code order} (into {@link #fitOrder}) whose range-coded
     * packet fits {@code budgetBits}, trying at most {@link #MAX_FIT_TRIALS} prefixes longer than the longest
     * that surely fits bitpacked. Each guess interpolates between the nearest measured prefixes that fit and
     * that did not (secant on the bitpacked bound), or scales by the one measured, or at first by the last
     * packet's ratio; it is clamped strictly between them, so every trial narrows the bracket.
     *
     * @return the prefix length, or -1 if no trial beat the bitpacked fill.
     */
    private int fitRangeCoded(final int[] order, final int orderCount, final long budgetBits)
    {
        ensureRangeScratch((int)Math.min(budgetBits / 8, Integer.MAX_VALUE));
        listCandidates(order, orderCount);
        final long headerBits = headerBits();
        final int bitpackedFill = prefixWithin(budgetBits - headerBits);
        // Aim half the slack below the budget, so a guess about as often fits within the slack as not.
        final long slackBits = budgetBits >> FIT_SLACK_SHIFT;
        final long aimBits = budgetBits - slackBits / 2;
        int fits = bitpackedFill;
        int fails = fitListed + 1;
        long fitsBound = -1;
        long fitsCoded = -1;
        long failsBound = -1;
        long failsCoded = -1;
        long lastBound = 0;
        long lastCoded = 0;
        lastTrialCount = -1;
        for (int trial = 0; trial < MAX_FIT_TRIALS && fails - fits > 1; trial++)
        {
            final long guessBound;
            if (fitsCoded > 0 && failsCoded > fitsCoded)
            {
                guessBound = fitsBound + (aimBits - fitsCoded) * (failsBound - fitsBound) / (failsCoded - fitsCoded);
            }
            else if (failsCoded > 0)
            {
                guessBound = failsBound - (long)((failsCoded - aimBits) / fitMarginalRatio);
            }
            else if (fitsCoded > 0)
            {
                guessBound = fitsBound + (long)((aimBits - fitsCoded) / fitMarginalRatio);
            }
            else
            {
                guessBound = (long)(aimBits / fitRangeRatio);
            }
            final int count = Math.max(fits + 1, Math.min(fails - 1, prefixWithin(guessBound - headerBits)));
            final long bound = headerBits + prefixBits(count);
            final long coded = 8L * rangeCodedBytes(count);
            fitRangeRatio = (double)coded / bound;
            if (trial > 0 && bound != lastBound && (coded - lastCoded) * (bound - lastBound) > 0)
            {
                fitMarginalRatio = (double)(coded - lastCoded) / (bound - lastBound);
            }
            lastBound = bound;
            lastCoded = coded;
            if (coded <= budgetBits)
            {
                fits = count;
                fitsBound = bound;
                fitsCoded = coded;
                if (budgetBits - coded <= slackBits ||
                    count < fitListed && coded + (prefixBits(count + 1) - bound + headerBits) * fitRangeRatio > budgetBits)
                {
                    // Full within the slack, or the next object would most likely not fit at this packet's
                    // ratio: another trial (a whole packet's coding) would gain an object or two at most.
                    break;
                }
            }
            else
            {
                fails = count;
                failsBound = bound;
                failsCoded = coded;
            }
        }
        return fits > bitpackedFill ? fits : -1;
    }

    /** Prepared candidates of {@code order} (or of index order when null) into {@link #fitOrder}. */
    private void listCandidates(final int[] order, final int orderCount)
    {
        int listed = 0;
        final int considered = order == null ? objectCount : orderCount;
        for (int k = 0; k < considered; k++)
        {
            final int object = order == null ? k : order[k];
            if (isCandidate[object])
            {
                fitOrder[listed++] = object;
            }
        }
        fitListed = listed;
        fitMeasured = 0;
    }

    /** @return the bitpacked bound of the first {@code count} of {@link #fitOrder}, measuring as needed. */
    private long prefixBits(final int count)
    {
        while (fitMeasured < count)
        {
            fitPrefixBits[fitMeasured + 1] = fitPrefixBits[fitMeasured] + bitsFor(fitOrder[fitMeasured]);
            fitMeasured++;
        }
        return fitPrefixBits[count];
    }

    /** @return the longest prefix of {@link #fitOrder} whose bitpacked bound is at most {@code bits}. */
    private int prefixWithin(final long bits)
    {
        if (bits < 0)
        {
            return 0;
        }
        while (fitMeasured < fitListed && fitPrefixBits[fitMeasured] <= bits)
        {
            prefixBits(fitMeasured + 1);
        }
        int low = 0;
        int high = fitMeasured;
        while (low < high)
        {
            final int middle = (low + high + 1) >>> 1;
            if (fitPrefixBits[middle] <= bits)
            {
                low = middle;
            }
            else
            {
                high = middle - 1;
            }
        }
        return low;
    }

    /**
     * Range-code the prepared snapshot carrying the first {@code count} of {@link #fitOrder} into scratch,
     * exactly as {@link #writeFramed} would (same model reference, same packet table), and leave the coder
     * with its final model, so a write of the same set can send these bytes. Records nothing: no history, no
     * statistics, no model stored, the prepared refs untouched.
     *
     * @return the range-coded packet's bytes (without the format byte); past the scratch, which holds at least
     * the budget, only a lower bound, as coding stops there.
     */
    private int rangeCodedBytes(final int count)
    {
        sortByIndex(fitOrder, count, fitSorted);
        compactBaselineTable(fitSorted, count);
        lastModelRefAge = modelRefAge(preparedTick);
        rangeWriter.wrap(rangeScratch, 0, rangeScratch.capacity());
        serializePacket(rangeWriter, preparedTick, fitSorted, count, preparedStates, false);
        fitTrials++;
        lastTrialCount = count;
        lastTrialBytes = rangeWriter.finish();
        return lastTrialBytes;
    }

    /**
     * An object that rested for longer than the ring's safe age is delta-coded against its old acked state,
     * which still sits in both rings because nothing was sent for it since. Within the reorder window after
     * a packet named such a baseline, sending the object at a tick that maps to the same ring slot would let
     * a reordered later packet evict the baseline before the earlier one is decoded; such an object waits a
     * tick instead (one tick in {@code ringDepth}, only right after it starts moving).
     */
    private boolean mustDefer(final int object, final int tick)
    {
        final int base = object * OLD_BASELINE_SLOTS;
        for (int k = 0; k < OLD_BASELINE_SLOTS; k++)
        {
            final int lastUse = oldBaselineLastUseTick[base + k];
            if (lastUse != StateRing.NO_TICK && tick - lastUse <= maxReorderTicks &&
                ((tick - oldBaselineTick[base + k]) & (ringDepth - 1)) == 0)
            {
                deferredObjects++;
                return true;
            }
        }
        return false;
    }

    /**
     * @return the tracking slot an old baseline may use at {@code tick}: the one already tracking it, else one
     * whose protection has expired; -1 if all are busy (then the baseline must not be used).
     */
    private int oldBaselineSlot(final int object, final int baselineTick, final int tick)
    {
        final int base = object * OLD_BASELINE_SLOTS;
        int free = -1;
        for (int k = 0; k < OLD_BASELINE_SLOTS; k++)
        {
            final int lastUse = oldBaselineLastUseTick[base + k];
            if (lastUse != StateRing.NO_TICK && oldBaselineTick[base + k] == baselineTick)
            {
                return base + k;
            }
            if (free < 0 && (lastUse == StateRing.NO_TICK || tick - lastUse > maxReorderTicks))
            {
                free = base + k;
            }
        }
        return free;
    }

    private int usableBaseline(final int object, final int baselineTick, final int tick)
    {
        return usableBaseline(object, baselineTick, tick, maxBaselineAgeTicks);
    }

    private int usableBaseline(final int object, final int baselineTick, final int tick, final int maxAgeTicks)
    {
        if (baselineTick == StateRing.NO_TICK)
        {
            return StateRing.NO_TICK;
        }
        final long age = (long)tick - baselineTick;
        if (age < 1 || age > maxAgeTicks || sentRing.find(object, baselineTick) < 0)
        {
            return StateRing.NO_TICK;
        }
        return baselineTick;
    }

    /**
     * Pick each candidate's baselines and the packet's table of the most used baseline ticks whose ages fit
     * {@code maxTableBits}; sets {@link #tableBits}.
     */
    private int chooseBaselines(final int tick, final int candidateCount, final int maxTableBits)
    {
        int distinct = 0;
        final boolean two = predictor.baselineCount() == 2;
        for (int c = 0; c < candidateCount; c++)
        {
            final int object = candidates[c];
            // The newest baseline may be older than the safe age while a tracking slot protects it: see mustDefer.
            int newest = usableBaseline(object, ackedTick[object], tick, SnapshotFormat.AGE_LADDER.maxValue() + 1);
            if (newest != StateRing.NO_TICK && tick - newest > maxBaselineAgeTicks && oldBaselineSlot(object, newest, tick) < 0)
            {
                newest = StateRing.NO_TICK;
            }
            final int older = two && newest != StateRing.NO_TICK ?
                usableBaseline(object, olderAckedTick[object], tick) : StateRing.NO_TICK;
            candidateNewest[object] = newest;
            candidateOlder[object] = older;
            distinct = countTick(newest, distinct);
            distinct = countTick(older, distinct);
        }

        int tableSize = 0;
        int bits = 0;
        while (tableSize < SnapshotFormat.MAX_BASELINES_PER_PACKET)
        {
            int best = -1;
            for (int d = 0; d < distinct; d++)
            {
                if (distinctCounts[d] > 0 && (best < 0 || distinctCounts[d] > distinctCounts[best]))
                {
                    best = d;
                }
            }
            if (best < 0)
            {
                break;
            }
            distinctCounts[best] = 0;
            final int entryBits = SnapshotFormat.AGE_LADDER.bitsFor(tick - distinctTicks[best] - 1);
            if (bits + entryBits <= maxTableBits)
            {
                // A less used but younger (shorter) entry may still fit after one that did not.
                tableTicks[tableSize++] = distinctTicks[best];
                bits += entryBits;
            }
        }
        tableBits = bits;
        // Newest tick first: refs then cluster at small indices, which a context-modeled stream codes cheaply.
        for (int i = 1; i < tableSize; i++)
        {
            final int t = tableTicks[i];
            int j = i - 1;
            while (j >= 0 && t - tableTicks[j] > 0)
            {
                tableTicks[j + 1] = tableTicks[j];
                j--;
            }
            tableTicks[j + 1] = t;
        }
        return tableSize;
    }

    private int countTick(final int baselineTick, final int distinct)
    {
        if (baselineTick == StateRing.NO_TICK)
        {
            return distinct;
        }
        for (int d = 0; d < distinct; d++)
        {
            if (distinctTicks[d] == baselineTick)
            {
                distinctCounts[d]++;
                return distinct;
            }
        }
        distinctTicks[distinct] = baselineTick;
        distinctCounts[distinct] = 1;
        return distinct + 1;
    }

    private int tableIndex(final int baselineTick, final int tableSize)
    {
        if (baselineTick != StateRing.NO_TICK)
        {
            for (int i = 0; i < tableSize; i++)
            {
                if (tableTicks[i] == baselineTick)
                {
                    return i;
                }
            }
        }
        return tableSize;
    }

    /**
     * Resolve refs and compute the prediction (the cheapest alternative, when the predictor offers several);
     * @return true if the object has a prediction.
     */
    private boolean predict(final int object, final int tick, final int tableSize)
    {
        measuredObjectOffset = object * stride;
        final int newest = tableIndex(candidateNewest[object], tableSize);
        newestRef[object] = newest;
        olderRef[object] = tableSize;
        if (newest == tableSize)
        {
            return false;
        }
        final int newestTick = tableTicks[newest];
        final int[] ring = sentRing.array();
        final int newestOffset = sentRing.find(object, newestTick);
        int older = tableSize;
        int olderOffset = -1;
        if (predictor.baselineCount() == 2)
        {
            older = tableIndex(candidateOlder[object], tableSize);
            olderOffset = older == tableSize ? -1 : sentRing.find(object, tableTicks[older]);
            olderRef[object] = older;
        }
        final PredictionInput in = predictionInput.newest(ring, newestOffset, tick - newestTick);
        if (olderOffset < 0)
        {
            in.noOlder();
        }
        else
        {
            in.older(ring, olderOffset, tick - tableTicks[older]);
        }
        final int offset = object * stride;
        motionContexts[object] = MotionContext.of(in);
        predictor.predictAlternative(0, in, predictionRecord.wrap(predictions, offset));
        chosenAlternative[object] = 0;
        final int alternatives = predictor.alternativeCount();
        if (alternatives > 1)
        {
            int bestBits = measureAgainst(predictions, offset);
            for (int k = 1; k < alternatives; k++)
            {
                predictor.predictAlternative(k, in, alternativeRecord);
                final int bits = measureAgainst(alternativePrediction, 0);
                if (bits < bestBits)
                {
                    bestBits = bits;
                    chosenAlternative[object] = k;
                    System.arraycopy(alternativePrediction, 0, predictions, offset, stride);
                }
            }
        }
        return true;
    }

    private int measureAgainst(final int[] prediction, final int predictionOffset)
    {
        if (modelRing != null)
        {
            // Range-coded packets: rank predictions by what the modeled coding spends, not by bitpacked size.
            return codec.estimateModeledBits(preparedStates, measuredObjectOffset, prediction, predictionOffset);
        }
        measure.reset();
        // A bitpacked measure ignores motion contexts.
        codec.serialize(measure, preparedStates, measuredObjectOffset, prediction, predictionOffset);
        return measure.bits();
    }

    private int sortIncluded()
    {
        return sortByIndex(included, includedCount, sortedIncluded);
    }

    /** Copy {@code objects[0..count)} (no repeats) into {@code sorted} in ascending index order; @return count. */
    private int sortByIndex(final int[] objects, final int count, final int[] sorted)
    {
        for (int i = 0; i < count; i++)
        {
            mark[objects[i]] = true;
        }
        int sortedCount = 0;
        for (int object = 0; object < objectCount && sortedCount < count; object++)
        {
            if (mark[object])
            {
                mark[object] = false;
                sorted[sortedCount++] = object;
            }
        }
        return sortedCount;
    }

    private void writePacket(final int tick, final int[] states, final int count, final BitWriter writer)
    {
        final int startBits = writer.bitsWritten();
        lastPacketTick = tick;
        lastPacketCount = count;
        serializePacket(writer, tick, sortedIncluded, count, states, false);
        writer.flush();
        lastPacketBits = writer.bitsWritten() - startBits;
        recordPacketStatistics(tick, states, count);
    }

    /**
     * The one serialize routine of a snapshot, for a writer, a measure or a range coder. Refs go through the
     * packet table {@link #compactBaselineTable} set for {@code objects}.
     *
     * @param objects  the packet's objects in ascending index order.
     * @param fromRing take each object's state from the sent ring at {@code tick} (replaying a packet already
     *                 written) instead of from {@code states}.
     */
    private void serializePacket(
        final BitStream stream,
        final int tick,
        final int[] objects,
        final int count,
        final int[] states,
        final boolean fromRing)
    {
        stream.serializeBits(tick, SnapshotFormat.TICK_BITS);
        if (stream instanceof ModeledBitStream)
        {
            stream.serializeBits(lastModelRefAge, SnapshotFormat.MODEL_REF_BITS);
            final int refTick = tick - lastModelRefAge;
            if (lastModelRefAge != 0)
            {
                ((ModeledBitStream)stream).model().copyFrom(modelRing.model(refTick));
            }
            stream.serializeInt(count, 0, objectCount);
            indexCoding.serializeModeled(stream, objects, count,
                lastModelRefAge == 0 ? null : modelRing.includedArray(),
                lastModelRefAge == 0 ? 0 : modelRing.includedOffset(refTick));
        }
        else
        {
            stream.serializeInt(count, 0, objectCount);
            indexCoding.write(stream, objects, count);
        }
        final int packetTableSize = this.packetTableSize;
        stream.serializeInt(packetTableSize, 0, SnapshotFormat.MAX_BASELINES_PER_PACKET);
        for (int i = 0; i < packetTableSize; i++)
        {
            stream.serializeLadder(tick - packetTableTicks[i] - 1, SnapshotFormat.AGE_LADDER);
        }
        final boolean two = predictor.baselineCount() == 2;
        final int[] source = fromRing ? sentRing.array() : states;
        final boolean modeled = stream instanceof ModeledBitStream;
        final boolean[] reference = modeled && lastModelRefAge != 0 ? modelRing.includedArray() : null;
        final int referenceOffset = reference == null ? 0 : modelRing.includedOffset(tick - lastModelRefAge);
        int previousAbsolute = -1;
        // A failed stream (past its capacity) drops all that follows: a bitpacked form that cannot fit, or a
        // range-coded one that is not smaller, is not sent, so coding the rest of the objects is wasted.
        for (int i = 0; i < count && !stream.isFailed(); i++)
        {
            final int object = objects[i];
            final int newest = packetRef(newestRef[object]);
            final boolean carriedInReference = reference != null && reference[referenceOffset + object];
            BaselineRefs.serializeNewest(stream, newest, packetTableSize, carriedInReference);
            final boolean hasPrediction = newest != packetTableSize;
            if (hasPrediction && two)
            {
                BaselineRefs.serializeOlder(stream, packetRef(olderRef[object]), newest, packetTableSize,
                    carriedInReference);
            }
            if (hasPrediction && alternativeBits > 0)
            {
                BaselineRefs.serializeAlternative(stream, chosenAlternative[object], predictor.alternativeCount());
            }
            final int offset = fromRing ? sentRing.find(object, tick) : object * stride;
            if (hasPrediction)
            {
                codec.serialize(stream, source, offset, predictions, object * stride, motionContexts[object]);
            }
            else
            {
                // Without a baseline a modeled stream still predicts: from the packet's previous such object.
                final boolean intra = modeled && previousAbsolute >= 0;
                codec.serialize(stream, source, offset, intra ? source : null, Math.max(previousAbsolute, 0),
                    MotionContext.INTRA_PACKET);
                previousAbsolute = offset;
            }
        }
        stream.serializeAlign();
    }

    private void recordPacketStatistics(final int tick, final int[] states, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            final int object = sortedIncluded[i];
            final int newest = newestRef[object];
            final boolean hasPrediction = newest != tableSize;
            if (hasPrediction && tick - tableTicks[newest] > maxBaselineAgeTicks)
            {
                final int slot = oldBaselineSlot(object, tableTicks[newest], tick);
                oldBaselineTick[slot] = tableTicks[newest];
                oldBaselineLastUseTick[slot] = tick;
            }
            final int offset = object * stride;
            objectsSent++;
            if (!hasPrediction)
            {
                absoluteObjects++;
            }
            else if (Arrays.equals(states, offset, offset + stride, predictions, offset, offset + stride))
            {
                perfectPredictions++;
            }
        }
    }

    /**
     * Serialize the last written snapshot again, field for field, into any stream: {@link #writeFramed} range-
     * codes the packet this way, and instruments (an entropy meter) read the symbols it is made of without a
     * second copy of the packet layout. Only valid until the next {@link #prepare}: it reuses that packet's
     * baseline table, references and predictions; the states come from the sent ring. Statistics are not
     * counted again.
     *
     * @param stream a {@link ModeledBitStream} gets the range-coded layout, continuing from the model the last
     *               framed packet referred to; any other stream the bitpacked calls: a writer yields the
     *               bitpacked bytes, a measure their bits ({@link #lastPacketBits()} after {@link #write},
     *               not after {@link #writeFramed}, which counts the frame it sent).
     */
    public void serializeLastPacket(final BitStream stream)
    {
        if (lastPacketTick == StateRing.NO_TICK || preparedStates != null)
        {
            throw new IllegalStateException("no written packet to serialize (or a new one is prepared)");
        }
        serializePacket(stream, lastPacketTick, sortedIncluded, lastPacketCount, null, true);
    }

    private void recordSent(final int tick, final int[] states, final int sequence)
    {
        final int slot = sequence & historyMask;
        historyValid[slot] = true;
        historySequence[slot] = sequence & 0xFFFF;
        historyTick[slot] = tick;
        historyCount[slot] = includedCount;
        final int base = slot * objectCount;
        for (int i = 0; i < includedCount; i++)
        {
            final int object = included[i];
            historyObjects[base + i] = object;
            final int previous = lastSentTick[object] == StateRing.NO_TICK ? -1 : sentRing.find(object, lastSentTick[object]);
            if (previous < 0 || !Arrays.equals(sentRing.array(), previous, previous + stride, states, object * stride,
                object * stride + stride))
            {
                sameSinceTick[object] = tick;
                sameStateSends[object] = 1;
            }
            else
            {
                final int sends = sameStateSends[object];
                if (sends > unchangedRepeats)
                {
                    timeoutResends++;
                }
                sameStateSends[object] = sends == Integer.MAX_VALUE ? sends : sends + 1;
            }
            sentRing.store(object, tick, states, object * stride);
            lastSentTick[object] = tick;
        }
    }

    /**
     * The packet with this sequence was acked: every object it carried now has that state as its newest
     * acked baseline, unless a newer one was already acked. Unknown, expired or repeated sequences are
     * ignored, so calling this more than once per packet is harmless.
     *
     * @param sequence 16-bit packet sequence.
     */
    public void onAcked(final int sequence)
    {
        final int slot = sequence & historyMask;
        if (!historyValid[slot] || historySequence[slot] != (sequence & 0xFFFF))
        {
            return;
        }
        historyValid[slot] = false;
        final int tick = historyTick[slot];
        if (modelRing != null && modelRing.holds(tick) &&
            (newestAckedModelTick == StateRing.NO_TICK || tick - newestAckedModelTick > 0))
        {
            newestAckedModelTick = tick;
        }
        final int base = slot * objectCount;
        for (int i = 0, count = historyCount[slot]; i < count; i++)
        {
            final int object = historyObjects[base + i];
            final int newest = ackedTick[object];
            if (newest == StateRing.NO_TICK || tick - newest > 0)
            {
                olderAckedTick[object] = newest;
                ackedTick[object] = tick;
            }
            else if (tick != newest && (olderAckedTick[object] == StateRing.NO_TICK || tick - olderAckedTick[object] > 0))
            {
                olderAckedTick[object] = tick;
            }
        }
    }

    /**
     * A fingerprint of the bookkeeping an ack can change: each object's newest and older acked ticks, the newest
     * acked range-coded tick, and the history of sent packets waiting for acks (sequence, tick, objects). Acks
     * arrive in bytes from the network, so two equal digests around a call prove a refused datagram moved no
     * baseline: for tests and diagnostics. It reads the whole history, so keep it off any hot path.
     *
     * @return hash of that state.
     */
    public long stateDigest()
    {
        long h = 17;
        h = h * 31 + Arrays.hashCode(ackedTick);
        h = h * 31 + Arrays.hashCode(olderAckedTick);
        h = h * 31 + newestAckedModelTick;
        for (int slot = 0; slot < historyValid.length; slot++)
        {
            h = h * 31 + (historyValid[slot] ? 1 : 2);
            if (historyValid[slot])
            {
                h = h * 31 + historySequence[slot];
                h = h * 31 + historyTick[slot];
                h = h * 31 + historyCount[slot];
                for (int i = slot * objectCount, end = i + historyCount[slot]; i < end; i++)
                {
                    h = h * 31 + historyObjects[i];
                }
            }
        }
        return h;
    }

    /** @return entries of the last written packet's baseline table (for tests of its order). */
    int lastTableSize()
    {
        return packetTableSize;
    }

    /** @return the tick of entry {@code i} of the last written packet's baseline table. */
    int lastTableTick(final int i)
    {
        return packetTableTicks[i];
    }

    /** @return the objects included by the last {@link #encode}, in the order they were taken. */
    public int[] includedObjects()
    {
        return included;
    }

    /** @return how many objects the last {@link #encode} included. */
    public int includedCount()
    {
        return includedCount;
    }

    /** @return bits of the last snapshot, including its padding. */
    public int lastPacketBits()
    {
        return lastPacketBits;
    }

    /** @return the newest acked tick of an object, or {@link StateRing#NO_TICK}. */
    public int ackedTick(final int object)
    {
        return ackedTick[object];
    }

    /** @return objects written so far. */
    public long objectsSent()
    {
        return objectsSent;
    }

    /** @return objects written so far whose state equalled the prediction (one bit each). */
    public long perfectPredictions()
    {
        return perfectPredictions;
    }

    /** @return times an object waited a tick to keep an old baseline safe (see {@code mustDefer}). */
    public long deferredObjects()
    {
        return deferredObjects;
    }

    /**
     * @return times an object that needed sending was not a candidate because it had been sent unchanged
     * {@code 1 + unchangedRepeats} times and waited for an ack (one count per object per prepared tick).
     */
    public long heldForAck()
    {
        return heldForAck;
    }

    /** @return times an unchanged, unacked object was sent again after its resend timeout. */
    public long timeoutResends()
    {
        return timeoutResends;
    }

    /** @return trial range codings {@link #encodeFramed} measured to fit a budget (see {@link #MAX_FIT_TRIALS}). */
    long fitTrials()
    {
        return fitTrials;
    }

    /** @return packets {@link #encodeFramed} filled beyond the bitpacked fill, by a measured range-coded size. */
    long fittedPackets()
    {
        return fittedPackets;
    }

    /** @return objects written without a baseline. */
    public long absoluteObjects()
    {
        return absoluteObjects;
    }
}
