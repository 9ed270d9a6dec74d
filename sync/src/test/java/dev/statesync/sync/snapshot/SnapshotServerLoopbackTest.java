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
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.udp.DisconnectReason;
import dev.statesync.sync.udp.UdpClientConfig;
import dev.statesync.sync.udp.UdpClientState;
import dev.statesync.sync.udp.UdpServerConfig;

/**
 * Several clients of one {@link SnapshotServer} over real sockets on 127.0.0.1, on the range-coded codec under a
 * 200-byte budget that holds about a third of the moving objects, so each client's priority accumulator chooses. Every tick, each object a client holds must equal the authority's quantized state at the
 * tick the client holds it for; once motion stops, every client must hold exactly the authority's final states. One
 * client leaves mid-run and a late one takes its slot, from no baselines. Time is simulated (a tick per loop);
 * only delivery is real.
 */
class SnapshotServerLoopbackTest
{
    private static final int OBJECTS = 96;
    private static final int MAX_CLIENTS = 4;
    private static final int BUDGET_BYTES = 200;
    private static final long TICK_NS = 1_000_000_000L / 60;
    private static final int LEAVER = 1;
    private static final int LEAVE_TICK = 120;
    private static final int JOIN_TICK = 130;
    private static final int STOP_TICK = 300;
    private static final int MAX_TICKS = 600;

    private final StateSchema schema = StateSchema.highPrecision3d();
    private final QuantizedStates states = new QuantizedStates(schema, OBJECTS);
    private final int[][] history = new int[MAX_TICKS + 1][];
    private final SplittableRandom motion = new SplittableRandom(11);
    private int connects;
    private int disconnects;
    private DisconnectReason lastReason;

    @Test
    @Timeout(60)
    void everyClientShouldConvergeToTheAuthoritysExactQuantizedStates() throws Exception
    {
        // A budget below what the moving objects need, so the priority accumulators choose what goes out.
        final SnapshotLinkConfig link = new SnapshotLinkConfig().payloadBudgetBytes(BUDGET_BYTES)
            .snapshot(new SnapshotConfig().rangeCoded(true));
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        final SnapshotServerListener listener = new SnapshotServerListener()
        {
            @Override
            public void onClientConnected(final int clientIndex, final InetSocketAddress address)
            {
                connects++;
            }

            @Override
            public void onClientDisconnected(final int clientIndex, final DisconnectReason reason)
            {
                disconnects++;
                lastReason = reason;
            }
        };
        for (int i = 0; i < OBJECTS; i++)
        {
            DriftingStates.randomRecord(schema, states, motion, i);
        }
        final SnapshotClient[] clients = new SnapshotClient[MAX_CLIENTS + 1];
        try (SnapshotServer server = new SnapshotServer(new InetSocketAddress(loopback, 0),
            new UdpServerConfig().maxClients(MAX_CLIENTS), schema, OBJECTS, HoldPredictor.INSTANCE, link, listener, 0))
        {
            final InetSocketAddress serverAddress = new InetSocketAddress(loopback, server.localAddress().getPort());
            for (int c = 0; c < clients.length; c++)
            {
                clients[c] = new SnapshotClient(new InetSocketAddress(loopback, 0), serverAddress,
                    new UdpClientConfig(), schema, OBJECTS, HoldPredictor.INSTANCE, link, 0);
            }
            for (int c = 0; c < MAX_CLIENTS; c++)
            {
                clients[c].connect(0);
            }
            final SnapshotClient late = clients[MAX_CLIENTS];
            int leaverSlot = -1;
            long objectsChecked = 0;
            int convergedAtTick = -1;
            for (int tick = 1; tick <= MAX_TICKS && convergedAtTick < 0; tick++)
            {
                final long nowNs = tick * TICK_NS;
                if (tick < STOP_TICK)
                {
                    DriftingStates.drift(schema, states, motion);
                }
                record(tick);
                if (tick == LEAVE_TICK)
                {
                    assertEquals(MAX_CLIENTS, server.connectedCount(), "every slot taken");
                    leaverSlot = clients[LEAVER].udpClient().clientIndex();
                    clients[LEAVER].disconnect(nowNs);
                }
                if (tick == JOIN_TICK)
                {
                    assertEquals(MAX_CLIENTS - 1, server.connectedCount(), "the leaver's slot is free");
                    assertFalse(server.isConnected(leaverSlot));
                    late.connect(nowNs);
                }

                server.poll(nowNs);
                server.sendSnapshots(tick, states, nowNs);
                server.update(nowNs);
                LockSupport.parkNanos(300_000L);
                for (final SnapshotClient client : clients)
                {
                    client.poll(nowNs);
                    client.sendAcks(nowNs);
                    client.update(nowNs);
                    if (client.isConnected())
                    {
                        objectsChecked += HeldStates.check(schema, client, tick, history);
                    }
                }
                if (tick > STOP_TICK && allConverged(clients))
                {
                    convergedAtTick = tick;
                }
            }

            assertTrue(convergedAtTick > 0, "every connected client holds the final states");
            assertEquals(UdpClientState.DISCONNECTED, clients[LEAVER].state());
            assertTrue(late.isConnected(), "the late client connected: " + late.state());
            assertEquals(leaverSlot, late.udpClient().clientIndex(), "the late client took the freed slot");
            assertEquals(MAX_CLIENTS, server.connectedCount());
            assertEquals(MAX_CLIENTS + 1, connects);
            assertEquals(1, disconnects);
            assertEquals(DisconnectReason.BY_CLIENT, lastReason);
            assertTrue(objectsChecked > 10_000, "objects checked against the authority: " + objectsChecked);

            final long endNs = convergedAtTick * TICK_NS;
            for (int slot = 0; slot < MAX_CLIENTS; slot++)
            {
                assertTrue(server.isConnected(slot));
                assertTrue(server.bytesSent(slot) > 0);
                assertTrue(server.objectsSent(slot) >= OBJECTS, "slot " + slot + " sent every object at least once");
                assertTrue(server.endpoint(slot).rttMs() > 0, "RTT measured");
                assertTrue(server.wireKbps(slot, endNs) > 0);
                System.out.printf(Locale.ROOT,
                    "snapshot server loopback: slot %d, %d snapshots, %d objects, %d bytes, %.1f kbps, RTT %.1f ms%n",
                    slot, server.snapshotsSent(slot), server.objectsSent(slot), server.bytesSent(slot),
                    server.wireKbps(slot, endNs), server.endpoint(slot).rttMs());
            }
            for (final SnapshotClient client : clients)
            {
                assertEquals(0, client.replica().decodeFailures() - client.replica().counter(SnapshotReplicaCounters.REFUSED_STALE),
                    "nothing malformed or missing a baseline");
            }
            System.out.printf(Locale.ROOT, "snapshot server loopback: converged at tick %d (motion stopped at %d)%n",
                convergedAtTick, STOP_TICK);
        }
        finally
        {
            for (final SnapshotClient client : clients)
            {
                if (client != null)
                {
                    client.close();
                }
            }
        }
    }

    private boolean allConverged(final SnapshotClient[] clients)
    {
        for (final SnapshotClient client : clients)
        {
            if (!client.isConnected())
            {
                continue;
            }
            for (int object = 0; object < OBJECTS; object++)
            {
                if (!client.receiver().states().sameObject(object, states))
                {
                    return false;
                }
            }
        }
        return true;
    }

    private void record(final int tick)
    {
        history[tick] = states.array().clone();
    }
}
