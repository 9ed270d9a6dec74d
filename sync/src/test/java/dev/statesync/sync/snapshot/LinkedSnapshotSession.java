package dev.statesync.sync.snapshot;

import java.util.SplittableRandom;

import org.agrona.DirectBuffer;

import dev.statesync.codec.snapshot.RandomStates;
import dev.statesync.codec.priority.PriorityAccumulator;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;

/**
 * An authority and a replica joined by the network simulator, checking itself on every delivered
 * snapshot: each object the replica updates must equal the authority's quantized state at that snapshot's
 * tick. Objects move randomly (some still, some drifting, some jumping) from a seed, until {@link #stopMotion}.
 */
final class LinkedSnapshotSession
{
    static final long TICK_NS = 1_000_000_000L / 60;
    static final int AUTHORITY = 0;
    static final int REPLICA = 1;
    static final int HISTORY = 512;

    final StateSchema schema;
    final int objectCount;
    final NetworkSimulator network;
    final SnapshotAuthority authority;
    final SnapshotReplica replica;
    final PriorityAccumulator priorities;
    final QuantizedStates states;
    final SplittableRandom motion;
    final int[][] sentByTick = new int[HISTORY][];
    final int[] sentTick = new int[HISTORY];
    long objectsVerified;
    long mismatches;
    long snapshotsApplied;
    /** Largest snapshot payload sent: a budget is a hard cap on every one. */
    int maxPayloadBytes;
    int tick;
    private boolean moving = true;

    LinkedSnapshotSession(
        final StateSchema schema,
        final int objectCount,
        final Predictor predictor,
        final NetworkSimulatorConfig network,
        final SnapshotLinkConfig link,
        final boolean usePriorities,
        final long motionSeed)
    {
        this.schema = schema;
        this.objectCount = objectCount;
        this.network = new NetworkSimulator(network);
        this.priorities = usePriorities ? new PriorityAccumulator(objectCount) : null;
        this.authority = SnapshotAuthority.withEndpoint(schema, objectCount, predictor, priorities, link,
            (buffer, offset, length) -> this.network.send(AUTHORITY, REPLICA, buffer, offset, length, nowNs()), 0);
        this.replica = SnapshotReplica.withEndpoint(schema, objectCount, predictor, link,
            (buffer, offset, length) -> this.network.send(REPLICA, AUTHORITY, buffer, offset, length, nowNs()), 0)
            .listener(receiver ->
            {
                snapshotsApplied++;
                verify();
            });
        this.states = new QuantizedStates(schema, objectCount);
        this.motion = new SplittableRandom(motionSeed);
        for (int i = 0; i < objectCount; i++)
        {
            randomRecord(i);
        }
    }

    long nowNs()
    {
        return tick * TICK_NS;
    }

    /** From now on no object changes, so the replica must end up holding every final state. */
    void stopMotion()
    {
        moving = false;
    }

    /** @return objects whose state at the replica differs from the authority's current one. */
    int objectsOutOfSync()
    {
        int differing = 0;
        for (int i = 0; i < objectCount; i++)
        {
            if (!replica.receiver().states().sameObject(i, states))
            {
                differing++;
            }
        }
        return differing;
    }

    void run(final int ticks)
    {
        for (int t = 0; t < ticks; t++)
        {
            tick++;
            network.poll(nowNs(), this::deliver);
            for (int i = 0; moving && i < objectCount; i++)
            {
                evolve(i);
            }
            if (priorities != null)
            {
                for (int i = 0; i < objectCount; i++)
                {
                    priorities.setPriorityFactor(i, i == 0 ? 1e6f : 1f + (i % 7));
                }
                priorities.accumulate();
            }
            final int slot = tick & (HISTORY - 1);
            sentByTick[slot] = states.array().clone();
            sentTick[slot] = tick;
            authority.sendSnapshot(tick, states, nowNs());
            maxPayloadBytes = Math.max(maxPayloadBytes, authority.lastPayloadBytes());
            replica.sendAcks(nowNs());
            authority.update(nowNs());
            replica.update(nowNs());
        }
    }

    private void deliver(final int from, final int to, final DirectBuffer buffer, final int offset, final int length)
    {
        if (to == REPLICA)
        {
            // The listener verifies every snapshot applied: one datagram can apply two (a held one after it).
            replica.receiveDatagram(buffer, offset, length, nowNs());
        }
        else
        {
            authority.receiveDatagram(buffer, offset, length, nowNs());
        }
    }

    private void verify()
    {
        final int snapshotTick = replica.receiver().lastTick();
        final int slot = snapshotTick & (HISTORY - 1);
        if (sentTick[slot] != snapshotTick)
        {
            throw new AssertionError("snapshot of tick " + snapshotTick + " arrived later than the test's history");
        }
        final int[] expected = sentByTick[slot];
        for (int u = 0; u < replica.receiver().updatedCount(); u++)
        {
            final int object = replica.receiver().updatedObjects()[u];
            if (!replica.receiver().states().equalsRecord(object, expected, object * schema.stride()))
            {
                mismatches++;
            }
            objectsVerified++;
        }
    }

    private void randomRecord(final int object)
    {
        RandomStates.randomRecord(schema, motion, states.array(), states.offsetOf(object));
    }

    private void evolve(final int object)
    {
        RandomStates.drift(schema, motion, states.array(), states.offsetOf(object), 70);
    }
}
