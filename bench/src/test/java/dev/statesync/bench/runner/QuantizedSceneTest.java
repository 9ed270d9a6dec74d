package dev.statesync.bench.runner;

import dev.statesync.bench.player.PredictionReport;
import dev.statesync.bench.player.PredictionSession;
import dev.statesync.bench.scene.ObjectStates;
import dev.statesync.bench.scene.PlayerScene;
import dev.statesync.bench.scene.Scene;
import dev.statesync.sync.sim.NetworkSimulatorCounters;
import org.junit.jupiter.api.Test;

import static dev.statesync.bench.player.PredictionAssertions.assertPredictionEqualsServerBitForBit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Quantize-both-sides as the runner drives it, for the scene that sends state from inside its step.
 */
class QuantizedSceneTest
{
    private static final int TICKS = 5 * Scene.TICK_RATE_HZ;

    /**
     * The player scene's server must snap to the quantized state before it sends that state, and the client must
     * predict through the same quantization: snapped after the send, the client reconciles with numbers the server
     * does not go on from and is corrected on about half the ticks (618 of 1200 by default).
     */
    @Test
    void shouldPredictThePlayerSceneWithoutCorrectionsWhenStateIsQuantizedOnBothSides()
    {
        final QuantizedScene world = new QuantizedScene("player", SchemaKind.STATE);
        final PlayerScene scene = (PlayerScene)world.scene();
        for (int t = 0; t < TICKS; t++)
        {
            world.step();
        }
        final PredictionSession session = scene.session();
        final PredictionReport report = session.report();
        System.out.println("player scene, state schema quantized on both sides, 300 ticks: " + report);

        assertTrue(session.network().counter(NetworkSimulatorCounters.DROPPED_LOSS) > 0, "the link must lose packets");
        assertEquals(0, report.missingInputs(), "no server-only event: every input arrived in time");
        assertTrue(report.serverTicks() > TICKS - 20, report::toString);
        assertEquals(0, report.corrections(), report::toString);
        assertServerHoldsWhatItQuantized(world);
        assertPredictionEqualsServerBitForBit(session);
    }

    private static void assertServerHoldsWhatItQuantized(final QuantizedScene world)
    {
        final ObjectStates held = new ObjectStates(world.objectCount());
        world.scene().readState(held);
        final int stride = FloatRecords.stride(world.is3d());
        final float[] record = new float[stride];
        for (int i = 0; i < world.objectCount(); i++)
        {
            FloatRecords.toRecord(held, i, world.is3d(), record, 0);
            for (int k = 0; k < stride; k++)
            {
                assertEquals(Float.floatToRawIntBits(world.records()[i * stride + k]),
                    Float.floatToRawIntBits(record[k]), "object " + i + " value " + k);
            }
        }
    }
}
