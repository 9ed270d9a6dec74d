package dev.statesync.codec.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.statesync.codec.predict.CheapestOfPredictor;
import dev.statesync.codec.predict.FreeFlightExtrapolationPredictor;
import dev.statesync.codec.predict.HoldPredictor;
import dev.statesync.codec.predict.IntegratorModel;
import dev.statesync.codec.predict.LinearExtrapolationPredictor;
import dev.statesync.codec.predict.LinearExtrapolationPredictor.Rotation;
import dev.statesync.codec.state.StateSchema;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The cube run's predictor ranks its free-flight alternative by an approximation (the linear alternative's rotation)
 * and codes a chosen one against its damped prediction: the sender must code against exactly what the receiver
 * predicts, so every object decodes to what was sent (the simulation checks each one and throws otherwise).
 */
class FreeFlightRankingRoundTripTest
{
    @Property(tries = 60)
    void objectsRankedByTheApproximationDecodeToWhatWasSent(
        @ForAll @IntRange(max = 2) final int schemaIndex,
        @ForAll @IntRange(min = 1, max = 120) final int objectCount,
        @ForAll @IntRange(max = 30) final int lossPercent,
        @ForAll @IntRange(max = 4) final int maxDelayTicks,
        @ForAll final boolean rangeCoded,
        @ForAll final long seed)
    {
        final StateSchema schema = RandomStates.schema(schemaIndex);
        final CheapestOfPredictor predictor = holdLinearFreeFlight(schema);
        assertTrue(predictor.refinesApproximately(2));
        final SnapshotLinkSimulation link =
            new SnapshotLinkSimulation(schema, objectCount, predictor, seed, 16, rangeCoded);
        link.run(80, lossPercent / 100.0, maxDelayTicks, 0, 1);

        assertEquals(0, link.receiver.baselineMisses());
        assertEquals(0, link.receiver.malformedPackets());
        assertTrue(link.objectsChecked > 0, "objects decoded and compared");
    }

    /**
     * The runner's snapshot-schema predictor in shape: hold, linear with the quaternion rotation, and free flight
     * refining the linear one (ode4j's damping, gravity 9.81 m/s^2 down z, 60 Hz).
     */
    static CheapestOfPredictor holdLinearFreeFlight(final StateSchema schema)
    {
        final LinearExtrapolationPredictor linear = new LinearExtrapolationPredictor(Rotation.QUATERNION);
        return new CheapestOfPredictor(HoldPredictor.INSTANCE, linear,
            new FreeFlightExtrapolationPredictor(schema, IntegratorModel.ode(-9.81, 0.01, 0.01, 0.01, 0.01, 60), linear));
    }
}
