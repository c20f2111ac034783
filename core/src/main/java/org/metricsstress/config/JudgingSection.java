package org.metricsstress.config;

/** How the run is judged at its end (help section "judging"): the read-back and the SLA. */
public record JudgingSection(
        Double verifyAfter,
        Sla sla) {
}
