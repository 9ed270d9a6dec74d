package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.priority.ErrorPriorityPolicy;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.snapshot.SnapshotSender;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.udp.UdpClientConfig;
import dev.statesync.sync.udp.UdpServerConfig;

/**
 * A {@link SnapshotServer} built with a {@link SnapshotRateControlConfig} spends each client's budget as the simulated
 * runner does, over real sockets on 127.0.0.1: two servers, one with the rate-distortion controller (error priority,
 * automatic interval) and one with it off (fixed factors, every tick), each serving one client a world where every
 * object but one jitters a millimetre per tick and one ("flung", the highest index) moves half a metre per tick,
 * under a budget that carries a fraction of the jittering objects. Error priority must put the flung object in
 * almost every snapshot; fixed factors, which rank every changed object alike, leave it behind in most. Both must
 * keep within the budget on the wire, every snapshot within the payload budget its interval gives it, and both
 * clients must hold only states the authority had.
 */
class SnapshotServerRateControlTest
{
    private static final int OBJECTS = 120;
    private static final int FLUNG = OBJECTS - 1;
    private static final double BUDGET_BITS_PER_SECOND = 48_000;
    private static final long TICK_NS = 1_000_000_000L / 60;
    private static final int TICKS = 300;
    /** Ticks before the comparison starts: the handshake and the first snapshots of every object. */
    private static final int WARM_UP_TICKS = 30;

    private final StateSchema schema = StateSchema.highPrecision3d();
    private final QuantizedStates states = new QuantizedStates(schema, OBJECTS);
    private final float[] poses = new float[OBJECTS * ErrorPriorityPolicy.POSE_FLOATS_3D];
    private final int[][] history = new int[TICKS + 1][];
    private final SplittableRandom motion = new SplittableRandom(5);
    private int flungDirection = 1;

    @Test
    @Timeout(60)
    void errorPriorityShouldDecideWhatAServerSendsWithinEachClientsBudget() throws Exception
    {
        final SnapshotRateControlConfig rateDistortion =
            new SnapshotRateControlConfig().budgetBitsPerSecond(BUDGET_BITS_PER_SECOND);
        final SnapshotRateControlConfig off =
            new SnapshotRateControlConfig().budgetBitsPerSecond(BUDGET_BITS_PER_SECOND).rateDistortion(false);
        final SnapshotLinkConfig link = new SnapshotLinkConfig().payloadBudgetBytes(rateDistortion.capacityPayloadBytes())
            .snapshot(new SnapshotConfig().rangeCoded(true));
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        for (int i = 0; i < OBJECTS; i++)
        {
            place(i);
        }
        try (SnapshotServer errorServer = server(loopback, link, rateDistortion);
            SnapshotServer fixedServer = server(loopback, link, off);
            SnapshotClient errorClient = client(loopback, errorServer, link);
            SnapshotClient fixedClient = client(loopback, fixedServer, link))
        {
            final SnapshotServer[] servers = { errorServer, fixedServer };
            final SnapshotClient[] clients = { errorClient, fixedClient };
            final long[] sendsCounted = new long[2];
            final long[] flungSent = new long[2];
            final long[] lastSnapshots = new long[2];
            int longestInterval = 1;
            for (final SnapshotClient client : clients)
            {
                client.connect(0);
            }
            long connectedAtNs = -1;
            long nowNs = 0;
            for (int tick = 1; tick <= TICKS; tick++)
            {
                nowNs = tick * TICK_NS;
                move();
                history[tick] = states.array().clone();
                for (int s = 0; s < servers.length; s++)
                {
                    final SnapshotServer server = servers[s];
                    server.poll(nowNs);
                    final int budgetBefore = server.isConnected(0) ? server.authority(0).payloadBudgetBytes() : 0;
                    server.sendSnapshots(tick, states, poses, ErrorPriorityPolicy.POSE_FLOATS_3D, nowNs);
                    server.update(nowNs);
                    if (server.isConnected(0) && server.snapshotsSent(0) != lastSnapshots[s])
                    {
                        lastSnapshots[s] = server.snapshotsSent(0);
                        final SnapshotAuthority authority = server.authority(0);
                        assertTrue(authority.lastPayloadBytes() <= authority.payloadBudgetBytes(),
                            "payload " + authority.lastPayloadBytes() + " within " + authority.payloadBudgetBytes());
                        assertTrue(budgetBefore > 0 || lastSnapshots[s] == 1);
                        if (tick > WARM_UP_TICKS)
                        {
                            sendsCounted[s]++;
                            if (carries(authority.sender(), FLUNG))
                            {
                                flungSent[s]++;
                            }
                        }
                    }
                }
                if (connectedAtNs < 0 && errorServer.isConnected(0) && fixedServer.isConnected(0))
                {
                    connectedAtNs = nowNs;
                }
                longestInterval = Math.max(longestInterval, errorServer.rateControl(0).intervalTicks());
                LockSupport.parkNanos(300_000L);
                for (final SnapshotClient client : clients)
                {
                    client.poll(nowNs);
                    client.sendAcks(nowNs);
                    client.update(nowNs);
                    assertHeldStatesWereTheAuthoritys(client, tick);
                }
            }

            assertTrue(connectedAtNs >= 0 && connectedAtNs < WARM_UP_TICKS * TICK_NS, "both clients connected early");
            final SnapshotRateControl errorControl = errorServer.rateControl(0);
            final SnapshotRateControl fixedControl = fixedServer.rateControl(0);
            assertTrue(errorControl.errorPriority() && errorControl.automaticInterval());
            assertFalse(fixedControl.errorPriority() || fixedControl.automaticInterval());
            assertEquals(1, fixedControl.intervalTicks(), "rate-distortion off: every tick");
            final double errorShare = (double)flungSent[0] / sendsCounted[0];
            final double fixedShare = (double)flungSent[1] / sendsCounted[1];
            System.out.printf(Locale.ROOT,
                "rate-controlled server: flung object in %.0f%% of %d snapshots with error priority (longest " +
                    "interval %d ticks), %.0f%% of %d with fixed factors; %.1f / %.1f kbps on the wire, budget %.0f%n",
                100 * errorShare, sendsCounted[0], longestInterval, 100 * fixedShare, sendsCounted[1],
                errorServer.wireKbps(0, nowNs), fixedServer.wireKbps(0, nowNs), BUDGET_BITS_PER_SECOND / 1000);
            assertTrue(errorShare >= 0.95, "error priority sends the flung object almost always: " + errorShare);
            assertTrue(fixedShare <= 0.5, "fixed factors rank it with every changed object: " + fixedShare);
            for (final SnapshotServer server : servers)
            {
                final double kbps = server.wireKbps(0, nowNs);
                assertTrue(kbps > 0.5 * BUDGET_BITS_PER_SECOND / 1000, "the budget is used: " + kbps);
                assertTrue(kbps <= BUDGET_BITS_PER_SECOND / 1000, "the budget is respected: " + kbps + " kbps");
            }
            for (final SnapshotClient client : clients)
            {
                assertEquals(0, client.replica().decodeFailures() -
                    client.replica().counter(SnapshotReplicaCounters.REFUSED_STALE), "nothing malformed");
            }
        }
    }

    private SnapshotServer server(
        final InetAddress loopback, final SnapshotLinkConfig link, final SnapshotRateControlConfig rateControl)
        throws Exception
    {
        return new SnapshotServer(new InetSocketAddress(loopback, 0), new UdpServerConfig().maxClients(1),
            schema, OBJECTS, HoldPredictor.INSTANCE, link, rateControl, null, 0);
    }

    private SnapshotClient client(final InetAddress loopback, final SnapshotServer server, final SnapshotLinkConfig link)
        throws Exception
    {
        return new SnapshotClient(new InetSocketAddress(loopback, 0),
            new InetSocketAddress(loopback, server.localAddress().getPort()), new UdpClientConfig(), schema, OBJECTS,
            HoldPredictor.INSTANCE, link, 0);
    }

    private static boolean carries(final SnapshotSender sender, final int object)
    {
        final int[] included = sender.includedObjects();
        for (int k = 0; k < sender.includedCount(); k++)
        {
            if (included[k] == object)
            {
                return true;
            }
        }
        return false;
    }

    private void assertHeldStatesWereTheAuthoritys(final SnapshotClient client, final int tick)
    {
        for (int object = 0; object < OBJECTS; object++)
        {
            final int heldTick = client.receiver().stateTick(object);
            if (heldTick > 0)
            {
                assertTrue(heldTick <= tick);
                assertTrue(client.receiver().states().equalsRecord(object, history[heldTick], object * schema.stride()),
                    "object " + object + " at tick " + heldTick);
            }
        }
    }

    /** A start pose: every field mid-range, objects 1/8 m apart on x, not at rest. */
    private void place(final int object)
    {
        final int base = states.offsetOf(object);
        final int[] record = states.array();
        for (int f = 0; f < schema.stride(); f++)
        {
            record[base + f] = mid(f);
        }
        record[base] += object * schema.positionUnitsPerMetre() / 8;
        record[base + schema.atRestOffset()] = 0;
        syncPose(object);
    }

    private int mid(final int field)
    {
        return (int)(((long)schema.fieldMin(field) + schema.fieldMax(field)) / 2);
    }

    /** Every object but the flung one jitters a few units (about a millimetre); the flung one moves 0.5 m a tick. */
    private void move()
    {
        final int[] record = states.array();
        for (int object = 0; object < OBJECTS; object++)
        {
            final int base = states.offsetOf(object);
            if (object == FLUNG)
            {
                final int step = schema.positionUnitsPerMetre() / 2;
                int y = record[base + 1] + flungDirection * step;
                if (Math.abs(y - mid(1)) > 40 * schema.positionUnitsPerMetre())
                {
                    flungDirection = -flungDirection;
                    y = record[base + 1] + flungDirection * step;
                }
                record[base + 1] = y;
            }
            else
            {
                for (int axis = 0; axis < 3; axis++)
                {
                    record[base + axis] += motion.nextInt(-1, 2);
                }
            }
            syncPose(object);
        }
    }

    /** The float pose of an object's quantized position, identity rotation. */
    private void syncPose(final int object)
    {
        final int base = states.offsetOf(object);
        final int[] record = states.array();
        final int p = object * ErrorPriorityPolicy.POSE_FLOATS_3D;
        for (int axis = 0; axis < 3; axis++)
        {
            poses[p + axis] = (record[base + axis] - mid(axis)) / (float)schema.positionUnitsPerMetre();
        }
        poses[p + 3] = 0;
        poses[p + 4] = 0;
        poses[p + 5] = 0;
        poses[p + 6] = 1;
    }
}
