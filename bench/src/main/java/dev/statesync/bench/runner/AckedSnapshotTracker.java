package dev.statesync.bench.runner;

import java.util.Arrays;

import dev.statesync.codec.state.QuantizedStates;

/**
 * Finds the whole-snapshot baseline Fiedler's 2015 scheme uses: the newest snapshot whose packet the authority
 * has seen acked, and until the first ack the initial snapshot. His delta demo never sends a snapshot without a
 * baseline: it captures an initial snapshot after pumping one physics frame, so it equals the first snapshot it
 * sends, and codes against it until an ack arrives (DeltaDemo.cpp, {@code Initialize} and {@code Update}). Here,
 * likewise, the first snapshot recorded is the initial one.
 *
 * <p>Every replica packet acks everything the replica had received when it sent it, so when a replica
 * packet reaches the authority, the newest snapshot the replica had applied by then becomes acked. The
 * tracker remembers, per replica packet sequence, that newest tick, and keeps copies of the recent
 * snapshots so the baseline's states are at hand. A baseline older than the copies kept is treated as none
 * (absolute), which a sane link never reaches.
 */
public final class AckedSnapshotTracker
{
    private static final int NO_TICK = Integer.MIN_VALUE;

    private final int[] newestTickBySequence = new int[1 << 16];
    private final QuantizedStates initial;
    private final QuantizedStates[] snapshots;
    private final int[] snapshotTicks;
    private boolean hasInitial;
    private int replicaNewestTick = NO_TICK;
    private int ackedTick = NO_TICK;

    /**
     * @param template    a snapshot of the run's schema and size.
     * @param depthTicks  snapshots kept.
     */
    public AckedSnapshotTracker(final QuantizedStates template, final int depthTicks)
    {
        initial = new QuantizedStates(template.schema(), template.objectCount());
        snapshots = new QuantizedStates[depthTicks];
        snapshotTicks = new int[depthTicks];
        for (int i = 0; i < depthTicks; i++)
        {
            snapshots[i] = new QuantizedStates(template.schema(), template.objectCount());
        }
        Arrays.fill(snapshotTicks, NO_TICK);
        Arrays.fill(newestTickBySequence, NO_TICK);
    }

    /**
     * The authority is about to send the snapshot of {@code tick}: record it (the first one also as the initial
     * snapshot) before asking for its {@link #baseline()}.
     */
    public void onSnapshot(final int tick, final QuantizedStates states)
    {
        if (!hasInitial)
        {
            initial.copyFrom(states);
            hasInitial = true;
        }
        final int slot = Math.floorMod(tick, snapshots.length);
        snapshots[slot].copyFrom(states);
        snapshotTicks[slot] = tick;
    }

    /** The replica applied the snapshot of {@code tick}. */
    public void onReplicaApplied(final int tick)
    {
        if (replicaNewestTick == NO_TICK || tick > replicaNewestTick)
        {
            replicaNewestTick = tick;
        }
    }

    /** The replica is sending packet {@code sequence}: it acks everything received so far. */
    public void onReplicaSends(final int sequence)
    {
        newestTickBySequence[sequence & 0xFFFF] = replicaNewestTick;
    }

    /** The authority received replica packet {@code sequence}. */
    public void onAuthorityReceived(final int sequence)
    {
        final int tick = newestTickBySequence[sequence & 0xFFFF];
        if (tick != NO_TICK && (ackedTick == NO_TICK || tick > ackedTick))
        {
            ackedTick = tick;
        }
    }

    /**
     * @return the baseline for a snapshot now: the newest acked snapshot, the initial snapshot before the first
     * ack, or null when the acked snapshot is older than the copies kept or nothing was recorded yet (absolute).
     */
    public QuantizedStates baseline()
    {
        if (ackedTick == NO_TICK)
        {
            return hasInitial ? initial : null;
        }
        final int slot = Math.floorMod(ackedTick, snapshots.length);
        return snapshotTicks[slot] == ackedTick ? snapshots[slot] : null;
    }
}
