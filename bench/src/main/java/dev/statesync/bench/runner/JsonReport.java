package dev.statesync.bench.runner;

import java.util.Locale;

/**
 * Writes a {@link RunReport} as JSON by hand (no library): keys as documented in
 * {@code src/site/report-schema.md}; NaN and infinities become {@code null}.
 */
public final class JsonReport
{
    private final StringBuilder out = new StringBuilder();
    private boolean first = true;

    private JsonReport()
    {
    }

    /** @return the report as one JSON object. */
    public static String format(final RunReport r)
    {
        final JsonReport j = new JsonReport();
        j.open();
        j.string("scene", r.scene());
        j.number("objects", r.objects());
        j.number("ticks", r.ticks());
        j.number("hz", r.hz());
        j.string("schema", r.schema());
        j.number("seed", r.options().seed());
        j.number("rttMs", r.options().rttMs());
        j.number("jitterMs", r.options().jitterMs());
        j.number("lossFraction", r.options().lossFraction());
        j.number("budgetKbps", r.options().budgeted() ? r.options().budgetKbps() : Double.NaN);
        j.number("changedPerSnapshot", r.changedPerSnapshot());
        j.number("changedVsAckedPerSnapshot", r.changedVsAckedPerSnapshot());
        j.number("atRestPerSnapshot", r.atRestPerSnapshot());
        j.key("stages");
        j.out.append('[');
        boolean firstStage = true;
        for (final StageFigures s : r.stages())
        {
            if (!firstStage)
            {
                j.out.append(',');
            }
            firstStage = false;
            j.first = true;
            j.open();
            j.string("name", s.name());
            j.number("bitsPerSnapshot", s.bitsPerSnapshot());
            j.number("bitsPerObject", s.bitsPerObject());
            j.number("bitsPerMovingObject", s.bitsPerMovingObject());
            j.number("kbps", s.kbps());
            j.close();
        }
        j.out.append(']');
        j.first = false;
        j.number("statesyncToFiedlerRatio", r.statesyncToFiedlerRatio());
        j.number("entropyBitsPerObject", r.entropyBitsPerObject());
        j.number("bitpackedBitsPerObjectSent", r.bitpackedBitsPerObjectSent());
        j.key("fidelity");
        j.first = true;
        j.open();
        j.number("delayTicks", r.delayTicks());
        j.number("positionErrorMeanM", r.positionErrorMeanM());
        j.number("positionErrorP99M", r.positionErrorP99M());
        j.number("positionErrorMaxM", r.positionErrorMaxM());
        j.number("rotationErrorP99Deg", r.rotationErrorP99Deg());
        j.number("restingJitterM", r.restingJitterM());
        j.close();
        final LinkFigures l = r.link();
        j.key("link");
        j.first = true;
        j.open();
        j.number("packetsSent", l.packetsSent());
        j.number("packetsAcked", l.packetsAcked());
        j.number("packetsLost", l.packetsLost());
        j.number("invalidPackets", l.invalidPackets());
        j.number("baselineMisses", l.baselineMisses());
        j.number("rttMs", l.rttMs());
        j.close();
        j.key("prediction");
        j.first = true;
        j.open();
        j.number("perfectPredictionRate", r.perfectPredictionRate());
        final PredictionFigures p = r.prediction();
        if (p == null)
        {
            j.key("corrections");
            j.out.append("null");
            j.number("largestCorrectionM", Double.NaN);
            j.number("largestDisplayedJumpPerFrameM", Double.NaN);
        }
        else
        {
            j.number("corrections", p.corrections());
            j.number("largestCorrectionM", p.largestCorrectionM());
            j.number("largestDisplayedJumpPerFrameM", p.largestDisplayedJumpPerFrameM());
        }
        j.close();
        j.key("cpu");
        j.first = true;
        j.open();
        j.number("encodeNsPerObject", r.encodeNsPerObject());
        j.number("decodeNsPerObject", r.decodeNsPerObject());
        j.number("objectsSent", r.objectsSent());
        j.close();
        j.number("wallTimeMs", r.wallTimeMs());
        j.close();
        return j.out.append('\n').toString();
    }

    private void open()
    {
        out.append('{');
        first = true;
    }

    private void close()
    {
        out.append('}');
        first = false;
    }

    private void key(final String key)
    {
        if (!first)
        {
            out.append(',');
        }
        first = false;
        out.append('\n').append('"').append(escape(key)).append("\":");
    }

    private void string(final String key, final String value)
    {
        key(key);
        out.append('"').append(escape(value)).append('"');
    }

    private void number(final String key, final double value)
    {
        key(key);
        out.append(number(value));
    }

    private void number(final String key, final long value)
    {
        key(key);
        out.append(value);
    }

    /** @return a JSON number, or {@code null} for NaN and infinities. */
    static String number(final double value)
    {
        if (Double.isNaN(value) || Double.isInfinite(value))
        {
            return "null";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15)
        {
            return Long.toString((long)value);
        }
        return Double.toString(value); // shortest round-trip form; "1.5E-7" is valid JSON
    }

    /** @return {@code value} escaped for a JSON string. */
    static String escape(final String value)
    {
        final StringBuilder escaped = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++)
        {
            final char c = value.charAt(i);
            switch (c)
            {
                case '"' -> escaped.append("\\\"");
                case '\\' -> escaped.append("\\\\");
                case '\n' -> escaped.append("\\n");
                case '\r' -> escaped.append("\\r");
                case '\t' -> escaped.append("\\t");
                default ->
                {
                    if (c < 0x20)
                    {
                        escaped.append(String.format(Locale.ROOT, "\\u%04x", (int)c));
                    }
                    else
                    {
                        escaped.append(c);
                    }
                }
            }
        }
        return escaped.toString();
    }
}
