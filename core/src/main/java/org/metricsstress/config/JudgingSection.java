package org.metricsstress.config;

/**
 * How the run is judged at its end (help section "judging"): the read-back, the SLA, and which
 * nodes tell their own side of the run for the verdict.
 */
public record JudgingSection(
        Double verifyAfter,
        Sla sla,
        NodeTelemetryScope nodeTelemetry) {
}
