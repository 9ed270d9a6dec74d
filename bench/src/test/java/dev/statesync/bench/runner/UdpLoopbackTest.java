package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.statesync.codec.snapshot.SnapshotReceiver;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.sync.snapshot.SnapshotServer;
import dev.statesync.sync.udp.UdpServerCounters;

class UdpLoopbackTest
{
    private static final int CLIENTS = 3;

    @Test
    @Timeout(40)
    void everyClientOverRealUdpShouldHoldExactlyTheServersQuantizedStates() throws Exception
    {
        // A budget, so the clients run the budgeted, range-coded codec of the simulated run.
        final Options options = Options.parse("server", "--scene", "pile", "--seconds", "3", "--budget-kbps", "256",
            "--max-clients", "4");
        final ExecutorService threads = Executors.newFixedThreadPool(CLIENTS + 1);
        final List<UdpReplicaClient> clients = new ArrayList<>();
        try (UdpAuthorityServer server = new UdpAuthorityServer(options, 0, true))
        {
            for (int c = 0; c < CLIENTS; c++)
            {
                clients.add(new UdpReplicaClient(options, server.port()));
            }
            final List<Future<Boolean>> running = new ArrayList<>();
            for (final UdpReplicaClient client : clients)
            {
                running.add(threads.submit(() -> client.run(null)));
            }
            final Future<?> serving = threads.submit(() -> server.run(null));
            for (final Future<Boolean> client : running)
            {
                assertTrue(client.get(30, TimeUnit.SECONDS), "handshake completed");
            }
            serving.get(30, TimeUnit.SECONDS);

            assertEquals(CLIENTS, server.clientsServed());
            final SnapshotServer snapshots = server.snapshotServer();
            long snapshotsSent = 0;
            for (int slot = 0; slot < snapshots.maxClients(); slot++)
            {
                snapshotsSent += snapshots.snapshotsSent(slot);
            }
            assertTrue(snapshotsSent > CLIENTS * 60L, "sent " + snapshotsSent);
            for (final UdpReplicaClient client : clients)
            {
                assertTrue(client.snapshotsApplied() > 60, "applied " + client.snapshotsApplied());
                assertEquals(0, client.decodeFailures());
                final SnapshotReceiver receiver = client.receiver();
                final QuantizedStates held = receiver.states();
                int compared = 0;
                for (int object = 0; object < held.objectCount(); object++)
                {
                    final int tick = receiver.stateTick(object);
                    if (tick > 0)
                    {
                        assertTrue(held.sameObject(object, server.statesAt(tick)), "object " + object + " at tick " + tick);
                        compared++;
                    }
                }
                assertEquals(held.objectCount(), compared, "every object received");
            }
        }
        finally
        {
            threads.shutdownNow();
            for (final UdpReplicaClient client : clients)
            {
                client.close();
            }
        }
    }

    /**
     * A client started with another codec option than its server's is denied at connect and says why; before the
     * handshake compared the codec's fingerprint it connected and applied a few snapshots against the wrong
     * prediction (tuning.md).
     */
    @Test
    @Timeout(40)
    void aClientWithAnotherPredictorShouldBeDeniedAndSayWhy() throws Exception
    {
        final Options serverOptions = Options.parse("server", "--scene", "pile", "--seconds", "1");
        final Options clientOptions = Options.parse("client", "--scene", "pile", "--seconds", "1", "--predictor", "hold");
        final ExecutorService threads = Executors.newFixedThreadPool(2);
        try (UdpAuthorityServer server = new UdpAuthorityServer(serverOptions, 0, false);
             UdpReplicaClient client = new UdpReplicaClient(clientOptions, server.port()))
        {
            final Future<?> serving = threads.submit(() -> server.run(null));
            final ByteArrayOutputStream printed = new ByteArrayOutputStream();
            final Future<Boolean> connecting = threads.submit(
                () -> client.run(new PrintStream(printed, true, StandardCharsets.UTF_8)));
            assertFalse(connecting.get(30, TimeUnit.SECONDS), "not connected");
            assertTrue(printed.toString(StandardCharsets.UTF_8).startsWith("client: not connected: DENIED (settings mismatch"),
                printed.toString(StandardCharsets.UTF_8));
            assertEquals(0, client.snapshotsApplied());
            serving.get(30, TimeUnit.SECONDS);
            assertEquals(0, server.clientsServed());
            assertTrue(server.snapshotServer().udpServer().counter(UdpServerCounters.REFUSED_SETTINGS_MISMATCH) >= 1);
        }
        finally
        {
            threads.shutdownNow();
        }
    }
}
