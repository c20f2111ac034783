package org.metricsstress.report;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.RunEvent;
import org.metricsstress.result.StressResult;

/**
 * Which charts the page shows and what each one plots: the series taken from the intervals, their
 * colours, captions and the markers (events, index complete, generation stopped). Drawing is
 * {@link SvgChart}'s.
 */
final class ReportCharts {
    private static final String GREY = "#6b7280";
    private static final String BLUE = "#2563eb";
    private static final String GREEN = "#16a34a";
    private static final String PURPLE = "#7c3aed";
    private static final String CYAN = "#0891b2";
    private static final String RED = "#dc2626";
    private static final String ORANGE = "#ea580c";

    private ReportCharts() {}

    static void charts(StringBuilder sb, StressResult r, List<IntervalStats> iv) {
        double[] x = col(iv, IntervalStats::elapsedSeconds);
        IndexSummary ix = r.index();
        boolean indexOn = ix != null && ix.enabled() && (iv.isEmpty() || iv.stream().anyMatch(s -> s.indexRows() >= 0));
        double indexDone = indexOn && ix.secondsToComplete() >= 0 ? ix.secondsToComplete() : Double.NaN;
        double lastX = iv.stream().mapToDouble(IntervalStats::elapsedSeconds).filter(Double::isFinite).max().orElse(0);
        // Intervals after generation stopped are the drain; marking where it starts explains their shape.
        double genStop = lastX > r.generationSeconds() + 0.5 ? r.generationSeconds() : Double.NaN;

        SvgChart rate = new SvgChart("chart-rate", "Samples per second: target, generated, written")
                .left("samples/s", SvgChart.Scale.LINEAR)
                .line("target", GREY, true, false, x, col(iv, IntervalStats::targetSamplesPerSecond))
                .line("generated", BLUE, false, false, x, col(iv, IntervalStats::generatedPerSecond))
                .line("written", GREEN, false, false, x, col(iv, IntervalStats::writtenPerSecond));
        emit(sb, markers(rate, indexDone, genStop, r.events()), "Written below generated means the cluster (or the writers) fell behind.");

        SvgChart ring = new SvgChart("chart-ring", "Backlog and losses: ring occupancy, writes in flight, dropped and failed")
                .left("ring slots / requests", SvgChart.Scale.LINEAR)
                .right("samples per interval", SvgChart.Scale.LINEAR)
                .rightAtLeast(10)
                .line("ring occupancy", PURPLE, false, false, x, col(iv, s -> s.ringOccupancy()))
                .line("write requests in flight", CYAN, false, false, x, col(iv, s -> s.inFlightRequests()));
        double ringSize = number(r.config(), "ring-size");
        if (ringSize > 0 && x.length > 0) {
            ring.line("ring size", GREY, true, false, new double[] {0, lastX}, new double[] {ringSize, ringSize});
        }
        ring.line("dropped", RED, false, true, x, col(iv, s -> s.dropped()))
                .line("failed", ORANGE, false, true, x, col(iv, s -> s.failed()));
        emit(sb, markers(ring, indexDone, genStop, r.events()), "Samples are dropped when the ring is full; failed writes are errors or abandoned at the end.");

        SvgChart latency = new SvgChart("chart-latency", "Latency per interval (coordinated-omission corrected)")
                .left("ms (log scale)", SvgChart.Scale.LOG)
                .line("response p50", GREEN, false, false, x, latCol(iv, s -> s.response(), LatencySummary::p50Ms))
                .line("response p99", BLUE, false, false, x, latCol(iv, s -> s.response(), LatencySummary::p99Ms))
                .line("response p99.9", PURPLE, false, false, x, latCol(iv, s -> s.response(), LatencySummary::p999Ms))
                .line("response max", RED, false, false, x, latCol(iv, s -> s.response(), LatencySummary::maxMs))
                .line("service p99", CYAN, true, false, x, latCol(iv, s -> s.service(), LatencySummary::p99Ms))
                .line("queue p99", ORANGE, true, false, x, latCol(iv, s -> s.queue(), LatencySummary::p99Ms));
        emit(sb, markers(latency, indexDone, genStop, r.events()), "Response: intended → acknowledged; service: sent → acknowledged; "
                + "queue: intended → picked up by a writer. Gaps: no write acknowledged in that interval.");

        if (indexOn) {
            SvgChart index = new SvgChart("chart-index", "Indexing: index rows per second and resource cache size")
                    .left("index rows/s", SvgChart.Scale.LINEAR)
                    .right("cache entries", SvgChart.Scale.LINEAR)
                    .line("index rows/s", BLUE, false, false, x, col(iv, IntervalStats::indexRowsPerSecond))
                    .line("cache size", PURPLE, false, true, x, col(iv, s -> s.cacheSize()));
            emit(sb, markers(index, indexDone, genStop, r.events()), "A cold cache indexes every resource once, then index writes stop.");
        } else {
            sb.append("<p class=\"note\" id=\"chart-index-note\">indexing off: no index chart</p>\n");
        }

        long maxHeap = r.client() == null ? 0 : r.client().maxHeapBytes();
        SvgChart client = new SvgChart("chart-client", "Client: CPU, heap and GC pauses per interval")
                .left("%", SvgChart.Scale.LINEAR)
                .leftAtLeast(100)
                .right("GC pause ms per interval", SvgChart.Scale.LINEAR)
                .rightAtLeast(10)
                .line("CPU % of all cores", BLUE, false, false, x, col(iv, IntervalStats::cpuPercent));
        if (maxHeap > 0) {
            client.line("heap used, % of " + Numbers.count(maxHeap >> 20) + " MiB max", GREEN, false, false, x,
                    col(iv, s -> s.heapUsedBytes() < 0 ? Double.NaN : 100.0 * s.heapUsedBytes() / maxHeap));
        } else {
            client.line("heap used, MiB", GREEN, false, false, x,
                    col(iv, s -> s.heapUsedBytes() < 0 ? Double.NaN : s.heapUsedBytes() / 1048576.0));
        }
        client.line("GC pause", RED, false, true, x, col(iv, IntervalStats::gcPauseMs));
        emit(sb, markers(client, indexDone, genStop, r.events()), "A client near 100% CPU or pausing for GC limits the rate itself.");

        SvgChart lag = new SvgChart("chart-lag", "Schedule lag: how late the generators ran against the intended times")
                .left("ms (log scale)", SvgChart.Scale.LOG)
                .line("schedule lag p50", GREEN, false, false, x, latCol(iv, s -> s.scheduleLag(), LatencySummary::p50Ms))
                .line("schedule lag p99", BLUE, false, false, x, latCol(iv, s -> s.scheduleLag(), LatencySummary::p99Ms))
                .line("schedule lag max", RED, false, false, x, latCol(iv, s -> s.scheduleLag(), LatencySummary::maxMs));
        emit(sb, markers(lag, indexDone, genStop, r.events()), "Lag while the ring stays empty means this client, not the database, is the bottleneck.");
    }

    private static SvgChart markers(SvgChart c, double indexDone, double genStop, List<RunEvent> events) {
        if (events != null) {
            for (RunEvent e : events) {
                // "kill dc2 (127.0.0.2 pid 5485): SIGKILL" is marked "kill dc2"; the table has the rest.
                String t = e.text() == null ? "event" : e.text();
                int cut = t.indexOf(" (");
                c.marker(e.atSeconds(), cut > 0 ? t.substring(0, cut) : t);
            }
        }
        if (!Double.isNaN(indexDone)) {
            c.marker(indexDone, "index complete");
        }
        if (!Double.isNaN(genStop)) {
            c.marker(genStop, "generation stopped");
        }
        return c;
    }

    private static void emit(StringBuilder sb, SvgChart chart, String caption) {
        sb.append("<figure class=\"chartbox\">\n").append(chart.render()).append("<figcaption>").append(Html.esc(caption))
                .append("</figcaption></figure>\n");
    }

    private static double[] col(List<IntervalStats> iv, ToDoubleFunction<IntervalStats> f) {
        double[] out = new double[iv.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = f.applyAsDouble(iv.get(i));
        }
        return out;
    }

    /** NaN where nothing was measured in the interval, so the chart shows a gap rather than 0 ms. */
    private static double[] latCol(List<IntervalStats> iv, Function<IntervalStats, LatencySummary> which,
            ToDoubleFunction<LatencySummary> f) {
        return col(iv, s -> {
            LatencySummary l = which.apply(s);
            return l == null || l.count() == 0 ? Double.NaN : f.applyAsDouble(l);
        });
    }

    private static double number(Map<String, Object> map, String key) {
        Object v = map == null ? null : map.get(key);
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
