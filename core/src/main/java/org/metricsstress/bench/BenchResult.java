package org.metricsstress.bench;

import java.util.List;
import java.util.Map;

/**
 * What {@code metrics-stress bench} writes as JSON: where it ran, how, each phase's figures with
 * their ratios to the ceiling, the heap figures, and the ratios the targets are set on (warm Redis
 * to warm Guava, a cold start to its physical bound, LZ4's bytes to none's).
 */
public record BenchResult(
        int schemaVersion,
        String tool,
        String version,
        Map<String, Object> environment,
        Map<String, Object> setup,
        List<BenchPhase> phases,
        Map<String, Object> memory,
        Map<String, Object> findings) {}
