package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.LinearExtrapolationPredictor;
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
}
