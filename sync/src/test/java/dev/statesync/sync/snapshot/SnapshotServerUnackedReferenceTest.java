package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.udp.UdpClient;
import dev.statesync.sync.udp.UdpClientConfig;
import dev.statesync.sync.udp.UdpClientCounters;
import dev.statesync.sync.udp.UdpServerConfig;
import dev.statesync.sync.udp.UdpServerCounters;

/**
 * Unacked references ({@code SnapshotConfig.unackedReferenceMaxAgeTicks}) through {@link SnapshotServer} and
 * {@link SnapshotClient} over real sockets on 127.0.0.1, deterministically. Each client talks through a
 * {@link TickRelay} that holds its datagrams (the acks) {@value #ACK_DELAY_TICKS} ticks of simulated time, so the
 * previous snapshot is never acked when the next is written, and drops the server's datagrams of every Nth tick for
 * two of the three clients, so a snapshot naming a lost one is refused. The relay reads exactly the datagrams each
 * end counted it sent, so every datagram is handled in the tick it was sent in whatever the machine's load: the
 * counts below are the same on every run (checked by running twice).
 *
 * <p>What must hold: snapshots named an unacked packet for every client, at most every other one (the default chain
 * depth of 1: a referencing packet is never named); a client refuses a snapshot ({@code BASELINE_MISSING}) only in
 * the tick after one of its snapshots was dropped, never without drops, and the refusal changes nothing (the
 * replica's digest) and is not acked (the server's acked count equals the client's applied count as of the acks it
 * has received); every state a client holds is the authority's at the tick it holds it for, and once motion stops
 * every client holds the final states (one of them only through the resend of states whose two sends were lost, see
 * {@link #STOP_TICK}). With unacked references off the same lossy links give no referencing snapshot and no refusal.
 * Time is simulated (a tick per loop); only delivery is real.
 */
class SnapshotServerUnackedReferenceTest
{
    private static final int OBJECTS = 48;
    private static final long TICK_NS = 1_000_000_000L / 60;
    /** Ticks the relay holds each client datagram; at least 1 (a tick's acks go on at the start of a later tick). */
    private static final int ACK_DELAY_TICKS = 4;
    /** Per client, every how many ticks the server's datagrams to it are dropped; 0: never. */
    private static final int[] DROP_EVERY_TICKS = { 0, 5, 7 };
    private static final int CLIENTS = DROP_EVERY_TICKS.length;
    private static final int STOP_TICK = 148;
    private static final int MAX_TICKS = 400;

    private final StateSchema schema = StateSchema.highPrecision3d();

    @Test
    @Timeout(60)
    void snapshotsShouldNameUnackedPacketsAndOnlyASnapshotNamingALostOneIsRefused() throws Exception
    {
        final Outcome first = run(1, ACK_DELAY_TICKS);
        for (int c = 0; c < CLIENTS; c++)
        {
            assertTrue(first.referencing[c] > 0, "client " + c + ": snapshots sent against an unacked reference");
            assertTrue(first.referencing[c] <= (first.snapshotsSent[c] + 1) / 2,
                "client " + c + ": a referencing snapshot is never named, so at most every other one references: " +
                    first.referencing[c] + " of " + first.snapshotsSent[c]);
            if (DROP_EVERY_TICKS[c] == 0)
            {
                assertEquals(0, first.dropped[c]);
                assertEquals(0, first.refused[c], "client " + c + ": nothing lost, nothing refused");
            }
            else
            {
                assertTrue(first.dropped[c] > 0);
                assertTrue(first.refused[c] > 0, "client " + c + ": a snapshot naming a dropped one is refused");
                assertTrue(first.refused[c] <= first.dropped[c], "at most one refusal per drop (chain depth 1)");
            }
        }

        final Outcome second = run(1, ACK_DELAY_TICKS);
        assertEquals(first.summary(), second.summary(), "the same counts on a second run");
    }

    @Test
    @Timeout(60)
    void withUnackedReferencesOffTheSameLossyLinksShouldReferenceAndRefuseNothing() throws Exception
    {
        final Outcome outcome = run(0, ACK_DELAY_TICKS);
        for (int c = 0; c < CLIENTS; c++)
        {
            assertEquals(0, outcome.referencing[c], "client " + c);
            assertEquals(0, outcome.refused[c], "client " + c);
            assertTrue(DROP_EVERY_TICKS[c] == 0 || outcome.dropped[c] > 0);
        }
    }

    @Test
    @Timeout(60)
    void whenEveryAckComesBackBeforeTheNextSnapshotAMissingOneMeansLossAndNothingIsNamed() throws Exception
    {
        // Acks 1 tick late reach the server before it writes the next snapshot: a round trip under a tick, as on a
        // LAN. Then the previous snapshot is unacked only when it was lost, and naming it would get the next one
        // refused too; the sender names nothing (UnackedReference's ack latency), and its acked baseline is as
        // young anyway.
        final Outcome outcome = run(1, 1);
        for (int c = 0; c < CLIENTS; c++)
        {
            assertEquals(0, outcome.referencing[c], "client " + c + ": nothing named unacked");
            assertEquals(0, outcome.refused[c], "client " + c + ": so nothing refused");
            assertTrue(DROP_EVERY_TICKS[c] == 0 || outcome.dropped[c] > 0);
        }
    }

    /** What one run counted, per client; compared by {@link #summary()}. */
    private record Outcome(
        long[] referencing, long[] snapshotsSent, long[] applied, long[] refused, long[] dropped, long[] acked,
        long[] bytesSent, int[] convergedAtTick)
    {
        String summary()
        {
            final StringBuilder text = new StringBuilder();
            for (int c = 0; c < CLIENTS; c++)
            {
                text.append(String.format(Locale.ROOT,
                    "client %d: %d snapshots, %d against an unacked reference, %d dropped, %d refused, %d applied, " +
                        "%d acked, %d bytes, final states from tick %d%n",
                    c, snapshotsSent[c], referencing[c], dropped[c], refused[c], applied[c], acked[c], bytesSent[c],
                    convergedAtTick[c]));
            }
            return text.toString();
        }
    }

    /**
     * @return snapshots the client refused for a missing baseline on their first offer: a held snapshot
     * ({@link SnapshotLinkConfig#heldSnapshotSlots}) offered again after the next one and refused again counts once.
     */
    private static long refusedFirstOffers(final SnapshotClient client)
    {
        return client.replica().counter(SnapshotReplicaCounters.REFUSED_BASELINE_MISSING) -
            client.endpoint().counter(ReliableCounters.HELD_PACKETS_REFUSED);
    }

    private Outcome run(final int unackedReferenceMaxAgeTicks, final int ackDelayTicks) throws Exception
    {
        final SnapshotLinkConfig link = new SnapshotLinkConfig().snapshot(
            new SnapshotConfig().rangeCoded(true).unackedReferenceMaxAgeTicks(unackedReferenceMaxAgeTicks));
        final QuantizedStates states = new QuantizedStates(schema, OBJECTS);
        final int[][] history = new int[MAX_TICKS + 1][];
        final SplittableRandom motion = new SplittableRandom(23);
        for (int i = 0; i < OBJECTS; i++)
        {
            DriftingStates.randomRecord(schema, states, motion, i);
        }
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        final List<AutoCloseable> closeables = new ArrayList<>();
        try
        {
            final SnapshotServer server = add(closeables, new SnapshotServer(new InetSocketAddress(loopback, 0),
                new UdpServerConfig().maxClients(CLIENTS), schema, OBJECTS, HoldPredictor.INSTANCE, link, null, 0));
            final InetSocketAddress serverAddress = new InetSocketAddress(loopback, server.localAddress().getPort());
            final TickRelay[] relays = new TickRelay[CLIENTS];
            final SnapshotClient[] clients = new SnapshotClient[CLIENTS];
            final int[] slots = new int[CLIENTS];
            for (int c = 0; c < CLIENTS; c++)
            {
                final int dropEvery = DROP_EVERY_TICKS[c];
                relays[c] = add(closeables,
                    new TickRelay(serverAddress, ackDelayTicks, tick -> dropEvery > 0 && tick % dropEvery == 0));
                clients[c] = add(closeables, new SnapshotClient(new InetSocketAddress(loopback, 0),
                    relays[c].clientFacingAddress(), new UdpClientConfig(), schema, OBJECTS, HoldPredictor.INSTANCE,
                    link, 0));
            }

            // The handshakes, one client at a time at time 0, the relays passing everything straight through.
            final long[] serverSentBase = new long[CLIENTS];
            final long[] clientReceivedBase = new long[CLIENTS];
            for (int c = 0; c < CLIENTS; c++)
            {
                final SnapshotClient client = clients[c];
                final TickRelay relay = relays[c];
                client.connect(0);
                waitFor("client " + c + " connected", client::isConnected, () ->
                {
                    int moved = relay.passThrough();
                    moved += server.poll(0);
                    return moved + client.poll(0);
                });
                slots[c] = client.udpClient().clientIndex();
                assertEquals(relay.fromClient(), datagramsSent(client.udpClient()),
                    "the client's counters account for every datagram it sent");
                assertEquals(relay.toClient(), client.udpClient().counter(UdpClientCounters.DATAGRAMS_RECEIVED));
                serverSentBase[c] = relay.fromServer() - server.udpServer().datagramsSent(slots[c]);
                clientReceivedBase[c] = client.udpClient().counter(UdpClientCounters.DATAGRAMS_RECEIVED) -
                    relay.toClient();
            }
            long serverReceived = server.udpServer().counter(UdpServerCounters.DATAGRAMS_RECEIVED);

            final long[][] appliedAt = new long[CLIENTS][MAX_TICKS + 1];
            final long[] refused = new long[CLIENTS];
            final int[] convergedAt = new int[CLIENTS];
            int convergedAtTick = -1;
            int tick = 0;
            while (tick < MAX_TICKS && convergedAtTick < 0)
            {
                tick++;
                final long nowNs = tick * TICK_NS;
                if (tick < STOP_TICK)
                {
                    DriftingStates.drift(schema, states, motion);
                }
                history[tick] = states.array().clone();

                for (final TickRelay relay : relays)
                {
                    serverReceived += relay.releaseToServer(tick);
                }
                final long due = serverReceived;
                waitFor("the acks due at tick " + tick,
                    () -> server.udpServer().counter(UdpServerCounters.DATAGRAMS_RECEIVED) >= due,
                    () -> server.poll(nowNs));
                assertEquals(due, server.udpServer().counter(UdpServerCounters.DATAGRAMS_RECEIVED));
                server.sendSnapshots(tick, states, nowNs);
                server.update(nowNs);

                for (int c = 0; c < CLIENTS; c++)
                {
                    final SnapshotClient client = clients[c];
                    final TickRelay relay = relays[c];
                    relay.forwardFromServer(serverSentBase[c] + server.udpServer().datagramsSent(slots[c]), tick);
                    final long digestBefore = client.replica().stateDigest();
                    final long appliedBefore = client.replica().counter(SnapshotReplicaCounters.SNAPSHOTS_APPLIED);
                    final long refusedBefore = refusedFirstOffers(client);
                    final long delivered = clientReceivedBase[c] + relay.toClient();
                    waitFor("client " + c + "'s datagrams of tick " + tick,
                        () -> client.udpClient().counter(UdpClientCounters.DATAGRAMS_RECEIVED) >= delivered,
                        () -> client.poll(nowNs));
                    assertEquals(delivered, client.udpClient().counter(UdpClientCounters.DATAGRAMS_RECEIVED));
                    final long refusedNow = refusedFirstOffers(client) - refusedBefore;
                    if (refusedNow > 0)
                    {
                        assertEquals(1, refusedNow, "one snapshot a tick");
                        assertEquals(appliedBefore, client.replica().counter(SnapshotReplicaCounters.SNAPSHOTS_APPLIED));
                        assertEquals(digestBefore, client.replica().stateDigest(),
                            "client " + c + ": the refused snapshot of tick " + tick + " changed nothing");
                        assertTrue(DROP_EVERY_TICKS[c] > 0 && (tick - 1) % DROP_EVERY_TICKS[c] == 0,
                            "client " + c + " refused tick " + tick + ", not one after a dropped snapshot");
                        refused[c] += refusedNow;
                    }
                    HeldStates.check(schema, client, tick, history);
                    client.sendAcks(nowNs);
                    client.update(nowNs);
                    relay.collectFromClient(datagramsSent(client.udpClient()), tick);
                    appliedAt[c][tick] = client.replica().counter(SnapshotReplicaCounters.SNAPSHOTS_APPLIED);
                }
                if (tick > STOP_TICK && allConverged(clients, states, convergedAt, tick))
                {
                    convergedAtTick = tick;
                }
            }
            assertTrue(convergedAtTick > 0, "every client holds the final states");

            final Outcome outcome = new Outcome(new long[CLIENTS], new long[CLIENTS], new long[CLIENTS], refused,
                new long[CLIENTS], new long[CLIENTS], new long[CLIENTS], convergedAt);
            for (int c = 0; c < CLIENTS; c++)
            {
                final SnapshotClient client = clients[c];
                final int slot = slots[c];
                assertTrue(client.isConnected());
                assertEquals(refused[c], refusedFirstOffers(client), "nothing refused but baseline misses");
                assertEquals(client.replica().decodeFailures(), client.replica().counter(
                    SnapshotReplicaCounters.REFUSED_BASELINE_MISSING), "nothing refused but baseline misses");
                assertEquals(0, client.endpoint().counter(ReliableCounters.HELD_PACKETS_DELIVERED),
                    "client " + c + ": the relay drops, never reorders: no held snapshot finds its reference");
                assertEquals(client.endpoint().counter(ReliableCounters.PACKETS_HELD),
                    client.endpoint().counter(ReliableCounters.HELD_PACKETS_REFUSED),
                    "client " + c + ": every held snapshot is offered again after the next one, and refused again");
                assertEquals(0, client.udpClient().endpoint().counter(ReliableCounters.FRAGMENTS_SENT));
                outcome.referencing[c] = server.authority(slot).sender().unackedReferencePackets();
                outcome.snapshotsSent[c] = server.snapshotsSent(slot);
                outcome.applied[c] = client.replica().counter(SnapshotReplicaCounters.SNAPSHOTS_APPLIED);
                outcome.dropped[c] = relays[c].dropped();
                outcome.acked[c] = server.endpoint(slot).counter(ReliableCounters.PACKETS_ACKED);
                outcome.bytesSent[c] = server.bytesSent(slot);
                // The server has the acks the client sent up to ackDelayTicks ago, covering exactly the snapshots
                // it had applied then: a dropped or refused snapshot is never acked.
                assertEquals(appliedAt[c][convergedAtTick - ackDelayTicks], outcome.acked[c],
                    "client " + c + ": acked exactly what it applied");
                assertEquals(ackDelayTicks, relays[c].heldCount(), "the acks of the last ticks still held, one a tick");
            }
            System.out.printf(Locale.ROOT, "snapshot server unacked references (max age %d, acks %d ticks late):%n%s%n",
                unackedReferenceMaxAgeTicks, ackDelayTicks, outcome.summary());
            return outcome;
        }
        finally
        {
            for (int i = closeables.size() - 1; i >= 0; i--)
            {
                closeables.get(i).close();
            }
        }
    }

    /** Datagrams a connected client has put on the wire: handshake, control, and its endpoint's (unfragmented). */
    private static long datagramsSent(final UdpClient client)
    {
        return client.counter(UdpClientCounters.REQUESTS_SENT) + client.counter(UdpClientCounters.RESPONSES_SENT) +
            client.counter(UdpClientCounters.KEEP_ALIVES_SENT) + client.counter(UdpClientCounters.DISCONNECTS_SENT) +
            client.endpoint().counter(ReliableCounters.PACKETS_SENT);
    }

    /** Something that reads datagrams, returning how many it read. */
    private interface Reader
    {
        int read() throws IOException;
    }

    /** Read until done, waiting at most {@link TickRelay#WAIT_NS} of wall time for the kernel. */
    private static void waitFor(final String what, final BooleanSupplier done, final Reader reader) throws IOException
    {
        final long deadlineNs = System.nanoTime() + TickRelay.WAIT_NS;
        while (!done.getAsBoolean())
        {
            assertTrue(System.nanoTime() < deadlineNs, "timed out waiting for " + what);
            if (reader.read() == 0)
            {
                LockSupport.parkNanos(20_000L);
            }
        }
    }

    /** True when every client holds the final states; notes the tick each first did. */
    private static boolean allConverged(
        final SnapshotClient[] clients, final QuantizedStates states, final int[] convergedAt, final int tick)
    {
        boolean all = true;
        for (int c = 0; c < clients.length; c++)
        {
            boolean holds = true;
            for (int object = 0; object < OBJECTS && holds; object++)
            {
                holds = clients[c].receiver().states().sameObject(object, states);
            }
            if (holds && convergedAt[c] == 0)
            {
                convergedAt[c] = tick;
            }
            all &= holds;
        }
        return all;
    }


    private static <T extends AutoCloseable> T add(final List<AutoCloseable> closeables, final T closeable)
    {
        closeables.add(closeable);
        return closeable;
    }
}
