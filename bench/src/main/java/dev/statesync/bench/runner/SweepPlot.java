package dev.statesync.bench.runner;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The HTML report's plot of a {@code --sweep}: displayed position error (mean, p99, max; log scale, because a
 * budget moves it over two orders of magnitude) against the kbps statesync used, one point per budget. With
 * {@code --sweep-compare} the budgets spent with the rate-distortion controller off (fixed factors every tick) are
 * drawn dashed, through the same unlimited point.
 */
final class SweepPlot
{
    private static final String[] COLOURS = { "#1e88e5", "#d81b60", "#ff8f00" };
    private static final String[] NAMES = { "mean", "p99", "max" };

    private SweepPlot()
    {
    }

    static void append(final StringBuilder h, final List<SweepPoint> sweep)
    {
        final List<SweepPoint> points = new ArrayList<>(sweep);
        points.sort(Comparator.comparingDouble(SweepPoint::kbps));
        final List<ToDoubleFunction<SweepPoint>> series =
            List.of(SweepPoint::positionErrorMeanM, SweepPoint::positionErrorP99M, SweepPoint::positionErrorMaxM);
        double minError = Double.MAX_VALUE;
        double maxError = 0;
        double maxKbps = 1;
        for (final SweepPoint p : points)
        {
            maxKbps = Math.max(maxKbps, p.kbps());
            for (final ToDoubleFunction<SweepPoint> s : series)
            {
                final double v = s.applyAsDouble(p);
                if (v > 0 && Double.isFinite(v))
                {
                    minError = Math.min(minError, v);
                    maxError = Math.max(maxError, v);
                }
            }
        }
        if (maxError == 0)
        {
            minError = 1e-4;
            maxError = 1;
        }
        final double logMin = Math.floor(Math.log10(minError));
        final double logMax = Math.max(logMin + 1, Math.ceil(Math.log10(maxError)));
        final double kbpsTop = niceKbps(maxKbps * 1.05);
        final int plotW = HtmlReport.WIDTH - HtmlReport.LEFT - HtmlReport.RIGHT;
        final int plotH = HtmlReport.HEIGHT - HtmlReport.TOP - HtmlReport.BOTTOM;
        HtmlReport.openSvg(h);
        for (int e = (int)logMin; e <= (int)logMax; e++)
        {
            final double y = y(e, logMin, logMax, plotH);
            h.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>",
                HtmlReport.LEFT, HtmlReport.LEFT + plotW, y, y));
            h.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                HtmlReport.LEFT - 6, y + 4, HtmlReport.formatPower(e)));
        }
        for (int i = 0; i <= 5; i++)
        {
            final double x = HtmlReport.LEFT + i / 5.0 * plotW;
            h.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f</text>",
                x, HtmlReport.TOP + plotH + 16, kbpsTop * i / 5));
        }
        HtmlReport.axes(h, plotW, plotH, "kbps used", "position error, metres");
        final boolean compared = points.stream().anyMatch(p -> p.budgetKbps() > 0 && !p.rateDistortion()) &&
            points.stream().anyMatch(p -> p.budgetKbps() > 0 && p.rateDistortion());
        for (int k = 0; k < series.size(); k++)
        {
            if (compared)
            {
                polyline(h, points, series.get(k), COLOURS[k], false, kbpsTop, plotW, logMin, logMax, plotH);
            }
            final StringBuilder line = new StringBuilder();
            for (final SweepPoint p : points)
            {
                if (compared && p.budgetKbps() > 0 && !p.rateDistortion())
                {
                    continue;
                }
                final double v = series.get(k).applyAsDouble(p);
                if (!(v > 0) || !Double.isFinite(v))
                {
                    continue;
                }
                final double x = HtmlReport.LEFT + p.kbps() / kbpsTop * plotW;
                final double y = y(Math.log10(v), logMin, logMax, plotH);
                line.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                h.append(String.format(Locale.ROOT, "<circle r=\"3.5\" fill=\"%s\" cx=\"%.1f\" cy=\"%.1f\"/>", COLOURS[k], x, y));
            }
            h.append("\n<polyline fill=\"none\" stroke-width=\"1.5\" stroke=\"").append(COLOURS[k])
                .append("\" points=\"").append(line).append("\"/>\n");
            HtmlReport.legend(h, k, COLOURS[k], "position " + NAMES[k] + (compared ? " (dashed: controller off)" : ""));
        }
        labels(h, points, kbpsTop, plotW, logMin, logMax, plotH);
        h.append("</svg>\n");
    }

    /** The dashed line of one series through the unlimited point and the budgets spent with the controller off. */
    private static void polyline(final StringBuilder h, final List<SweepPoint> points, final ToDoubleFunction<SweepPoint> series,
        final String colour, final boolean rateDistortion, final double kbpsTop, final int plotW, final double logMin,
        final double logMax, final int plotH)
    {
        final StringBuilder line = new StringBuilder();
        for (final SweepPoint p : points)
        {
            final double v = series.applyAsDouble(p);
            if (p.budgetKbps() > 0 && p.rateDistortion() != rateDistortion || !(v > 0) || !Double.isFinite(v))
            {
                continue;
            }
            final double x = HtmlReport.LEFT + p.kbps() / kbpsTop * plotW;
            final double y = y(Math.log10(v), logMin, logMax, plotH);
            line.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
            h.append(String.format(Locale.ROOT, "<circle r=\"3\" fill=\"none\" stroke=\"%s\" cx=\"%.1f\" cy=\"%.1f\"/>",
                colour, x, y));
        }
        h.append("\n<polyline fill=\"none\" stroke-width=\"1.2\" stroke-dasharray=\"5,4\" stroke=\"").append(colour)
            .append("\" points=\"").append(line).append("\"/>\n");
    }

    /** Budget labels above the p99 points; budgets that used about the same kbps share one label. */
    private static void labels(final StringBuilder h, final List<SweepPoint> points, final double kbpsTop,
        final int plotW, final double logMin, final double logMax, final int plotH)
    {
        int i = 0;
        while (i < points.size())
        {
            final double x = HtmlReport.LEFT + points.get(i).kbps() / kbpsTop * plotW;
            double top = Double.MAX_VALUE;
            final StringBuilder label = new StringBuilder();
            int j = i;
            while (j < points.size() && HtmlReport.LEFT + points.get(j).kbps() / kbpsTop * plotW - x < 30)
            {
                final double v = points.get(j).positionErrorP99M();
                if (v > 0 && Double.isFinite(v))
                {
                    top = Math.min(top, y(Math.log10(v), logMin, logMax, plotH));
                }
                label.insert(0, label.length() == 0 ? points.get(j).budgetLabel() : points.get(j).budgetLabel() + ", ");
                j++;
            }
            if (top != Double.MAX_VALUE)
            {
                h.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>%n",
                    x, top - 10, HtmlReport.escape(label.toString())));
            }
            i = j;
        }
    }

    private static double y(final double log, final double logMin, final double logMax, final int plotH)
    {
        return HtmlReport.TOP + plotH - (log - logMin) / (logMax - logMin) * plotH;
    }

    private static double niceKbps(final double value)
    {
        final double step = value > 500 ? 100 : 50;
        return Math.ceil(value / step) * step;
    }
}
