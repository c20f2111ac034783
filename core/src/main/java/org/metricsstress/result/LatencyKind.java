package org.metricsstress.result;

/**
 * The four latencies a run records for every group commit, each from the commit's intended time
 * or its send, with the names each output uses for it.
 */
public enum LatencyKind {
    /** Intended time to acknowledged: honest under overload (coordinated-omission correct). */
    RESPONSE("response", "response"),
    /** Sent to acknowledged, per request. */
    SERVICE("service", "service"),
    /** Intended time to picked up by a writer. */
    QUEUE("queue", "queue"),
    /** Intended time to generated: how late the generators ran. */
    SCHEDULE_LAG("schedule-lag", "schedule_lag");

    private final String tag;
    private final String label;

    LatencyKind(String tag, String label) {
        this.tag = tag;
        this.label = label;
    }

    /** Its tag in the HDR log and its name in the metric registry ({@code schedule-lag}). */
    public String tag() {
        return tag;
    }

    /** Its value of the Prometheus label {@code kind} ({@code schedule_lag}). */
    public String label() {
        return label;
    }
}
