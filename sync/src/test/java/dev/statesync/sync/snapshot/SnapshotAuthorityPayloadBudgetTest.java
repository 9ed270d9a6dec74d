package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.sim.NetworkSimulatorConfig;

/** A send-rate controller changes the payload budget per snapshot: every snapshot keeps to the budget it was given. */
class SnapshotAuthorityPayloadBudgetTest
{
    private static LinkedSnapshotSession session()
    {
        return new LinkedSnapshotSession(StateSchema.fiedler3d(), 200, new LinearExtrapolationPredictor(false),
            new NetworkSimulatorConfig().latencyMs(50).lossFraction(0.05).seed(13),
            new SnapshotLinkConfig().payloadBudgetBytes(1200).snapshot(new SnapshotConfig().rangeCoded(true)), true, 5);
    }

    @Test
    void shouldKeepEverySnapshotWithinTheBudgetSetForIt()
    {
        final LinkedSnapshotSession session = session();
        assertEquals(1200, session.authority.payloadBudgetBytes());
        session.authority.payloadBudgetBytes(150);
        session.run(300);
        assertTrue(session.maxPayloadBytes <= 150, "largest payload " + session.maxPayloadBytes);
        assertTrue(session.maxPayloadBytes > 100, "the smaller budget is used, largest " + session.maxPayloadBytes);

        session.maxPayloadBytes = 0;
        session.authority.payloadBudgetBytes(1200);
        session.run(300);
        assertTrue(session.maxPayloadBytes > 150 && session.maxPayloadBytes <= 1200,
            "the configured budget again, largest " + session.maxPayloadBytes);
        assertEquals(0, session.mismatches, "the replica still decodes what it gets");
    }

    @Test
    void shouldRefuseABudgetBeyondTheConfiguredOne()
    {
        final LinkedSnapshotSession session = session();
        assertThrows(IllegalArgumentException.class, () -> session.authority.payloadBudgetBytes(1201));
        assertThrows(IllegalArgumentException.class, () -> session.authority.payloadBudgetBytes(15));
        assertEquals(1200, session.authority.payloadBudgetBytes());
    }
}
