package dev.statesync.bench.runner;

import java.util.List;
import java.util.Locale;

/**
 * The HTML report's plot of a {@code --seeds} spread: one bar per seed, its largest displayed position error, with
 * its p99 as a tick on the bar and a dashed line at {@link SeedSweep#LARGEST_ERROR_TARGET_M}. Linear in metres, so
 * a reader sees at once how far the worst seed is from the typical one and from the target.
 */
final class SeedPlot
{
    private static final String BAR = "#ff8f00";
    private static final String OVER_TARGET = "#d81b60";
    private static final String P99 = "#1e88e5";

    private SeedPlot()
    {
    }

    static void append(final StringBuilder h, final List<SeedPoint> seeds)
    {
        double top = SeedSweep.LARGEST_ERROR_TARGET_M;
        for (final SeedPoint p : seeds)
        {
            top = Math.max(top, Double.isFinite(p.positionErrorMaxM()) ? p.positionErrorMaxM() : 0);
        }
        top = niceMetres(top * 1.1);
        final int plotW = HtmlReport.WIDTH - HtmlReport.LEFT - HtmlReport.RIGHT;
        final int plotH = HtmlReport.HEIGHT - HtmlReport.TOP - HtmlReport.BOTTOM;
        HtmlReport.openSvg(h);
        for (int i = 0; i <= 5; i++)
        {
            final double y = y(top * i / 5, top, plotH);
            h.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>",
                HtmlReport.LEFT, HtmlReport.LEFT + plotW, y, y));
            h.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.3g</text>%n",
                HtmlReport.LEFT - 6, y + 4, top * i / 5));
        }
        HtmlReport.axes(h, plotW, plotH, "network seed", "largest position error, metres");
        final double slot = (double)plotW / Math.max(1, seeds.size());
        final double barW = Math.max(2, slot * 0.6);
        for (int k = 0; k < seeds.size(); k++)
        {
            final SeedPoint p = seeds.get(k);
            final double x = HtmlReport.LEFT + slot * (k + 0.5);
            final double max = Double.isFinite(p.positionErrorMaxM()) ? p.positionErrorMaxM() : 0;
            final double yMax = y(max, top, plotH);
            h.append(String.format(Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>seed %d: largest %.4f m, " +
                    "p99 %.5f m</title></rect>",
                x - barW / 2, yMax, barW, HtmlReport.TOP + plotH - yMax,
                max > SeedSweep.LARGEST_ERROR_TARGET_M ? OVER_TARGET : BAR, p.seed(), max, p.positionErrorP99M()));
            final double yP99 = y(Double.isFinite(p.positionErrorP99M()) ? p.positionErrorP99M() : 0, top, plotH);
            h.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>",
                x - barW / 2, x + barW / 2, yP99, yP99, P99));
            h.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>%n",
                x, HtmlReport.TOP + plotH + 16, p.seed()));
        }
        final double yTarget = y(SeedSweep.LARGEST_ERROR_TARGET_M, top, plotH);
        h.append(String.format(Locale.ROOT,
            "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#555\" stroke-dasharray=\"6 4\"/>",
            HtmlReport.LEFT, HtmlReport.LEFT + plotW, yTarget, yTarget));
        HtmlReport.legend(h, 0, BAR, String.format(Locale.ROOT, "largest, <= %.2f m", SeedSweep.LARGEST_ERROR_TARGET_M));
        HtmlReport.legend(h, 1, OVER_TARGET, "largest, over it");
        HtmlReport.legend(h, 2, P99, "p99");
        h.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\">target %.2f m</text>%n",
            HtmlReport.LEFT + plotW + 12, yTarget + 4, SeedSweep.LARGEST_ERROR_TARGET_M));
        h.append("</svg>\n");
    }

    private static double y(final double metres, final double top, final int plotH)
    {
        return HtmlReport.TOP + plotH - Math.min(1, metres / top) * plotH;
    }

    /** @return {@code value} rounded up to 1, 2 or 5 times a power of ten. */
    private static double niceMetres(final double value)
    {
        final double power = Math.pow(10, Math.floor(Math.log10(value)));
        final double scaled = value / power;
        return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
    }
}
