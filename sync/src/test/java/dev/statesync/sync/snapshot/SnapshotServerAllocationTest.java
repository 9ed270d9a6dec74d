package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.priority.ErrorPriorityPolicy;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.udp.UdpClientConfig;
import dev.statesync.sync.udp.UdpServerConfig;

/**
 * A {@link SnapshotServer} serving two {@link SnapshotClient}s over loopback allocates nothing once warm: range-coded
 * snapshots under a budget, per-client priorities (set by hand, or by each slot's {@link SnapshotRateControl}: error
 * priority over the poses, automatic interval), the clients' decoding, acks and keep-alives. Measured with the
 * thread's allocated-bytes counter around everything but {@code UdpServer.poll}: with more than one client the JDK's
 * {@code DatagramChannel.receive} builds a new sender address whenever the sender differs from the previous
 * datagram's (it caches only the last one; {@code UdpSteadyStateAllocationTest} shows the single-client loop at 0 B).
 * Time is simulated, delivery real.
 */
class SnapshotServerAllocationTest
{
    private static final int OBJECTS = 64;
    private static final long TICK_NS = 1_000_000_000L / 60;

    private final StateSchema schema = StateSchema.highPrecision3d();
    private final QuantizedStates states = new QuantizedStates(schema, OBJECTS);
    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
    private final long threadId = Thread.currentThread().getId();
    /** Each object's pose for error priority: x follows the quantized x; identity rotation. */
    private final float[] poses = new float[OBJECTS * ErrorPriorityPolicy.POSE_FLOATS_3D];
    private boolean rateControlled;
    private long allocatedOutsidePoll;
    private int tick;

    @ParameterizedTest(name = "rate control {0}")
    @ValueSource(booleans = { false, true })
    @Timeout(value = 40, unit = TimeUnit.SECONDS)
    void shouldNotAllocateWhileServingOnceWarm(final boolean withRateControl) throws Exception
    {
        rateControlled = withRateControl;
        for (int object = 0; object < OBJECTS; object++)
        {
            poses[object * ErrorPriorityPolicy.POSE_FLOATS_3D + 6] = 1f;
        }
        final SnapshotRateControlConfig rateControl =
            withRateControl ? new SnapshotRateControlConfig().budgetBitsPerSecond(48_000) : null;
        assertTrue(threads.isThreadAllocatedMemorySupported());
        for (int object = 0; object < OBJECTS; object++)
        {
            for (int f = 0; f < schema.stride(); f++)
            {
                states.array()[states.offsetOf(object) + f] = (schema.fieldMin(f) + schema.fieldMax(f)) / 2;
            }
            states.array()[states.offsetOf(object) + schema.atRestOffset()] = 0;
        }
        final SnapshotLinkConfig link = new SnapshotLinkConfig()
            .payloadBudgetBytes(withRateControl ? rateControl.capacityPayloadBytes() : 300)
            .snapshot(new SnapshotConfig().rangeCoded(true));
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        try (SnapshotServer server = new SnapshotServer(new InetSocketAddress(loopback, 0),
                new UdpServerConfig().maxClients(2), schema, OBJECTS, HoldPredictor.INSTANCE, link, rateControl, null, 0);
             SnapshotClient first = client(server, link);
             SnapshotClient second = client(server, link))
        {
            final SnapshotClient[] clients = { first, second };
            for (final SnapshotClient client : clients)
            {
                client.connect(0);
            }
            final long connectDeadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!(first.isConnected() && second.isConnected()) && System.nanoTime() < connectDeadlineNs)
            {
                server.poll(0);
                for (final SnapshotClient client : clients)
                {
                    client.poll(0);
                    client.update(0);
                }
                java.util.concurrent.locks.LockSupport.parkNanos(200_000L);
            }
            run(server, clients, 2_000);
            assertEquals(2, server.connectedCount());

            allocatedOutsidePoll = 0;
            final int ran = run(server, clients, 2_000);
            final long before = threads.getThreadAllocatedBytes(threadId);
            second.disconnect(tick * TICK_NS);
            allocatedOutsidePoll += threads.getThreadAllocatedBytes(threadId) - before;
            final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (server.connectedCount() > 1 && System.nanoTime() < deadlineNs)
            {
                server.poll(tick * TICK_NS);
            }
            final long allocated = allocatedOutsidePoll;

            System.out.println("snapshot server steady state: " + allocated + " bytes allocated in 2000 ticks");
            assertEquals(2_000, ran, "every tick completed within the wall-clock bound");
            assertEquals(1, server.connectedCount(), "the disconnect freed its slot");
            // With the rate control a snapshot goes every 1 to 4 ticks.
            assertTrue(first.replica().counter(SnapshotReplicaCounters.SNAPSHOTS_APPLIED) > (withRateControl ? 900 : 3_000));
            // Any allocation per tick would be at least 16 B x 2000 = 32 KB; a few KB of slack for code still being
            // compiled.
            assertTrue(allocated < 8192, "allocated " + allocated + " bytes in 2000 ticks");
        }
    }

    private SnapshotClient client(final SnapshotServer server, final SnapshotLinkConfig link) throws Exception
    {
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        return new SnapshotClient(new InetSocketAddress(loopback, 0),
            new InetSocketAddress(loopback, server.localAddress().getPort()), new UdpClientConfig(), schema, OBJECTS,
            HoldPredictor.INSTANCE, link, 0);
    }

    /** Ticks in which a third of the objects move; each waits (bounded) until the clients read their snapshot. */
    private int run(final SnapshotServer server, final SnapshotClient[] clients, final int ticks)
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        final int[] record = states.array();
        for (int t = 0; t < ticks; t++)
        {
            tick++;
            final long nowNs = tick * TICK_NS;
            for (int object = 0; object < OBJECTS; object += 3)
            {
                final int x = states.offsetOf(object); // field 0: position x
                record[x] = record[x] < schema.fieldMax(0) ? record[x] + 1 : schema.fieldMin(0);
                poses[object * ErrorPriorityPolicy.POSE_FLOATS_3D] = record[x] / (float)schema.positionUnitsPerMetre();
            }
            server.poll(nowNs);
            final long before = threads.getThreadAllocatedBytes(threadId);
            final int sent = rateControlled ?
                server.sendSnapshots(tick, states, poses, ErrorPriorityPolicy.POSE_FLOATS_3D, nowNs) :
                server.sendSnapshots(tick, states, nowNs);
            server.update(nowNs);
            int read = 0;
            while (read < sent && System.nanoTime() < deadlineNs)
            {
                for (final SnapshotClient client : clients)
                {
                    read += client.poll(nowNs);
                }
            }
            for (final SnapshotClient client : clients)
            {
                client.sendAcks(nowNs);
                client.update(nowNs);
            }
            allocatedOutsidePoll += threads.getThreadAllocatedBytes(threadId) - before;
            if (System.nanoTime() >= deadlineNs)
            {
                return t;
            }
        }
        return ticks;
    }
}
