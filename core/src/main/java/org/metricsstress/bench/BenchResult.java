package org.metricsstress.bench;

import java.util.List;
import java.util.Map;

/**
 * What {@code metrics-stress bench} writes as JSON: where it ran, how, each phase's figures with
 * their ratios to the ceiling, the heap figures, and the ratios the targets are set on (warm Redis
 * to warm Guava, a cold start to its physical bound, LZ4's bytes to none's). With {@code --repeat N}
 * the figures are the last bench's and {@code repeats} holds each ratio over the N benches, as a median
 * with its interval; null for one bench.
 */
public record BenchResult(
        int schemaVersion,
        String tool,
        String version,
        Map<String, Object> environment,
        Map<String, Object> setup,
        List<BenchPhase> phases,
        Map<String, Object> memory,
        Map<String, Object> findings,
        Map<String, Object> repeats) {

    /** One bench's figures, no repeats. */
    public BenchResult(int schemaVersion, String tool, String version, Map<String, Object> environment,
            Map<String, Object> setup, List<BenchPhase> phases, Map<String, Object> memory, Map<String, Object> findings) {
        this(schemaVersion, tool, version, environment, setup, phases, memory, findings, null);
    }

    public BenchResult withRepeats(Map<String, Object> over) {
        return new BenchResult(schemaVersion, tool, version, environment, setup, phases, memory, findings, over);
    }
}
