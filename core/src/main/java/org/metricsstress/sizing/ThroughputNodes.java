package org.metricsstress.sizing;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Nodes per DC the target rate needs, from throughput measured at one or more cluster sizes.
 *
 * <p>With points at three or more sizes the Universal Scalability Law is fitted ({@link Usl}) and
 * the answer is the fewest nodes whose fitted capacity reaches {@code target / headroom}. With fewer
 * sizes there is nothing to fit a curve to: each node is assumed to add what a node added in the
 * measurements (the mean of rate / nodes over the points), and the output says it is an assumption.
 *
 * @param nodes          nodes per DC; null when no size reaches the rate (the fitted peak is below it)
 * @param model          {@link #USL} or {@link #LINEAR}
 * @param points         the measurements, by size
 * @param fit            the USL fit; null for the linear model
 * @param perNodeSamplesPerSecond the linear model's rate per node; for USL, lambda
 * @param needSamplesPerSecond     target / headroom: the capacity planned for
 * @param capacityAtNodes          the model's capacity at {@code nodes}; null without an answer
 * @param peakNodes                USL: where adding nodes stops paying (null when it never does); linear: null
 * @param assumption               what the answer assumes, in words; null when nothing beyond the model
 */
public record ThroughputNodes(Integer nodes, String model, List<ScalePoint> points, Usl.Fit fit,
        double perNodeSamplesPerSecond, double needSamplesPerSecond, Double capacityAtNodes, Double peakNodes,
        String assumption) {

    public static final String USL = "usl";
    public static final String LINEAR = "linear";

    /** At least one point; sizes distinct (the caller checks and says so to the user). */
    public static ThroughputNodes of(List<ScalePoint> measured, double target, double headroom) {
        List<ScalePoint> points = measured.stream().sorted(Comparator.comparingInt(ScalePoint::nodes)).toList();
        double need = target / headroom;
        if (points.size() >= 3) {
            Usl.Fit fit = Usl.fit(points);
            Usl u = fit.usl();
            int n = u.nodesFor(need);
            double peak = u.peakNodes();
            String assumption = fit.held().isEmpty() ? null
                    : String.join(" and ", fit.held()) + " held at 0: the free fit wanted "
                    + (fit.held().size() == 1 ? "it" : "them") + " negative (better than linear scaling, not admissible in the law)";
            return new ThroughputNodes(n > 0 ? n : null, USL, points, fit, u.lambda(), need,
                    n > 0 ? u.capacity(n) : null, Double.isInfinite(peak) ? null : peak, assumption);
        }
        double perNode = points.stream().mapToDouble(p -> p.samplesPerSecond() / p.nodes()).average().orElseThrow();
        int n = (int) Math.max(1, Math.ceil(need / perNode - 1e-9));
        String assumption = String.format(Locale.ROOT, "linear scaling assumed: %s at %s; each node adds %,.0f "
                + "samples/s (rate / nodes%s); measure at three or more sizes to fit the USL instead",
                points.size() == 1 ? "one measurement" : "measurements at two sizes only",
                points.stream().map(p -> p.nodes() + " node" + (p.nodes() == 1 ? "" : "s")).toList(), perNode,
                points.size() == 1 ? "" : ", the mean over the points");
        return new ThroughputNodes(n, LINEAR, points, null, perNode, need, perNode * n, null, assumption);
    }
}
