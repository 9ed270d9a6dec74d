package dev.statesync.codec.snapshot;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;

import org.agrona.MutableDirectBuffer;

import dev.statesync.codec.bits.BitMeasure;
import dev.statesync.codec.bits.BitStream;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.codec.entropy.BitAccount;
import dev.statesync.codec.entropy.ModeledBitStream;
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
 * <p>This class orchestrates parts that each do one thing (see {@code src/site/architecture.md}):
 * {@code AckedBaselines} (acks and the packet history), {@code ResendPolicy} (which objects are due),
 * {@code BaselineTable} (baselines, the packet's table, old-baseline protection), {@code PreparedSnapshot}
 * (candidates, predictions, sizes), {@code BudgetFitter} (which candidates fit a budget), {@code PacketPlan} and
 * {@code SnapshotPacket} (the packet as a value and its one serialize routine, shared with the receiver),
 * {@code FrameWriter} (bitpacked behind a format byte, or range-coded) and {@code SenderStatistics}.
 *
 * <p>One snapshot per tick; ticks increase. Allocation-free after construction: a new connection reuses a sender
 * with {@link #reset()} (its rings are about 2.4 MB for 901 objects) instead of building one. Not thread-safe.
 */
public final class SnapshotSender implements ObjectSizer
{
    private final int objectCount;
    private final int stride;
    private final StateRing sentRing;
    /** Coder models by tick, or null unless range coding is on. */
    private final ModelRing modelRing;
    private final AckedBaselines acked;
    private final UnackedReference unacked;
    private final TickAnchor tickAnchor;
    /** The sequence the packet being coded will travel in (given to write, writeFramed, encode, encodeFramed). */
    private int packetSequence = PacketTick.NO_SEQUENCE;
    private final ResendPolicy resend;
    private final BaselineTable table;
    private final PreparedSnapshot prepared;
    private final BudgetFitter fitter;
    private final SnapshotPacket packet;
    private final PacketLayout bitpacked;
    private final PacketLayout modeled;
    private final FrameWriter frames;
    private final SenderStatistics statistics = new SenderStatistics();
    private final PreviousStatePolicy previousStates;
    /** Corner repeats ({@link SnapshotConfig#cornerRepeatMaxAgeTicks}), or null when off. */
    private final CornerRepeatPolicy corners;
    private final int configuredLossAfterTicks;
    /**
     * With corner repeats, a packet whose objects were chosen by the range-coded fit with their repeats (so it carries
     * the same ones), else false.
     */
    private boolean repeatsFitted;
    /**
     * With corner repeats, the bits a bitpacked fill left for the chosen objects' repeats (measured bitpacked), or -1
     * when it reserved none.
     */
    private long reservedRepeatBits = -1;
    private final ObjectCodec codec;
    private final BitMeasure previousMeasure = new BitMeasure();
    /**
     * The budget the prepared packet's previous-tick states must fit with every candidate (worst case), bits; -1:
     * none this packet (a plain {@link #write}, or a budget that binds).
     */
    private long previousStatesBudgetBits = -1;
    private long previousStatesSent;
    /** The packet being coded; after a write, the written packet until the next one is planned. */
    private final PacketPlan plan;
    /** The objects of the last written packet, in the order {@link #write} was given them. */
    private final int[] includedInGivenOrder;
    private int includedCount;
    private int lastCandidateCount;
    private boolean packetWritten;

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
        this.objectCount = objectCount;
        this.stride = schema.stride();
        final IndexCoding indexCoding = new IndexCoding(objectCount);
        modelRing = config.rangeCoded() ? new ModelRing(config.modelRingDepth(), objectCount, schema.atRestOffset()) : null;
        sentRing = new StateRing(schema, objectCount, config.ringDepthTicks());
        acked = new AckedBaselines(objectCount, config.packetHistory(), modelRing, config.maxModelRefAgeTicks());
        tickAnchor = new TickAnchor(config.shortTicks());
        unacked = new UnackedReference(
            objectCount, config.unackedReferenceMaxAgeTicks(), config.unackedReferenceChainDepth(),
            config.unackedReferenceLosslessChainDepth(), config.unackedReferenceLosslessAfterTicks());
        resend = new ResendPolicy(sentRing, stride, objectCount, config);
        table = new BaselineTable(sentRing, objectCount, predictor.baselineCount() == 2, config);
        prepared = new PreparedSnapshot(schema, objectCount, predictor, codec, sentRing, modelRing != null,
            indexCoding.maxBitsPerIndex());
        packet = new SnapshotPacket(objectCount, predictor.baselineCount(), predictor.alternativeCount(), codec);
        bitpacked = new BitpackedLayout(indexCoding);
        modeled = new ModeledLayout(indexCoding, modelRing, config.maxModelRefAgeTicks());
        frames = new FrameWriter(packet, modeled, modelRing);
        plan = new PacketPlan(objectCount, stride);
        this.codec = codec;
        configuredLossAfterTicks = config.cornerRepeatLossAfterTicks();
        previousStates = new PreviousStatePolicy(schema, objectCount, config.previousStateBlendErrorM());
        corners = config.cornerRepeatMaxAgeTicks() > 0 && Double.isFinite(config.previousStateBlendErrorM()) &&
            config.previousStateBlendErrorM() > 0 ?
            new CornerRepeatPolicy(schema, objectCount, config.previousStateBlendErrorM(),
                config.cornerRepeatMaxAgeTicks(), config.cornerRepeatLossAfterTicks()) : null;
        fitter = new BudgetFitter(objectCount, prepared, this::rangeCodedTrialBytes);
        includedInGivenOrder = new int[objectCount];
    }

    /**
     * Serve a new connection from no baselines, exactly as a newly built sender would: forgets every sent state
     * (the sent ring), every ack and sent packet, the coder models by tick, the resend counts and timeout (back to
     * {@link SnapshotConfig#resendTimeoutTicks}), protected old baselines and deferrals, the previous-tick history,
     * the budget fitter's learnt ratios, and zeroes every statistic. A prepared, unwritten snapshot is dropped.
     * Tick numbers may restart. The same bytes follow as from a new sender on the same input (a test holds it to
     * that). Keeps the {@link #bitAccount} attached. Allocates nothing; costs a fill of the rings (about 2.4 MB for
     * 901 objects), so call it on connect, not per tick.
     */
    public void reset()
    {
        sentRing.reset();
        if (modelRing != null)
        {
            modelRing.reset();
        }
        acked.reset();
        tickAnchor.reset();
        packetSequence = PacketTick.NO_SEQUENCE;
        unacked.reset();
        resend.reset();
        table.reset();
        prepared.reset();
        fitter.reset();
        previousStates.reset();
        if (corners != null)
        {
            corners.reset();
            corners.lossAfterTicks(configuredLossAfterTicks);
        }
        statistics.reset();
        previousStatesBudgetBits = -1;
        repeatsFitted = false;
        reservedRepeatBits = -1;
        previousStatesSent = 0;
        includedCount = 0;
        lastCandidateCount = 0;
        packetWritten = false;
        plan.count = 0;
        plan.previousCount = 0;
        plan.tableSize = 0;
    }

    /**
     * @return true unless the receiver provably holds the object's current state: every state sent for it
     * since an acked one equals {@code current}, so whichever of them the receiver has newest is current.
     * An object that needs sending may still wait for an ack (see the resend policy above).
     */
    public boolean needsSending(final int object, final QuantizedStates current)
    {
        return resend.need(object, current, acked.newestTick(object)) != ResendPolicy.NEED_NONE;
    }

    /**
     * Attach an account that every range-coded frame this sender sends is charged to, field category by field
     * category and by the class the caller gave each object (see {@link BitAccount}); null detaches. Measured
     * from the real coder as it writes; the bytes are the same with or without an account.
     */
    public void bitAccount(final BitAccount account)
    {
        frames.account(account);
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
        resend.resendTimeoutTicks(ticks);
    }

    /**
     * The link's measured packet loss, for example the reliability layer's estimate (as {@code SnapshotAuthority}
     * passes it before each snapshot once its estimate has a full window of packets): previous-tick states of bent
     * motion ({@link SnapshotConfig#previousStateBlendErrorM}) are repeated only on a lossy link. They stop when the
     * loss falls below 0.5% and start again at 1% or more (hysteresis, so a link losing a packet now and then does
     * not flap); until told, the sender repeats them as if the link were lossy. Objects held back a tick are
     * repeated whatever the loss (the replica never had that state). Takes effect at the next packet;
     * {@link #reset()} forgets it. Never changes what a receiver accepts.
     *
     * @param percent lost packets, percent of those sent; NaN changes nothing.
     */
    public void linkLossPercent(final double percent)
    {
        previousStates.linkLossPercent(percent);
    }

    /** @return true when the next packets repeat bent motion's previous-tick states (enabled, and the link is lossy). */
    public boolean repeatsPreviousStates()
    {
        return previousStates.repeatsBentMotion();
    }

    /** @return true when corner repeats are on ({@link SnapshotConfig#cornerRepeatMaxAgeTicks}). */
    public boolean cornerRepeats()
    {
        return corners != null;
    }

    /**
     * Every object's states at a tick this sender sends no packet for (a lower send rate skips ticks), so corner
     * repeats see the bends between sends; {@link #prepare} observes the ticks it sends. Observing a tick twice
     * overwrites it. Nothing without corner repeats.
     *
     * @param tick    the tick of {@code current}, after every tick prepared so far.
     * @param current quantized states of all objects.
     */
    public void observeTick(final int tick, final QuantizedStates current)
    {
        if (corners != null)
        {
            corners.observe(tick, current.array());
        }
    }

    /**
     * With corner repeats: whether {@code object}, carried in a packet of {@code tick} (observed with
     * {@link #observeTick} or {@link #prepare}), would repeat a corner of its path the replica does not hold. A rate
     * control sends such objects first, or the corner waits while the display nears it. Allocates nothing.
     *
     * @return false without corner repeats.
     */
    public boolean wantsCornerRepeat(final int object, final int tick)
    {
        if (object < 0 || object >= objectCount)
        {
            throw new IllegalArgumentException("object must be 0.." + (objectCount - 1) + ", got " + object);
        }
        return corners != null && corners.wantsRepeat(object, tick);
    }

    /**
     * With corner repeats: ticks after its packet that an unacked send counts as lost, for example the measured
     * round trip in ticks (as {@code SnapshotRateControl} keeps it); {@link #reset()} restores
     * {@link SnapshotConfig#cornerRepeatLossAfterTicks}. Nothing without corner repeats.
     *
     * @param ticks >= 1.
     */
    public void cornerRepeatLossAfterTicks(final int ticks)
    {
        if (corners != null)
        {
            corners.lossAfterTicks(ticks);
        }
        else if (ticks < 1)
        {
            throw new IllegalArgumentException("lossAfterTicks must be >= 1, got " + ticks);
        }
    }

    /** @return the current resend timeout in ticks. */
    public int resendTimeoutTicks()
    {
        return resend.resendTimeoutTicks();
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
        previousStatesBudgetBits = -1;
        repeatsFitted = false;
        reservedRepeatBits = -1;
        if (corners != null)
        {
            corners.observe(tick, current.array());
        }
        prepared.begin(tick, current.array());
        int differing = -1;
        for (int object = 0; object < objectCount; object++)
        {
            if (object > differing)
            {
                differing = resend.firstDiffering(object, current);
            }
            final int need = resend.need(object, object != differing, acked.newestTick(object));
            if (need == ResendPolicy.NEED_NONE ||
                need == ResendPolicy.NEED_UNACKED && resend.holdsForAck(object, tick))
            {
                continue;
            }
            if (!table.mustDefer(object, tick))
            {
                prepared.addCandidate(object);
            }
        }
        table.choose(tick, prepared.candidateObjects(), prepared.candidateCount(), Math.max(budgetBits, 0) / 2, acked, unacked);
        prepared.predictCandidates(table);
        lastCandidateCount = prepared.candidateCount();
        return lastCandidateCount;
    }

    /**
     * Exact bits object {@code object} adds to the prepared snapshot, plus an upper bound of its index's
     * cost; {@link Integer#MAX_VALUE} for an object that need not be sent. Sizes sum to at most
     * {@link #headerBits()} less than the written snapshot.
     */
    @Override
    public int bitsFor(final int object)
    {
        return prepared.bitsFor(object);
    }

    /** @return an upper bound of the prepared snapshot's bits outside its objects (tick, counts, table, padding). */
    public int headerBits()
    {
        return prepared.headerBits();
    }

    /**
     * Write the prepared snapshot with the chosen objects and remember them against {@code sequence}.
     *
     * @param objects  objects to include, each one {@link #prepare} found needing sending, no repeats.
     * @param count    entries of {@code objects}.
     * @param writer   where to write; the snapshot ends byte-aligned and the writer is flushed.
     * @param sequence the packet sequence this snapshot will travel in, 0..65535: for {@link #onAcked(int)} and the
     *                 tick's anchor, which the receiver reads against it ({@link SnapshotConfig#shortTicks}); 1..32767
     *                 after the previous packet's, and the tick greater, else {@link IllegalArgumentException}.
     */
    public void write(final int[] objects, final int count, final BitWriter writer, final int sequence)
    {
        packetSequence = sequence;
        planWrite(objects, count);
        // A plain write is bitpacked; writeFramed names the model reference before it range-codes the plan.
        final int startBits = writer.bitsWritten();
        packet.serialize(writer, bitpacked, plan, PacketBaselines.PLANNED);
        writer.flush();
        statistics.lastPacketBits(writer.bitsWritten() - startBits);
        recordWritten(sequence);
    }

    /**
     * Take the chosen objects out of the prepared snapshot and plan their packet (model reference age 0), with the
     * previous-tick states it may carry.
     */
    private void planWrite(final int[] objects, final int count)
    {
        if (!prepared.isActive())
        {
            throw new IllegalStateException("prepare() first");
        }
        tickAnchor.checkNext(packetSequence, prepared.tick());
        includedCount = 0;
        for (int i = 0; i < count; i++)
        {
            final int object = objects[i];
            if (object < 0 || object >= objectCount || !prepared.isCandidate(object))
            {
                throw new IllegalArgumentException("object " + object + " was not prepared for sending");
            }
            prepared.take(object);
            includedInGivenOrder[includedCount++] = object;
        }
        planPacket(includedInGivenOrder, includedCount, 0);
        planPreviousStates();
    }

    /**
     * Remember the planned packet as sent in {@code sequence} and end the prepared snapshot.
     *
     * @return true if the packet names an unacked packet (a referencing packet, {@link UnackedReference#chainOf}).
     */
    private boolean recordWritten(final int sequence)
    {
        final int tick = prepared.tick();
        final int[] states = prepared.states();
        final boolean referencing = unacked.chainOf(plan) > 0;
        statistics.recordPacket(plan, stride);
        table.recordUse(plan);
        acked.recordSent(sequence, tick, includedInGivenOrder, includedCount, referencing);
        tickAnchor.written(sequence, tick);
        unacked.written(plan);
        previousStates.written(tick, states, includedInGivenOrder, includedCount);
        if (corners != null)
        {
            corners.written(plan);
        }
        previousStatesSent += plan.previousCount;
        for (int i = 0; i < includedCount; i++)
        {
            final int object = includedInGivenOrder[i];
            resend.onSent(object, tick, states, object * stride);
        }
        // As the receiver records them when it applies this packet: the next packets code alternatives against them.
        for (int i = 0, tableSize = plan.tableSize; i < plan.count; i++)
        {
            sentRing.storeAlternative(plan.objects[i], tick,
                PreviousAlternative.of(plan.newestRef[i] != tableSize, plan.alternative[i]));
        }
        packetWritten = true;
        prepared.clear();
        return referencing;
    }

    /** Plan the prepared snapshot carrying {@code objects[0..count)} (any order) with a model reference age. */
    private void planPacket(final int[] objects, final int count, final int modelRefAge)
    {
        plan.objectsInIndexOrder(objects, count);
        plan.tick = prepared.tick();
        plan.sequence = packetSequence;
        tickAnchor.plan(plan);
        plan.modelRefAge = modelRefAge;
        plan.previousCount = 0;
        prepared.planEntries(plan, table);
    }

    /**
     * Add the previous-tick states the policy wants to the planned packet, if this packet may carry them: every
     * candidate is in it and, coded at their worst, they and the states still fit the budget (measured bitpacked,
     * an upper bound of the range-coded size).
     */
    private void planPreviousStates()
    {
        if (repeatsFitted)
        {
            // Measured with the objects by the range-coded fit: the same states, chosen the same way.
            corners.choose(plan);
            return;
        }
        final long reserved = reservedRepeatBits;
        if (reserved < 0 && (previousStatesBudgetBits < 0 || corners == null && !previousStates.enabled()))
        {
            return;
        }
        chooseRepeats();
        if (plan.previousCount > 0)
        {
            final long bits = repeatBits();
            if (reserved >= 0 ? bits > reserved : prepared.mayExceed(previousStatesBudgetBits - bits))
            {
                plan.previousCount = 0;
            }
        }
    }

    /** The planned packet's previous-tick states: corner repeats when on, else the ticks 1 and 2 ago. */
    private void chooseRepeats()
    {
        if (corners != null)
        {
            corners.choose(plan);
        }
        else
        {
            previousStates.choose(plan, table);
        }
    }

    /** @return bits of the planned packet's previous-tick states, bitpacked (an upper bound of range-coded). */
    private long repeatBits()
    {
        previousMeasure.reset();
        PreviousTickStates.serialize(previousMeasure, bitpacked, codec, plan, stride);
        return previousMeasure.bits();
    }

    /** {@link BudgetFitter.TrialCoder}: range-code the prepared snapshot with these objects, as a frame would. */
    private int rangeCodedTrialBytes(final int[] objects, final int count)
    {
        planPacket(objects, count, 0);
        plan.modelRefAge = acked.modelRefAge(plan.tick, unacked.chainOf(plan) > 0);
        if (corners != null)
        {
            corners.choose(plan);
        }
        return frames.codeTrial(plan);
    }

    /**
     * Write the prepared snapshot framed (see {@link SnapshotConfig#rangeCoded}): the range-coded snapshot if that
     * makes the smaller frame, else a format byte and the bitpacked one. Never writes past {@code capacityBytes}:
     * the objects must fit {@code capacityBytes - 1} bitpacked (as a bit budget of that size guarantees), or
     * {@code capacityBytes} range-coded (as {@link #encodeFramed} makes sure, or this throws after recording the
     * packet as sent).
     *
     * @param sequence the packet sequence this snapshot will travel in (see {@link #write}).
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
     * @param codedBytes -1, or the length of these objects' range-coded packet that the frame writer still holds
     *                   (the last fitting trial of the same set).
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
        packetSequence = sequence;
        frames.checkCapacity(capacityBytes);
        planWrite(objects, count);
        // Recorded before the frame is coded, as a bitpacked write records it: the model reference age is the
        // one the packet history holds with this packet in it. The frame writes the bitpacked form only if it
        // may be the smaller one.
        final boolean referencing = recordWritten(sequence);
        // The newest acked packet of the same kind (naming an unacked packet or not): its statistics are this one's.
        plan.modelRefAge = acked.modelRefAge(plan.tick, referencing);
        final int length = frames.finish(plan, bitpacked, buffer, offset, capacityBytes, codedBytes);
        statistics.lastPacketBits(8 * length);
        return length;
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
     * @param sequence    the packet sequence this snapshot will travel in (see {@link #write}).
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
        packetSequence = sequence;
        prepare(tick, current, budget);
        final int chosenCount = fitter.chooseInOrder(order, orderCount, budget);
        previousStatesBudgetBits = chosenCount == prepared.candidateCount() && !prepared.mayExceed(budget) ? budget : -1;
        write(fitter.chosen(), chosenCount, writer, sequence);
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
     * to fit, found in at most {@link BudgetFitter#MAX_FIT_TRIALS} trial codings (a secant search on the
     * prefix's bitpacked bound, started from the last packet's range/bitpacked ratio). A prefix, because every
     * trial codes the whole packet: an object that does not fit ends it, lower-priority ones after it are not
     * tried. Where no trial beat the bitpacked fill, the objects are chosen as {@link #encode} chooses them
     * (taken in order while they fit bitpacked, skipping ones that do not and trying smaller ones after them).
     * The frame never exceeds {@code capacityBytes}.
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
        // Before the trial codings: they code the tick as the frame will, anchored to this sequence.
        packetSequence = sequence;
        prepare(tick, current, (int)Math.min(budgetBits, Integer.MAX_VALUE));
        int fitted = -1;
        if (prepared.mayExceed(budgetBits))
        {
            frames.ensureScratch(capacityBytes);
            // A range-coded frame has no format byte: the whole capacity.
            fitted = fitter.fitRangeCoded(order, orderCount, budgetBits, 8L * capacityBytes);
        }
        if (fitted < 0)
        {
            int chosenCount = fitter.chooseInOrder(order, orderCount, budgetBits);
            if (corners == null)
            {
                previousStatesBudgetBits =
                    chosenCount == prepared.candidateCount() && !prepared.mayExceed(budgetBits) ? budgetBits : -1;
            }
            else
            {
                // The chosen objects' corners need room the fill may have given to more objects: fill again, leaving
                // it (the bound of the fill is a worst case, so a packet every candidate fits reserves it too). At
                // most half the budget: many objects wanting repeats at once (a pile knocked over) must not leave
                // no room for objects, or nothing is sent, nothing acked, and the repeats wanted only grow.
                planPacket(fitter.chosen(), chosenCount, 0);
                corners.choose(plan);
                reservedRepeatBits = plan.previousCount > 0 ? Math.min(repeatBits(), budgetBits / 2) : 0;
                if (reservedRepeatBits > 0)
                {
                    chosenCount = fitter.chooseInOrder(order, orderCount, budgetBits - reservedRepeatBits);
                }
            }
            return writeFramed(fitter.chosen(), chosenCount, buffer, offset, capacityBytes, sequence, -1);
        }
        repeatsFitted = corners != null;
        return writeFramed(fitter.chosen(), fitted, buffer, offset, capacityBytes, sequence,
            fitter.codedBytesOfLastTrial(fitted));
    }

    /**
     * Serialize the last written snapshot again, field for field, into any stream: instruments (an entropy
     * meter) read the symbols it is made of without a second copy of the packet layout. Only valid until the
     * next {@link #prepare}: it reuses that packet's plan (table, references, predictions); the states come from
     * the sent ring. Statistics are not counted again.
     *
     * @param stream a {@link ModeledBitStream} gets the range-coded layout, continuing from the model the last
     *               framed packet referred to; any other stream the bitpacked one: a writer yields the
     *               bitpacked bytes, a measure their bits ({@link #lastPacketBits()} after {@link #write},
     *               not after {@link #writeFramed}, which counts the frame it sent).
     */
    public void serializeLastPacket(final BitStream stream)
    {
        if (!packetWritten || prepared.isActive())
        {
            throw new IllegalStateException("no written packet to serialize (or a new one is prepared)");
        }
        plan.statesFrom(sentRing);
        // The layout is chosen once here, by the stream an instrument passes in.
        packet.serialize(stream, stream instanceof ModeledBitStream ? modeled : bitpacked, plan, PacketBaselines.PLANNED);
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
        final int tick = acked.onAcked(sequence);
        unacked.acked(tick);
        if (corners != null)
        {
            corners.acked(tick);
        }
        tickAnchor.acked(sequence);
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
        return tickAnchor.digest(unacked.digest(acked.digest()));
    }

    /**
     * @return packets written that named the previous, unacked packet as a baseline
     * ({@link SnapshotConfig#unackedReferenceMaxAgeTicks}); a receiver that lost that packet refuses them.
     */
    public long unackedReferencePackets()
    {
        return unacked.referencingPackets();
    }

    /**
     * @return packets written whose chain of unacked references was deeper than
     * {@link SnapshotConfig#unackedReferenceChainDepth}, which a clean spell allowed
     * ({@link SnapshotConfig#unackedReferenceLosslessChainDepth}).
     */
    public long deepChainPackets()
    {
        return unacked.deepChainPackets();
    }

    /**
     * @return packets the sender judged lost for its unacked references' chain depth: not acked within about two
     * round trips (a packet the receiver refused counts too).
     */
    public long packetsJudgedLost()
    {
        return unacked.lossesJudged();
    }

    /** @return the states sent, with their {@link PreviousAlternative}s (for tests that compare both ends). */
    StateRing sentRing()
    {
        return sentRing;
    }

    /** @return the last written packet's model reference age, 0 for a fresh model (for tests). */
    int lastModelRefAge()
    {
        return plan.modelRefAge;
    }

    /** @return sequences from the last written packet's tick anchor to it, 0 for a whole tick (for tests). */
    int lastAnchorDistance()
    {
        return plan.anchorDistance;
    }

    /** @return entries of the last written packet's baseline table (for tests of its order). */
    int lastTableSize()
    {
        return plan.tableSize;
    }

    /** @return the tick of entry {@code i} of the last written packet's baseline table. */
    int lastTableTick(final int i)
    {
        return plan.tableTicks[i];
    }

    /** @return the objects included by the last {@link #encode}, in the order they were taken. */
    public int[] includedObjects()
    {
        return includedInGivenOrder;
    }

    /**
     * @return how many objects the last {@link #prepare} found needing sending (the candidates of the last packet):
     * with {@link #includedCount()}, how many a budget left behind. Read-only, for a send-rate controller.
     */
    public int lastCandidateCount()
    {
        return lastCandidateCount;
    }

    /** @return how many objects the last {@link #encode} included. */
    public int includedCount()
    {
        return includedCount;
    }

    /** @return bits of the last snapshot, including its padding. */
    public int lastPacketBits()
    {
        return statistics.lastPacketBits();
    }

    /** @return the newest acked tick of an object, or {@link StateRing#NO_TICK}. */
    public int ackedTick(final int object)
    {
        return acked.newestTick(object);
    }

    /** @return objects written so far. */
    public long objectsSent()
    {
        return statistics.objectsSent();
    }

    /** @return objects written so far whose state equalled the prediction (one bit each). */
    public long perfectPredictions()
    {
        return statistics.perfectPredictions();
    }

    /** @return times an object waited a tick to keep an old baseline safe (see {@code BaselineTable.mustDefer}). */
    public long deferredObjects()
    {
        return table.deferredObjects();
    }

    /**
     * @return the last tick the old-baseline protection held {@code object} back although it needed sending
     * (see {@link #deferredObjects()}), or {@link StateRing#NO_TICK}: for diagnostics of what a replica shows.
     */
    public int lastDeferredTick(final int object)
    {
        return table.lastDeferredTick(object);
    }

    /**
     * @return times an object that needed sending was not a candidate because it had been sent unchanged
     * {@code 1 + unchangedRepeats} times and waited for an ack (one count per object per prepared tick).
     */
    public long heldForAck()
    {
        return resend.heldForAck();
    }

    /** @return times an unchanged, unacked object was sent again after its resend timeout. */
    public long timeoutResends()
    {
        return resend.timeoutResends();
    }

    /** @return trial range codings {@link #encodeFramed} measured to fit a budget. */
    long fitTrials()
    {
        return fitter.trials();
    }

    /** @return packets {@link #encodeFramed} filled beyond the bitpacked fill, by a measured range-coded size. */
    long fittedPackets()
    {
        return fitter.fittedPackets();
    }

    /**
     * @return previous-tick states repeated so far (see {@link SnapshotConfig#previousStateBlendErrorM}): objects
     * whose motion bent at the tick before a packet, or that were held back then.
     */
    public long previousStatesSent()
    {
        return previousStatesSent;
    }

    /** @return objects written without a baseline. */
    public long absoluteObjects()
    {
        return statistics.absoluteObjects();
    }
}
