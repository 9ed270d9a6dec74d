package dev.statesync.sync.authority;

import static dev.statesync.sync.authority.ObjectAuthority.NO_PEER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.sync.reliable.SequenceNumbers;
import dev.statesync.sync.sim.DatagramHandler;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Host plus guests, every packet through the host, over the library's seeded {@link NetworkSimulator}: one
 * simulated link per guest, each with its own latency, jitter (which reorders), 10% loss and some duplicates. Every peer grabs
 * object 0 within a few ticks of the others, some touch object 1 at once, the winner throws object 0, and all
 * objects come to rest. Conflicts must end with exactly one owner, and every peer must converge on the host's
 * authority records and object states, with authority back to default.
 */
class AuthorityConvergenceTest
{
    private static final int HOST = 0;
    private static final int MAX_PEERS = 4;
    private static final int OBJECTS = 3;
    private static final long TICK_NS = 1_000_000_000L / 60;
    private static final int GRAB_TICK = 30;
    private static final int TOUCH_TICK = 40;
    private static final int CHECK_OWNER_TICK = 120;
    private static final int RELEASE_TICK = 150;
    private static final int FLIGHT_TICKS = 20;
    private static final int END_TICK = 420;

    private static final class Peer
    {
        final int id;
        final ObjectAuthority[] records = new ObjectAuthority[OBJECTS];
        final float[] positions = new float[OBJECTS];
        final int[] interactionTick = new int[OBJECTS];
        final int grabTick;
        NetworkSimulator link;

        Peer(final int id, final int grabTick)
        {
            this.id = id;
            this.grabTick = grabTick;
            for (int i = 0; i < OBJECTS; i++)
            {
                records[i] = new ObjectAuthority();
                positions[i] = i * 10.0f;
            }
        }
    }

    private final byte[] bytes = new byte[64];
    private final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private final ObjectAuthority received = new ObjectAuthority();
    private int receivedObject;
    private float receivedPosition;
    private Peer[] peers;
    private long hostRejections;
    private final DatagramHandler handler = this::onDatagram;

    @ParameterizedTest(name = "{0} peers, seed {1}, sequences from {2}")
    @CsvSource({"2, 1, 0", "3, 2, 0", "4, 3, 0", "4, 77, 65534", "4, 1234, 65535", "3, 5, 65533"})
    void shouldEndConflictingGrabsWithExactlyOneOwnerAndConverge(final int peerCount, final long seed, final int firstSeq)
    {
        final Random random = new Random(seed);
        final Peer[] peers = new Peer[peerCount];
        for (int p = 0; p < peerCount; p++)
        {
            peers[p] = new Peer(p, GRAB_TICK + random.nextInt(4));
            for (final ObjectAuthority record : peers[p].records)
            {
                record.set(NO_PEER, NO_PEER, firstSeq, firstSeq, false); // sequences wrap during the run
            }
            final double oneWayMs = 25 + 25 * p + random.nextInt(20);
            peers[p].link = new NetworkSimulator(new NetworkSimulatorConfig()
                .seed(seed * 31 + p)
                .latencyMs(oneWayMs)
                .jitterMs(5.0)
                .lossFraction(0.10)
                .duplicateFraction(0.02)
                .maxEndpoints(MAX_PEERS));
        }
        final Peer host = peers[0];
        this.peers = peers;

        long nowNs = 0;
        hostRejections = 0;
        for (int tick = 0; tick < END_TICK; tick++)
        {
            nowNs += TICK_NS;
            for (final Peer peer : peers)
            {
                act(peer, tick);
                simulate(peer, tick);
            }
            // Guests -> host: the objects each guest simulates.
            for (int p = 1; p < peerCount; p++)
            {
                final Peer guest = peers[p];
                for (int o = 0; o < OBJECTS; o++)
                {
                    if (AuthorityRules.guestSends(guest.records[o], guest.id))
                    {
                        send(guest.link, guest.id, HOST, o, guest.records[o], guest.positions[o], nowNs);
                    }
                }
                guest.link.poll(nowNs, handler);
            }
            // Host -> guests: every object.
            for (int p = 1; p < peerCount; p++)
            {
                final Peer guest = peers[p];
                for (int o = 0; o < OBJECTS; o++)
                {
                    send(guest.link, HOST, guest.id, o, host.records[o], host.positions[o], nowNs);
                }
                guest.link.poll(nowNs, handler);
            }

            if (tick == CHECK_OWNER_TICK)
            {
                int selfOwners = 0;
                for (final Peer peer : peers)
                {
                    selfOwners += peer.records[0].ownerPeer() == peer.id ? 1 : 0;
                    assertEquals(host.records[0].ownerPeer(), peer.records[0].ownerPeer(), "peer " + peer.id);
                }
                assertEquals(1, selfOwners, "exactly one peer believes it holds object 0");
                assertNotEquals(NO_PEER, host.records[0].ownerPeer());
            }
        }

        for (final Peer peer : peers)
        {
            for (int o = 0; o < OBJECTS; o++)
            {
                final ObjectAuthority record = peer.records[o];
                assertTrue(record.sameAs(host.records[o]), "peer " + peer.id + " object " + o + ": " + record +
                    " vs host " + host.records[o]);
                assertEquals(NO_PEER, record.authorityPeer(), "authority back to default");
                assertEquals(NO_PEER, record.ownerPeer());
                assertEquals(host.positions[o], peer.positions[o], "peer " + peer.id + " object " + o);
            }
        }
        assertTrue(SequenceNumbers.isNewer(host.records[0].ownershipSequence(), SequenceNumbers.next(firstSeq)), "grabbed and released");
        assertTrue(hostRejections > 0, "there were conflicts to arbitrate");
    }

    private static void act(final Peer peer, final int tick)
    {
        if (tick == peer.grabTick && AuthorityRules.tryTakeOwnership(peer.records[0], peer.id))
        {
            peer.interactionTick[0] = tick;
        }
        if (tick == TOUCH_TICK && peer.id >= 1 && AuthorityRules.tryTakeAuthority(peer.records[1], peer.id))
        {
            peer.interactionTick[1] = tick;
        }
        if (tick == RELEASE_TICK && AuthorityRules.releaseOwnership(peer.records[0], peer.id))
        {
            peer.interactionTick[0] = tick;
        }
    }

    /** Objects under this peer's authority move: in the hand, or flying until they rest. */
    private static void simulate(final Peer peer, final int tick)
    {
        for (int o = 0; o < OBJECTS; o++)
        {
            final ObjectAuthority record = peer.records[o];
            if (record.authorityPeer() != peer.id || record.atRest())
            {
                continue;
            }
            if (record.ownerPeer() == peer.id)
            {
                peer.positions[o] = 100.0f * peer.id + tick;
            }
            else
            {
                peer.positions[o] += 0.5f;
                if (tick - peer.interactionTick[o] >= FLIGHT_TICKS)
                {
                    AuthorityRules.onRest(record, peer.id, peer.id == HOST);
                }
            }
        }
    }

    private void send(
        final NetworkSimulator link,
        final int from,
        final int to,
        final int object,
        final ObjectAuthority record,
        final float position,
        final long nowNs)
    {
        writer.wrap(buffer, 0, bytes.length);
        writer.serializeInt(object, 0, OBJECTS - 1);
        received.set(record);
        received.serialize(writer, MAX_PEERS);
        writer.serializeFloat(position);
        link.send(from, to, buffer, 0, writer.flush(), nowNs);
    }

    /** Guest updates are arbitrated by the host; host updates are judged by the guest they reach. */
    private void onDatagram(final int from, final int to, final DirectBuffer datagram, final int offset, final int length)
    {
        reader.wrap(datagram, offset, length);
        receivedObject = reader.serializeInt(0, 0, OBJECTS - 1);
        received.serialize(reader, MAX_PEERS);
        receivedPosition = reader.serializeFloat(0.0f);
        assertTrue(!reader.isFailed());
        if (to == HOST)
        {
            final Peer host = peers[HOST];
            if (AuthorityRules.hostAcceptsGuestUpdate(host.records[receivedObject], from, received))
            {
                host.positions[receivedObject] = receivedPosition;
            }
            else
            {
                hostRejections++;
            }
        }
        else
        {
            final Peer guest = peers[to];
            if (AuthorityRules.guestAcceptsHostUpdate(guest.records[receivedObject], guest.id, received))
            {
                guest.positions[receivedObject] = receivedPosition;
            }
        }
    }
}
