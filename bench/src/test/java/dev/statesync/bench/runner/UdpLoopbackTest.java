package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.snapshot.SnapshotReceiver;

class UdpLoopbackTest
{
    @Test
    @Timeout(30)
    void clientOverRealUdpShouldHoldExactlyTheServersQuantizedStates() throws Exception
    {
        final Options options = Options.parse("server", "--scene", "pile", "--seconds", "3");
        final ExecutorService thread = Executors.newSingleThreadExecutor();
        try (UdpAuthorityServer server = new UdpAuthorityServer(options, 0, true);
             UdpReplicaClient client = new UdpReplicaClient(options, server.port()))
        {
            final Future<?> serving = thread.submit(() -> server.run(null));
            assertTrue(client.run(null), "handshake completed");
            serving.get(20, TimeUnit.SECONDS);

            assertTrue(server.snapshotsSent() > 60, "sent " + server.snapshotsSent());
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
        finally
        {
            thread.shutdownNow();
        }
    }
}
