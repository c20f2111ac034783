package org.metricsstress.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    @Test
    void settingsThatDifferOrThatOnlyOneRunHasAreListedWhicheverSideHasThem() {
        Map<String, Object> a = Map.of("nodes", 10, "cache", "guava", "only-in-a", true);
        Map<String, Object> b = Map.of("nodes", 20, "cache", "guava", "only-in-b", 1);
        assertEquals(List.of("nodes", "only-in-a", "only-in-b"), Comparison.differences(a, b));
        assertEquals(List.of("nodes", "only-in-a", "only-in-b"), Comparison.differences(b, a));
        assertEquals(List.of(), Comparison.differences(a, a));
    }
}
