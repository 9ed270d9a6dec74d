package dev.statesync.bench.runner;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The HTML report's top-down view: for each {@link SceneView}, every object's authority position (grey ring) and
 * the replica's displayed position (dot coloured by its position error, largest drawn last; a red line joins the
 * two where they are 5 cm or more apart), x right and y up at one scale per view, so a reader sees where the
 * error of the numbers is and what it looks like.
 */
final class SceneViewPlot
{
    private static final int SIZE = 320;
    private static final int MARGIN = 14;
    private static final int TITLE = 34;
    /**
     * The view of the largest error shows at least this square around the worst object (1.5 times its error if
     * that is larger, centred between its two positions), metres, so its pop is visible.
     */
    private static final double ZOOM_M = 4;
    private static final double[] BUCKETS_M = { 0.01, 0.05, 0.10 };
    private static final String[] BUCKET_COLOURS = { "#43a047", "#fdd835", "#fb8c00", "#e53935" };
    private static final String[] BUCKET_NAMES = { "&lt; 1 cm", "1-5 cm", "5-10 cm", "&#8805; 10 cm" };

    private SceneViewPlot()
    {
    }

    static void append(final StringBuilder h, final List<SceneView> views, final int delayTicks)
    {
        h.append("<p>Grey ring: the authority; dot: what the replica showed at the same display tick (")
            .append(delayTicks).append(" ticks behind), coloured by position error: ");
        for (int b = 0; b < BUCKET_COLOURS.length; b++)
        {
            h.append("<span style=\"color:").append(BUCKET_COLOURS[b]).append(";font-size:18px\">&#9679;</span> ")
                .append(BUCKET_NAMES[b]).append(b + 1 < BUCKET_COLOURS.length ? ", " : ". ");
        }
        h.append("A red line joins the two where they are 5 cm or more apart. x right, y up, metres; 3D scenes ")
            .append("seen from above (the error is 3D: an object off in height shows a short line).</p>\n")
            .append("<div style=\"display:flex;flex-wrap:wrap;gap:12px\">\n");
        for (final SceneView view : views)
        {
            view(h, view);
        }
        h.append("</div>\n");
    }

    private static void view(final StringBuilder h, final SceneView v)
    {
        final float[] a = v.authorityXY();
        final float[] r = v.replicaXY();
        final int objects = v.errorM().length;
        double minX = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxY = -Double.MAX_VALUE;
        for (int i = 0; i < 2 * objects; i += 2)
        {
            for (final float[] xy : new float[][]{ a, r })
            {
                if (!Float.isNaN(xy[i]))
                {
                    minX = Math.min(minX, xy[i]);
                    maxX = Math.max(maxX, xy[i]);
                    minY = Math.min(minY, xy[i + 1]);
                    maxY = Math.max(maxY, xy[i + 1]);
                }
            }
        }
        if (v.worst())
        {
            int worstObject = 0;
            for (int i = 0; i < objects; i++)
            {
                worstObject = v.errorM()[i] > v.errorM()[worstObject] || Float.isNaN(v.errorM()[worstObject]) ? i : worstObject;
            }
            final double zoom = Math.max(ZOOM_M, 1.5 * v.errorM()[worstObject]);
            minX = (a[2 * worstObject] + r[2 * worstObject]) / 2 - zoom / 2;
            maxX = minX + zoom;
            minY = (a[2 * worstObject + 1] + r[2 * worstObject + 1]) / 2 - zoom / 2;
            maxY = minY + zoom;
        }
        final double span = Math.max(1e-3, Math.max(maxX - minX, maxY - minY));
        final double scale = (SIZE - 2 * MARGIN) / span;
        final double x0 = (minX + maxX) / 2;
        final double y0 = (minY + maxY) / 2;
        final int height = SIZE + TITLE;
        h.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">%n",
            SIZE, height));
        h.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"16\" font-weight=\"bold\">%s tick %d</text>",
            v.worst() ? "largest error:" : "display", v.displayTick()));
        h.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"30\">max %.4g m; %.1f m across%s</text>%n",
            v.maxErrorM(), span, v.worst() ? ", zoomed on the worst" : ""));
        h.append(String.format(Locale.ROOT, "<clipPath id=\"view%d%s\"><rect x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\"/></clipPath>%n",
            v.displayTick(), v.worst() ? "w" : "", TITLE, SIZE, SIZE));
        final Integer[] order = new Integer[objects];
        for (int i = 0; i < objects; i++)
        {
            order[i] = i;
        }
        final float[] error = v.errorM();
        Arrays.sort(order, Comparator.comparingDouble(i -> Float.isNaN(error[i]) ? -1 : error[i]));
        final StringBuilder rings = new StringBuilder();
        final StringBuilder dots = new StringBuilder();
        for (final int i : order)
        {
            final double ax = MARGIN + SIZE / 2.0 - MARGIN + (a[2 * i] - x0) * scale;
            final double ay = TITLE + SIZE / 2.0 - (a[2 * i + 1] - y0) * scale;
            rings.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\"/>", ax, ay));
            if (Float.isNaN(error[i]))
            {
                continue;
            }
            final double rx = MARGIN + SIZE / 2.0 - MARGIN + (r[2 * i] - x0) * scale;
            final double ry = TITLE + SIZE / 2.0 - (r[2 * i + 1] - y0) * scale;
            if (error[i] >= BUCKETS_M[1])
            {
                dots.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e53935\" stroke-width=\"1.5\"/>",
                    ax, ay, rx, ry));
            }
            dots.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\"/>", rx, ry,
                error[i] >= BUCKETS_M[0] ? "3" : "1.8", BUCKET_COLOURS[bucket(error[i])]));
        }
        final String clip = String.format(Locale.ROOT, " clip-path=\"url(#view%d%s)\"", v.displayTick(), v.worst() ? "w" : "");
        final String ringWidth = v.worst() ? "1.5" : "0.8";
        h.append("<g").append(clip).append(" fill=\"none\" stroke=\"#9e9e9e\" stroke-width=\"").append(ringWidth)
            .append("\">").append(rings).append("</g>\n");
        h.append("<g").append(clip).append('>').append(dots).append("</g>\n</svg>\n");
    }

    private static int bucket(final double errorM)
    {
        int b = 0;
        while (b < BUCKETS_M.length && errorM >= BUCKETS_M[b])
        {
            b++;
        }
        return b;
    }
}
