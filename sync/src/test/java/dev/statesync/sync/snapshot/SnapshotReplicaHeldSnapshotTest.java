package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor.Rotation;
import dev.statesync.codec.snapshot.DecodeResult;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.LinkSide;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.sim.NetworkSimulatorConfig;

/**
 * {@link SnapshotLinkConfig#heldSnapshotSlots}: with unacked references a snapshot names the one sent just before it,
 * and jitter now and then delivers the two the other way round. Held, the later one is applied right after the one it
 * named instead of being lost.
 */
class SnapshotReplicaHeldSnapshotTest
{
    /** No loss, so every snapshot refused for its reference was overtaken, never lost: 10 ms of jitter reorders. */
    private static LinkedSnapshotSession run(final int heldSlots)
    {
        final NetworkSimulatorConfig network = new NetworkSimulatorConfig().latencyMs(50).jitterMs(10).seed(2031);
        final SnapshotLinkConfig link = new SnapshotLinkConfig().heldSnapshotSlots(heldSlots)
            .snapshot(new SnapshotConfig().rangeCoded(true).unackedReferenceMaxAgeTicks(1));
        final LinkedSnapshotSession session = new LinkedSnapshotSession(StateSchema.snapshot3d(), 48,
            new LinearExtrapolationPredictor(Rotation.QUATERNION), network, link, true, 9);
        session.run(1500);
        session.stopMotion();
        session.run(300);
        return session;
    }

    @Test
    void snapshotsThatOvertookTheirReferenceAreAppliedAfterIt()
    {
        final LinkedSnapshotSession off = run(0);
        final LinkedSnapshotSession held = run(SnapshotLinkConfig.DEFAULT_HELD_SNAPSHOT_SLOTS);

        final long refusedWithoutHold = off.replica.counter(SnapshotReplicaCounters.REFUSED_BASELINE_MISSING);
        assertTrue(refusedWithoutHold > 0, "jitter must reorder some referencing snapshots: " + refusedWithoutHold);

        final long heldCount = held.replica.endpoint().counter(ReliableCounters.PACKETS_HELD);
        assertTrue(heldCount > 0, "held " + heldCount);
        assertEquals(heldCount, held.replica.endpoint().counter(ReliableCounters.HELD_PACKETS_DELIVERED),
            "without loss every held snapshot's reference arrives next");
        assertEquals(heldCount, held.replica.counter(SnapshotReplicaCounters.REFUSED_BASELINE_MISSING),
            "each refused once, on its first offer");
        assertEquals(0, held.replica.endpoint().counter(ReliableCounters.HELD_PACKETS_REFUSED));
        assertEquals(0, held.mismatches, "a held snapshot decodes to exactly what was sent");
        assertEquals(0, held.objectsOutOfSync());
        assertTrue(held.snapshotsApplied > off.snapshotsApplied,
            held.snapshotsApplied + " applied with the hold, " + off.snapshotsApplied + " without");
        assertEquals(0, off.mismatches);
    }

    @Test
    void onlyAMissingReferenceMayPassLater()
    {
        final SnapshotLinkConfig link = new SnapshotLinkConfig().unauthenticated()
            .snapshot(new SnapshotConfig().rangeCoded(true));
        final SnapshotReplica replica = SnapshotReplica.withEndpoint(StateSchema.snapshot3d(), 4,
            new LinearExtrapolationPredictor(Rotation.QUATERNION), link, (buffer, offset, length) -> { }, 0);
        final UnsafeBuffer garbage = new UnsafeBuffer(new byte[] {(byte)0x77, 1, 2, 3});
        assertFalse(replica.process(0, garbage, 0, garbage.capacity()));
        assertEquals(DecodeResult.MALFORMED, replica.lastResult());
        assertFalse(replica.mayPassLater(), "bad bytes never pass later");
    }

    @Test
    void theReplicaSideHoldsAndTheAuthoritySideDoesNot()
    {
        final SnapshotLinkConfig link = new SnapshotLinkConfig();
        assertEquals(SnapshotLinkConfig.DEFAULT_HELD_SNAPSHOT_SLOTS, link.reliableFor(LinkSide.CLIENT).heldPacketSlots());
        assertEquals(0, link.reliableFor(LinkSide.SERVER).heldPacketSlots());
        assertEquals(0, new SnapshotLinkConfig().heldSnapshotSlots(0).reliableFor(LinkSide.CLIENT).heldPacketSlots());
        assertThrows(IllegalArgumentException.class, () -> new SnapshotLinkConfig().heldSnapshotSlots(-1));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotLinkConfig().heldSnapshotSlots(9));
    }
}
