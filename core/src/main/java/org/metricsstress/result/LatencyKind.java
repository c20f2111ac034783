package org.metricsstress.result;

/**
 * The four latencies a run records for every group commit, each from the commit's intended time
 * or its send, with the names each output uses for it.
 */
public enum LatencyKind {
    /** Intended time to acknowledged: honest under overload (coordinated-omission correct). */
    RESPONSE("response", "response", "intended -> acknowledged"),
    /** Sent to acknowledged, per request. */
    SERVICE("service", "service", "sent -> acknowledged"),
    /** Intended time to picked up by a writer. */
    QUEUE("queue", "queue", "intended -> picked up"),
    /** Intended time to generated: how late the generators ran. */
    SCHEDULE_LAG("schedule-lag", "schedule_lag", "intended -> generated");

    private final String tag;
    private final String label;
    private final String span;

    LatencyKind(String tag, String label, String span) {
        this.tag = tag;
        this.label = label;
        this.span = span;
    }

    /** Its tag in the HDR log and its name in the metric registry ({@code schedule-lag}). */
    public String tag() {
        return tag;
    }

    /** Its value of the Prometheus label {@code kind} ({@code schedule_lag}). */
    public String label() {
        return label;
    }

    /** What it spans, for people ({@code intended -> acknowledged}). */
    public String span() {
        return span;
    }
}
