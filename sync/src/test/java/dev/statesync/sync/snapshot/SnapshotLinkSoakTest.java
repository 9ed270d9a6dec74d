package dev.statesync.sync.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.Predictor;
import dev.statesync.codec.snapshot.SnapshotConfig;
import dev.statesync.codec.state.StateSchema;
import dev.statesync.sync.sim.NetworkSimulatorConfig;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * Randomized network conditions, schemas, budgets, motion and payload format (bitpacked or framed and
 * range-coded) per run, each run checking itself: every
 * object the replica updates equals what the authority sent for that tick, and no snapshot fails. The
 * reorder spread stays below the receiver's 16-tick reorder window, so no snapshot may be refused as stale.
 * After the motion stops, the replica must hold every object's final state: the resend policy must deliver
 * final states whose packets were all lost.
 */
class SnapshotLinkSoakTest
{
    /** 20 s: at 50% loss and the tightest budget every object gets many resend timeouts to be delivered. */
    private static final int SETTLE_TICKS = 1200;

    @Property(tries = 12)
    void everyRunSelfValidatesUnderRandomConditions(
        @ForAll @DoubleRange(max = 150) final double latencyMs,
        @ForAll @DoubleRange(max = 50) final double jitterMs,
        @ForAll @DoubleRange(max = 0.5) final double loss,
        @ForAll @DoubleRange(max = 0.1) final double duplicates,
        @ForAll @DoubleRange(max = 0.1) final double reorder,
        @ForAll @IntRange(min = 1, max = 160) final int objects,
        @ForAll @IntRange(min = 64, max = 1200) final int budgetBytes,
        @ForAll @IntRange(max = 3) final int schemaIndex,
        @ForAll final boolean priorities,
        @ForAll final long seed)
    {
        final StateSchema schema = switch (schemaIndex)
        {
            case 0 -> StateSchema.fiedler3d();
            case 1 -> StateSchema.snapshot3d();
            case 2 -> StateSchema.highPrecision2d();
            default -> StateSchema.builder2d().velocities(false).build();
        };
        final Predictor predictor = seed % 2 == 0 ? HoldPredictor.INSTANCE : new LinearExtrapolationPredictor(seed % 3 == 0);
        final NetworkSimulatorConfig network = new NetworkSimulatorConfig().latencyMs(latencyMs).jitterMs(jitterMs)
            .lossFraction(loss).duplicateFraction(duplicates).reorderFraction(reorder).reorderDelayMs(60).seed(seed);
        final LinkedSnapshotSession session = new LinkedSnapshotSession(schema, objects, predictor, network,
            new SnapshotLinkConfig().payloadBudgetBytes(budgetBytes)
                .snapshot(new SnapshotConfig().rangeCoded((seed & 1) == 0)),
            priorities, seed ^ 0x5A5A);

        session.run(1500);
        final long appliedWhileMoving = session.snapshotsApplied;
        // Then nothing moves: final states whose packets were all lost must still arrive (resend timeout).
        session.stopMotion();
        session.run(SETTLE_TICKS);

        assertEquals(0, session.objectsOutOfSync(), "objects not at their final state after settling");
        assertEquals(0, session.mismatches);
        assertEquals(0, session.replica.decodeFailures(), "malformed " + session.replica.counter(SnapshotReplicaCounters.REFUSED_MALFORMED) +
            ", baseline missing " + session.replica.counter(SnapshotReplicaCounters.REFUSED_BASELINE_MISSING) +
            ", stale " + session.replica.counter(SnapshotReplicaCounters.REFUSED_STALE));
        assertTrue(appliedWhileMoving > 1500 * (1 - loss) * 0.8, "applied " + appliedWhileMoving);
        assertTrue(session.maxPayloadBytes <= budgetBytes, "payload of " + session.maxPayloadBytes + " bytes");
    }
}
