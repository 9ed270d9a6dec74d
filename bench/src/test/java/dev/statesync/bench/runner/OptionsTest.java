package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OptionsTest
{
    @Test
    void shouldDefaultToTwentySecondsOfCubesOverALossyHundredMillisecondRoundTrip()
    {
        final Options o = Options.parse();
        assertEquals("cubes", o.scene());
        assertEquals(1200, o.ticks());
        assertEquals(100.0, o.rttMs());
        assertEquals(50.0, o.oneWayLatencyMs());
        assertEquals(10.0, o.jitterMs());
        assertEquals(0.05, o.lossFraction());
        assertFalse(o.budgeted());
        assertEquals(SchemaKind.SNAPSHOT, o.schema());
        assertNull(o.jsonFile());
        assertNull(o.htmlFile());
        assertFalse(o.help());
    }

    @Test
    void shouldParseEveryOption()
    {
        final Options o = Options.parse("--scene", "pile", "--seconds", "2.5", "--seed", "-7", "--latency-ms", "60",
            "--jitter-ms", "3", "--loss", "0.2", "--budget-kbps", "256", "--schema", "snapshot",
            "--json", "a.json", "--html", "b.html");
        assertEquals("pile", o.scene());
        assertEquals(150, o.ticks());
        assertEquals(-7, o.seed());
        assertEquals(30.0, o.oneWayLatencyMs());
        assertEquals(3.0, o.jitterMs());
        assertEquals(0.2, o.lossFraction());
        assertTrue(o.budgeted());
        assertEquals(256.0, o.budgetKbps());
        assertEquals(SchemaKind.SNAPSHOT, o.schema());
        assertEquals("a.json", o.jsonFile());
        assertEquals("b.html", o.htmlFile());
    }

    @Test
    void shouldEngageTheRateDistortionControllerUnderABudgetUnlessTurnedOff()
    {
        final Options unlimited = Options.parse();
        assertFalse(unlimited.errorPriority() || unlimited.coarseQuantization() || unlimited.rateDistortionEngaged(),
            "an unbudgeted run is untouched");

        final Options budgeted = Options.parse("--budget-kbps", "128");
        assertTrue(budgeted.errorPriority() && budgeted.coarseQuantization() && budgeted.rateDistortionEngaged());
        assertEquals(Options.SEND_INTERVAL_AUTO, budgeted.sendIntervalTicks());
        assertEquals(0.02, budgeted.targetPositionM());
        assertEquals(2.0, budgeted.targetRotationDeg());

        for (final Options off : new Options[]{Options.parse("--budget-kbps", "128", "--rate-distortion", "off"),
            Options.parse("--rate-distortion", "off", "--priority", "error", "--budget-kbps", "128"),
            Options.parse("--budget-kbps", "128").withBudgetFixedFactors(128, 20)})
        {
            assertEquals(Options.PRIORITY_FIXED, off.priority());
            assertEquals(1, off.sendIntervalTicks());
            assertEquals(Options.QUANTIZATION_FIEDLER, off.quantization());
            assertFalse(off.rateDistortionEngaged());
        }

        assertFalse(Options.parse("--budget-kbps", "256").coarseQuantization(), "auto: Fiedler's precision at 256 kbps");
        assertTrue(Options.parse("--budget-kbps", "256", "--quantization", "coarse").coarseQuantization());

        final Options levers = Options.parse("--budget-kbps", "192", "--priority", "fixed", "--send-interval", "3",
            "--quantization", "fiedler", "--target-position-m", "0.05", "--target-rotation-deg", "4");
        assertFalse(levers.errorPriority() || levers.coarseQuantization());
        assertEquals(3, levers.sendIntervalTicks());
        assertTrue(levers.rateDistortionEngaged(), "a send interval other than 1 is the controller's");
        assertEquals(0.05, levers.targetPositionM());
        assertEquals(4.0, levers.targetRotationDeg());
    }

    @Test
    void shouldRefuseBadRateDistortionOptions()
    {
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--send-interval", "5"));
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--send-interval", "often"));
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--priority", "loud"));
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--quantization", "rough"));
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--rate-distortion", "maybe"));
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--target-position-m", "0"));
    }

    @Test
    void unackedReferencesAreOnUnbudgetedAndOffUnderABudgetUnlessSet()
    {
        assertEquals(Options.UNBUDGETED_UNACKED_REF_TICKS, Options.defaults().unackedRefTicks());
        assertEquals(Options.UNBUDGETED_UNACKED_REF_TICKS,
            Options.defaults().snapshotConfig().unackedReferenceMaxAgeTicks(), "the link's config carries it");
        assertEquals(0, Options.parse("--budget-kbps", "128").unackedRefTicks());
        assertEquals(0, Options.defaults().withBudget(128, 5).unackedRefTicks(), "a sweep's budgeted run: off");
        assertEquals(Options.UNBUDGETED_UNACKED_REF_TICKS, Options.parse("--budget-kbps", "128").withBudget(0, 5)
            .unackedRefTicks(), "a sweep's unlimited run: on");
        assertEquals(2, Options.parse("--budget-kbps", "128", "--unacked-refs", "2").unackedRefTicks());
        assertEquals(0, Options.parse("--unacked-refs", "0").snapshotConfig().unackedReferenceMaxAgeTicks());
        assertEquals(Options.UNBUDGETED_UNACKED_REF_TICKS, Options.parse("--unacked-refs", "auto").unackedRefTicks());
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--unacked-refs", "-1"));
        assertThrows(IllegalArgumentException.class,
            () -> Options.parse("--unacked-refs", String.valueOf(Options.MAX_UNACKED_REF_TICKS + 1)));
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--unacked-refs", "some"));
        assertEquals(1, Options.defaults().snapshotConfig().unackedReferenceChainDepth());
        assertEquals(2, Options.parse("--unacked-chain", "2").snapshotConfig().unackedReferenceChainDepth());
        assertEquals(2, Options.parse("--unacked-chain", "2").withBudget(0, 5).snapshotConfig()
            .unackedReferenceChainDepth(), "a sweep's run keeps it");
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--unacked-chain", "0"));
    }

    @Test
    void theLosslessChainIsDeeperWhileUnackedReferencesAreOnUnlessSet()
    {
        assertEquals(Options.UNBUDGETED_LOSSLESS_CHAIN_DEPTH,
            Options.defaults().snapshotConfig().unackedReferenceLosslessChainDepth());
        assertEquals(1, Options.parse("--budget-kbps", "128").snapshotConfig().unackedReferenceLosslessChainDepth(),
            "no unacked references under a budget: the --unacked-chain depth");
        assertEquals(1, Options.parse("--unacked-refs", "0").losslessChainDepth());
        assertEquals(4, Options.parse("--unacked-chain", "4").losslessChainDepth(), "never below --unacked-chain");
        assertEquals(1, Options.parse("--unacked-chain-lossless", "1").snapshotConfig()
            .unackedReferenceLosslessChainDepth());
        assertEquals(5, Options.parse("--unacked-chain-lossless", "5").withBudget(0, 5).losslessChainDepth(),
            "a sweep's run keeps it");
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--unacked-chain-lossless", "0"));
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--unacked-chain-lossless", "9"));
        assertEquals(dev.statesync.codec.snapshot.SnapshotConfig.DEFAULT_UNACKED_REFERENCE_LOSSLESS_AFTER_TICKS,
            Options.defaults().snapshotConfig().unackedReferenceLosslessAfterTicks());
        assertEquals(600, Options.parse("--unacked-lossless-after", "600").snapshotConfig()
            .unackedReferenceLosslessAfterTicks());
        assertThrows(IllegalArgumentException.class, () -> Options.parse("--unacked-lossless-after", "0"));
    }

    @Test
    void shouldSetFiedlersRecordingLinkWithOneFlag()
    {
        final Options o = Options.parse("--link", "fiedler");
        assertEquals(Options.LINK_FIEDLER, o.link());
        assertEquals(10.0, o.rttMs());
        assertEquals(5.0, o.oneWayLatencyMs());
        assertEquals(0.0, o.jitterMs());
        assertEquals(0.0, o.lossFraction());
        assertEquals(Options.LINK_DEFAULT, Options.parse().link());
    }

    @Test
    void shouldLetAnExplicitNetworkFigureOverrideTheLinkPresetInAnyOrder()
    {
        final Options before = Options.parse("--loss", "0.02", "--link", "fiedler");
        assertEquals(0.02, before.lossFraction());
        assertEquals(5.0, before.oneWayLatencyMs());
        final Options after = Options.parse("--link", "fiedler", "--latency-ms", "40");
        assertEquals(20.0, after.oneWayLatencyMs());
        assertEquals(0.0, after.jitterMs());
        assertEquals(0.0, after.lossFraction());
        final Options back = Options.parse("--link", "default");
        assertEquals(Options.DEFAULT_RTT_MS, back.rttMs());
        assertEquals(Options.DEFAULT_JITTER_MS, back.jitterMs());
        assertEquals(Options.DEFAULT_LOSS_FRACTION, back.lossFraction());
        assertMessage("--link", "--link", "lan");
    }

    @Test
    void shouldPickTheStateSchemaForPileAndPlayerUnlessTold()
    {
        assertEquals(SchemaKind.STATE, Options.parse("--scene", "pile").schema());
        assertEquals(SchemaKind.STATE, Options.parse("--scene", "player").schema());
        assertEquals(SchemaKind.STATE, Options.parse("--schema", "state").schema());
    }

    @Test
    void shouldParseTheUdpSubcommandsAndPort()
    {
        assertEquals(Options.COMMAND_RUN, Options.parse().command());
        assertEquals(Options.DEFAULT_PORT, Options.parse().port());
        final Options server = Options.parse("server", "--port", "41000", "--scene", "pile");
        assertEquals(Options.COMMAND_SERVER, server.command());
        assertEquals(41000, server.port());
        assertEquals(Options.COMMAND_CLIENT, Options.parse("client").command());
        assertMessage("--port", "--port", "70000");
        assertMessage("--port", "--port", "1.5");
        assertMessage("server", "--scene", "pile", "server");
    }

    @Test
    void shouldParseTheServersClientSlots()
    {
        assertEquals(Options.DEFAULT_MAX_CLIENTS, Options.parse("server").maxClients());
        assertEquals(3, Options.parse("server", "--max-clients", "3").maxClients());
        assertMessage("--max-clients", "server", "--max-clients", "0");
        assertMessage("--max-clients", "server", "--max-clients", "2.5");
    }

    @Test
    void shouldTurnCornerRepeatsOnUnderABudgetAndFixTheDisplayDelayForThem()
    {
        assertEquals(0, Options.parse().cornerRepeatTicks(), "auto unbudgeted: off");
        assertEquals(0, Options.parse().snapshotConfig().cornerRepeatMaxAgeTicks());
        final Options budgeted = Options.parse("--budget-kbps", "128");
        assertEquals(Options.BUDGETED_CORNER_REPEAT_TICKS, budgeted.cornerRepeatTicks());
        assertEquals(Options.BUDGETED_CORNER_REPEAT_TICKS, budgeted.snapshotConfig().cornerRepeatMaxAgeTicks());
        assertEquals(0, Options.parse("--budget-kbps", "128", "--corner-repeats", "0").cornerRepeatTicks());
        assertEquals(12, Options.parse("--corner-repeats", "12").cornerRepeatTicks(), "on unbudgeted too when asked");
        assertEquals(Options.BUDGETED_CORNER_REPEAT_TICKS, Options.parse().withBudget(128, 1).cornerRepeatTicks(),
            "a sweep's budgeted runs");
        assertMessage("--corner-repeats", "--corner-repeats", "33");
        assertMessage("--corner-repeats", "--corner-repeats", "-1");
    }

    @Test
    void shouldParseHowFarTheDisplayBlendsFromRestAndKeepItInASweepRun()
    {
        assertEquals(dev.statesync.sync.snapshot.SnapshotDisplayConfig.DEFAULT_MAX_BLEND_FROM_REST_TICKS,
            Options.parse().blendFromRestTicks(), "auto, unbudgeted: no corner repeats");
        assertEquals(Options.CORNER_BLEND_FROM_REST_TICKS,
            Options.parse("--budget-kbps", "128").blendFromRestTicks(), "auto under a budget: corner repeats on");
        assertEquals(0, Options.parse("--budget-kbps", "128", "--corner-repeats", "0").blendFromRestTicks());
        assertEquals(0, Options.parse("--budget-kbps", "128", "--blend-from-rest-ticks", "0").blendFromRestTicks());
        assertEquals(8, Options.parse("--blend-from-rest-ticks", "8").blendFromRestTicks());
        final Options o = Options.parse("--blend-from-rest-ticks", "16");
        assertEquals(16, o.blendFromRestTicks());
        assertEquals(16, o.withBudget(128, 1).blendFromRestTicks());
        assertMessage("--blend-from-rest-ticks", "--blend-from-rest-ticks", "-1");
        assertMessage("--blend-from-rest-ticks", "--blend-from-rest-ticks", "2.5");
    }

    @Test
    void shouldKeepTheDisplayOutOfTheGroundUnlessTurnedOffAndInASweepRun()
    {
        assertTrue(Options.parse().displayGround(), "on by default");
        final Options off = Options.parse("--display-ground", "off");
        assertFalse(off.displayGround());
        assertFalse(off.withBudget(128, 1).displayGround());
        assertTrue(Options.parse("--display-ground", "on").displayGround());
        assertMessage("--display-ground", "--display-ground", "maybe");
    }

    @Test
    void shouldUseTheRunnersRangeCodedPredictorUnlessToldAndKeepTheChoiceInEveryRunOfASweepOrOfSeeds()
    {
        final Options defaults = Options.defaults();
        assertEquals(PredictorChoice.RUNNER, defaults.predictor());
        assertTrue(defaults.rangeCoded());
        assertTrue(defaults.snapshotConfig().rangeCoded());
        final Options lean = Options.parse("--predictor", "hold", "--range-coding", "off", "--seeds", "2");
        assertEquals(PredictorChoice.HOLD, lean.predictor());
        assertFalse(lean.rangeCoded());
        assertFalse(lean.snapshotConfig().rangeCoded());
        for (final Options run : new Options[]{ lean.withSeed(2), lean.withBudget(128, 2), lean.withBudgetFixedFactors(128, 2) })
        {
            assertEquals(PredictorChoice.HOLD, run.predictor());
            assertFalse(run.snapshotConfig().rangeCoded(), "both ends of every run of it agree on the coding");
        }
        assertEquals(PredictorChoice.LINEAR, Options.parse("--predictor", "linear").predictor());
        assertEquals(PredictorChoice.LINEAR, Options.parse("--scene", "pile", "--schema", "snapshot", "--predictor", "linear").predictor());
        assertEquals(PredictorChoice.HOLD, Options.parse("--scene", "pile", "--predictor", "hold").predictor());
        assertMessage("--predictor linear needs the snapshot schema, the run's is state", "--scene", "pile", "--predictor", "linear");
        assertMessage("--predictor linear needs the snapshot schema", "--schema", "state", "--predictor", "linear");
        assertMessage("--predictor must be one of runner, linear, hold, got 'ballistic'", "--predictor", "ballistic");
        assertMessage("--range-coding must be one of on, off", "--range-coding", "maybe");
    }

    @Test
    void shouldRecogniseHelp()
    {
        assertTrue(Options.parse("--help").help());
    }

    @Test
    void shouldRejectBadValuesWithAMessageNamingTheOption()
    {
        assertMessage("--scene", "--scene", "moon");
        assertMessage("--seconds", "--seconds", "0");
        assertMessage("--seconds", "--seconds", "abc");
        assertMessage("--seed", "--seed", "1.5");
        assertMessage("--latency-ms", "--latency-ms", "-1");
        assertMessage("--jitter-ms", "--jitter-ms", "NaN");
        assertMessage("--loss", "--loss", "5");
        assertMessage("--budget-kbps", "--budget-kbps", "1");
        assertMessage("--schema", "--schema", "full");
        assertMessage("--json", "--json", "--html");
        assertMessage("--frobnicate", "--frobnicate", "1");
        assertMessage("--seconds", "--seconds");
        assertMessage("stray", "stray");
    }

    private static void assertMessage(final String expected, final String... args)
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> Options.parse(args));
        assertTrue(ex.getMessage().contains(expected), ex.getMessage());
        assertFalse(ex.getMessage().contains("\n"), "one line: " + ex.getMessage());
    }

    @Test
    void shouldDefaultTheSweepToSixBudgetsOfTenSecondsAndCopyTheRunForEachBudget()
    {
        final Options o = Options.parse("--scene", "pile", "--seed", "9", "--json", "a.json");
        assertFalse(o.sweep());
        assertArrayEquals(new double[]{ 0, 512, 384, 256, 192, 128 }, o.sweepKbps());
        assertEquals(10.0, o.sweepSeconds());
        final Options run = o.withBudget(192, 2);
        assertEquals(192, run.budgetKbps());
        assertTrue(run.budgeted());
        assertEquals(120, run.ticks());
        assertEquals("pile", run.scene());
        assertEquals(9, run.seed());
        assertEquals(o.rttMs(), run.rttMs());
        assertNull(run.jsonFile(), "a sweep run writes no report of its own");
        assertFalse(o.withBudget(0, 1).budgeted());
        final Options given = Options.parse("--sweep", "--sweep-kbps", "300, unlimited", "--sweep-seconds", "3");
        assertTrue(given.sweep());
        assertArrayEquals(new double[]{ 300, 0 }, given.sweepKbps());
        assertEquals(3.0, given.sweepSeconds());
    }
    @Test
    void shouldRunNoOtherSeedsUnlessAskedAndCopyEverythingButTheSeedForEach()
    {
        assertEquals(0, Options.defaults().seedRuns());
        final Options o = Options.parse("--scene", "pile", "--seed", "9", "--seconds", "3", "--budget-kbps", "200",
            "--unacked-refs", "1", "--display-delay", "8", "--seeds", "5", "--sweep", "--json", "a.json");
        assertEquals(5, o.seedRuns());
        final Options run = o.withSeed(4);
        assertEquals(4, run.seed());
        assertEquals(9, o.seed(), "the run's own options keep their seed");
        assertEquals("pile", run.scene());
        assertEquals(180, run.ticks());
        assertEquals(200, run.budgetKbps());
        assertEquals(o.unackedRefTicks(), run.unackedRefTicks());
        assertEquals(o.displayDelayTicks(), run.displayDelayTicks());
        assertEquals(o.rttMs(), run.rttMs());
        assertEquals(o.lossFraction(), run.lossFraction());
        assertEquals(0, run.seedRuns(), "a seed's run runs no seeds of its own");
        assertFalse(run.sweep(), "nor a sweep");
        assertNull(run.jsonFile(), "nor writes a report");
        assertEquals(Options.MAX_SEED_RUNS, Options.parse("--seeds", Integer.toString(Options.MAX_SEED_RUNS)).seedRuns());
        assertMessage("--seeds must be in", "--seeds", "-1");
        assertMessage("--seeds must be in", "--seeds", Integer.toString(Options.MAX_SEED_RUNS + 1));
    }

    @Test
    void shouldExplainNoErrorsUnlessAskedAndNotInTheRunsOfASweepOrOfSeeds()
    {
        assertEquals(0, Options.defaults().largestErrors());
        final Options o = Options.parse("--largest-errors", "7", "--seeds", "2");
        assertEquals(7, o.largestErrors());
        assertEquals(0, o.withSeed(2).largestErrors(), "a seed's run is a figure, not a diagnosis");
        assertEquals(0, o.withBudget(128, 2).largestErrors());
        assertEquals(Options.MAX_LARGEST_ERRORS,
            Options.parse("--largest-errors", Integer.toString(Options.MAX_LARGEST_ERRORS)).largestErrors());
        assertMessage("--largest-errors must be in", "--largest-errors", "-1");
        assertMessage("--largest-errors must be in", "--largest-errors", Integer.toString(Options.MAX_LARGEST_ERRORS + 1));
    }
}
