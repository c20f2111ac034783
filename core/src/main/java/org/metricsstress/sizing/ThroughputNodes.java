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
 * assumed to add what a node added in the measurements (the mean of rate / nodes over the points),
 * and the output says it is an assumption. Lower bounds (at-least points) are never averaged in: they
 * only hold the curve, or the rate per node, up to them.
 *
 * @param nodes          nodes per DC; null when no size reaches the rate (the fitted peak or ceiling is below it)
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
 * @param extrapolation            a warning when the answer is beyond twice the largest size measured; null otherwise
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
            double peak = u.peakNodes();
            String assumption = fit.held().isEmpty() ? null
                    : String.join(" and ", fit.held()) + " held at 0: the free fit wanted "
                    + (fit.held().size() == 1 ? "it" : "them") + " negative (better than linear scaling, not admissible in the law)";
            NodesInterval interval = n > 0 ? UslBand.nodesFor(fit, need) : null;
            String intervalMissing = n < 0 ? "no answer to give an interval for"
                    : interval == null ? UslBand.reason(fit) : null;
            return new ThroughputNodes(n > 0 ? n : null, USL, points, fit, u.lambda(), need,
                    n > 0 ? u.capacity(n) : null, Double.isInfinite(peak) ? null : peak, assumption, interval,
                    intervalMissing, n > 0 ? extrapolation(n, points) : null);
        }
        double mean = measured.stream().mapToDouble(p -> p.samplesPerSecond() / p.nodes()).average().orElse(0);
        ScalePoint raising = bounds.stream().max(Comparator.comparingDouble(p -> p.samplesPerSecond() / p.nodes()))
                .filter(b -> b.samplesPerSecond() / b.nodes() > mean).orElse(null);
        double perNode = raising == null ? mean : raising.samplesPerSecond() / raising.nodes();
        int n = (int) Math.max(1, Math.ceil(need / perNode - 1e-9));
        String from = measured.isEmpty() ? "lower bounds only (no measurement)"
                : measured.size() == 1 ? "one measurement" : "measurements at two sizes only";
        String how = raising == null ? (measured.size() == 1 ? "rate / nodes" : "rate / nodes, the mean over the measurements")
                : measured.isEmpty() ? "the most rate / nodes of the lower bounds: at least that, so the nodes are at most these"
                : "raised to the lower bound at " + raising.label() + ": the measurements' rate / nodes is below it";
        String at = measured.isEmpty() ? sizes(bounds)
                : sizes(measured) + (bounds.isEmpty() ? "" : "; lower bounds at " + sizes(bounds));
        String assumption = String.format(Locale.ROOT, "linear scaling assumed: %s at %s; each node adds %,.0f "
                + "samples/s (%s); measure at three or more sizes to fit the USL instead", from, at, perNode, how);
        return new ThroughputNodes(n, LINEAR, points, null, perNode, need, perNode * n, null, assumption, null,
                "linear scaling assumed from " + (points.size() == 1 ? "one size" : points.size() + " sizes")
                        + ": no curve fitted, so no interval", extrapolation(n, points));
    }

    /** Why no size answers, naming what the fitted curve reaches instead; null when one does. */
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
        return String.format(Locale.ROOT, "no cluster size reaches %,.0f samples/s (target / headroom) on the fitted "
                + "curve: %s", needSamplesPerSecond, reach);
    }

    /**
     * A warning when {@code n} is beyond twice the largest size measured: the law (or the linear
     * assumption) is then carried far past where anything was seen.
     */
    static String extrapolation(int n, List<ScalePoint> points) {
        int smallest = points.stream().mapToInt(ScalePoint::nodes).min().orElseThrow();
        int largest = points.stream().mapToInt(ScalePoint::nodes).max().orElseThrow();
        if (n <= 2 * largest) {
            return null;
        }
        return String.format(Locale.ROOT, "extrapolated: %d nodes is beyond twice the largest size measured (%s); "
                + "measure nearer the answer", n, smallest == largest ? largest + (largest == 1 ? " node" : " nodes")
                : smallest + "-" + largest + " nodes");
    }

    private static String sizes(List<ScalePoint> points) {
        return points.stream().map(p -> p.nodes() + " node" + (p.nodes() == 1 ? "" : "s")).toList().toString();
    }
}
