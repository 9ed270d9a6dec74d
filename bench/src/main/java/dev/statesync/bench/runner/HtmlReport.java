package dev.statesync.bench.runner;

import java.util.Locale;

/**
 * Writes a {@link RunReport} as one self-contained HTML page: inline CSS and SVG only, nothing fetched.
 * Plots: kbps of each stage per simulated second (log scale), the replica's position error per tick, and
 * for budgeted runs a raster of which objects each snapshot carried.
 */
public final class HtmlReport
{
    private static final String[] COLOURS = { "#9e9e9e", "#8d6e63", "#ffb300", "#43a047", "#1e88e5", "#d81b60" };
    static final int WIDTH = 1000;
    static final int HEIGHT = 320;
    static final int LEFT = 70;
    static final int RIGHT = 170;
    static final int TOP = 20;
    static final int BOTTOM = 40;
    private static final int RASTER_COLUMNS = 240;
    private static final int RASTER_ROWS = 120;

    private HtmlReport()
    {
    }

    /** @return the page. */
    public static String format(final RunReport r)
    {
        return format(r, java.util.List.of());
    }

    /**
     * @param sweep the points of a {@code --sweep}, or empty (then the page has no sweep section).
     * @return the page.
     */
    public static String format(final RunReport r, final java.util.List<SweepPoint> sweep)
    {
        return format(r, sweep, java.util.List.of());
    }

    /**
     * @param sweep the points of a {@code --sweep}, or empty (then the page has no sweep section).
     * @param seeds the runs of {@code --seeds}, or empty (then the page has no seeds section).
     * @return the page.
     */
    public static String format(
        final RunReport r, final java.util.List<SweepPoint> sweep, final java.util.List<SeedPoint> seeds)
    {
        final StringBuilder h = new StringBuilder(64 * 1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>statesync report: ")
            .append(escape(r.scene())).append("</title>\n<style>\n")
            .append("body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1040px}\n")
            .append("table{border-collapse:collapse;margin:8px 0 16px}td,th{padding:3px 10px;border-bottom:1px solid #ddd;")
            .append("text-align:right}th:first-child,td:first-child{text-align:left}\n")
            .append("svg{background:#fafafa;border:1px solid #ddd}text{font-size:12px;fill:#333}\n")
            .append(".axis{stroke:#555;stroke-width:1}.grid{stroke:#e3e3e3;stroke-width:1}\n")
            .append("pre{background:#f4f4f4;padding:8px;white-space:pre-wrap}\n</style></head><body>\n");
        h.append("<h1>statesync: ").append(escape(r.scene())).append("</h1>\n<pre>")
            .append(escape(TextTable.format(r))).append("</pre>\n");

        h.append("<h2>Stages</h2>\n<table><tr><th>stage</th><th>bits/snapshot</th><th>bits/object</th>")
            .append("<th>bits/object changed vs acked baseline</th><th>kbps</th></tr>\n");
        for (final StageFigures s : r.stages())
        {
            h.append(String.format(Locale.ROOT,
                "<tr><td>%s</td><td>%.1f</td><td>%.2f</td><td>%.2f</td><td>%.1f</td></tr>%n",
                escape(s.name()), s.bitsPerSnapshot(), s.bitsPerObject(), s.bitsPerMovingObject(), s.kbps()));
        }
        h.append("</table>\n");
        appendBits(h, r.bits());

        h.append("<h2>Bandwidth per stage over time</h2>\n<p>kbps of each simulated second, headers included; log scale.</p>\n");
        kbpsPlot(h, r);
        h.append("<h2>Replica position error over time</h2>\n<p>Displayed state (")
            .append(escape(r.displayDelay().describe())).append(") against the authority: mean over objects per tick; dashed: p99 of the run.</p>\n");
        errorPlot(h, r);
        if (!r.sceneViews().isEmpty())
        {
            h.append("<h2>The scene from above: authority against replica</h2>\n");
            SceneViewPlot.append(h, r.sceneViews(), r.delayTicks());
        }
        if (r.options().budgeted())
        {
            h.append("<h2>Objects sent</h2>\n<p>Tick (x) by object (y); darker = sent in more of the ticks and objects ")
                .append("a cell covers. Object 0, the player, is at the top.</p>\n");
            raster(h, r);
        }
        if (!sweep.isEmpty())
        {
            h.append("<h2>Error against kbps: a sweep of budgets</h2>\n<p>The same scene, seed and link run for ")
                .append(String.format(Locale.ROOT, "%.4g", r.options().sweepSeconds()))
                .append(" simulated seconds at each budget; x: kbps statesync used (headers included), y: displayed ")
                .append("position error, log scale. Labels: the budget.</p>\n<pre>")
                .append(escape(BudgetSweep.table(sweep, r.options().sweepSeconds()).strip())).append("</pre>\n");
            SweepPlot.append(h, sweep);
        }
        if (!seeds.isEmpty())
        {
            h.append("<h2>The same run on other network seeds</h2>\n<p>Every setting as above but the network ")
                .append("simulator's seed: other packets lost, delayed and reordered. The largest displayed error ")
                .append("comes from a few rare loss events, so read it from the worst seed, not one run.</p>\n<pre>")
                .append(escape(SeedSweep.table(seeds).strip())).append("</pre>\n");
            SeedPlot.append(h, seeds);
        }
        h.append("</body></html>\n");
        return h.toString();
    }

    private static void kbpsPlot(final StringBuilder h, final RunReport r)
    {
        double max = 1;
        double min = Double.MAX_VALUE;
        int seconds = 0;
        for (final StageFigures s : r.stages())
        {
            seconds = Math.max(seconds, s.kbpsPerSecond().length);
            for (final double v : s.kbpsPerSecond())
            {
                max = Math.max(max, v);
                if (v > 0)
                {
                    min = Math.min(min, v);
                }
            }
        }
        final double logMin = Math.floor(Math.log10(Math.min(min, max)));
        final double logMax = Math.ceil(Math.log10(max));
        final int plotW = WIDTH - LEFT - RIGHT;
        final int plotH = HEIGHT - TOP - BOTTOM;
        openSvg(h);
        for (int e = (int)logMin; e <= (int)logMax; e++)
        {
            final double y = TOP + plotH - (e - logMin) / Math.max(1e-9, logMax - logMin) * plotH;
            h.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>",
                LEFT, LEFT + plotW, y, y));
            h.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                LEFT - 6, y + 4, formatPower(e)));
        }
        axes(h, plotW, plotH, "simulated seconds", "kbps");
        xTicks(h, seconds, plotW, plotH);
        int index = 0;
        for (final StageFigures s : r.stages())
        {
            final double[] v = s.kbpsPerSecond();
            final StringBuilder points = new StringBuilder();
            for (int i = 0; i < v.length; i++)
            {
                final double x = LEFT + (i + 0.5) / Math.max(1, seconds) * plotW;
                final double lv = Math.log10(Math.max(v[i], Math.pow(10, logMin)));
                final double y = TOP + plotH - (lv - logMin) / Math.max(1e-9, logMax - logMin) * plotH;
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
            }
            final String colour = COLOURS[index % COLOURS.length];
            // Every other stage dashed, so stages of equal size (at-rest without velocities, 2D quantized) stay visible.
            h.append("<polyline fill=\"none\" stroke-width=\"2\"").append(index % 2 == 1 ? " stroke-dasharray=\"8 5\"" : "")
                .append(" stroke=\"").append(colour).append("\" points=\"")
                .append(points).append("\"/>\n");
            if (v.length == 1)
            {
                h.append(String.format(Locale.ROOT, "<circle r=\"4\" fill=\"%s\" cx=\"%s\" cy=\"%s\"/>%n", colour,
                    points.toString().split(",")[0], points.toString().split(",")[1].trim()));
            }
            legend(h, index, colour, String.format(Locale.ROOT, "%s %.0f", s.name(), s.kbps()));
            index++;
        }
        h.append("</svg>\n");
    }

    private static void errorPlot(final StringBuilder h, final RunReport r)
    {
        final double[] mean = r.meanErrorByTickM();
        final int ticks = r.ticks();
        final int plotW = WIDTH - LEFT - RIGHT;
        final int plotH = HEIGHT - TOP - BOTTOM;
        double top = 0;
        for (int t = 0; t < mean.length; t++)
        {
            if (!Double.isNaN(mean[t]))
            {
                top = Math.max(top, mean[t]);
            }
        }
        if (!Double.isNaN(r.positionErrorP99M()))
        {
            top = Math.max(top, r.positionErrorP99M());
        }
        top = niceCeiling(top > 0 ? top : 1e-3);
        openSvg(h);
        for (int i = 0; i <= 4; i++)
        {
            final double y = TOP + plotH - i / 4.0 * plotH;
            h.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>",
                LEFT, LEFT + plotW, y, y));
            h.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                LEFT - 6, y + 4, new java.math.BigDecimal(top * i / 4).round(new java.math.MathContext(3))
                    .stripTrailingZeros().toPlainString()));
        }
        axes(h, plotW, plotH, "simulated seconds", "metres");
        xTicks(h, (ticks + r.hz() - 1) / r.hz(), plotW, plotH);
        final StringBuilder points = new StringBuilder();
        for (int t = 1; t < mean.length; t++)
        {
            if (Double.isNaN(mean[t]))
            {
                continue;
            }
            final double x = LEFT + (double)t / ticks * plotW;
            final double y = TOP + plotH - Math.min(1, mean[t] / top) * plotH;
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
        }
        h.append("<polyline fill=\"none\" stroke-width=\"1.5\" stroke=\"#1e88e5\" points=\"").append(points).append("\"/>\n");
        final double p99 = r.positionErrorP99M();
        if (!Double.isNaN(p99))
        {
            final double y = TOP + plotH - Math.min(1, p99 / top) * plotH;
            h.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#d81b60\" stroke-dasharray=\"6 4\"/>%n",
                LEFT, LEFT + plotW, y, y));
        }
        legend(h, 0, "#1e88e5", "mean per tick");
        legend(h, 1, "#d81b60", String.format(Locale.ROOT, "p99 %.4g m", p99));
        legend(h, 2, "#ffffff", String.format(Locale.ROOT, "max %.4g m", r.positionErrorMaxM()));
        h.append("</svg>\n");
    }

    private static void raster(final StringBuilder h, final RunReport r)
    {
        final int ticks = r.ticks();
        final int objects = r.objects();
        final int columns = Math.min(RASTER_COLUMNS, ticks);
        final int rows = Math.min(RASTER_ROWS, objects);
        final int plotW = WIDTH - LEFT - RIGHT;
        final int plotH = 360;
        h.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">%n",
            WIDTH, plotH + TOP + BOTTOM));
        final double cellW = (double)plotW / columns;
        final double cellH = (double)plotH / rows;
        for (int c = 0; c < columns; c++)
        {
            final int t0 = (int)((long)c * ticks / columns);
            final int t1 = (int)((long)(c + 1) * ticks / columns);
            for (int row = 0; row < rows; row++)
            {
                final int o0 = (int)((long)row * objects / rows);
                final int o1 = (int)((long)(row + 1) * objects / rows);
                int sent = 0;
                for (int t = t0; t < t1; t++)
                {
                    final int from = t * objects + o0;
                    sent += r.sentRaster().get(from, t * objects + o1).cardinality();
                }
                if (sent > 0)
                {
                    final double fraction = (double)sent / ((t1 - t0) * (o1 - o0));
                    h.append(String.format(Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.2f\" height=\"%.2f\" fill=\"#1e88e5\" fill-opacity=\"%.2f\"/>",
                        LEFT + c * cellW, TOP + row * cellH, cellW + 0.05, cellH + 0.05, Math.max(0.08, fraction)));
                }
            }
            h.append('\n');
        }
        h.append(String.format(Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#555\"/>%n", LEFT, TOP, plotW, plotH));
        h.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">tick (1..%d)</text>%n",
            LEFT + plotW / 2, TOP + plotH + 28, ticks));
        h.append(String.format(Locale.ROOT,
            "<text x=\"20\" y=\"%d\" transform=\"rotate(-90 20 %d)\" text-anchor=\"middle\">object (0..%d)</text>%n",
            TOP + plotH / 2, TOP + plotH / 2, objects - 1));
        h.append("</svg>\n");
    }

    static void openSvg(final StringBuilder h)
    {
        h.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">%n",
            WIDTH, HEIGHT));
    }

    static void axes(final StringBuilder h, final int plotW, final int plotH, final String xLabel, final String yLabel)
    {
        h.append(String.format(Locale.ROOT, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>",
            LEFT, LEFT + plotW, TOP + plotH, TOP + plotH));
        h.append(String.format(Locale.ROOT, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>%n",
            LEFT, LEFT, TOP, TOP + plotH));
        h.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
            LEFT + plotW / 2, TOP + plotH + 34, escape(xLabel)));
        h.append(String.format(Locale.ROOT,
            "<text x=\"16\" y=\"%d\" transform=\"rotate(-90 16 %d)\" text-anchor=\"middle\">%s</text>%n",
            TOP + plotH / 2, TOP + plotH / 2, escape(yLabel)));
    }

    private static void xTicks(final StringBuilder h, final int seconds, final int plotW, final int plotH)
    {
        final int step = Math.max(1, (int)Math.ceil(seconds / 10.0));
        for (int s = 0; s <= seconds; s += step)
        {
            final double x = LEFT + (double)s / Math.max(1, seconds) * plotW;
            h.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>",
                x, TOP + plotH + 16, s));
        }
        h.append('\n');
    }

    static void legend(final StringBuilder h, final int index, final String colour, final String label)
    {
        final int x = WIDTH - RIGHT + 12;
        final int y = TOP + 14 + index * 20;
        h.append(String.format(Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"4\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>%n",
            x, y - 4, colour, x + 20, y, escape(label)));
    }

    static String formatPower(final int exponent)
    {
        return java.math.BigDecimal.ONE.scaleByPowerOfTen(exponent).toPlainString();
    }

    private static double niceCeiling(final double value)
    {
        final double magnitude = Math.pow(10, Math.floor(Math.log10(value)));
        for (final double step : new double[]{ 1, 2, 2.5, 5, 10 })
        {
            if (step * magnitude >= value)
            {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    static String escape(final String text)
    {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Two small tables with a bar per row: statesync's bits by field category and by object class. */
    private static void appendBits(final StringBuilder h, final BitFigures bits)
    {
        if (bits == null)
        {
            return;
        }
        h.append("<h2>Where statesync's bits go</h2>\n<p>Measured from the range coder as it wrote each of ")
            .append(bits.rangeCodedFrames()).append(" frames; bits per snapshot.</p>\n");
        bitsTable(h, "field", bits.categories(), bits.totalBitsPerSnapshot());
        bitsTable(h, "object class", bits.classes(), bits.totalBitsPerSnapshot());
    }

    private static void bitsTable(
        final StringBuilder h, final String heading, final java.util.List<BitFigures.Row> rows, final double total)
    {
        h.append("<table><tr><th>").append(heading).append("</th><th>bits/snapshot</th><th>share</th><th></th></tr>\n");
        for (final BitFigures.Row row : rows)
        {
            final double share = total > 0 ? row.bitsPerSnapshot() / total : 0;
            h.append(String.format(Locale.ROOT,
                "<tr><td>%s</td><td>%.1f</td><td>%.1f%%</td><td style=\"text-align:left\">" +
                "<svg width=\"%d\" height=\"10\" style=\"border:0\"><rect width=\"%d\" height=\"10\" fill=\"#4878a8\"/>" +
                "</svg></td></tr>%n",
                escape(row.name()), row.bitsPerSnapshot(), 100 * share, 200, (int)Math.round(200 * Math.max(0, share))));
        }
        h.append("</table>\n");
    }
}
