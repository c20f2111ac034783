package org.metricsstress.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A time-series line chart as an inline SVG element: x is elapsed seconds, one or two y axes,
 * linear or log. Written by hand so the report needs no script and no network to display.
 *
 * <p>Values that are NaN, infinite or negative are "not measured": the line breaks there instead of
 * dropping to zero, so a gap never reads as a good interval. Long series are reduced to
 * {@link #MAX_POINTS} points per line by keeping each bucket's minimum and maximum, so a spike in
 * a run of thousands of intervals stays visible.
 */
final class SvgChart {
    enum Scale { LINEAR, LOG }

    /** Per line, at most: enough for any screen width, small enough for a 24-hour run. */
    static final int MAX_POINTS = 600;

    private static final double WIDTH = 960;
    private static final double PLOT_HEIGHT = 230;
    private static final double MARGIN_LEFT = 72;
    private static final double MARGIN_RIGHT_ONE_AXIS = 24;
    private static final double MARGIN_RIGHT_TWO_AXES = 72;
    private static final double TITLE_HEIGHT = 26;
    private static final double LEGEND_ROW = 18;
    private static final double MARGIN_BOTTOM = 44;
    /** The smallest latency the histograms resolve (1 µs), so a log axis never goes below it. */
    private static final double LOG_FLOOR = 0.001;
    private static final String EMPTY_TEXT = "no intervals recorded";

    private record Series(String name, String color, boolean dashed, boolean right, double[] x, double[] y) {}

    private record Marker(double x, String label) {}

    private record Axis(String label, Scale scale, double min, double max, List<Double> ticks, List<Double> minorTicks) {
        double frac(double v) {
            if (scale == Scale.LOG) {
                double lv = Math.log10(Math.max(v, min));
                return (lv - Math.log10(min)) / (Math.log10(max) - Math.log10(min));
            }
            return (v - min) / (max - min);
        }
    }

    private final String id;
    private final String title;
    private String leftLabel = "";
    private Scale leftScale = Scale.LINEAR;
    private String rightLabel;
    private Scale rightScale = Scale.LINEAR;
    private double leftMaxAtLeast = 0;
    private double rightMaxAtLeast = 0;
    private final List<Series> series = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();

    SvgChart(String id, String title) {
        this.id = id;
        this.title = title;
    }

    SvgChart left(String label, Scale scale) {
        this.leftLabel = label;
        this.leftScale = scale;
        return this;
    }

    SvgChart right(String label, Scale scale) {
        this.rightLabel = label;
        this.rightScale = scale;
        return this;
    }

    /** The left axis reaches at least this high, e.g. 100 for a percentage that is usually small. */
    SvgChart leftAtLeast(double max) {
        this.leftMaxAtLeast = max;
        return this;
    }

    SvgChart rightAtLeast(double max) {
        this.rightMaxAtLeast = max;
        return this;
    }

    SvgChart line(String name, String color, boolean dashed, boolean rightAxis, double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x and y differ in length for " + name);
        }
        series.add(new Series(name, color, dashed, rightAxis, x, y));
        return this;
    }

    SvgChart marker(double x, String label) {
        if (finite(x) && x >= 0) {
            markers.add(new Marker(x, label));
        }
        return this;
    }

    String render() {
        List<Series> reduced = new ArrayList<>();
        for (Series s : series) {
            reduced.add(downsample(s));
        }
        boolean twoAxes = rightLabel != null && reduced.stream().anyMatch(Series::right);
        double marginRight = twoAxes ? MARGIN_RIGHT_TWO_AXES : MARGIN_RIGHT_ONE_AXIS;
        double plotW = WIDTH - MARGIN_LEFT - marginRight;

        List<List<LegendItem>> legendRows = legendRows(plotW, twoAxes);
        double top = TITLE_HEIGHT + legendRows.size() * LEGEND_ROW + 14;
        double height = top + PLOT_HEIGHT + MARGIN_BOTTOM;

        double[] xr = xRange(reduced);
        TimeUnitChoice tu = TimeUnitChoice.of(xr[1] - xr[0]);
        List<Double> xTicks = niceTicks(xr[0] / tu.seconds, xr[1] / tu.seconds, 8);
        boolean anyData = reduced.stream().anyMatch(s -> countFinite(s.y) > 0);

        Axis left = axis(leftLabel, leftScale, reduced, false, leftMaxAtLeast);
        Axis right = twoAxes ? axis(rightLabel, rightScale, reduced, true, rightMaxAtLeast) : null;

        StringBuilder sb = new StringBuilder(16_384);
        sb.append("<svg class=\"chart\" id=\"").append(Html.esc(id)).append("\" viewBox=\"0 0 ")
                .append(n(WIDTH)).append(' ').append(n(height)).append("\" role=\"img\" aria-labelledby=\"")
                .append(Html.esc(id)).append("-title\" preserveAspectRatio=\"xMidYMid meet\">\n");
        sb.append("<title id=\"").append(Html.esc(id)).append("-title\">").append(Html.esc(title)).append("</title>\n");
        sb.append("<text class=\"ct\" x=\"").append(n(MARGIN_LEFT)).append("\" y=\"18\">").append(Html.esc(title))
                .append("</text>\n");
        legend(sb, legendRows);

        double x0 = MARGIN_LEFT;
        double y0 = top;
        double yBottom = top + PLOT_HEIGHT;
        double xRight = x0 + plotW;

        // grid and left ticks
        sb.append("<g class=\"grid\">");
        for (double t : left.minorTicks) {
            double y = yBottom - left.frac(t) * PLOT_HEIGHT;
            sb.append("<line class=\"minor\" x1=\"").append(n(x0)).append("\" x2=\"").append(n(xRight))
                    .append("\" y1=\"").append(n(y)).append("\" y2=\"").append(n(y)).append("\"/>");
        }
        for (double t : left.ticks) {
            double y = yBottom - left.frac(t) * PLOT_HEIGHT;
            sb.append("<line x1=\"").append(n(x0)).append("\" x2=\"").append(n(xRight)).append("\" y1=\"")
                    .append(n(y)).append("\" y2=\"").append(n(y)).append("\"/>");
        }
        for (double t : xTicks) {
            double x = x0 + frac(t * tu.seconds, xr) * plotW;
            sb.append("<line x1=\"").append(n(x)).append("\" x2=\"").append(n(x)).append("\" y1=\"").append(n(y0))
                    .append("\" y2=\"").append(n(yBottom)).append("\"/>");
        }
        sb.append("</g>\n");

        sb.append("<g class=\"axis\">");
        sb.append("<line x1=\"").append(n(x0)).append("\" x2=\"").append(n(x0)).append("\" y1=\"").append(n(y0))
                .append("\" y2=\"").append(n(yBottom)).append("\"/>");
        sb.append("<line x1=\"").append(n(x0)).append("\" x2=\"").append(n(xRight)).append("\" y1=\"")
                .append(n(yBottom)).append("\" y2=\"").append(n(yBottom)).append("\"/>");
        for (double t : left.ticks) {
            double y = yBottom - left.frac(t) * PLOT_HEIGHT;
            sb.append("<line x1=\"").append(n(x0 - 4)).append("\" x2=\"").append(n(x0)).append("\" y1=\"").append(n(y))
                    .append("\" y2=\"").append(n(y)).append("\"/>");
            sb.append("<text class=\"tl\" text-anchor=\"end\" x=\"").append(n(x0 - 7)).append("\" y=\"").append(n(y + 4))
                    .append("\">").append(Html.esc(tickLabel(t))).append("</text>");
        }
        if (right != null) {
            sb.append("<line x1=\"").append(n(xRight)).append("\" x2=\"").append(n(xRight)).append("\" y1=\"")
                    .append(n(y0)).append("\" y2=\"").append(n(yBottom)).append("\"/>");
            for (double t : right.ticks) {
                double y = yBottom - right.frac(t) * PLOT_HEIGHT;
                sb.append("<line x1=\"").append(n(xRight)).append("\" x2=\"").append(n(xRight + 4)).append("\" y1=\"")
                        .append(n(y)).append("\" y2=\"").append(n(y)).append("\"/>");
                sb.append("<text class=\"tl\" text-anchor=\"start\" x=\"").append(n(xRight + 7)).append("\" y=\"")
                        .append(n(y + 4)).append("\">").append(Html.esc(tickLabel(t))).append("</text>");
            }
        }
        for (double t : xTicks) {
            double x = x0 + frac(t * tu.seconds, xr) * plotW;
            sb.append("<line x1=\"").append(n(x)).append("\" x2=\"").append(n(x)).append("\" y1=\"").append(n(yBottom))
                    .append("\" y2=\"").append(n(yBottom + 4)).append("\"/>");
            sb.append("<text class=\"tl\" text-anchor=\"middle\" x=\"").append(n(x)).append("\" y=\"")
                    .append(n(yBottom + 17)).append("\">").append(Html.esc(tickLabel(t))).append("</text>");
        }
        sb.append("<text class=\"al\" text-anchor=\"middle\" x=\"").append(n(x0 + plotW / 2)).append("\" y=\"")
                .append(n(yBottom + 36)).append("\">elapsed (").append(tu.label).append(")</text>");
        sb.append(rotatedLabel(14, y0 + PLOT_HEIGHT / 2, left.label));
        if (right != null) {
            sb.append(rotatedLabel(WIDTH - 10, y0 + PLOT_HEIGHT / 2, right.label));
        }
        sb.append("</g>\n");

        for (Marker m : markers) {
            if (m.x < xr[0] || m.x > xr[1]) {
                continue;
            }
            double x = x0 + frac(m.x, xr) * plotW;
            sb.append("<g class=\"marker\"><line x1=\"").append(n(x)).append("\" x2=\"").append(n(x)).append("\" y1=\"")
                    .append(n(y0)).append("\" y2=\"").append(n(yBottom)).append("\"/>");
            boolean nearRight = x > xRight - 120;
            sb.append("<text text-anchor=\"").append(nearRight ? "end" : "start").append("\" x=\"")
                    .append(n(nearRight ? x - 4 : x + 4)).append("\" y=\"").append(n(y0 + 12)).append("\">")
                    .append(Html.esc(m.label)).append("</text></g>\n");
        }

        sb.append("<g class=\"lines\">\n");
        for (Series s : reduced) {
            Axis a = s.right && right != null ? right : left;
            lines(sb, s, a, xr, x0, plotW, yBottom);
        }
        sb.append("</g>\n");

        if (!anyData) {
            sb.append("<text class=\"empty\" text-anchor=\"middle\" x=\"").append(n(x0 + plotW / 2)).append("\" y=\"")
                    .append(n(y0 + PLOT_HEIGHT / 2)).append("\">").append(Html.esc(EMPTY_TEXT)).append("</text>\n");
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    private record LegendItem(Series series, String name, double width) {}

    /** Greedy rows; text width is estimated (no font metrics without a browser), erring wide. */
    private List<List<LegendItem>> legendRows(double plotW, boolean twoAxes) {
        List<List<LegendItem>> rows = new ArrayList<>();
        List<LegendItem> row = new ArrayList<>();
        double used = 0;
        for (Series s : series) {
            String name = s.name + (twoAxes && s.right ? " (right axis)" : "");
            LegendItem item = new LegendItem(s, name, 26 + name.length() * 6.8 + 18);
            if (used + item.width > plotW && !row.isEmpty()) {
                rows.add(row);
                row = new ArrayList<>();
                used = 0;
            }
            row.add(item);
            used += item.width;
        }
        if (!row.isEmpty()) {
            rows.add(row);
        }
        return rows;
    }

    private static void legend(StringBuilder sb, List<List<LegendItem>> rows) {
        sb.append("<g class=\"legend\">");
        double y = TITLE_HEIGHT + 10;
        for (List<LegendItem> row : rows) {
            double x = MARGIN_LEFT;
            for (LegendItem item : row) {
                Series s = item.series;
                sb.append("<line x1=\"").append(n(x)).append("\" x2=\"").append(n(x + 20)).append("\" y1=\"")
                        .append(n(y - 4)).append("\" y2=\"").append(n(y - 4)).append("\" stroke=\"")
                        .append(Html.esc(s.color)).append("\" stroke-width=\"3\"")
                        .append(s.dashed ? " stroke-dasharray=\"6 4\"" : "").append("/>");
                sb.append("<text x=\"").append(n(x + 26)).append("\" y=\"").append(n(y)).append("\">")
                        .append(Html.esc(item.name)).append("</text>");
                x += item.width;
            }
            y += LEGEND_ROW;
        }
        sb.append("</g>\n");
    }

    private static void lines(StringBuilder sb, Series s, Axis a, double[] xr, double x0, double plotW, double yBottom) {
        List<double[]> run = new ArrayList<>();
        for (int i = 0; i <= s.x.length; i++) {
            boolean ok = i < s.x.length && usable(s.x[i]) && usable(s.y[i]);
            if (ok) {
                double y = a.scale == Scale.LOG ? Math.max(s.y[i], a.min) : s.y[i];
                double px = x0 + frac(s.x[i], xr) * plotW;
                double py = yBottom - clamp01(a.frac(y)) * PLOT_HEIGHT;
                run.add(new double[] {px, py});
            } else if (!run.isEmpty()) {
                emitRun(sb, s, run);
                run.clear();
            }
        }
    }

    private static void emitRun(StringBuilder sb, Series s, List<double[]> run) {
        String dash = s.dashed ? " stroke-dasharray=\"6 4\"" : "";
        if (run.size() == 1) {
            // A lone point has no length as a line; a dot shows it exists.
            double[] p = run.get(0);
            sb.append("<circle cx=\"").append(n(p[0])).append("\" cy=\"").append(n(p[1]))
                    .append("\" r=\"3\" fill=\"").append(Html.esc(s.color)).append("\"><title>")
                    .append(Html.esc(s.name)).append("</title></circle>\n");
            return;
        }
        sb.append("<polyline fill=\"none\" stroke=\"").append(Html.esc(s.color)).append("\" stroke-width=\"1.6\"")
                .append(dash).append(" stroke-linejoin=\"round\" points=\"");
        for (int k = 0; k < run.size(); k++) {
            double[] p = run.get(k);
            if (k > 0) {
                sb.append(' ');
            }
            sb.append(n(p[0])).append(',').append(n(p[1]));
        }
        sb.append("\"><title>").append(Html.esc(s.name)).append("</title></polyline>\n");
    }

    private static String rotatedLabel(double x, double y, String text) {
        return "<text class=\"al\" text-anchor=\"middle\" transform=\"translate(" + n(x) + " " + n(y)
                + ") rotate(-90)\">" + Html.esc(text) + "</text>";
    }

    private static double[] xRange(List<Series> all) {
        double max = Double.NEGATIVE_INFINITY;
        double min = 0;
        for (Series s : all) {
            for (double x : s.x) {
                if (usable(x)) {
                    max = Math.max(max, x);
                    min = Math.min(min, x);
                }
            }
        }
        if (!(max > min)) {
            max = min + 1;
        }
        return new double[] {min, max};
    }

    private Axis axis(String label, Scale scale, List<Series> all, boolean rightSide, double atLeast) {
        double max = 0;
        double minPositive = Double.POSITIVE_INFINITY;
        for (Series s : all) {
            if (s.right != rightSide && rightLabel != null) {
                continue;
            }
            for (double v : s.y) {
                if (usable(v)) {
                    max = Math.max(max, v);
                    if (v > 0) {
                        minPositive = Math.min(minPositive, v);
                    }
                }
            }
        }
        max = Math.max(max, atLeast);
        if (scale == Scale.LOG) {
            double lo = minPositive == Double.POSITIVE_INFINITY ? 0.01 : minPositive;
            double decade = Math.pow(10, Math.floor(Math.log10(lo)));
            // a series sitting exactly on the bottom decade would hide in the x axis line
            lo = Math.max(LOG_FLOOR, lo < decade * 1.05 ? decade / 10 : decade);
            double hi = max > 0 ? Math.pow(10, Math.ceil(Math.log10(max))) : lo * 100;
            if (hi <= lo) {
                hi = lo * 10;
            }
            List<Double> ticks = new ArrayList<>();
            List<Double> minor = new ArrayList<>();
            int decades = (int) Math.round(Math.log10(hi / lo));
            for (int d = 0; d <= decades; d++) {
                double v = lo * Math.pow(10, d);
                ticks.add(round(v));
                if (d < decades) {
                    for (int m : new int[] {2, 5}) {
                        (decades <= 2 ? ticks : minor).add(round(v * m));
                    }
                }
            }
            ticks.sort(Double::compare);
            return new Axis(label, scale, lo, hi, ticks, minor);
        }
        if (max <= 0) {
            max = 1;
        }
        List<Double> ticks = niceTicks(0, max, 5);
        double top = ticks.get(ticks.size() - 1);
        if (top < max) {
            double step = ticks.size() > 1 ? ticks.get(1) - ticks.get(0) : max;
            top += step;
            ticks.add(top);
        }
        return new Axis(label, scale, 0, top, ticks, List.of());
    }

    /** Ticks at 1, 2 or 5 times a power of ten, from the first multiple at or above min to max. */
    static List<Double> niceTicks(double min, double max, int target) {
        List<Double> out = new ArrayList<>();
        if (!(max > min) || !finite(min) || !finite(max)) {
            out.add(finite(min) ? min : 0);
            return out;
        }
        double raw = (max - min) / Math.max(1, target);
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double step;
        double r = raw / mag;
        if (r <= 1) {
            step = mag;
        } else if (r <= 2) {
            step = 2 * mag;
        } else if (r <= 5) {
            step = 5 * mag;
        } else {
            step = 10 * mag;
        }
        double first = Math.ceil(min / step - 1e-9) * step;
        for (int i = 0; i < 100; i++) {
            double v = first + i * step;
            if (v > max + step * 1e-9) {
                break;
            }
            out.add(round(v));
        }
        if (out.isEmpty()) {
            out.add(min);
        }
        return out;
    }

    /** Min and max of each bucket, in time order: ≤ MAX_POINTS points, peaks kept. */
    static double[][] reduce(double[] x, double[] y) {
        int n = x.length;
        if (n <= MAX_POINTS) {
            return new double[][] {x, y};
        }
        int buckets = MAX_POINTS / 2;
        double[] ox = new double[buckets * 2];
        double[] oy = new double[buckets * 2];
        int k = 0;
        for (int b = 0; b < buckets; b++) {
            int from = (int) ((long) b * n / buckets);
            int to = (int) ((long) (b + 1) * n / buckets);
            int iMin = -1;
            int iMax = -1;
            for (int i = from; i < to; i++) {
                if (!usable(x[i]) || !usable(y[i])) {
                    continue;
                }
                if (iMin < 0 || y[i] < y[iMin]) {
                    iMin = i;
                }
                if (iMax < 0 || y[i] > y[iMax]) {
                    iMax = i;
                }
            }
            if (iMin < 0) {
                // a whole bucket unmeasured stays a gap
                ox[k] = x[from];
                oy[k++] = Double.NaN;
                continue;
            }
            int a = Math.min(iMin, iMax);
            int c = Math.max(iMin, iMax);
            ox[k] = x[a];
            oy[k++] = y[a];
            if (c != a) {
                ox[k] = x[c];
                oy[k++] = y[c];
            }
        }
        return new double[][] {Arrays.copyOf(ox, k), Arrays.copyOf(oy, k)};
    }

    private static Series downsample(Series s) {
        double[][] r = reduce(s.x, s.y);
        return new Series(s.name, s.color, s.dashed, s.right, r[0], r[1]);
    }

    private static int countFinite(double[] y) {
        int c = 0;
        for (double v : y) {
            if (usable(v)) {
                c++;
            }
        }
        return c;
    }

    private static boolean usable(double v) {
        return finite(v) && v >= 0;
    }

    private static boolean finite(double v) {
        return !Double.isNaN(v) && !Double.isInfinite(v);
    }

    private static double frac(double x, double[] range) {
        return clamp01((x - range[0]) / (range[1] - range[0]));
    }

    private static double clamp01(double v) {
        return finite(v) ? Math.max(0, Math.min(1, v)) : 0;
    }

    private static double round(double v) {
        // strips the binary noise of repeated step additions (0.30000000000000004) before formatting
        return Double.parseDouble(String.format(Locale.ROOT, "%.6g", v));
    }

    /** A coordinate: one decimal is finer than a pixel at any sensible size. */
    static String n(double v) {
        if (!finite(v)) {
            return "0";
        }
        long tenths = Math.round(v * 10);
        return tenths % 10 == 0 ? Long.toString(tenths / 10)
                : (tenths < 0 && tenths > -10 ? "-" : "") + (tenths / 10) + "." + Math.abs(tenths % 10);
    }

    /** 1,500 → "1.5k"; 0.002 → "0.002": short enough for a tick. */
    static String tickLabel(double v) {
        if (!finite(v)) {
            return "";
        }
        double a = Math.abs(v);
        if (a >= 1e9) {
            return trim(v / 1e9) + "G";
        }
        if (a >= 1e6) {
            return trim(v / 1e6) + "M";
        }
        if (a >= 1e4) {
            return trim(v / 1e3) + "k";
        }
        return trim(v);
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.3f", v);
        if (s.indexOf('.') >= 0) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s.equals("-0") ? "0" : s;
    }

    /** Seconds for short runs, minutes up to ten hours, hours beyond: readable tick values. */
    private record TimeUnitChoice(double seconds, String label) {
        static TimeUnitChoice of(double rangeSeconds) {
            if (rangeSeconds <= 900) {
                return new TimeUnitChoice(1, "s");
            }
            if (rangeSeconds <= 10 * 3600) {
                return new TimeUnitChoice(60, "min");
            }
            return new TimeUnitChoice(3600, "h");
        }
    }
}
