package org.metricsstress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.IntervalStats;

/** Each report interval keeps its own failures by class, so that each stretch is judged by its own. */
class IntervalSamplerTest {

    @Test
    void eachIntervalHoldsTheFailuresOfItsOwnClassesAndNoOthers() {
        StressMetrics metrics = new StressMetrics();
        long start = System.nanoTime();
        IntervalSampler sampler = new IntervalSampler(metrics, start, 1_000, () -> 0, () -> 0);
        metrics.generated(30, 0);
        metrics.handedToWriter(30);
        metrics.failed(3, ErrorClass.TIMEOUT);
        metrics.failed(2, ErrorClass.OVERLOADED);
        IntervalStats first = sampler.sample(start + 1_000_000_000L);
        assertEquals(Map.of("timeout", 3L, "overloaded", 2L), first.failedByClass());
        assertEquals(5, first.clusterRefused());

        metrics.failed(4, ErrorClass.UNAVAILABLE);
        metrics.failed(1, ErrorClass.ABANDONED);
        IntervalStats second = sampler.sample(start + 2_000_000_000L);
        assertEquals(Map.of("unavailable", 4L, "abandoned", 1L), second.failedByClass(),
                "the interval's own, not the run's so far");
        assertEquals(4, second.clusterRefused(), "abandoned is the run's end, not the cluster's refusal");

        IntervalStats quiet = sampler.sample(start + 3_000_000_000L);
        assertEquals(Map.of(), quiet.failedByClass(), "nothing failed: known, and none");
        assertEquals(0, quiet.clusterRefused());
    }

    /** A result written before the intervals kept their classes reads as "not known", never as "none". */
    @Test
    void anIntervalWithoutItsClassesReadsAsNotKnown() throws Exception {
        StressMetrics metrics = new StressMetrics();
        long start = System.nanoTime();
        IntervalSampler sampler = new IntervalSampler(metrics, start, 1_000, () -> 0, () -> 0);
        metrics.generated(10, 0);
        metrics.handedToWriter(10);
        metrics.failed(10, ErrorClass.TIMEOUT);
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode json = mapper.valueToTree(sampler.sample(start + 1_000_000_000L));
        assertEquals(10, json.get("failedByClass").get("timeout").asLong());
        json.remove("failedByClass");
        IntervalStats old = mapper.treeToValue(json, IntervalStats.class);
        assertNull(old.failedByClass());
        assertEquals(-1, old.clusterRefused());
        assertEquals(10, old.failed());
    }
}
