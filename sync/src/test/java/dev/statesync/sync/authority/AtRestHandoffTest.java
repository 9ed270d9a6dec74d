package dev.statesync.sync.authority;

import static dev.statesync.sync.authority.ObjectAuthority.NO_PEER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.statesync.codec.bits.BitReader;
import dev.statesync.codec.bits.BitWriter;
import dev.statesync.sync.sim.DatagramHandler;
import dev.statesync.sync.sim.NetworkSimulator;
import dev.statesync.sync.sim.NetworkSimulatorConfig;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The end of a guest's authority over 25% loss each way, through the library's {@link NetworkSimulator}: each
 * guest touches its own object, which flies and comes to rest under the guest's simulation; the host touches
 * one itself. The guest's final at-rest state must reach the host exactly (the object must not be left where an
 * earlier, lost-in-between update put it), the host must confirm it, and authority must return to default on
 * every peer. The protocol rule that makes this hold is {@link AuthorityRules#guestSends}: the at-rest state is
 * repeated until the confirmation arrives.
 */
class AtRestHandoffTest
{
    private static final int HOST = 0;
    private static final int MAX_PEERS = 4;
    private static final int OBJECTS = MAX_PEERS;
    private static final long TICK_NS = 1_000_000_000L / 60;
    private static final int TOUCH_TICK = 20;
    private static final int FLIGHT_TICKS = 30;
    private static final int END_TICK = 360;
    private static final double LOSS_FRACTION = 0.25;

    private static final class Peer
    {
        final int id;
        final ObjectAuthority[] records = new ObjectAuthority[OBJECTS];
        final float[] positions = new float[OBJECTS];
        NetworkSimulator link;
        float restPosition = Float.NaN;
        int restSequence = -1;
        long restNs = -1;
        long confirmedNs = -1;
        int restCopiesSent;
        int restCopiesLost;

        Peer(final int id)
        {
            this.id = id;
            for (int i = 0; i < OBJECTS; i++)
            {
                records[i] = new ObjectAuthority();
                positions[i] = 10.0f * i;
            }
        }
    }

    private final byte[] bytes = new byte[64];
    private final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
    private final BitWriter writer = new BitWriter();
    private final BitReader reader = new BitReader();
    private final ObjectAuthority scratch = new ObjectAuthority();
    private final DatagramHandler handler = this::onDatagram;
    private Peer[] peers;

    @ParameterizedTest(name = "{0} peers, seed {1}")
    @CsvSource({"2, 1", "2, 2", "3, 3", "3, 4", "4, 5", "4, 6"})
    void shouldDeliverEveryGuestsFinalAtRestStateToTheHostAndReturnAuthorityToDefault(
        final int peerCount, final long seed)
    {
        peers = new Peer[peerCount];
        for (int p = 0; p < peerCount; p++)
        {
            peers[p] = new Peer(p);
            peers[p].link = new NetworkSimulator(new NetworkSimulatorConfig()
                .seed(seed * 101 + p)
                .latencyMs(30.0 + 20.0 * p)
                .jitterMs(5.0)
                .lossFraction(LOSS_FRACTION)
                .maxEndpoints(MAX_PEERS));
        }
        final Peer host = peers[HOST];

        long nowNs = 0;
        for (int tick = 0; tick < END_TICK; tick++)
        {
            nowNs += TICK_NS;
            for (final Peer peer : peers)
            {
                simulate(peer, tick, nowNs);
            }
            for (int p = 1; p < peerCount; p++)
            {
                final Peer guest = peers[p];
                for (int o = 0; o < OBJECTS; o++)
                {
                    if (AuthorityRules.guestSends(guest.records[o], guest.id))
                    {
                        final boolean delivered = send(guest.link, guest.id, HOST, o, guest.records[o],
                            guest.positions[o], nowNs);
                        if (guest.records[o].atRest())
                        {
                            guest.restCopiesSent++;
                            guest.restCopiesLost += delivered ? 0 : 1;
                        }
                    }
                }
                for (int o = 0; o < OBJECTS; o++)
                {
                    send(guest.link, HOST, guest.id, o, host.records[o], host.positions[o], nowNs);
                }
                guest.link.poll(nowNs, handler);
                if (guest.confirmedNs < 0 && guest.restNs >= 0 && guest.records[guest.id].authorityPeer() == NO_PEER)
                {
                    guest.confirmedNs = nowNs;
                }
            }
        }

        int lostAtRestCopies = 0;
        for (int p = 1; p < peerCount; p++)
        {
            final Peer guest = peers[p];
            final ObjectAuthority hostRecord = host.records[guest.id];
            System.out.printf("at rest, %d peers, seed %d, guest %d: copies sent=%d lost=%d, confirmed after %.1f ms%n",
                peerCount, seed, guest.id, guest.restCopiesSent, guest.restCopiesLost,
                (guest.confirmedNs - guest.restNs) / 1e6);
            assertEquals(Float.floatToRawIntBits(guest.restPosition), Float.floatToRawIntBits(host.positions[guest.id]),
                "guest " + guest.id + "'s final at-rest position reached the host");
            assertEquals(guest.restSequence, hostRecord.authoritySequence(), "the host holds the at-rest update");
            assertTrue(hostRecord.atRest());
            assertEquals(NO_PEER, hostRecord.authorityPeer(), "host confirmed: default authority");
            assertTrue(guest.confirmedNs > guest.restNs, "guest " + guest.id + " saw the confirmation");
            assertTrue(guest.restCopiesSent > 1, "the at-rest state was repeated until confirmed");
            lostAtRestCopies += guest.restCopiesLost;
        }
        for (final Peer peer : peers)
        {
            for (int o = 0; o < OBJECTS; o++)
            {
                assertTrue(peer.records[o].sameAs(host.records[o]), "peer " + peer.id + " object " + o);
                assertEquals(NO_PEER, peer.records[o].authorityPeer());
                assertEquals(host.positions[o], peer.positions[o], "peer " + peer.id + " object " + o);
            }
        }
        assertEquals(Float.floatToRawIntBits(host.restPosition), Float.floatToRawIntBits(host.positions[HOST]));
        assertTrue(lostAtRestCopies > 0, "some at-rest copies were lost, so repetition was needed");
    }

    /** Each peer touches object {@code id} at a staggered tick; it flies under that peer until it rests. */
    private static void simulate(final Peer peer, final int tick, final long nowNs)
    {
        final int object = peer.id;
        final int touchTick = TOUCH_TICK + 7 * peer.id;
        if (tick == touchTick)
        {
            assertTrue(AuthorityRules.tryTakeAuthority(peer.records[object], peer.id));
        }
        final ObjectAuthority record = peer.records[object];
        if (tick > touchTick && record.authorityPeer() == peer.id && !record.atRest())
        {
            peer.positions[object] += 0.37f + 0.011f * (tick - touchTick);
            if (tick - touchTick >= FLIGHT_TICKS)
            {
                assertTrue(AuthorityRules.onRest(record, peer.id, peer.id == HOST));
                peer.restPosition = peer.positions[object];
                peer.restSequence = record.authoritySequence();
                peer.restNs = nowNs;
            }
        }
    }

    private boolean send(
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
        scratch.set(record);
        scratch.serialize(writer, MAX_PEERS);
        writer.serializeFloat(position);
        return link.send(from, to, buffer, 0, writer.flush(), nowNs);
    }

    private void onDatagram(final int from, final int to, final DirectBuffer datagram, final int offset, final int length)
    {
        reader.wrap(datagram, offset, length);
        final int object = reader.serializeInt(0, 0, OBJECTS - 1);
        scratch.serialize(reader, MAX_PEERS);
        final float position = reader.serializeFloat(0.0f);
        assertTrue(!reader.isFailed());
        if (to == HOST)
        {
            if (AuthorityRules.hostAcceptsGuestUpdate(peers[HOST].records[object], from, scratch))
            {
                peers[HOST].positions[object] = position;
            }
        }
        else if (AuthorityRules.guestAcceptsHostUpdate(peers[to].records[object], to, scratch))
        {
            peers[to].positions[object] = position;
        }
    }
}
