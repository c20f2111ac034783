package org.metricsstress.config;

/**
 * How the run is judged at its end (help section "judging"): the read-back, the SLA, and which
 * nodes tell their own side of the run for the verdict.
 */
public record JudgingSection(
        Double verifyAfter,
        Sla sla,
        NodeTelemetryScope nodeTelemetry,
        java.time.Duration nodeTelemetryEvery) {
    public JudgingSection {
        if (nodeTelemetryEvery != null && (nodeTelemetryEvery.toMillis() < 500 || nodeTelemetryEvery.toSeconds() > 60)) {
            throw new ConfigException("--node-telemetry-every: between 500ms and 60s, got "
                    + Parse.format(nodeTelemetryEvery));
        }
    }
}
