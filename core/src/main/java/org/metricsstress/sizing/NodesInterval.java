package org.metricsstress.sizing;

/**
 * A range of node counts the answer by throughput may well be in, given how far the measured
 * points scatter about the fitted curve.
 *
 * @param confidence  the band's level, e.g. 0.95
 * @param low         the fewest nodes: where the band's optimistic edge reaches the need
 * @param high        the most: where its pessimistic edge does; null when that edge never does
 * @param highMissing why there is no upper bound, in words; null when there is one
 * @param method      how the range was found, in words
 */
public record NodesInterval(double confidence, int low, Integer high, String highMissing, String method) {

    /** {@code 10-15}, or {@code 10 to no upper bound}. */
    public String range() {
        return range("");
    }

    /** {@code 10-15 nodes per DC}, or {@code 10 nodes per DC to no upper bound}: {@code unit} after the figures. */
    public String range(String unit) {
        String u = unit.isEmpty() ? "" : " " + unit;
        return high == null ? low + u + " to no upper bound" : (low == high ? String.valueOf(low) : low + "-" + high) + u;
    }

    /** {@code 95% interval 10-15}. */
    public String words() {
        return words("");
    }

    /** {@code 95% interval 10-15 nodes per DC}. */
    public String words(String unit) {
        return String.format(java.util.Locale.ROOT, "%.0f%% interval %s", 100 * confidence, range(unit));
    }
}
