package org.metricsstress.sizing;

/**
 * Nodes per DC that end the cold start within a bound: the fewest for which the model, its waits
 * scaled to that many nodes ({@link ColdStartModel#onNodes}), predicts the ring drained again (or,
 * when it never fills, every resource indexed) within {@code maxSeconds} of the start.
 *
 * @param nodes      nodes per DC; null when no size up to {@link #MOST_NODES} does
 * @param maxSeconds the bound (--max-drain)
 * @param prediction the cold start at {@code nodes} (at {@link #MOST_NODES} without an answer)
 * @param assumption what scaling to other sizes assumes, in words
 * @param calibratedNodes nodes per DC of the cluster the costs were measured on; 0 unknown (then only that size is judged)
 */
public record ColdStartNodes(Integer nodes, double maxSeconds, ColdStartPrediction prediction, String assumption,
        int calibratedNodes) {

    /** Largest cluster tried. */
    public static final int MOST_NODES = 1024;

    public static final String ASSUMPTION = "each wait of the workers scaled by calibrated nodes / nodes (a cluster twice "
            + "the size answers in half the time: the field's \"doubling the cluster halved the ring\"); below the "
            + "cluster's light-load latency this is optimistic";

    public static ColdStartNodes of(ColdStartModel model, ColdStartModel.Plan plan, double maxSeconds) {
        if (model.clusterNodes() <= 0) {
            ColdStartPrediction p = model.predict(plan);
            boolean ok = p.overAtSeconds() >= 0 && p.overAtSeconds() <= maxSeconds;
            return new ColdStartNodes(ok ? 1 : null, maxSeconds, p, "the calibrating cluster's size is unknown: "
                    + "only its own size is judged", 0);
        }
        // Doubling, then bisection: the cold start shortens as the waits do.
        int lo = 0;
        int hi = 1;
        ColdStartPrediction atHi = model.onNodes(hi).predict(plan);
        while (!fits(atHi, maxSeconds)) {
            if (hi >= MOST_NODES) {
                return new ColdStartNodes(null, maxSeconds, atHi, ASSUMPTION, model.clusterNodes());
            }
            lo = hi;
            hi = Math.min(MOST_NODES, hi * 2);
            atHi = model.onNodes(hi).predict(plan);
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            ColdStartPrediction p = model.onNodes(mid).predict(plan);
            if (fits(p, maxSeconds)) {
                hi = mid;
                atHi = p;
            } else {
                lo = mid;
            }
        }
        return new ColdStartNodes(hi, maxSeconds, atHi, ASSUMPTION, model.clusterNodes());
    }

    /**
     * What the count rests on, short enough for the answer line: no run measured how the waits
     * change with the cluster's size; the model scales them by the nodes alone.
     */
    public String scaling() {
        return calibratedNodes <= 0 ? "is the calibrating cluster's own size (its size unknown: no other judged)"
                : String.format(java.util.Locale.ROOT, "assumes each wait of the workers shrinks as 1/N from the "
                        + "calibrating cluster's %d node%s per DC (not measured at two sizes)", calibratedNodes,
                        calibratedNodes == 1 ? "" : "s");
    }

    private static boolean fits(ColdStartPrediction p, double maxSeconds) {
        return p.overAtSeconds() >= 0 && p.overAtSeconds() <= maxSeconds;
    }
}
