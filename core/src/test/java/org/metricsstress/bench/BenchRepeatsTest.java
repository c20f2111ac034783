package org.metricsstress.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.stats.MedianInterval;

class BenchRepeatsTest {
    private static BenchResult bench(double warmRedisToGuava, String text) {
        Map<String, Object> findings = new LinkedHashMap<>();
        findings.put("warmRedisToGuava", warmRedisToGuava);
        findings.put("redisKeys", 1000L);
        findings.put("note", text);
        return new BenchResult(2, "metrics-stress", "test", Map.of(), Map.of(), List.of(), Map.of(), findings);
    }

    @Test
    void eachRatioIsItsMedianOverTheBenchesAndCountsAreLeftOut() {
        Map<String, MedianInterval> r = BenchRepeats.of(List.of(bench(0.71, "a"), bench(0.64, "b"), bench(0.69, "c")));
        MedianInterval redis = r.get("warmRedisToGuava");
        assertEquals(0.69, redis.median());
        assertEquals(0.64, redis.low());
        assertEquals(0.71, redis.high());
        assertEquals(0.75, redis.level(), 1e-12);
        assertFalse(r.containsKey("redisKeys"), "a count is not a ratio");
        assertFalse(r.containsKey("note"));
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) ((Map<String, Object>) BenchRepeats.json(
                List.of(bench(0.71, "a"), bench(0.64, "b"), bench(0.69, "c"))).get("ratios")).get("warmRedisToGuava");
        assertEquals(List.of(0.71, 0.64, 0.69), json.get("values"));
        assertEquals(List.of(0.64, 0.71), json.get("interval"));
    }
}
