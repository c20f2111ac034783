package org.metricsstress.nodes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.NodeTelemetry;

/** A node's counters turned into an interval's figures, from readings as they arrive. */
class NodeSeriesTest {
    private static final long S = 1_000_000_000L;

    private static SystemViews.Raw views() {
        return new SystemViews.Raw(Map.of(), 0, Map.of());
    }

    private static JmxFigures.Raw jmx(long cpuNanos, double gcMs, long atNanos) {
        return new JmxFigures.Raw(gcMs, cpuNanos, 2, 0, 0, 0, atNanos);
    }

    /**
     * A stalled node's JMX answers late: asked at the 1 s line, answered at 2.9 s, taken at the 2 s
     * line. Its CPU is over the 2.9 s between its answers (both cores busy: 100%), not over the 2 s
     * between the lines that asked (which read 145%, and 720% in a real run).
     */
    @Test
    void aLateJmxAnswerIsRatedOverTheTimeBetweenAnswers() {
        NodeSeries series = new NodeSeries("127.0.0.3:9042", "dc1");
        series.base(0, views(), jmx(0, 0, 0));
        NodeTelemetry.Reading first = series.add(1 * S, 1, views(), 5, null, null);
        assertEquals(-1, first.cpuPercent(), 1e-9, "no JMX answer in time: not read");
        NodeTelemetry.Reading late = series.add(2 * S, 2, views(), 5, null, jmx(2 * 29 * S / 10, 290, 29 * S / 10));
        assertEquals(100, late.cpuPercent(), 1e-6, "both cores busy for the 2.9 s between answers");
        assertEquals(290, late.gcMs(), 1e-9);
        NodeTelemetry.Reading next = series.add(3 * S, 3, views(), 5, null, jmx(2 * 29 * S / 10 + S, 290, 39 * S / 10));
        assertEquals(50, next.cpuPercent(), 1e-6, "one core's second over the next second");
        assertEquals(List.of(first, late, next), series.result().readings());
    }

    /**
     * A node started inside a CPU quota of 30 % of a core: its JVM sees one processor and tells its
     * load of the quota (0.97); its CPU time says it used 0.3 cores. The first is its utilisation,
     * the second what it took of the machine.
     */
    @Test
    void aNodeInsideAQuotaIsBusyByItsOwnLoadAndUsesTheCoresItsCpuTimeSays() {
        NodeSeries series = new NodeSeries("127.0.0.2:9042", "dc1");
        series.base(0, views(), new JmxFigures.Raw(0, 0, 1, 0, 0, 0, 0, 0));
        NodeTelemetry.Reading r = series.add(2 * S, 2, views(), 5, null,
                new JmxFigures.Raw(0, 6 * S / 10, 1, 0, 0, 0, 2 * S, 0.97));
        assertEquals(97, r.cpuPercent(), 1e-9);
        assertEquals(0.3, r.cpuCores(), 1e-9);
    }
}
