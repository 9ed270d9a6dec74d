package dev.statesync.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class JsonReportTest
{
    /** The keys of src/site/report-schema.md, in its order. */
    private static final List<String> TOP_KEYS = List.of("scene", "objects", "ticks", "hz", "schema", "seed", "rttMs",
        "jitterMs", "lossFraction", "budgetKbps", "predictor", "rangeCoded", "changedPerSnapshot", "changedVsAckedPerSnapshot",
        "atRestPerSnapshot",
        "stages", "statesyncToFiedlerRatio", "statesyncBits", "entropyBitsPerObject", "bitpackedBitsPerObjectSent", "fidelity", "link",
        "prediction", "cpu", "wallTimeMs");
    private static final List<String> STAGE_KEYS = List.of("name", "bitsPerSnapshot", "bitsPerObject", "bitsPerMovingObject", "kbps");
    private static final List<String> FIDELITY_KEYS = List.of("delayTicks", "displayDelay", "positionErrorMeanM", "positionErrorP99M",
        "positionErrorMaxM", "rotationErrorP99Deg", "restingJitterM");
    private static final List<String> LINK_KEYS =
        List.of("packetsSent", "packetsAcked", "packetsLost", "invalidPackets", "baselineMisses",
            "unackedReferenceSnapshots", "deepChainSnapshots", "cleanSnapshots", "cleanPayloadBitsMean",
            "referencingPayloadBitsMean", "heldSnapshots", "heldApplied", "rttMs");
    private static final List<String> PREDICTION_KEYS =
        List.of("perfectPredictionRate", "corrections", "largestCorrectionM", "largestDisplayedJumpPerFrameM");
    private static final List<String> CPU_KEYS = List.of("encodeNsPerObject", "decodeNsPerObject", "objectsSent",
        "clientsPerCoreEncode", "clientsPerCoreEncodeDecode", "secondHalfEncodeNsPerObject",
        "secondHalfDecodeNsPerObject", "secondHalfObjectsSent", "secondHalfClientsPerCoreEncode",
        "secondHalfClientsPerCoreEncodeDecode");

    @Test
    void shouldWriteNonFiniteNumbersAsNullAndWholeNumbersWithoutAFraction()
    {
        assertTrue(JsonReport.number(Double.NaN).isNull());
        assertTrue(JsonReport.number(Double.POSITIVE_INFINITY).isNull());
        assertTrue(JsonReport.number(Double.NEGATIVE_INFINITY).isNull());
        assertTrue(JsonReport.number(901.0).isIntegralNumber());
        assertEquals("901", JsonReport.number(901.0).toString());
        assertEquals(0.125, JsonReport.number(0.125).doubleValue());
        assertEquals(1.5e-7, JsonReport.number(1.5e-7).doubleValue());
        assertEquals(123456.7, JsonReport.number(123456.7).doubleValue());
    }

    @Test
    void shouldWriteEveryDocumentedKeyInTheDocumentedOrderAndNullsForWhatTheRunDidNotHave() throws Exception
    {
        final RunReport report = new ScenarioRunner(Options.parse("--scene", "pile", "--seconds", "0.2"), null).run();
        final String text = JsonReport.format(report);
        final JsonNode json = new ObjectMapper().readTree(text);

        assertEquals(TOP_KEYS, keys(json));
        assertEquals("pile", json.get("scene").asText());
        assertTrue(json.get("objects").isIntegralNumber());
        assertEquals(report.objects(), json.get("objects").asInt());
        assertEquals(12, json.get("ticks").asInt());
        assertTrue(json.get("rttMs").isIntegralNumber(), "100 ms is written as 100");
        assertTrue(json.get("budgetKbps").isNull(), "unbudgeted");
        assertEquals("runner", json.get("predictor").asText());
        assertTrue(json.get("rangeCoded").asBoolean());
        assertEquals(Stage.values().length, json.get("stages").size());
        for (int i = 0; i < Stage.values().length; i++)
        {
            final JsonNode stage = json.get("stages").get(i);
            assertEquals(STAGE_KEYS, keys(stage));
            assertEquals(Stage.values()[i].reportName(), stage.get("name").asText());
            assertEquals(report.stages().get(i).bitsPerSnapshot(), stage.get("bitsPerSnapshot").asDouble());
        }
        final JsonNode bits = json.get("statesyncBits");
        assertEquals(List.of("rangeCodedFrames", "bitsPerSnapshot", "byField", "byObjectClass"), keys(bits));
        assertEquals(report.bits().categories().size(), bits.get("byField").size());
        assertEquals(report.bits().classes().size(), bits.get("byObjectClass").size());
        assertEquals(List.of("name", "bitsPerSnapshot"), keys(bits.get("byField").get(0)));
        assertEquals("header", bits.get("byField").get(0).get("name").asText());
        assertEquals("packet", bits.get("byObjectClass").get(0).get("name").asText());
        assertEquals(FIDELITY_KEYS, keys(json.get("fidelity")));
        assertEquals(List.of("minTicks", "maxTicks", "meanTicks", "meanMs", "sparePackets"),
            keys(json.get("fidelity").get("displayDelay")));
        assertEquals(report.displayDelay().maxTicks(), json.get("fidelity").get("displayDelay").get("maxTicks").asInt());
        assertEquals(LINK_KEYS, keys(json.get("link")));
        assertEquals(report.link().packetsSent(), json.get("link").get("packetsSent").asLong());
        assertEquals(report.link().cleanPayloadBitsMean(), json.get("link").get("cleanPayloadBitsMean").asDouble());
        assertEquals(PREDICTION_KEYS, keys(json.get("prediction")));
        assertTrue(json.get("prediction").get("corrections").isNull(), "the pile predicts no player");
        assertEquals(CPU_KEYS, keys(json.get("cpu")));
        final JsonNode cpu = json.get("cpu");
        // One second of CPU over what a second of this client's objects cost.
        final double objectsPerSecond = report.objectsSent() / report.seconds();
        assertEquals(1e9 / (report.encodeNsPerObject() * objectsPerSecond), cpu.get("clientsPerCoreEncode").asDouble(),
            1e-6 * cpu.get("clientsPerCoreEncode").asDouble());
        assertTrue(cpu.get("clientsPerCoreEncodeDecode").asDouble() < cpu.get("clientsPerCoreEncode").asDouble(),
            "decoding too leaves fewer clients per core");
        assertTrue(text.endsWith("}\n"));
    }

    private static List<String> keys(final JsonNode object)
    {
        final List<String> keys = new ArrayList<>();
        object.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
