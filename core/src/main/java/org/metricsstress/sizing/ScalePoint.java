package org.metricsstress.sizing;

/**
 * One throughput at one cluster size: the highest rate a cluster of {@code nodes} nodes per DC
 * sustained, or, when {@code atLeast}, a rate it sustained without the search finding where it
 * stops (find-max's conclusion {@code at-least-max-rate}: its highest rate passed). Such a point is
 * a lower bound on the capacity at that size, not a measurement of it: the fit keeps the curve at
 * or above it and does not pull the curve down to it.
 *
 * @param nodes            nodes per DC
 * @param samplesPerSecond the highest sustainable rate measured (find-max's answer, or a figure from elsewhere)
 * @param source           where it came from: a file name, or {@code --points}
 * @param atLeast          a lower bound: the capacity at this size is this rate or more
 */
public record ScalePoint(int nodes, double samplesPerSecond, String source, boolean atLeast) {

    /** A measured point (not a lower bound). */
    public ScalePoint(int nodes, double samplesPerSecond, String source) {
        this(nodes, samplesPerSecond, source, false);
    }

    /** {@code 8:27,000}, or {@code 8:>=27,000} for a lower bound. */
    public String label() {
        return String.format(java.util.Locale.ROOT, "%d:%s%,.0f", nodes, atLeast ? ">=" : "", samplesPerSecond);
    }
}
