package org.metricsstress.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class DistanceTest {
    private static NodeSummary node(String name, String dc, long requests, LatencySummary service) {
        return new NodeSummary(name, dc, requests, requests, Map.of(), service);
    }

    private static LatencySummary of(long... micros) {
        Histogram h = new Histogram(3);
        for (long m : micros) {
            h.recordValue(m);
        }
        return LatencySummary.of(h);
    }

    @Test
    void aDcsNodesAreAddedAsHistogramsNotAveraged() {
        // dc1: one node fast, one slow; the DC's p50 is the union's, not either node's nor their mean.
        Distance d = Distance.of(Map.of("dc1-dc2", "2ms"), "EACH_QUORUM", List.of(
                node("a", "dc1", 3, of(1_000, 1_000, 1_000)),
                node("b", "dc1", 1, of(9_000)),
                node("c", "dc2", 2, of(4_000, 4_000))), null);
        Distance.DcService dc1 = d.service("EACH_QUORUM", "dc1");
        assertEquals(4, dc1.requests());
        assertEquals(4, dc1.service().count());
        assertEquals(1.0, dc1.service().p50Ms(), 0.01);
        assertEquals(9.0, dc1.service().maxMs(), 0.01);
        assertEquals(4.0, d.service("EACH_QUORUM", "dc2").service().p50Ms(), 0.01);
        assertNull(d.service("LOCAL_QUORUM", "dc1"));
    }

    @Test
    void withoutEveryHistogramADcGetsAnUpperBoundNotOneNodesFigures() {
        LatencySummary fast = new LatencySummary(30, 1, 2, 3, 4, 5, 1.5);
        LatencySummary slow = new LatencySummary(10, 8, 9, 10, 11, 12, 8.5);
        Distance d = Distance.of(Map.of(), "LOCAL_QUORUM", List.of(node("a", "dc1", 30, fast), node("b", "dc1", 10, slow)), null);
        LatencySummary s = d.service("LOCAL_QUORUM", "dc1").service();
        assertEquals(40, s.count());
        assertEquals(8, s.p50Ms());
        assertEquals(10, s.p99Ms());
        assertEquals(12, s.maxMs());
        assertEquals((30 * 1.5 + 10 * 8.5) / 40, s.meanMs(), 1e-9);
        // One node: its own figures, as they are.
        assertEquals(fast, Distance.upperBound(List.of(fast)));
    }

    @Test
    void relaysReadTwiceGiveWhatWasDoneBetweenAndInstancesAddUp() {
        Distance.Relays start = new Distance.Relays(1_000, 0.5);
        Distance.Relays during = new Distance.Relays(6_000, 2.0).since(start);
        assertEquals(new Distance.Relays(5_000, 1.5), during);
        assertEquals(new Distance.Relays(5_100, 1.75), Distance.Relays.sum(during, new Distance.Relays(100, 0.25)));
        assertEquals(during, Distance.Relays.sum(null, during));
        assertNull(Distance.Relays.sum(null, null));
    }

    @Test
    void aOneWayDistanceReadsAsItsBaseDelayInMilliseconds() {
        assertEquals(10.0, Distance.oneWayMs("10ms~1ms"), 1e-9, "the jitter is even about the base: the median is the base");
        assertEquals(10.0, Distance.oneWayMs("10ms"), 1e-9);
        assertEquals(1.5, Distance.oneWayMs("1.5ms~0.5ms"), 1e-9);
        assertEquals(0.5, Distance.oneWayMs("500us"), 1e-9);
        assertEquals(1000.0, Distance.oneWayMs("1s"), 1e-9);
        assertEquals(0.0, Distance.oneWayMs("0ms"), 1e-9);
        assertEquals(0.0, Distance.oneWayMs("far"), 1e-9, "a distance written otherwise counts as none");
        assertEquals(0.0, Distance.oneWayMs(null), 1e-9);
    }
}
