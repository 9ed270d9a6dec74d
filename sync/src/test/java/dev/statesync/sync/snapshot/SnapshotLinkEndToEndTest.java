package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor.Rotation;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.reliable.ReliableCounters;
import dev.statesync.sync.sim.NetworkSimulatorCounters;
import dev.statesync.sync.sim.NetworkSimulatorConfig;

class SnapshotLinkEndToEndTest
{
    @Test
    void replicaEqualsAuthorityForEveryObjectReceivedOverSeventyThousandLossyPackets()
    {
        final NetworkSimulatorConfig network = new NetworkSimulatorConfig()
            .latencyMs(100).jitterMs(30).lossFraction(0.25).duplicateFraction(0.02)
            .reorderFraction(0.02).reorderDelayMs(40).seed(2015);
        final LinkedSnapshotSession session = new LinkedSnapshotSession(StateSchema.fiedler3d(), 48,
            new LinearExtrapolationPredictor(false), network, new SnapshotLinkConfig(), true, 7);

        session.run(72_000);
        session.stopMotion();
        session.run(600);

        final SnapshotReplica replica = session.replica;
        assertTrue(session.authority.endpoint().nextSequence() < 72_000, "sequences wrapped");
        assertTrue(session.objectsVerified > 500_000, "verified " + session.objectsVerified);
        assertEquals(0, session.mismatches, "replica states differing from the authority's");
        assertEquals(0, session.objectsOutOfSync(), "objects not at their final state 10 s after motion stopped");
        assertEquals(0, replica.counter(SnapshotReplicaCounters.REFUSED_BASELINE_MISSING), "baseline disagreements");
        assertEquals(0, replica.counter(SnapshotReplicaCounters.REFUSED_MALFORMED));
        assertEquals(0, replica.counter(SnapshotReplicaCounters.REFUSED_STALE));
        assertEquals(0, replica.decodeFailures());
        assertTrue(session.network.counter(NetworkSimulatorCounters.DUPLICATED) > 1000);
        assertTrue(replica.endpoint().counter(ReliableCounters.REJECTED_DUPLICATE) > 0,
            "duplicates reach the endpoint and are refused there, never decoded twice");
        final double lossPercent = session.authority.endpoint().packetLossPercent();
        assertTrue(lossPercent > 15 && lossPercent < 45, "estimated loss " + lossPercent + "%");
    }

    /** Range-coded 3D snapshots with a rolling radius on both ends' codecs: the replica decodes what was sent. */
    @Test
    void aRollingLinkDeliversEveryStateExactly()
    {
        final NetworkSimulatorConfig network = new NetworkSimulatorConfig()
            .latencyMs(50).jitterMs(10).lossFraction(0.1).seed(2016);
        final SnapshotLinkConfig link = new SnapshotLinkConfig().rollingRadiusM(0.4 / Math.sqrt(2))
            .snapshot(new SnapshotConfig().rangeCoded(true));
        final LinkedSnapshotSession session = new LinkedSnapshotSession(StateSchema.snapshot3d(), 48,
            new LinearExtrapolationPredictor(Rotation.QUATERNION), network, link, true, 8);

        session.run(3000);
        session.stopMotion();
        session.run(600);

        final SnapshotReplica replica = session.replica;
        assertTrue(session.objectsVerified > 20_000, "verified " + session.objectsVerified);
        assertEquals(0, session.mismatches, "replica states differing from the authority's");
        assertEquals(0, session.objectsOutOfSync(), "objects not at their final state 10 s after motion stopped");
        assertEquals(0, replica.counter(SnapshotReplicaCounters.REFUSED_MALFORMED));
        assertEquals(0, replica.counter(SnapshotReplicaCounters.REFUSED_BASELINE_MISSING));
        assertEquals(0, replica.decodeFailures());
    }

    /** Both couplings on both ends (the cube runs' settings): the replica decodes what was sent. */
    @Test
    void aRollingGroundedLinkDeliversEveryStateExactly()
    {
        final NetworkSimulatorConfig network = new NetworkSimulatorConfig()
            .latencyMs(50).jitterMs(10).lossFraction(0.1).seed(2017);
        final SnapshotLinkConfig link = new SnapshotLinkConfig().rollingRadiusM(0.4 / Math.sqrt(2))
            .groundContact(0, 0.2).snapshot(new SnapshotConfig().rangeCoded(true));
        final LinkedSnapshotSession session = new LinkedSnapshotSession(StateSchema.snapshot3d(), 48,
            new LinearExtrapolationPredictor(Rotation.QUATERNION), network, link, true, 8);

        session.run(2000);
        session.stopMotion();
        session.run(600);

        final SnapshotReplica replica = session.replica;
        assertTrue(session.objectsVerified > 10_000, "verified " + session.objectsVerified);
        assertEquals(0, session.mismatches, "replica states differing from the authority's");
        assertEquals(0, session.objectsOutOfSync(), "objects not at their final state 10 s after motion stopped");
        assertEquals(0, replica.counter(SnapshotReplicaCounters.REFUSED_MALFORMED));
        assertEquals(0, replica.decodeFailures());
    }

    @Test
    void theGroundContactIsOffOrAFiniteHeightAndSize()
    {
        assertEquals(0, new SnapshotLinkConfig().cubeHalfSizeM());
        final SnapshotLinkConfig grounded = new SnapshotLinkConfig().groundContact(0.5, 0.2);
        assertEquals(0.5, grounded.groundHeightM());
        assertEquals(0.2, grounded.cubeHalfSizeM());
        assertThrows(IllegalArgumentException.class, () -> new SnapshotLinkConfig().groundContact(0, -0.2));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotLinkConfig().groundContact(0, Double.NaN));
        assertThrows(IllegalArgumentException.class,
            () -> new SnapshotLinkConfig().groundContact(0, Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotLinkConfig().groundContact(Double.NaN, 0.2));
    }

    @Test
    void theRollingRadiusIsZeroOrAFiniteLength()
    {
        assertEquals(0, new SnapshotLinkConfig().rollingRadiusM());
        assertEquals(0.25, new SnapshotLinkConfig().rollingRadiusM(0.25).rollingRadiusM());
        assertThrows(IllegalArgumentException.class, () -> new SnapshotLinkConfig().rollingRadiusM(-0.1));
        assertThrows(IllegalArgumentException.class, () -> new SnapshotLinkConfig().rollingRadiusM(Double.NaN));
        assertThrows(IllegalArgumentException.class,
            () -> new SnapshotLinkConfig().rollingRadiusM(Double.POSITIVE_INFINITY));
    }
}
