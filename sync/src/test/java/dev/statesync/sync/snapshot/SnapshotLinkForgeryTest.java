package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.state.QuantizedStates;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.PacketHeader;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.sim.NetworkSimulatorConfig;

/**
 * The attacks that worked on unauthenticated snapshot links, against a default (authenticated) link: a 5-byte
 * datagram pushing the authority's receive window ahead, and a forged snapshot with a tick far ahead that made the
 * replica refuse every later honest snapshot as stale. Both must be refused before any state moves, and the
 * honest session must carry on to the authority's exact state.
 */
class SnapshotLinkForgeryTest
{
    private static final int OBJECTS = 24;

    private static LinkedSnapshotSession session(final SnapshotLinkConfig link)
    {
        return new LinkedSnapshotSession(StateSchema.fiedler3d(), OBJECTS, new LinearExtrapolationPredictor(false),
            new NetworkSimulatorConfig().latencyMs(30).jitterMs(5).lossFraction(0.05).seed(11), link, true, 3);
    }

    /** A snapshot of {@code tick} as a stranger with the same settings but its own keys would send it. */
    private static List<byte[]> forgedSnapshot(final LinkedSnapshotSession honest, final int tick)
    {
        final List<byte[]> datagrams = new ArrayList<>();
        final SnapshotAuthority forger = SnapshotAuthority.withEndpoint(honest.schema, OBJECTS,
            new LinearExtrapolationPredictor(false), null, new SnapshotLinkConfig(),
            (buffer, offset, length) ->
            {
                final byte[] copy = new byte[length];
                buffer.getBytes(offset, copy);
                datagrams.add(copy);
            }, 0);
        forger.sendSnapshot(tick, new QuantizedStates(honest.schema, OBJECTS), 0);
        return datagrams;
    }

    @Test
    void shouldRefuseForgedAckWindowPushAndForgedFarFutureSnapshot()
    {
        final LinkedSnapshotSession session = session(new SnapshotLinkConfig());
        session.run(120);

        // 5 bytes: a header whose sequence is half the sequence space ahead, empty payload.
        // The same header followed by an 8-byte guess at the tag.
        final UnsafeBuffer push = new UnsafeBuffer(new byte[PacketHeader.MAX_BYTES + 8]);
        final int pushBytes = PacketHeader.write(push, 0,
            (session.authority.endpoint().newestReceivedSequence() + 30_000) & 0xFFFF, 0, 0xFFFFFFFF);
        final int newestBefore = session.authority.endpoint().newestReceivedSequence();
        for (int i = 0; i < 100; i++)
        {
            session.authority.receiveDatagram(push, 0, pushBytes, session.nowNs());
            push.putLong(pushBytes, i * 0x9E3779B97F4A7C15L);
            session.authority.receiveDatagram(push, 0, pushBytes + 8, session.nowNs());
        }
        assertEquals(newestBefore, session.authority.endpoint().newestReceivedSequence());
        assertEquals(100, session.authority.endpoint().counter(ReliableCounters.REJECTED_TRUNCATED));
        assertEquals(100, session.authority.endpoint().counter(ReliableCounters.REJECTED_INTEGRITY));

        final int newestTickBefore = session.replica.receiver().lastTick();
        for (final byte[] datagram : forgedSnapshot(session, 0x40000000))
        {
            session.replica.receiveDatagram(new UnsafeBuffer(datagram), 0, datagram.length, session.nowNs());
            assertNull(session.replica.lastResult(), "a forged snapshot never reaches the decoder");
        }
        assertEquals(newestTickBefore, session.replica.receiver().lastTick());
        assertTrue(session.replica.endpoint().counter(ReliableCounters.REJECTED_INTEGRITY) > 0);

        session.run(120);
        session.stopMotion();
        session.run(120);
        assertEquals(0, session.replica.counter(SnapshotReplicaCounters.REFUSED_STALE), "honest snapshots refused as stale");
        assertEquals(0, session.mismatches);
        assertEquals(0, session.objectsOutOfSync(), "replica converged to the authority's exact quantized state");
        assertTrue(session.snapshotsApplied > 300, "applied " + session.snapshotsApplied);
    }

    @Test
    void shouldRefuseEverythingBetweenEndsWithDifferentKeys()
    {
        // Two configs, two random key sets: the ends cannot talk, and each refusal is counted, never accepted.
        final LinkedSnapshotSession session = session(new SnapshotLinkConfig());
        final List<byte[]> stranger = forgedSnapshot(session, 1);
        final long before = session.replica.endpoint().counter(ReliableCounters.PACKETS_DELIVERED);
        for (final byte[] datagram : stranger)
        {
            session.replica.receiveDatagram(new UnsafeBuffer(datagram), 0, datagram.length, 0);
        }
        assertEquals(before, session.replica.endpoint().counter(ReliableCounters.PACKETS_DELIVERED));
        assertEquals(stranger.size(), session.replica.endpoint().counter(ReliableCounters.REJECTED_INTEGRITY));
    }
}
