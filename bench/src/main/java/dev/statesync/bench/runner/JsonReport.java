package dev.statesync.bench.runner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A {@link RunReport} as JSON, written by Jackson: keys and nesting as documented in
 * {@code src/site/report-schema.md}, in that order. A figure that is undefined (NaN, infinite) is {@code null};
 * a whole number is written without a fraction ({@code "objects": 901}, {@code "rttMs": 100}).
 */
public final class JsonReport
{
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonReport()
    {
    }

    /** @return the report as one JSON object, indented, ending in a newline. */
    public static String format(final RunReport r)
    {
        return format(r, java.util.List.of());
    }

    /**
     * @param sweep the points of a {@code --sweep}, or empty (then there is no {@code sweep} key).
     * @return the report as one JSON object, indented, ending in a newline.
     */
    public static String format(final RunReport r, final java.util.List<SweepPoint> sweep)
    {
        return format(r, sweep, java.util.List.of());
    }

    /**
     * @param sweep the points of a {@code --sweep}, or empty (then there is no {@code sweep} key).
     * @param seeds the runs of {@code --seeds}, or empty (then there is no {@code seeds} key).
     * @return the report as one JSON object, indented, ending in a newline.
     */
    public static String format(
        final RunReport r, final java.util.List<SweepPoint> sweep, final java.util.List<SeedPoint> seeds)
    {
        final ObjectNode root = tree(r);
        if (!seeds.isEmpty())
        {
            final ArrayNode runs = root.putArray("seeds");
            for (final SeedPoint p : seeds)
            {
                final ObjectNode run = runs.addObject();
                run.put("seed", p.seed());
                run.set("bitsPerSnapshot", number(p.bitsPerSnapshot()));
                run.set("ratioToFiedler", number(p.ratioToFiedler()));
                run.set("kbps", number(p.kbps()));
                run.set("positionErrorP99M", number(p.positionErrorP99M()));
                run.set("positionErrorMaxM", number(p.positionErrorMaxM()));
                run.set("rotationErrorP99Deg", number(p.rotationErrorP99Deg()));
                run.put("snapshotDatagramsLost", p.snapshotDatagramsLost());
                run.put("baselineMisses", p.baselineMisses());
            }
        }
        if (!sweep.isEmpty())
        {
            root.set("sweepSeconds", number(r.options().sweepSeconds()));
            final ArrayNode points = root.putArray("sweep");
            for (final SweepPoint p : sweep)
            {
                final ObjectNode point = points.addObject();
                point.set("budgetKbps", number(p.budgetKbps() > 0 ? p.budgetKbps() : Double.NaN));
                point.put("rateDistortion", p.rateDistortion());
                point.set("kbps", number(p.kbps()));
                point.set("positionErrorMeanM", number(p.positionErrorMeanM()));
                point.set("positionErrorP99M", number(p.positionErrorP99M()));
                point.set("positionErrorMaxM", number(p.positionErrorMaxM()));
                point.set("rotationErrorP99Deg", number(p.rotationErrorP99Deg()));
                point.set("displayDelayMeanMs", number(p.displayDelayMeanMs()));
            }
        }
        try
        {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        }
        catch (final JsonProcessingException ex)
        {
            throw new IllegalStateException("a tree of plain nodes always serializes", ex);
        }
    }

    /** @return the report as a JSON tree. */
    static ObjectNode tree(final RunReport r)
    {
        final Options o = r.options();
        final ObjectNode root = NODES.objectNode();
        root.put("scene", r.scene());
        root.put("objects", r.objects());
        root.put("ticks", r.ticks());
        root.put("hz", r.hz());
        root.put("schema", r.schema());
        root.put("seed", o.seed());
        root.set("rttMs", number(o.rttMs()));
        root.set("jitterMs", number(o.jitterMs()));
        root.set("lossFraction", number(o.lossFraction()));
        root.set("budgetKbps", number(o.budgeted() ? o.budgetKbps() : Double.NaN));
        root.put("predictor", o.predictor().text());
        root.put("rangeCoded", o.rangeCoded());
        final RateControlFigures rc = r.rateControl();
        if (rc != null)
        {
            final ObjectNode rate = root.putObject("rateControl");
            rate.put("priority", rc.priority());
            rate.put("sendInterval", rc.sendInterval());
            rate.set("snapshotsPerSecond", number(rc.snapshotsPerSecond()));
            rate.put("intervalChanges", rc.intervalChanges());
            rate.put("positionUnitsPerMetre", rc.positionUnitsPerMetre());
            rate.put("rotationBits", rc.rotationBits());
        }
        root.set("changedPerSnapshot", number(r.changedPerSnapshot()));
        root.set("changedVsAckedPerSnapshot", number(r.changedVsAckedPerSnapshot()));
        root.set("atRestPerSnapshot", number(r.atRestPerSnapshot()));
        final ArrayNode stages = root.putArray("stages");
        for (final StageFigures s : r.stages())
        {
            final ObjectNode stage = stages.addObject();
            stage.put("name", s.name());
            stage.set("bitsPerSnapshot", number(s.bitsPerSnapshot()));
            stage.set("bitsPerObject", number(s.bitsPerObject()));
            stage.set("bitsPerMovingObject", number(s.bitsPerMovingObject()));
            stage.set("kbps", number(s.kbps()));
        }
        root.set("statesyncToFiedlerRatio", number(r.statesyncToFiedlerRatio()));
        final BitFigures b = r.bits();
        if (b != null)
        {
            final ObjectNode bits = root.putObject("statesyncBits");
            bits.put("rangeCodedFrames", b.rangeCodedFrames());
            bits.set("bitsPerSnapshot", number(b.totalBitsPerSnapshot()));
            rows(bits.putArray("byField"), b.categories());
            rows(bits.putArray("byObjectClass"), b.classes());
        }
        root.set("entropyBitsPerObject", number(r.entropyBitsPerObject()));
        root.set("bitpackedBitsPerObjectSent", number(r.bitpackedBitsPerObjectSent()));

        final ObjectNode fidelity = root.putObject("fidelity");
        fidelity.put("delayTicks", r.delayTicks());
        final DisplayDelayFigures delay = r.displayDelay();
        final ObjectNode displayDelay = fidelity.putObject("displayDelay");
        displayDelay.put("minTicks", delay.minTicks());
        displayDelay.put("maxTicks", delay.maxTicks());
        displayDelay.set("meanTicks", number(delay.meanTicks()));
        displayDelay.set("meanMs", number(delay.meanMs()));
        displayDelay.put("sparePackets", delay.sparePackets());
        fidelity.set("positionErrorMeanM", number(r.positionErrorMeanM()));
        fidelity.set("positionErrorP99M", number(r.positionErrorP99M()));
        fidelity.set("positionErrorMaxM", number(r.positionErrorMaxM()));
        fidelity.set("rotationErrorP99Deg", number(r.rotationErrorP99Deg()));
        fidelity.set("restingJitterM", number(r.restingJitterM()));
        final DisplayErrorFigures errors = r.displayErrors();
        if (errors != null)
        {
            final ObjectNode displayErrors = fidelity.putObject("displayErrors");
            displayErrors.set("thresholdM", number(errors.thresholdM()));
            final ArrayNode largest = displayErrors.putArray("largest");
            for (final DisplayErrorFigures.LargestError e : errors.largest())
            {
                final ObjectNode row = largest.addObject();
                row.set("errorM", number(e.errorM()));
                row.put("object", e.object());
                row.put("displayTick", e.displayTick());
                row.put("heldTick", e.heldTick());
                row.set("towardsTick", e.towardsTick() == DisplayErrorFigures.NO_TICK ? NODES.nullNode() :
                    NODES.numberNode(e.towardsTick()));
                row.put("causes", e.causes());
            }
            final ArrayNode byCause = displayErrors.putArray("byCause");
            for (final DisplayErrorFigures.CauseCount c : errors.byCause())
            {
                final ObjectNode row = byCause.addObject();
                row.put("causes", c.causes());
                row.put("samples", c.samples());
                row.set("largestM", number(c.largestM()));
            }
        }

        final LinkFigures l = r.link();
        final ObjectNode link = root.putObject("link");
        link.put("packetsSent", l.packetsSent());
        link.put("packetsAcked", l.packetsAcked());
        link.put("packetsLost", l.packetsLost());
        link.put("invalidPackets", l.invalidPackets());
        link.put("baselineMisses", l.baselineMisses());
        link.put("unackedReferenceSnapshots", l.unackedReferenceSnapshots());
        link.put("deepChainSnapshots", l.deepChainSnapshots());
        link.put("cleanSnapshots", l.cleanSnapshots());
        link.set("cleanPayloadBitsMean", number(l.cleanPayloadBitsMean()));
        link.set("referencingPayloadBitsMean", number(l.referencingPayloadBitsMean()));
        link.put("heldSnapshots", l.heldSnapshots());
        link.put("heldApplied", l.heldApplied());
        link.set("rttMs", number(l.rttMs()));

        final PredictionFigures p = r.prediction();
        final ObjectNode prediction = root.putObject("prediction");
        prediction.set("perfectPredictionRate", number(r.perfectPredictionRate()));
        prediction.set("corrections", p == null ? NODES.nullNode() : NODES.numberNode(p.corrections()));
        prediction.set("largestCorrectionM", number(p == null ? Double.NaN : p.largestCorrectionM()));
        prediction.set("largestDisplayedJumpPerFrameM", number(p == null ? Double.NaN : p.largestDisplayedJumpPerFrameM()));

        final ObjectNode cpu = root.putObject("cpu");
        cpu.set("encodeNsPerObject", number(r.encodeNsPerObject()));
        cpu.set("decodeNsPerObject", number(r.decodeNsPerObject()));
        cpu.put("objectsSent", r.objectsSent());
        cpu.set("clientsPerCoreEncode", number(RunReport.clientsPerCore(r.encodeNsPerObject(), r.objectsSent(), r.seconds())));
        cpu.set("clientsPerCoreEncodeDecode", number(RunReport.clientsPerCore(
            r.encodeNsPerObject() + r.decodeNsPerObject(), r.objectsSent(), r.seconds())));
        cpu.set("secondHalfEncodeNsPerObject", number(r.secondHalfEncodeNsPerObject()));
        cpu.set("secondHalfDecodeNsPerObject", number(r.secondHalfDecodeNsPerObject()));
        cpu.put("secondHalfObjectsSent", r.secondHalfObjectsSent());
        cpu.set("secondHalfClientsPerCoreEncode", number(RunReport.clientsPerCore(
            r.secondHalfEncodeNsPerObject(), r.secondHalfObjectsSent(), r.secondHalfSeconds())));
        cpu.set("secondHalfClientsPerCoreEncodeDecode", number(RunReport.clientsPerCore(
            r.secondHalfEncodeNsPerObject() + r.secondHalfDecodeNsPerObject(), r.secondHalfObjectsSent(),
            r.secondHalfSeconds())));
        root.put("wallTimeMs", r.wallTimeMs());
        return root;
    }

    private static void rows(final ArrayNode array, final java.util.List<BitFigures.Row> rows)
    {
        for (final BitFigures.Row row : rows)
        {
            final ObjectNode node = array.addObject();
            node.put("name", row.name());
            node.set("bitsPerSnapshot", number(row.bitsPerSnapshot()));
        }
    }

    /**
     * @return {@code null} for NaN and infinities (JSON has neither), a whole number as an integer, else the
     *         double.
     */
    static JsonNode number(final double value)
    {
        if (!Double.isFinite(value))
        {
            return NODES.nullNode();
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15)
        {
            return NODES.numberNode((long)value);
        }
        return NODES.numberNode(value);
    }
}
