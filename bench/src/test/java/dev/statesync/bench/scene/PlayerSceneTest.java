package dev.statesync.bench.scene;

import java.util.SplittableRandom;

import dev.statesync.bench.player.PlayerSceneConfig;
import dev.statesync.bench.player.PlayerWorld;
import dev.statesync.bench.player.PredictionReport;
import dev.statesync.sync.sim.NetworkSimulatorCounters;
import org.junit.jupiter.api.Test;

import static dev.statesync.bench.player.PredictionAssertions.assertPredictionEqualsServerBitForBit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The player scene: a deterministic session of a predicting client and an authoritative server whose predictions
 * stay exact without divergence and whose corrections stay small and smoothed when the link or the server makes
 * them diverge.
 */
class PlayerSceneTest
{
    private static final int TICKS = 1200;

    /**
     * Largest error a correction may have on a lossy link, metres: errors come from single ticks on which the
     * server held the player still for lack of input, a few centimetres each; a quarter metre is where the smoother's
     * small-error regime ends and corrections start to be seen.
     */
    private static final double MAX_LINK_CORRECTION_M = 0.25;

    /**
     * Largest displayed step per 60 Hz frame from the player's own motion, metres: walking (4 m/s) while jumping
     * (6 m/s) or falling is at most about 8 m/s, 0.13 m per frame.
     */
    private static final double MAX_OWN_MOTION_STEP_M = 0.15;

    /** The smoother gives up at most 15% of an offset per 60 Hz frame (0.85 per frame for errors of 1 m+). */
    private static final double SMOOTHER_RELEASE_PER_FRAME = 0.15;

    @Test
    void shouldProduceBitIdenticalStatesFromTheSameConfig()
    {
        final PlayerScene a = new PlayerScene(new PlayerSceneConfig());
        final PlayerScene b = new PlayerScene(new PlayerSceneConfig());
        final ObjectStates sa = new ObjectStates(a.objectCount());
        final ObjectStates sb = new ObjectStates(b.objectCount());
        final ObjectStates initial = new ObjectStates(a.objectCount());
        a.readState(initial);
        for (int t = 0; t < 300; t++)
        {
            a.step();
            b.step();
            a.readState(sa);
            b.readState(sb);
            final int diff = sa.firstBitDifference(sb);
            final int tick = t;
            assertEquals(-1, diff, () -> "tick " + tick + ": " + sa.describe(Math.max(diff, 0)));
        }
        int moved = 0;
        for (int i = 1; i < sa.count(); i++)
        {
            if (Math.hypot(sa.posX[i] - initial.posX[i], sa.posY[i] - initial.posY[i]) > 0.1)
            {
                moved++;
            }
        }
        assertTrue(moved >= 4, "the player must push crates around to prove anything, moved " + moved);
        assertTrue(Math.abs(sa.posX[0] - initial.posX[0]) > 2.0, "the player must walk");
    }

    @Test
    void shouldDifferWithAnotherSeed()
    {
        final PlayerScene a = new PlayerScene(new PlayerSceneConfig().seed(1));
        final PlayerScene b = new PlayerScene(new PlayerSceneConfig().seed(2));
        final ObjectStates sa = new ObjectStates(a.objectCount());
        final ObjectStates sb = new ObjectStates(b.objectCount());
        a.readState(sa);
        b.readState(sb);
        assertNotEquals(-1, sa.firstBitDifference(sb));
    }

    @Test
    void shouldPredictBitExactlyWithoutCorrectionsOnACleanLink()
    {
        final PlayerScene scene = run(new PlayerSceneConfig().latencyMs(0).jitterMs(0).lossFraction(0));
        final PredictionReport report = scene.predictionReport();

        assertEquals(0, report.corrections(), report::toString);
        assertEquals(0, report.missingInputs());
        assertEquals(report.maxRawStepM(), report.maxDisplayedStepM(), "nothing to smooth");
        assertPredictionEqualsServerBitForBit(scene.session());
    }

    @Test
    void shouldKeepCorrectionsSmallAndTheDisplaySmoothOnTheDefaultLink()
    {
        assertSmallCorrectionsOnLossyLink("default link (100 ms RTT, 5 ms jitter, 5% loss)", new PlayerSceneConfig(), 50);
    }

    @Test
    void shouldKeepCorrectionsSmallAndTheDisplaySmoothAt150MsRoundTripAnd10PercentLoss()
    {
        assertSmallCorrectionsOnLossyLink(
            "150 ms RTT, 5 ms jitter, 10% loss", new PlayerSceneConfig().latencyMs(75).lossFraction(0.10), 150);
    }

    private static void assertSmallCorrectionsOnLossyLink(
        final String label, final PlayerSceneConfig config, final long minLostPackets)
    {
        final PlayerScene scene = run(config);
        final PredictionReport report = scene.predictionReport();
        System.out.println(label + ", 1200 ticks: " + report);

        assertTrue(scene.session().network().counter(NetworkSimulatorCounters.DROPPED_LOSS) > minLostPackets,
            "the link must lose packets");
        assertTrue(report.serverTicks() > TICKS - 20);
        // Every input message repeats all unacknowledged inputs and the server buffers 4 ticks, so only 4+ losses
        // in a row or jitter beyond the buffer make an input late: at most 1% of ticks may need a correction.
        assertTrue(report.corrections() <= TICKS / 100, report::toString);
        assertTrue(report.maxCorrectionM() <= MAX_LINK_CORRECTION_M, report::toString);
        assertTrue(report.maxDisplayedStepM() <= MAX_OWN_MOTION_STEP_M, report::toString);
    }

    @Test
    void shouldKeepCorrectionsSmallAndSmoothedWhenLateInputsForceMany()
    {
        // 30 ms of jitter against a one-tick input buffer and 20% loss: inputs often arrive too late, the server
        // holds the player still for a tick and the client must correct.
        final PlayerScene scene = run(new PlayerSceneConfig()
            .latencyMs(75).jitterMs(30).lossFraction(0.20).inputBufferTicks(1));
        final PredictionReport report = scene.predictionReport();
        System.out.println("150 ms RTT, 30 ms jitter, 20% loss, 1-tick input buffer: " + report);

        assertTrue(report.missingInputs() > 5, "the link must make inputs late: " + report);
        assertTrue(report.corrections() > 5, report::toString);
        assertTrue(report.maxCorrectionM() <= MAX_LINK_CORRECTION_M, report::toString);
        assertEquals(0, report.smootherSnaps());
        assertTrue(report.maxDisplayedStepM() <= report.maxRawStepM() + 1e-9, report::toString);
        assertTrue(report.maxDisplayedStepM() <= MAX_OWN_MOTION_STEP_M, report::toString);
        assertTrue(report.maxDisplayedStepM() <=
            report.maxUncorrectedStepM() + SMOOTHER_RELEASE_PER_FRAME * report.maxCorrectionJumpM() + 1e-6,
            report::toString);
    }

    @Test
    void shouldCorrectAServerWriteWithinARoundTripAndHideTheJump()
    {
        final PlayerSceneConfig config = new PlayerSceneConfig().latencyMs(75).jitterMs(0).lossFraction(0.10);
        final PlayerScene scene = new PlayerScene(config);
        final ObjectStates state = new ObjectStates(scene.objectCount());
        final int kickTick = 400;
        int firstCorrectionTick = -1;
        for (int t = 0; t < TICKS; t++)
        {
            if (t == kickTick)
            {
                scene.readState(state);
                state.linX[PlayerWorld.PLAYER] += 3.0f;
                state.linY[PlayerWorld.PLAYER] += 4.0f;
                scene.applyState(PlayerWorld.PLAYER, state);
            }
            scene.step();
            if (firstCorrectionTick < 0 && scene.predictionReport().corrections() > 0)
            {
                firstCorrectionTick = t;
            }
        }
        final PredictionReport report = scene.predictionReport();
        System.out.println("server-side kick, 150 ms RTT, 10% loss: " + report);

        final int roundTripTicks = (int)Math.ceil(2 * config.latencyMs() * 60 / 1000.0) + config.inputBufferTicks();
        assertTrue(firstCorrectionTick >= kickTick, "no correction before the kick");
        assertTrue(firstCorrectionTick - kickTick <= roundTripTicks + 3, "corrected at tick " + firstCorrectionTick);
        assertTrue(report.corrections() <= 3, "then client and server agree again: " + report);
        assertTrue(report.maxCorrectionJumpM() > 0.2, "the correction is big enough to see unsmoothed: " + report);
        assertTrue(report.maxRawStepM() >= 0.5 * report.maxCorrectionJumpM(), "the raw display jumps");
        assertTrue(report.maxDisplayedStepM() <=
            report.maxUncorrectedStepM() + SMOOTHER_RELEASE_PER_FRAME * report.maxCorrectionJumpM() + 1e-6,
            report::toString);
        assertTrue(report.maxDisplayedStepM() < 0.5 * report.maxRawStepM(), "the smoothed display does not jump");
    }

    @Test
    void shouldKeepCorrectionsSmallAndSmoothedWhenTheServerWorldIsQuantizedEveryTick()
    {
        // Quantized state written into the server world between steps, every tick, is a server-only write: the
        // client predicts unquantized, so it is corrected on most ticks, by millimetres. (The runner's
        // quantize-both-sides snaps inside both worlds' steps instead, see QuantizedSceneTest.)
        final PlayerScene scene = new PlayerScene(new PlayerSceneConfig());
        final ObjectStates s = new ObjectStates(scene.objectCount());
        for (int t = 0; t < TICKS; t++)
        {
            scene.step();
            scene.readState(s);
            for (int i = 0; i < s.count(); i++)
            {
                s.posX[i] = grid(s.posX[i], 4096f);
                s.posY[i] = grid(s.posY[i], 4096f);
                s.linX[i] = grid(s.linX[i], 32f);
                s.linY[i] = grid(s.linY[i], 32f);
                s.angZ[i] = grid(s.angZ[i], 32f);
            }
            scene.applyStates(s);
        }
        final PredictionReport report = scene.predictionReport();
        System.out.println("quantized server world, default link: " + report);

        assertTrue(report.corrections() > TICKS / 4, "quantization must make the client diverge: " + report);
        assertTrue(report.meanCorrectionM() < 0.01, report::toString);
        assertTrue(report.maxCorrectionM() <= MAX_LINK_CORRECTION_M, report::toString);
        assertTrue(report.maxDisplayedStepM() < 0.5 * report.maxRawStepM(), report::toString);
        assertTrue(report.maxDisplayedStepM() <=
            report.maxUncorrectedStepM() + SMOOTHER_RELEASE_PER_FRAME * report.maxCorrectionJumpM() + 1e-6,
            report::toString);
    }

    private static float grid(final float value, final float unitsPerValue)
    {
        return Math.round(value * unitsPerValue) / unitsPerValue;
    }

    @Test
    void shouldReadBackWrittenAwakeStatesBitExactly()
    {
        final PlayerScene scene = new PlayerScene(new PlayerSceneConfig());
        for (int t = 0; t < 120; t++)
        {
            scene.step();
        }
        final ObjectStates written = randomAwakeStates(scene.objectCount(), new SplittableRandom(7));
        scene.applyStates(written);
        final ObjectStates read = new ObjectStates(scene.objectCount());
        scene.readState(read);
        final int diff = written.firstBitDifference(read);
        assertEquals(-1, diff, () -> "written " + written.describe(Math.max(diff, 0)) + "\nread    " +
            read.describe(Math.max(diff, 0)));

        final ObjectStates one = randomAwakeStates(scene.objectCount(), new SplittableRandom(8));
        scene.applyState(5, one);
        scene.readState(read);
        assertEquals(Float.floatToIntBits(one.posX[5]), Float.floatToIntBits(read.posX[5]));
        assertEquals(Float.floatToIntBits(one.angle[5]), Float.floatToIntBits(read.angle[5]));
        assertEquals(Float.floatToIntBits(one.linY[5]), Float.floatToIntBits(read.linY[5]));
        assertEquals(Float.floatToIntBits(one.angZ[5]), Float.floatToIntBits(read.angZ[5]));
    }

    @Test
    void shouldBeCreatedByNameAndReportPrediction()
    {
        final Scene scene = SceneFactory.create("player");
        assertEquals("player", scene.name());
        assertEquals(1 + 48, scene.objectCount());
        assertTrue(scene instanceof PredictionReporting);
        scene.step();
        assertEquals(1, ((PredictionReporting)scene).predictionReport().ticks());
    }

    private static PlayerScene run(final PlayerSceneConfig config)
    {
        final PlayerScene scene = new PlayerScene(config);
        for (int t = 0; t < TICKS; t++)
        {
            scene.step();
        }
        return scene;
    }

    private static ObjectStates randomAwakeStates(final int count, final SplittableRandom random)
    {
        final ObjectStates s = new ObjectStates(count);
        s.count(count);
        for (int i = 0; i < count; i++)
        {
            s.posX[i] = (float)random.nextDouble(-14, 14);
            s.posY[i] = (float)random.nextDouble(0.5, 6);
            s.angle[i] = i == PlayerWorld.PLAYER ? 0f : (float)random.nextDouble(-Math.PI, Math.PI);
            s.rotZ[i] = (float)StrictMath.sin(0.5 * s.angle[i]);
            s.rotW[i] = (float)StrictMath.cos(0.5 * s.angle[i]);
            s.linX[i] = (float)random.nextDouble(-10, 10);
            s.linY[i] = (float)random.nextDouble(-10, 10);
            s.angZ[i] = i == PlayerWorld.PLAYER ? 0f : (float)random.nextDouble(-5, 5);
        }
        return s;
    }
}
