package org.metricsstress.sizing;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Nodes per DC the target rate needs, from throughput measured at one or more cluster sizes.
 *
 * <p>With measurements at three or more sizes the Universal Scalability Law is fitted ({@link Usl})
 * and the answer is the fewest nodes whose fitted capacity reaches {@code target / headroom}, with
 * the range the measured points' scatter allows ({@link UslBand}; none from exactly three points,
 * which the curve passes through). With fewer sizes there is nothing to fit a curve to: each node is
 * assumed to add what a node did at the largest size measured (its rate / nodes),
 * and the output says it is an assumption. Lower bounds (at-least points) are never averaged in: they
 * only hold the curve, or the rate per node, up to them.
 *
 * @param nodes          nodes per DC; null when no size reaches the rate on the fitted curve (its peak or
 *                       ceiling is below it); {@code interval} may still give the sizes the points allow
 * @param model          {@link #USL} or {@link #LINEAR}
 * @param points         the points, by size (lower bounds among them)
 * @param fit            the USL fit; null for the linear model
 * @param perNodeSamplesPerSecond the linear model's rate per node; for USL, lambda
 * @param needSamplesPerSecond     target / headroom: the capacity planned for
 * @param capacityAtNodes          the model's capacity at {@code nodes}; null without an answer
 * @param peakNodes                USL: where adding nodes stops paying (null when it never does); linear: null
 * @param assumption               what the answer assumes, in words; null when nothing beyond the model
 * @param interval                 the range of nodes the evidence allows; null when none can be given
 * @param intervalMissing          why there is no interval; null when there is one
 * @param extrapolation            a warning when the answer, or its interval's upper edge, is beyond twice the
 *                                 largest size measured, or, with no answer, the curve's peak beyond it; null otherwise
 */
public record ThroughputNodes(Integer nodes, String model, List<ScalePoint> points, Usl.Fit fit,
        double perNodeSamplesPerSecond, double needSamplesPerSecond, Double capacityAtNodes, Double peakNodes,
        String assumption, NodesInterval interval, String intervalMissing, String extrapolation) {

    public static final String USL = "usl";
    public static final String LINEAR = "linear";

    /** At least one point; sizes distinct (the caller checks and says so to the user). */
    public static ThroughputNodes of(List<ScalePoint> given, double target, double headroom) {
        List<ScalePoint> points = given.stream().sorted(Comparator.comparingInt(ScalePoint::nodes)).toList();
        List<ScalePoint> measured = points.stream().filter(p -> !p.atLeast()).toList();
        List<ScalePoint> bounds = points.stream().filter(ScalePoint::atLeast).toList();
        double need = target / headroom;
        if (measured.size() >= Usl.COEFFICIENTS) {
            Usl.Fit fit = Usl.fit(points);
            Usl u = fit.usl();
            int n = u.nodesFor(need);
            Integer nodes = n > 0 ? n : null;
            double peak = u.peakNodes();
            String assumption = fit.held().isEmpty() ? null
                    : String.join(" and ", fit.held()) + " held at 0: the free fit wanted "
                    + (fit.held().size() == 1 ? "it" : "them") + " negative (better than linear scaling, not admissible in the law)";
            // The band whether or not the curve answers: a curve that misses the need says nothing sure
            // of the sizes when its points scatter, and coverage must not depend on the point estimate.
            UslBand.Reach band = UslBand.reach(fit, need);
            NodesInterval interval = band == null ? null : band.interval();
            String intervalMissing = band == null ? UslBand.reason(fit)
                    : interval == null ? String.format(Locale.ROOT, "not even at the %.0f%% band's optimistic edge does "
                            + "a size up to %,d nodes reach %,.0f samples/s: the band puts the most any size does at "
                            + "%,.0f-%,.0f samples/s", 100 * UslBand.CONFIDENCE, Usl.MOST_NODES, need,
                            band.pessimisticMost(), band.optimisticMost())
                    : null;
            return new ThroughputNodes(nodes, USL, points, fit, u.lambda(), need,
                    nodes != null ? u.capacity(n) : null, Double.isInfinite(peak) ? null : peak, assumption, interval,
                    intervalMissing, extrapolation(nodes, interval, u, points));
        }
        // The largest size's rate per node, not the mean over the sizes: under sub-linear scaling it is
        // the least of them, and still optimistic beyond it.
        double largestPerNode = measured.stream().max(Comparator.comparingInt(ScalePoint::nodes))
                .map(p -> p.samplesPerSecond() / p.nodes()).orElse(0.0);
        ScalePoint raising = bounds.stream().max(Comparator.comparingDouble(p -> p.samplesPerSecond() / p.nodes()))
                .filter(b -> b.samplesPerSecond() / b.nodes() > largestPerNode).orElse(null);
        double perNode = raising == null ? largestPerNode : raising.samplesPerSecond() / raising.nodes();
        int n = (int) Math.max(1, Math.ceil(need / perNode - 1e-9));
        String from = measured.isEmpty() ? "lower bounds only (no measurement)"
                : measured.size() == 1 ? "one measurement" : "measurements at two sizes only";
        String how = raising == null ? (measured.size() == 1 ? "rate / nodes" : "rate / nodes at the largest size measured, optimistic beyond it if scaling is sub-linear")
                : measured.isEmpty() ? "the most rate / nodes of the lower bounds: at least that, so the nodes are at most these"
                : "raised to the lower bound at " + raising.label() + ": the measurements' rate / nodes is below it";
        String at = measured.isEmpty() ? sizes(bounds)
                : sizes(measured) + (bounds.isEmpty() ? "" : "; lower bounds at " + sizes(bounds));
        String assumption = String.format(Locale.ROOT, "linear scaling assumed: %s at %s; each node adds %,.0f "
                + "samples/s (%s); measure at three or more sizes to fit the USL instead", from, at, perNode, how);
        return new ThroughputNodes(n, LINEAR, points, null, perNode, need, perNode * n, null, assumption, null,
                "linear scaling assumed from " + (points.size() == 1 ? "one size" : points.size() + " sizes")
                        + ": no curve fitted, so no interval", extrapolation(n, null, null, points));
    }

    /**
     * Why no size answers, naming what the fitted curve reaches instead, what the band allows and
     * that it is extrapolated; null when a size answers. "No cluster size reaches" only where even
     * the band's optimistic edge does not: where it does, the points allow a size the curve misses.
     */
    public String unreached() {
        if (nodes != null) {
            return null;
        }
        Usl u = fit.usl();
        String reach = u.kappa() > 0 ? String.format(Locale.ROOT, "it peaks at %,.0f samples/s at %.1f nodes",
                u.highest(), u.peakNodes())
                : u.sigma() >= 1 ? String.format(Locale.ROOT, "with sigma %.2f it never rises above one node's %,.0f "
                        + "samples/s", u.sigma(), u.highest())
                : u.sigma() > 0 ? String.format(Locale.ROOT, "it rises toward its ceiling lambda/sigma = %,.0f samples/s "
                        + "and never reaches it", u.highest())
                : String.format(Locale.ROOT, "linear, it would need more than %,d nodes", Usl.MOST_NODES);
        String head;
        if (interval != null) {
            int df = fit.degreesOfFreedom();
            head = String.format(Locale.ROOT, "the fitted curve reaches %,.0f samples/s (target / headroom) at no size: "
                    + "%s; but the measured points allow it: the optimistic edge of the fit's %.0f%% confidence band "
                    + "reaches it, %s (%d measured points, %d degree%s of freedom)", needSamplesPerSecond, reach,
                    100 * interval.confidence(), interval.words("nodes per DC"), fit.measured().size(), df,
                    df == 1 ? "" : "s");
        } else if (fit.degreesOfFreedom() > 0) {
            head = String.format(Locale.ROOT, "no cluster size reaches %,.0f samples/s (target / headroom), on the fitted "
                    + "curve (%s) nor at its band's optimistic edge: %s", needSamplesPerSecond, reach, intervalMissing);
        } else {
            head = String.format(Locale.ROOT, "the fitted curve reaches %,.0f samples/s (target / headroom) at no size: "
                    + "%s; %s", needSamplesPerSecond, reach, intervalMissing);
        }
        return extrapolation == null ? head : head + "; " + extrapolation;
    }

    /** The largest size measured, lower bounds included: how far anything was seen. */
    public int largestMeasured() {
        return points.stream().mapToInt(ScalePoint::nodes).max().orElseThrow();
    }

    /**
     * A warning that the answer is carried past where anything was seen; null when it is not: the
     * answer beyond twice the largest size measured, else the interval's upper edge beyond it (or
     * no upper edge at all), and, with no answer, the curve's peak (or ceiling) beyond the largest size.
     */
    static String extrapolation(Integer n, NodesInterval interval, Usl u, List<ScalePoint> points) {
        int smallest = points.stream().mapToInt(ScalePoint::nodes).min().orElseThrow();
        int largest = points.stream().mapToInt(ScalePoint::nodes).max().orElseThrow();
        String measured = smallest == largest ? largest + (largest == 1 ? " node" : " nodes")
                : smallest + "-" + largest + " nodes";
        List<String> why = new java.util.ArrayList<>();
        if (n != null && n > 2 * largest) {
            why.add(String.format(Locale.ROOT, "%d nodes is beyond twice the largest size measured (%s)", n, measured));
        } else if (interval != null && (interval.high() == null || interval.high() > 2 * largest)) {
            why.add(interval.high() == null
                    ? String.format(Locale.ROOT, "the %.0f%% interval has no upper bound (sizes measured: %s)",
                            100 * interval.confidence(), measured)
                    : String.format(Locale.ROOT, "the %.0f%% interval reaches %d nodes, beyond twice the largest size "
                            + "measured (%s)", 100 * interval.confidence(), interval.high(), measured));
        }
        if (n == null && u != null && u.peakNodes() > largest) {
            why.add(Double.isInfinite(u.peakNodes())
                    ? String.format(Locale.ROOT, "the curve %s only far beyond the sizes measured (%s)",
                            u.sigma() > 0 ? "nears its ceiling" : "scales linearly", measured)
                    : String.format(Locale.ROOT, "the curve's peak at %.1f nodes is %.1f times the largest size measured "
                            + "(%s)", u.peakNodes(), u.peakNodes() / largest, measured));
        }
        return why.isEmpty() ? null : "extrapolated: " + String.join("; ", why) + "; measure nearer the answer";
    }

    private static String sizes(List<ScalePoint> points) {
        return points.stream().map(p -> p.nodes() + " node" + (p.nodes() == 1 ? "" : "s")).toList().toString();
    }
}
