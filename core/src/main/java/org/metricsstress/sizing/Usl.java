package org.metricsstress.sizing;

import java.util.ArrayList;
import java.util.List;

/**
 * The Universal Scalability Law (Gunther): the capacity of {@code N} nodes is
 * {@code C(N) = lambda N / (1 + sigma (N - 1) + kappa N (N - 1))}: lambda what one node does,
 * sigma the share serialised (contention), kappa the cost of nodes keeping each other coherent
 * (crosstalk). With kappa above 0 capacity peaks at {@code N* = sqrt((1 - sigma) / kappa)} and falls
 * beyond: adding nodes there stops paying. With kappa 0 and sigma above 0 it has no peak but a
 * ceiling, {@code lambda / sigma}, that it rises toward and never reaches: adding nodes pays less
 * and less. Only with both 0 does it scale linearly for ever.
 *
 * <p>The fit is least squares on the law's linear form, {@code N / C = a + b (N - 1) + c N (N - 1)}
 * with {@code lambda = 1 / a}, {@code sigma = b / a}, {@code kappa = c / a} (Gunther's own
 * regression), each point weighted by {@code (C / N)^2} so that what is minimised is each point's
 * relative error: a cluster of 16 nodes counts as much as one of 2. Sigma and kappa cannot be
 * negative in the law; when the best fit wants one negative it is held at 0 and the rest refitted
 * (a scaling that looks better than linear, often noise, then fits as linear). Lower bounds
 * (find-max's at-least answers) are constraints, not points: {@link UslLeastSquares}.
 *
 * @param lambda samples per second of one node
 * @param sigma  contention, 0 or above
 * @param kappa  crosstalk, 0 or above
 */
public record Usl(double lambda, double sigma, double kappa) {

    /** The law's coefficients: as many measured sizes are needed to fit it, and more to say how well it fits. */
    public static final int COEFFICIENTS = 3;

    /** Largest cluster searched for an answer: a count beyond it is no answer, said in words. */
    public static final int MOST_NODES = 1_000_000;

    /**
     * A fit and how well it matches the points.
     *
     * @param usl                the coefficients
     * @param rmsRelativeError   the root mean square of (fitted - measured) / measured over the measured points
     * @param maxRelativeError   the largest |fitted - measured| / measured over them
     * @param held               which coefficients were held at 0 because the free fit wanted them negative
     * @param measured           the measured points fitted (lower bounds excluded)
     * @param bounds             the lower bounds (at-least points) the curve is kept at or above
     * @param raisedBy           those of the bounds the curve had to be raised to (it fell below them)
     */
    public record Fit(Usl usl, double rmsRelativeError, double maxRelativeError, List<String> held,
            List<ScalePoint> measured, List<ScalePoint> bounds, List<ScalePoint> raisedBy) {

        /**
         * Measured points beyond the law's three coefficients: with none, the curve has as many
         * coefficients as points and its misses say nothing of the error.
         */
        public int degreesOfFreedom() {
            return measured.size() - COEFFICIENTS;
        }
    }

    /** Capacity of {@code n} nodes. */
    public double capacity(double n) {
        return lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1));
    }

    /**
     * The size of the highest capacity: 1 when sigma is 1 or more (a second node adds nothing);
     * infinite when kappa is 0 (capacity never falls: see {@link #highest()}).
     */
    public double peakNodes() {
        if (kappa > 0) {
            return Math.max(1, Math.sqrt(Math.max(0, 1 - sigma) / kappa));
        }
        return sigma >= 1 ? 1 : Double.POSITIVE_INFINITY;
    }

    /**
     * The most any size does: the peak's capacity with kappa above 0; with kappa 0 the ceiling
     * {@code lambda / sigma} the curve rises toward (one node's lambda when sigma is 1 or more);
     * infinite only when sigma and kappa are both 0.
     */
    public double highest() {
        if (kappa > 0 || sigma >= 1) {
            return capacity(peakNodes());
        }
        return sigma > 0 ? lambda / sigma : Double.POSITIVE_INFINITY;
    }

    /**
     * The fewest nodes whose capacity reaches {@code samplesPerSecond}; -1 when no size up to
     * {@link #MOST_NODES} does (the peak, or the ceiling, is below it).
     */
    public int nodesFor(double samplesPerSecond) {
        double need = samplesPerSecond * (1 - 1e-12);
        if (kappa == 0 && sigma < 1) {
            // Solved: lambda N >= need (1 + sigma (N - 1)) <=> N (lambda - sigma need) >= need (1 - sigma).
            double room = lambda - sigma * need;
            if (room <= 0) {
                return -1;
            }
            double n = Math.max(1, Math.ceil(need * (1 - sigma) / room - 1e-9));
            return n <= MOST_NODES ? (int) n : -1;
        }
        int last = (int) Math.min(MOST_NODES, Math.ceil(peakNodes()));
        for (int n = 1; n <= last; n++) {
            if (capacity(n) >= need) {
                return n;
            }
        }
        return -1;
    }

    /**
     * Fits the law to measured points at three or more distinct sizes, kept at or above the lower
     * bounds among {@code points}.
     */
    public static Fit fit(List<ScalePoint> points) {
        List<ScalePoint> measured = points.stream().filter(p -> !p.atLeast()).toList();
        List<ScalePoint> bounds = points.stream().filter(ScalePoint::atLeast).toList();
        if (measured.size() < COEFFICIENTS) {
            throw new IllegalArgumentException("a USL fit needs measurements at three or more cluster sizes (lower "
                    + "bounds do not count), got " + measured.size());
        }
        UslLeastSquares.Solution s = UslLeastSquares.solve(measured, bounds);
        if (s == null) {
            throw new IllegalArgumentException("no admissible USL fit for these points");
        }
        double[] abc = s.abc();
        Usl u = new Usl(1 / abc[0], abc[1] / abc[0], abc[2] / abc[0]);
        List<String> held = new ArrayList<>();
        if (s.sigmaHeld()) {
            held.add("sigma");
        }
        if (s.kappaHeld()) {
            held.add("kappa");
        }
        double sum = 0;
        double max = 0;
        for (ScalePoint p : measured) {
            double e = (u.capacity(p.nodes()) - p.samplesPerSecond()) / p.samplesPerSecond();
            sum += e * e;
            max = Math.max(max, Math.abs(e));
        }
        return new Fit(u, Math.sqrt(sum / measured.size()), max, List.copyOf(held), measured, bounds, s.raisedBy());
    }
}
