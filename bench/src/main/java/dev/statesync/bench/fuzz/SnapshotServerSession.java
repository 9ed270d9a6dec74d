/*
 * statesync: low-bandwidth state synchronization for networked physics.
 */
package dev.statesync.bench.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.SplittableRandom;

import org.agrona.DirectBuffer;

import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.IntegrityMode;
import dev.statesync.sync.snapshot.SnapshotClient;
import dev.statesync.sync.snapshot.SnapshotLinkConfig;
import dev.statesync.sync.snapshot.SnapshotRateControlConfig;
import dev.statesync.sync.snapshot.SnapshotReplicaCounters;
import dev.statesync.sync.snapshot.SnapshotServer;
import dev.statesync.sync.udp.UdpClientConfig;
import dev.statesync.sync.udp.UdpClientState;
import dev.statesync.sync.udp.UdpServerConfig;
import dev.statesync.sync.udp.UdpServerCounters;

/**
 * A real {@link SnapshotServer} on 127.0.0.1 serving {@link MovingObjects} to two {@link SnapshotClient}s under a
 * budget spent by its rate control (fixed factors, automatic send interval): one client talks to it through a relay
 * the fuzzer owns, the other directly. Hostile bytes reach the server alternately from the relay's port, which the
 * server knows as the first client's address (a slot with an authenticated endpoint and an authority), and from a
 * stranger's socket (the handshake's checks); both slots' state must stay as it was for a refused datagram
 * ({@link SnapshotServer#stateDigest}: the UDP server, every connected slot's endpoint and authority). Time is the
 * session's own and moves only in honest ticks. Converged: both clients connected and holding exactly the server's
 * states. Rate limits are lifted so hostile handshake packets reach the cookie and key checks.
 */
final class SnapshotServerSession implements HonestSession
{
    static final int OBJECTS = 32;
    private static final long TICK_NS = 1_000_000_000L / 60;
    private static final long WAIT_NS = 50_000_000L;
    /** Enough for every object most ticks, little enough that the rate control chooses now and then. */
    private static final double BUDGET_BITS_PER_SECOND = 96_000;

    final FuzzCorpus toServer = new FuzzCorpus();
    final SnapshotServer server;
    private final SnapshotClient relayed;
    private final SnapshotClient direct;
    private final MovingObjects objects;
    private final LoopbackRelay relay;
    private long nowNs = 1_000_000_000L;
    private int tick;
    private int feeds;

    SnapshotServerSession(final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final SnapshotCoding coding = SnapshotCoding.RANGE_CODED;
        final StateSchema schema = coding.schema();
        final Predictor predictor = coding.predictor(schema);
        final SnapshotRateControlConfig rateControl = new SnapshotRateControlConfig()
            .budgetBitsPerSecond(BUDGET_BITS_PER_SECOND).errorPriority(false);
        // Corner repeats on, as the runner has them under a budget: genuine snapshots carry states up to 20 ticks old.
        final SnapshotLinkConfig link = new SnapshotLinkConfig().snapshot(coding.config().cornerRepeatMaxAgeTicks(20))
            .rollingRadiusM(coding.rollingRadiusM()).groundContact(0, coding.cubeHalfSizeM()).payloadBudgetBytes(rateControl.capacityPayloadBytes());
        objects = new MovingObjects(schema, OBJECTS, random);
        try
        {
            final InetAddress loopback = InetAddress.getLoopbackAddress();
            relay = new LoopbackRelay(loopback, toServer, null);
            server = new SnapshotServer(new InetSocketAddress(loopback, 0), new UdpServerConfig()
                .addressHandshakesPerSecond(1_000_000).addressHandshakeBurst(1_000_000)
                .globalHandshakesPerSecond(1_000_000).globalHandshakeBurst(1_000_000).maxClients(3),
                schema, OBJECTS, predictor, link, rateControl, null, nowNs);
            relay.serverAddress(new InetSocketAddress(loopback, server.localAddress().getPort()));
            relayed = new SnapshotClient(new InetSocketAddress(loopback, 0), relay.clientFacingAddress(),
                new UdpClientConfig(), schema, OBJECTS, predictor, link, nowNs);
            direct = new SnapshotClient(new InetSocketAddress(loopback, 0), relay.serverAddress(), new UdpClientConfig(), schema,
                OBJECTS, predictor, link, nowNs);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot open loopback sockets for the snapshot server fuzz session", ex);
        }
        relayed.connect(nowNs);
        direct.connect(nowNs);
    }

    /** @return the datagrams' layout: keyed MAC after the handshake, framed snapshots, acks from the clients. */
    static WireLayout layout()
    {
        return WireLayout.packets(IntegrityMode.KEYED_MAC, new UdpClientConfig().protocolId(),
            WireLayout.PayloadTick.NONE);
    }

    /** One tick: reconnect a client that dropped, motion, snapshots to the clients due one, acks, relayed and read. */
    @Override
    public void tick(final boolean moving)
    {
        nowNs += TICK_NS;
        tick++;
        reconnect(relayed);
        reconnect(direct);
        if (moving)
        {
            objects.step();
        }
        settle();
        server.sendSnapshots(tick, objects.states, null, 0, nowNs);
        server.update(nowNs);
        settle();
        for (final SnapshotClient client : new SnapshotClient[]{ relayed, direct })
        {
            if (client.isConnected())
            {
                client.sendAcks(nowNs);
            }
            client.update(nowNs);
        }
        settle();
    }

    private void reconnect(final SnapshotClient client)
    {
        final UdpClientState state = client.state();
        if (state != UdpClientState.CONNECTED && state != UdpClientState.SENDING_REQUEST &&
            state != UdpClientState.SENDING_RESPONSE)
        {
            client.connect(nowNs);
        }
    }

    /** @return both clients connected and holding exactly the server's current states. */
    @Override
    public boolean converged()
    {
        return holdsEveryState(relayed) && holdsEveryState(direct);
    }

    private boolean holdsEveryState(final SnapshotClient client)
    {
        if (!client.isConnected())
        {
            return false;
        }
        for (int i = 0; i < OBJECTS; i++)
        {
            if (!client.receiver().states().sameObject(i, objects.states))
            {
                return false;
            }
        }
        return true;
    }

    /** @return honest snapshots either client refused as malformed: none unless hostile input was accepted. */
    @Override
    public long honestErrors()
    {
        return relayed.replica().counter(SnapshotReplicaCounters.REFUSED_MALFORMED) +
            direct.replica().counter(SnapshotReplicaCounters.REFUSED_MALFORMED);
    }

    /**
     * Send hostile bytes to the server, alternately from the relayed client's address and from a stranger's, and
     * read them.
     *
     * @return true when the server's outcome for them was not a refusal.
     */
    boolean feedServer(final DirectBuffer buffer, final int offset, final int length)
    {
        final long refusedBefore = serverRefusals();
        final long receivedBefore = server.udpServer().counter(UdpServerCounters.DATAGRAMS_RECEIVED);
        relay.sendToServer((feeds++ & 1) == 0, buffer, offset, length);
        final long deadline = System.nanoTime() + WAIT_NS;
        server.poll(nowNs);
        while (server.udpServer().counter(UdpServerCounters.DATAGRAMS_RECEIVED) == receivedBefore &&
            System.nanoTime() < deadline)
        {
            Thread.onSpinWait();
            server.poll(nowNs);
        }
        relay.drainStranger();
        return serverRefusals() == refusedBefore;
    }

    long serverDigest()
    {
        return server.stateDigest(nowNs);
    }

    @Override
    public void close()
    {
        relayed.close();
        direct.close();
        server.close();
        relay.close();
    }

    private long serverRefusals()
    {
        long sum = 0;
        for (final UdpServerCounters counter : UdpServerCounters.values())
        {
            if (counter.isRefusal())
            {
                sum += server.udpServer().counter(counter);
            }
        }
        return sum;
    }

    /** Relay and read until nothing moves: loopback delivery is immediate in practice but not promised. */
    private void settle()
    {
        final long deadline = System.nanoTime() + WAIT_NS;
        int quietRounds = 0;
        while (quietRounds < 3 && System.nanoTime() < deadline)
        {
            final int moved = relay.relay() + server.poll(nowNs) + relayed.poll(nowNs) + direct.poll(nowNs);
            quietRounds = moved == 0 ? quietRounds + 1 : 0;
            if (moved == 0)
            {
                Thread.onSpinWait();
            }
        }
    }
}
