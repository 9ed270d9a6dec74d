package dev.statesync.sync.snapshot;

import java.util.function.IntUnaryOperator;

import dev.statesync.codec.priority.ErrorPriorityPolicy;
import dev.statesync.codec.priority.PriorityAccumulator;
import dev.statesync.codec.priority.SendRateController;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.sync.reliable.ReliableEndpoint;

/**
 * How one snapshot connection spends its bandwidth budget, tick by tick: which objects first (priority by expected
 * error, {@link ErrorPriorityPolicy}, or fixed factors), how often to send ({@link SendRateController}, or a fixed
 * interval) and how many payload bytes each snapshot may take (the budget's bytes of the ticks since the last one).
 * The network simulator's runner and {@link SnapshotServer} (one per client slot) both spend a budget through this
 * class, so a real server orders and paces its snapshots exactly as the simulated run it is measured by.
 *
 * <p>Each tick, in this order:
 * <ol>
 *   <li>{@link #observe} every object's pose (error priority reads them; fixed factors ignore them);</li>
 *   <li>{@link #prioritize} with the connection's sender, before this tick's acks are read or after: what the
 *       sender knows as acked is what the replica is assumed to hold;</li>
 *   <li>if {@link #sendDue}: {@link #send} the snapshot through the connection's authority, then
 *       {@link #onWire} with the bytes it put on the wire; else {@link #skip}.</li>
 * </ol>
 * Unbudgeted ({@code budgetBitsPerSecond} 0) there is no accumulator ({@link #priorities()} is null: the authority
 * sends every changed object in index order) and only a fixed interval applies. Allocation-free after construction;
 * {@link #reset} serves a new connection. Not thread-safe.
 */
public final class SnapshotRateControl
{
    /**
     * Fixed factor of the connection's important object (its player, {@link #importantObject}): far above the rest,
     * so it goes in every snapshot.
     */
    public static final float IMPORTANT_FACTOR = 1e6f;
    /** Fixed factor of an object whose quantized state changed since the previous tick. */
    public static final float CHANGED_FACTOR = 100f;
    /** Fixed factor of every other object. */
    public static final float OTHER_FACTOR = 1f;
    /**
     * Importance of the connection's important object under error priority: its error counts 1000 times, so it goes
     * in every snapshot, as the fixed factors' 1e6 makes sure.
     */
    public static final float IMPORTANT_ERROR_WEIGHT = 1000f;
    /**
     * Added to the priority factor of an object that wants a corner repeat ({@code SnapshotSender.wantsCornerRepeat}),
     * per tick: as much as a metre of error, so the state of the tick its path bent goes out in the next snapshot or
     * two, before the display reaches it. Added rather than set above every other factor: when many objects want one
     * at once (a pile knocked over) a fast object with a large error still gets through; as a flat 1000 it did not
     * (measured on the cubes run at 128 kbps with every departure from rest repeated: 11.9 m on one seed of 14, 0.26 m
     * added). Such objects are few otherwise (about 0.7 a tick on the cubes run at 128 kbps).
     */
    public static final float CORNER_REPEAT_BONUS = 1f;

    private static final int NONE = Integer.MIN_VALUE;

    private final SnapshotRateControlConfig config;
    private final int objectCount;
    private final PriorityAccumulator priorities;
    private final ErrorPriorityPolicy errorPolicy;
    private final SendRateController rateController;
    private final int fixedIntervalTicks;
    private final IntUnaryOperator ackedTick = this::ackedTickOf;
    private SnapshotSender sender;
    private int importantObject = -1;
    private int lastSentTick = NONE;
    private long snapshotsSent;
    private long cornerRepeatObjects;

    /**
     * @param objectCount objects of the connection.
     * @param is3d        3D poses for {@link #observe} (else 2D).
     * @param config      budget, priority and interval settings (read now).
     */
    public SnapshotRateControl(final int objectCount, final boolean is3d, final SnapshotRateControlConfig config)
    {
        this.config = config;
        this.objectCount = objectCount;
        final boolean budgeted = config.budgeted();
        final boolean auto = config.sendIntervalTicks() == SnapshotRateControlConfig.SEND_INTERVAL_AUTO;
        priorities = budgeted ? new PriorityAccumulator(objectCount) : null;
        errorPolicy = budgeted && config.errorPriority() ?
            new ErrorPriorityPolicy(objectCount, is3d, config.errorPriorityConfig()) : null;
        rateController = budgeted && auto ?
            new SendRateController(config.budgetBitsPerSecond(), config.tickRateHz(), config.maxSendIntervalTicks()) :
            null;
        fixedIntervalTicks = auto ? 1 : config.sendIntervalTicks();
    }

    /**
     * The object this connection must see first and always (its player): error weight
     * {@link #IMPORTANT_ERROR_WEIGHT}, or fixed factor {@link #IMPORTANT_FACTOR}.
     *
     * @param object index of the object, or -1 for none.
     */
    public void importantObject(final int object)
    {
        if (object < -1 || object >= objectCount)
        {
            throw new IllegalArgumentException("object must be -1.." + (objectCount - 1) + ", got " + object);
        }
        if (errorPolicy != null)
        {
            if (importantObject >= 0)
            {
                errorPolicy.importance(importantObject, 1f);
            }
            if (object >= 0)
            {
                errorPolicy.importance(object, IMPORTANT_ERROR_WEIGHT);
            }
        }
        importantObject = object;
    }

    /** @return the accumulator the connection's authority must be built with, or null when unbudgeted. */
    public PriorityAccumulator priorities()
    {
        return priorities;
    }

    /** @return true when priority is by expected error (a budget with error priority on). */
    public boolean errorPriority()
    {
        return errorPolicy != null;
    }

    /** @return true when a {@link SendRateController} chooses the interval. */
    public boolean automaticInterval()
    {
        return rateController != null;
    }

    /** @return ticks between snapshots now: the controller's choice, or the fixed interval. */
    public int intervalTicks()
    {
        return rateController != null ? rateController.intervalTicks() : fixedIntervalTicks;
    }

    /** @return times the automatic interval changed (0 for a fixed one). */
    public long intervalChanges()
    {
        return rateController != null ? rateController.changes() : 0;
    }

    /** @return snapshots sent since construction or the last {@link #reset}. */
    public long snapshotsSent()
    {
        return snapshotsSent;
    }

    /** @return the error policy (its expected errors), or null under fixed factors or without a budget. */
    public ErrorPriorityPolicy errorPolicy()
    {
        return errorPolicy;
    }

    /**
     * Every object's pose this tick, for error priority (ignored otherwise).
     *
     * @param records float records, object {@code i}'s pose at {@code i * stride}: 3D {@code px py pz} and the
     *                quaternion, 2D {@code px py angle} (see {@link ErrorPriorityPolicy}).
     * @param stride  floats per object in {@code records}.
     */
    public void observe(final float[] records, final int stride)
    {
        if (errorPolicy != null)
        {
            for (int i = 0; i < objectCount; i++)
            {
                errorPolicy.observe(i, records, i * stride);
            }
        }
    }

    /**
     * Set this tick's priority factors: by expected error against what {@code sender} knows the replica holds, or
     * the fixed factors (important object, then objects changed since {@code previous}, then the rest). Nothing
     * unbudgeted.
     *
     * @param tick     the tick about to be sent (or skipped).
     * @param sender   the connection's snapshot sender (its acked ticks).
     * @param current  this tick's quantized states (fixed factors).
     * @param previous the previous tick's, or null when there is none (every object counts as changed).
     */
    public void prioritize(
        final int tick, final SnapshotSender sender, final QuantizedStates current, final QuantizedStates previous)
    {
        final boolean corners = sender.cornerRepeats();
        if (corners)
        {
            // Every tick, sent or skipped: the corners between sends are ticks no packet carried.
            sender.observeTick(tick, current);
        }
        if (priorities == null)
        {
            return;
        }
        if (errorPolicy != null)
        {
            this.sender = sender;
            errorPolicy.update(tick, ackedTick, priorities);
            this.sender = null;
        }
        else
        {
            for (int i = 0; i < objectCount; i++)
            {
                final boolean changed = previous == null || !current.sameObject(i, previous);
                priorities.setPriorityFactor(i,
                    i == importantObject ? IMPORTANT_FACTOR : changed ? CHANGED_FACTOR : OTHER_FACTOR);
            }
        }
        if (corners)
        {
            for (int i = 0; i < objectCount; i++)
            {
                if (i != importantObject && sender.wantsCornerRepeat(i, tick))
                {
                    priorities.setPriorityFactor(i, priorities.priorityFactor(i) + CORNER_REPEAT_BONUS);
                    cornerRepeatObjects++;
                }
            }
        }
    }

    /**
     * @return object-ticks given {@link #CORNER_REPEAT_BONUS} because they wanted a corner repeat, since construction
     * or {@link #reset}.
     */
    public long cornerRepeatObjects()
    {
        return cornerRepeatObjects;
    }

    /**
     * @param tick the current tick.
     * @return true when a snapshot is due: none was sent yet, or {@link #intervalTicks()} ticks passed since the last.
     */
    public boolean sendDue(final int tick)
    {
        return lastSentTick == NONE || tick - lastSentTick >= intervalTicks();
    }

    /** A tick that sends no snapshot: priorities still grow. */
    public void skip()
    {
        if (priorities != null)
        {
            priorities.accumulate();
        }
    }

    /**
     * Send the snapshot of {@code tick}: priorities grow a tick, the snapshot gets the budget's bytes of the ticks
     * since the last one (one tick for the first), then the authority encodes and sends it; error priority learns
     * what it carried. Call {@link #onWire} next.
     *
     * @param authority the connection's authority, built with {@link #priorities()}.
     * @param tick      the tick of {@code states}.
     * @param states    quantized states of every object.
     * @param nowNs     current time, nanoseconds.
     * @return the packet's sequence.
     */
    public int send(final SnapshotAuthority authority, final int tick, final QuantizedStates states, final long nowNs)
    {
        skip();
        if (priorities != null)
        {
            authority.payloadBudgetBytes(
                config.payloadBytesPerSnapshot(lastSentTick == NONE ? 1 : tick - lastSentTick));
        }
        final int sequence = authority.sendSnapshot(tick, states, nowNs);
        lastSentTick = tick;
        snapshotsSent++;
        final SnapshotSender s = authority.sender();
        final ReliableEndpoint endpoint = authority.endpoint();
        // The smoothed RTT is 0 until the first ack: the configured windows hold until then.
        final boolean roundTripMeasured = endpoint != null && config.inFlightFromRoundTrip() && endpoint.rttMs() > 0;
        if (errorPolicy != null)
        {
            errorPolicy.onSent(tick, s.includedObjects(), s.includedCount());
            // The endpoint samples the older half of its sent-packet window: before the window has filled, packets
            // never sent count as delivered, so the configured assumption stands until then.
            if (endpoint != null && snapshotsSent >= endpoint.config().sentPacketsBufferSize())
            {
                errorPolicy.linkLossFraction(endpoint.packetLossPercent() / 100.0);
            }
            if (roundTripMeasured)
            {
                errorPolicy.inFlightTicks(config.inFlightTicks(endpoint.rttMs(), endpoint.jitterMs()));
            }
        }
        if (roundTripMeasured && s.cornerRepeats())
        {
            s.cornerRepeatLossAfterTicks(config.roundTripTicks(endpoint.rttMs()));
        }
        return sequence;
    }

    /**
     * What the snapshot just {@link #send sent} put on the wire, for the automatic interval.
     *
     * @param authority the authority that sent it.
     * @param wireBytes its datagrams' bytes plus {@link SnapshotRateControlConfig#IP_UDP_HEADER_BYTES} each.
     */
    public void onWire(final SnapshotAuthority authority, final long wireBytes)
    {
        if (rateController != null)
        {
            final long framingBytes = Math.max(0, wireBytes - authority.lastPayloadBytes());
            final SnapshotSender s = authority.sender();
            rateController.onSent(8L * wireBytes, (int)Math.min(Integer.MAX_VALUE, 8L * framingBytes),
                s.lastCandidateCount(), s.includedCount());
        }
    }

    /**
     * Serve a new connection, as if built anew: no snapshot sent, error priority remembers no send, the automatic
     * interval starts again at every tick. The accumulator is restarted by the authority's {@code attach}; the
     * important object stays. Allocates nothing.
     */
    public void reset()
    {
        lastSentTick = NONE;
        snapshotsSent = 0;
        cornerRepeatObjects = 0;
        if (errorPolicy != null)
        {
            errorPolicy.reset();
        }
        if (rateController != null)
        {
            rateController.reset();
        }
    }

    private int ackedTickOf(final int object)
    {
        return sender.ackedTick(object);
    }
}
