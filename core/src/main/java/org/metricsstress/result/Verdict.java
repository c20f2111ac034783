package org.metricsstress.result;

/**
 * The run's answer to "does the cluster keep up?", in one word and one sentence.
 *
 * @param kind {@code KEPT_UP}, {@code CLUSTER_BEHIND}, {@code CLIENT_BOUND} or {@code INCONCLUSIVE}
 */
public record Verdict(String kind, String message) {}
