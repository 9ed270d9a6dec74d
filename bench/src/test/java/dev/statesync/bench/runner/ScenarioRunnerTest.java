package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class ScenarioRunnerTest
{
    private static final List<String> TOP_KEYS = List.of("scene", "objects", "ticks", "hz", "schema",
        "changedPerSnapshot", "changedVsAckedPerSnapshot", "stages", "entropyBitsPerObject", "fidelity", "link", "prediction", "cpu");
    private static final List<String> STAGE_NAMES =
        List.of("uncompressed", "at-rest", "quantized", "smallest-three", "fiedler-2015", "statesync");

    private static RunReport run(final String... args)
    {
        return new ScenarioRunner(Options.parse(args), null).run();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(final RunReport report)
    {
        try
        {
            return new ObjectMapper().readValue(JsonReport.format(report), Map.class);
        }
        catch (final JsonProcessingException ex)
        {
            throw new AssertionError("the report is not JSON", ex);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void cubesRunShouldReportSaneStagesAndACleanLinkAndRepeatExactlyForTheSameSeed()
    {
        final RunReport first = run("--scene", "cubes", "--seconds", "3");
        final Map<String, Object> j = json(first);
        for (final String key : TOP_KEYS)
        {
            assertTrue(j.containsKey(key), key);
        }
        assertEquals("cubes", j.get("scene"));
        assertEquals(901, j.get("objects"));
        assertEquals(180, j.get("ticks"));
        assertEquals("snapshot", j.get("schema"));
        final List<Object> stages = (List<Object>)j.get("stages");
        assertEquals(STAGE_NAMES.size(), stages.size());
        for (int i = 0; i < stages.size(); i++)
        {
            final Map<String, Object> stage = (Map<String, Object>)stages.get(i);
            assertEquals(STAGE_NAMES.get(i), stage.get("name"));
            for (final String key : List.of("bitsPerSnapshot", "bitsPerObject", "bitsPerMovingObject", "kbps"))
            {
                assertNotNull(stage.get(key), STAGE_NAMES.get(i) + "." + key);
            }
        }
        for (final String key : List.of("positionErrorMeanM", "positionErrorP99M", "positionErrorMaxM",
            "rotationErrorP99Deg", "restingJitterM"))
        {
            assertTrue(((Map<String, Object>)j.get("fidelity")).containsKey(key), key);
        }
        for (final String key : List.of("packetsSent", "packetsAcked", "packetsLost", "invalidPackets", "baselineMisses", "rttMs"))
        {
            assertTrue(((Map<String, Object>)j.get("link")).containsKey(key), key);
        }
        assertTrue(((Map<String, Object>)j.get("prediction")).containsKey("perfectPredictionRate"));
        assertTrue(((Map<String, Object>)j.get("prediction")).containsKey("corrections"));
        assertTrue(((Map<String, Object>)j.get("cpu")).containsKey("encodeNsPerObject"));
        assertTrue(((Map<String, Object>)j.get("cpu")).containsKey("decodeNsPerObject"));

        assertSane(first);
        assertBitsAddUp(first);
        assertEquals(225.0, first.stage(Stage.UNCOMPRESSED).bitsPerObject(), "pos 96 + quat 128 + at rest 1");

        final RunReport second = run("--scene", "cubes", "--seconds", "3");
        for (final Stage stage : Stage.values())
        {
            assertEquals(first.stage(stage).bitsPerSnapshot(), second.stage(stage).bitsPerSnapshot(), stage.name());
        }
        assertEquals(first.positionErrorP99M(), second.positionErrorP99M());
        assertEquals(first.link(), second.link());
    }

    @Test
    void unackedReferencesShouldSaveBitsOnEveryOtherSnapshotAndMissOnlyWhatTheNetworkTookDown()
    {
        final RunReport on = run("--scene", "cubes", "--seconds", "3");
        final RunReport off = run("--scene", "cubes", "--seconds", "3", "--unacked-refs", "0");
        assertEquals(0, off.link().unackedReferenceSnapshots());
        assertEquals(0, off.link().baselineMisses(), "acked baselines only: nothing to miss");
        // Unbudgeted at 60 Hz the clean and the referencing snapshots alternate.
        final long referencing = on.link().unackedReferenceSnapshots();
        assertTrue(referencing >= on.link().packetsSent() * 2 / 5 && referencing <= on.link().packetsSent() / 2,
            referencing + " of " + on.link().packetsSent());
        assertTrue(on.link().baselineMisses() > 0, "a 5% link drops some references");
        final double ratio = on.stage(Stage.STATESYNC).bitsPerSnapshot() / off.stage(Stage.STATESYNC).bitsPerSnapshot();
        assertTrue(ratio < 0.9, "bits on / off " + ratio);
        assertEquals(off.stage(Stage.FIEDLER_2015).bitsPerSnapshot(), on.stage(Stage.FIEDLER_2015).bitsPerSnapshot(),
            0.02 * off.stage(Stage.FIEDLER_2015).bitsPerSnapshot(), "the reference stage is about the same states");

        // By kind: every snapshot is one or the other, their payloads add up to the stage's bits, and a baseline one
        // tick old is what makes the referencing ones cheaper than the clean ones.
        final LinkFigures kinds = on.link();
        assertEquals(on.ticks(), kinds.cleanSnapshots() + referencing, "unbudgeted: one snapshot a tick, of one kind");
        assertEquals(on.stage(Stage.STATESYNC).bitsPerSnapshot() * on.ticks(),
            kinds.cleanPayloadBits() + kinds.referencingPayloadBits(), 1e-6 * kinds.cleanPayloadBits(),
            "the two kinds' payloads are the stage's bits");
        assertTrue(kinds.referencingPayloadBitsMean() < 0.8 * kinds.cleanPayloadBitsMean(),
            kinds.referencingPayloadBitsMean() + " referencing against " + kinds.cleanPayloadBitsMean() + " clean");
        assertEquals(off.ticks(), off.link().cleanSnapshots(), "acked baselines only: every snapshot is clean");
        assertTrue(Double.isNaN(off.link().referencingPayloadBitsMean()), "no referencing snapshot, no mean");
    }

    /** Without loss a baseline miss is a reordering: held, the snapshot is applied after the one it names. */
    @Test
    void aSnapshotThatOvertookItsReferenceShouldBeHeldAndApplied()
    {
        final RunReport off = run("--scene", "cubes", "--seconds", "4", "--loss", "0", "--held-snapshots", "0");
        final RunReport on = run("--scene", "cubes", "--seconds", "4", "--loss", "0");
        assertTrue(off.link().baselineMisses() > 0, "10 ms of jitter reorders a referencing snapshot");
        assertEquals(0, off.link().heldSnapshots());
        assertEquals(off.link().baselineMisses(), on.link().heldSnapshots(), "each of them held");
        assertEquals(on.link().heldSnapshots(), on.link().heldApplied(), "and applied after its reference");
        assertEquals(0, on.link().baselineMisses());
        assertEquals(off.link().packetsAcked() + on.link().heldApplied(), on.link().packetsAcked(),
            "a held snapshot applied is acked");
    }

    @Test
    void aSnapshotOvertakenByTheNextShouldStillFillItsTickOnTheDisplay()
    {
        // 50 ms +- 10 ms each way reorders neighbouring snapshots now and then. Each one applied after a later one
        // must reach the display at its own tick: fed only the objects whose current state it changed, the display
        // blended across it and showed 0.049 m at a strike in these 5 s, where the run shows quantization alone.
        final RunReport jittery = run("--scene", "cubes", "--seconds", "5", "--loss", "0");
        final RunReport steady = run("--scene", "cubes", "--seconds", "5", "--loss", "0", "--jitter-ms", "0");
        assertTrue(jittery.positionErrorMaxM() < 0.01, "largest error " + jittery.positionErrorMaxM() + " m");
        assertEquals(steady.positionErrorMaxM(), jittery.positionErrorMaxM(), 0.002, "as without jitter");
    }

    @Test
    void pileRunQuantizedOnBothSidesShouldNeverJitterAtRest()
    {
        final RunReport report = run("--scene", "pile", "--seconds", "3");
        assertEquals("state", report.schema());
        assertSane(report);
        assertEquals(0.0, report.restingJitterM());
        assertEquals(193.0, report.stage(Stage.UNCOMPRESSED).bitsPerObject(), "2D: pos 64 + angle 32 + vel 96 + 1");
        assertTrue(report.stage(Stage.AT_REST).bitsPerSnapshot() < report.stage(Stage.UNCOMPRESSED).bitsPerSnapshot());
    }

    @Test
    void budgetedRunWithFixedFactorsShouldStayWithinItsBandwidthAndStillSendThePlayerEveryTick()
    {
        final RunReport report = run("--scene", "cubes", "--seconds", "3", "--budget-kbps", "128", "--loss", "0",
            "--rate-distortion", "off");
        assertSane(report, 2.0); // 128 kbps needs about 40 ticks to send all 901 cubes once
        assertTrue(report.stage(Stage.STATESYNC).kbps() <= 128 * 1.02, "kbps " + report.stage(Stage.STATESYNC).kbps());
        for (int tick = 1; tick <= report.ticks(); tick++)
        {
            assertTrue(report.sentRaster().get((tick - 1) * report.objects()), "player sent at tick " + tick);
        }
        assertEquals(new RateControlFigures("fixed", "1", 60.0, 0, 512, 9), report.rateControl());
    }

    /**
     * At 128 kbps the controller sends every 2 ticks: a display delay of transit + 2 ticks is spent by one lost
     * snapshot, transit + 2 send intervals is not. Seeded (the default seed, 5% loss), the first 6 s: 0.184 m with
     * the old fixed delay, 0.171 m with the delay that follows the interval (measured after the bits2 merge; before
     * it 0.305 and 0.18 m: which cube a lost snapshot strands moves with the bits each packet carries, so the test
     * holds the delay to a bound with margin and to never worse than the fixed one, not to a starving case;
     * FidelityTest pins one).
     */
    @Test
    @SuppressWarnings("unchecked")
    void budgetedDisplayDelayShouldFollowTheSendIntervalAndBoundTheLargestError()
    {
        // Without corner repeats, which fix the delay at their window plus the transit (the test below).
        final RunReport following = run("--scene", "cubes", "--seconds", "6", "--budget-kbps", "128",
            "--corner-repeats", "0");
        final RunReport fixed = run("--scene", "cubes", "--seconds", "6", "--budget-kbps", "128", "--display-delay", "6",
            "--corner-repeats", "0");

        final DisplayDelayFigures delay = following.displayDelay();
        assertEquals(6, delay.minTicks(), "transit 4 + 2 ticks before the interval is measured");
        assertEquals(8, delay.maxTicks(), "transit 4 + 2 x 2 ticks at a snapshot every 2 ticks");
        assertTrue(delay.meanMs() > 100 && delay.meanMs() < 140, "mean delay ms " + delay.meanMs());
        assertEquals(6, fixed.displayDelay().maxTicks());
        assertEquals(fixed.stage(Stage.STATESYNC).kbps(), following.stage(Stage.STATESYNC).kbps(), 1e-9,
            "the display delay changes nothing on the wire");
        assertTrue(following.positionErrorMaxM() <= 0.25, "largest error " + following.positionErrorMaxM());
        assertTrue(following.positionErrorMaxM() <= fixed.positionErrorMaxM(),
            "largest error " + following.positionErrorMaxM() + " against the fixed delay's " + fixed.positionErrorMaxM());
        assertTrue(following.positionErrorP99M() <= fixed.positionErrorP99M());
        final Map<String, Object> fidelity = (Map<String, Object>)json(following).get("fidelity");
        final Map<String, Object> json = (Map<String, Object>)fidelity.get("displayDelay");
        assertEquals(8, ((Number)json.get("maxTicks")).intValue());
        assertEquals(delay.meanMs(), ((Number)json.get("meanMs")).doubleValue(), 1e-6);
    }

    /**
     * Corner repeats, on by default under a budget: the replica's display is their window plus the transit behind
     * (20 + 4 ticks), and resending the corners the budget or the loss left out lowers the largest displayed error
     * (on this 6 s run 0.22 m without them, 0.06 m with).
     */
    @Test
    void cornerRepeatsShouldFixTheDisplayDelayAndLowerTheLargestError()
    {
        final RunReport corners = run("--scene", "cubes", "--seconds", "6", "--budget-kbps", "128");
        final RunReport without = run("--scene", "cubes", "--seconds", "6", "--budget-kbps", "128",
            "--corner-repeats", "0");
        assertEquals(Options.BUDGETED_CORNER_REPEAT_TICKS + 4, corners.displayDelay().minTicks());
        assertEquals(Options.BUDGETED_CORNER_REPEAT_TICKS + 4, corners.displayDelay().maxTicks());
        assertTrue(corners.positionErrorMaxM() <= 0.10, "largest error " + corners.positionErrorMaxM());
        assertTrue(corners.positionErrorMaxM() < without.positionErrorMaxM() / 2,
            corners.positionErrorMaxM() + " against " + without.positionErrorMaxM());
        assertTrue(corners.stage(Stage.STATESYNC).kbps() <= 128, "kbps " + corners.stage(Stage.STATESYNC).kbps());
    }

    @Test
    void rateDistortionControllerShouldStayWithinItsBandwidthAndSendThePlayerInEverySnapshot()
    {
        final RunReport report = run("--scene", "cubes", "--seconds", "3", "--budget-kbps", "128", "--loss", "0");
        assertSane(report, 2.0);
        final double kbps = report.stage(Stage.STATESYNC).kbps();
        assertTrue(kbps <= 128 * 1.02, "kbps " + kbps);
        final double[] perSecond = report.stage(Stage.STATESYNC).kbpsPerSecond();
        double sum = 0;
        for (final double second : perSecond)
        {
            assertTrue(second <= 128 * 1.05, "kbps of a second " + second);
            sum += second;
        }
        assertEquals(kbps, sum / perSecond.length, 1e-6, "the per-second figures are the same bits over time");
        final RateControlFigures rc = report.rateControl();
        assertEquals("error", rc.priority());
        assertEquals("auto", rc.sendInterval());
        assertTrue(rc.snapshotsPerSecond() > 0 && rc.snapshotsPerSecond() <= 60, "snapshots/s " + rc.snapshotsPerSecond());
        assertTrue(rc.positionUnitsPerMetre() < 512 || rc.rotationBits() < 9, "coarser quantization under a budget");
        int snapshots = 0;
        for (int tick = 1; tick <= report.ticks(); tick++)
        {
            final int first = (tick - 1) * report.objects();
            if (report.sentRaster().nextSetBit(first) >= 0 && report.sentRaster().nextSetBit(first) < first + report.objects())
            {
                snapshots++;
                assertTrue(report.sentRaster().get(first), "player sent in the snapshot of tick " + tick);
            }
        }
        assertTrue(snapshots > 0 && snapshots < report.ticks(), "some ticks skipped at 128 kbps: " + snapshots);
    }

    /** The breakdown adds up to the statesync stage; the cubes scene's moving objects are in or out of contact. */
    private static void assertBitsAddUp(final RunReport r)
    {
        final BitFigures bits = r.bits();
        assertTrue(bits.rangeCodedFrames() > 0);
        final double statesync = r.stage(Stage.STATESYNC).bitsPerSnapshot();
        assertEquals(statesync, bits.totalBitsPerSnapshot());
        double sum = 0;
        for (final BitFigures.Row row : bits.categories())
        {
            assertTrue(row.bitsPerSnapshot() >= 0, row.name());
            sum += row.bitsPerSnapshot();
        }
        assertEquals(statesync, sum, 1e-6);
        double classes = 0;
        for (final BitFigures.Row row : bits.classes())
        {
            classes += row.bitsPerSnapshot();
        }
        final double coded = sum - bits.categories().get(bits.categories().size() - 1).bitsPerSnapshot() -
            bits.categories().get(bits.categories().size() - 2).bitsPerSnapshot();
        assertEquals(coded, classes, 1e-6);
        assertTrue(bits.classes().get(BitBreakdown.CONTACT).bitsPerSnapshot() > 0);
        assertEquals(0.0, bits.classes().get(BitBreakdown.MOVING).bitsPerSnapshot(), "the cubes scene reports contacts");
    }

    private static void assertSane(final RunReport r)
    {
        assertSane(r, 0.25);
    }

    private static void assertSane(final RunReport r, final double maxP99M)
    {
        final double statesync = r.stage(Stage.STATESYNC).bitsPerSnapshot();
        final double smallestThree = r.stage(Stage.SMALLEST_THREE).bitsPerSnapshot();
        final double uncompressed = r.stage(Stage.UNCOMPRESSED).bitsPerSnapshot();
        assertTrue(statesync > 0 && statesync < smallestThree && smallestThree < uncompressed,
            statesync + " < " + smallestThree + " < " + uncompressed);
        assertTrue(r.stage(Stage.QUANTIZED).bitsPerSnapshot() >= smallestThree);
        assertTrue(r.stage(Stage.FIEDLER_2015).bitsPerSnapshot() < smallestThree);
        assertEquals(0, r.link().invalidPackets());
        // A baseline is missed only by a snapshot coded against the previous, unacked one (--unacked-refs) that the
        // network dropped or delivered late: a miss of an acked baseline would be a bug.
        assertTrue(r.link().baselineMisses() <= r.link().unackedReferenceSnapshots(),
            r.link().baselineMisses() + " misses, " + r.link().unackedReferenceSnapshots() + " unacked references");
        assertTrue(r.link().baselineMisses() < r.link().packetsSent() / 10, "misses " + r.link().baselineMisses());
        final long snapshots = r.rateControl() == null ? r.ticks() :
            Math.round(r.rateControl().snapshotsPerSecond() * r.ticks() / r.hz());
        assertEquals(snapshots, r.link().packetsSent(), "one packet per snapshot sent");
        assertTrue(r.link().packetsAcked() > snapshots / 2, "acked " + r.link().packetsAcked());
        assertTrue(r.changedPerSnapshot() > 0);
        assertTrue(r.changedVsAckedPerSnapshot() > 0);
        final StageFigures fiedler = r.stage(Stage.FIEDLER_2015);
        assertEquals(fiedler.bitsPerSnapshot() / r.changedVsAckedPerSnapshot(), fiedler.bitsPerMovingObject(),
            "bits per changed object divides by the objects changed against the acked baseline");
        assertTrue(r.entropyBitsPerObject() > 0 && r.entropyBitsPerObject() <= r.bitpackedBitsPerObjectSent(),
            r.entropyBitsPerObject() + " <= " + r.bitpackedBitsPerObjectSent());
        assertTrue(r.positionErrorP99M() >= 0 && r.positionErrorP99M() < maxP99M, "p99 " + r.positionErrorP99M());
        assertTrue(r.encodeNsPerObject() > 0 && r.decodeNsPerObject() > 0);
        // The second half's figures count only its own objects: some, fewer than the run's.
        assertTrue(r.secondHalfObjectsSent() > 0 && r.secondHalfObjectsSent() < r.objectsSent(),
            r.secondHalfObjectsSent() + " of " + r.objectsSent());
        assertTrue(r.secondHalfEncodeNsPerObject() > 0 && r.secondHalfDecodeNsPerObject() > 0);
    }
}
