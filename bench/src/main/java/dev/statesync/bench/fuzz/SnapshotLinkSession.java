package dev.statesync.bench.fuzz;

import java.util.SplittableRandom;

import org.agrona.DirectBuffer;

import dev.statesync.codec.priority.PriorityAccumulator;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.LinkKeys;
import dev.statesync.sync.reliable.ReliableConfig;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;
import dev.statesync.sync.snapshot.SnapshotAuthority;
import dev.statesync.sync.snapshot.SnapshotLinkConfig;
import dev.statesync.sync.snapshot.SnapshotReplica;

/**
 * A {@link SnapshotAuthority} and a {@link SnapshotReplica} joined by a lossy, jittery, reordering network
 * simulator, with a priority accumulator, sending {@link MovingObjects}, and checking itself on every honest
 * snapshot the replica applies: each object it updates must equal the authority's state at that snapshot's tick.
 * Packets above 256 bytes are fragmented (in 256-byte fragments), so bigger snapshots exercise reassembly. Both
 * directions are recorded: {@link #toReplica} feeds the replica's target, {@link #toAuthority} the authority's.
 */
final class SnapshotLinkSession implements HonestSession
{
    static final long TICK_NS = 1_000_000_000L / 60;
    static final int OBJECTS = 32;
    /** Fragment size and threshold of the session's reliability layer, bytes. */
    static final int FRAGMENT_BYTES = 256;
    private static final int AUTHORITY = 0;
    private static final int REPLICA = 1;
    private static final int HISTORY = 1024;

    final SnapshotAuthority authority;
    final SnapshotReplica replica;
    final FuzzCorpus toReplica = new FuzzCorpus();
    final FuzzCorpus toAuthority = new FuzzCorpus();
    private final StateSchema schema;
    private final NetworkSimulator network;
    private final PriorityAccumulator priorities = new PriorityAccumulator(OBJECTS);
    private final MovingObjects objects;
    private final int[][] sentByTick = new int[HISTORY][];
    private final int[] sentTick = new int[HISTORY];
    private int tick;
    private long honestErrors;

    /**
     * @param coding        snapshot coding, schema and predictor.
     * @param authenticated true for a default link (keyed MAC), false for {@code unauthenticated()}.
     * @param seed          seeds the motion, the network and the keys.
     */
    SnapshotLinkSession(final SnapshotCoding coding, final boolean authenticated, final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        this.schema = coding.schema();
        final Predictor predictor = coding.predictor(schema);
        final SnapshotLinkConfig link = new SnapshotLinkConfig().snapshot(coding.config())
            .rollingRadiusM(coding.rollingRadiusM()).groundContact(0, coding.cubeHalfSizeM()).reliable(new ReliableConfig().fragmentAboveBytes(FRAGMENT_BYTES)
                .fragmentSizeBytes(FRAGMENT_BYTES).maxPacketSizeBytes(16 * FRAGMENT_BYTES));
        if (authenticated)
        {
            link.linkKeys(new LinkKeys(random.nextLong(), random.nextLong(), random.nextLong(), random.nextLong()));
        }
        else
        {
            link.unauthenticated();
        }
        this.network = new NetworkSimulator(new NetworkSimulatorConfig().latencyMs(30).jitterMs(8).lossFraction(0.05)
            .reorderFraction(0.02).duplicateFraction(0.01).seed(random.nextLong()));
        this.authority = SnapshotAuthority.withEndpoint(schema, OBJECTS, predictor, priorities, link, (buffer, offset, length) ->
        {
            toReplica.record(buffer, offset, length);
            network.send(AUTHORITY, REPLICA, buffer, offset, length, nowNs());
        }, 0);
        this.replica = SnapshotReplica.withEndpoint(schema, OBJECTS, predictor, link, (buffer, offset, length) ->
        {
            toAuthority.record(buffer, offset, length);
            network.send(REPLICA, AUTHORITY, buffer, offset, length, nowNs());
        }, 0).listener(receiver ->
        {
            if (delivering)
            {
                verify();
            }
        });
        this.objects = new MovingObjects(schema, OBJECTS, random);
    }

    long nowNs()
    {
        return tick * TICK_NS;
    }

    /** One tick: deliveries due, motion, one snapshot, the replica's acks, estimates. */
    @Override
    public void tick(final boolean moving)
    {
        tick++;
        network.poll(nowNs(), this::deliver);
        if (moving)
        {
            objects.step();
        }
        for (int i = 0; i < OBJECTS; i++)
        {
            priorities.setPriorityFactor(i, i == 0 ? 1e6f : 1f + (i % 7));
        }
        priorities.accumulate();
        final int slot = tick & (HISTORY - 1);
        sentByTick[slot] = objects.states.array().clone();
        sentTick[slot] = tick;
        authority.sendSnapshot(tick, objects.states, nowNs());
        replica.sendAcks(nowNs());
        authority.update(nowNs());
        replica.update(nowNs());
    }

    /** @return true when the replica holds exactly the authority's current state of every object. */
    @Override
    public boolean converged()
    {
        for (int i = 0; i < OBJECTS; i++)
        {
            if (!replica.receiver().states().sameObject(i, objects.states))
            {
                return false;
            }
        }
        return true;
    }

    /** @return honest snapshots that decoded to other states than were sent, or did not parse. */
    @Override
    public long honestErrors()
    {
        return honestErrors;
    }

    /**
     * @return the replica endpoint's deliveries, stored fragments and held datagrams: what taking an input in moves.
     * A held datagram counts as taken in: it changes nothing now, but it is offered again after the next delivery
     * and may then be applied, so a forged one that is held makes convergence no longer guaranteed, as a forged
     * one that is applied at once does.
     */
    long replicaAccepted()
    {
        return replica.endpoint().counter(ReliableCounters.PACKETS_DELIVERED) +
            replica.endpoint().counter(ReliableCounters.FRAGMENTS_RECEIVED) +
            replica.endpoint().counter(ReliableCounters.PACKETS_HELD);
    }

    /** @return the authority endpoint's deliveries and stored fragments. */
    long authorityAccepted()
    {
        return authority.endpoint().counter(ReliableCounters.PACKETS_DELIVERED) +
            authority.endpoint().counter(ReliableCounters.FRAGMENTS_RECEIVED);
    }

    private void deliver(final int from, final int to, final DirectBuffer buffer, final int offset, final int length)
    {
        if (to == REPLICA)
        {
            // Every snapshot this honest delivery applies is verified by the listener: it can apply two, its own
            // and a held one offered again after it.
            delivering = true;
            replica.receiveDatagram(buffer, offset, length, nowNs());
            delivering = false;
            if (replica.lastResult() == DecodeResult.MALFORMED)
            {
                honestErrors++;
            }
        }
        else
        {
            authority.receiveDatagram(buffer, offset, length, nowNs());
        }
    }

    /** True during an honest delivery to the replica: what it applies then is checked against what was sent. */
    private boolean delivering;

    private void verify()
    {
        final int snapshotTick = replica.receiver().lastTick();
        final int slot = snapshotTick & (HISTORY - 1);
        if (sentTick[slot] != snapshotTick)
        {
            honestErrors++;
            return;
        }
        final int[] expected = sentByTick[slot];
        for (int u = 0; u < replica.receiver().updatedCount(); u++)
        {
            final int object = replica.receiver().updatedObjects()[u];
            if (!replica.receiver().states().equalsRecord(object, expected, object * schema.stride()))
            {
                honestErrors++;
            }
        }
        honestErrors += DecodedStates.mismatches(replica.receiver(), expected, schema.stride());
    }
}
