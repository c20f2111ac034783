package org.metricsstress.result;

import java.util.List;

/**
 * The run's answer to "does it keep up, and if not, what limited it?", in one word and one sentence
 * that carries its evidence, judged apart for the cold start and the steady state after it.
 *
 * @param kind        {@code KEPT_UP}, {@code POOL_TOO_SMALL}, {@code CLUSTER_BEHIND}, {@code WRITER_BOUND},
 *                    {@code CACHE_TOO_SMALL}, {@code CACHE_SLOW}, {@code RING_TOO_SMALL}, {@code CLIENT_BOUND},
 *                    {@code INCONCLUSIVE}
 *                    or {@code AUDIT_UNBALANCED} (docs/diagnosis.md)
 * @param message     the sentence, with the evidence that decided it
 * @param evidence    the figures the judgement read, one short line each (empty in older results)
 * @param coldStart   the cold start judged on its own (until every resource was indexed); null
 *                    when the run had none to judge apart
 * @param steadyState the stretch after the cold start judged on its own; null when there was none
 */
public record Verdict(String kind, String message, List<String> evidence, Phase coldStart, Phase steadyState) {

    /** A verdict without evidence lines or phases (tests, and results older than schema 9). */
    public Verdict(String kind, String message) {
        this(kind, message, List.of(), null, null);
    }

    public Verdict {
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
    }

    /** One stretch of the run judged on its own, seconds from the start of generation. */
    public record Phase(String kind, String message, double fromSeconds, double toSeconds) {}

    /** Whether the kind says the run kept up. */
    public boolean keptUp() {
        return "KEPT_UP".equals(kind);
    }
}
