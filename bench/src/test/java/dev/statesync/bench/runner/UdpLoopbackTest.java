package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
