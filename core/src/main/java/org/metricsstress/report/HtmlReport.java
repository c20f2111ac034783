package org.metricsstress.report;

import org.metricsstress.result.CacheSummary;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.SlaResult;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.List;
import org.metricsstress.result.NodeSummary;
import org.metricsstress.result.RunEvent;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;

/**
 * One run as a single HTML page that needs nothing else to display: styles inline, charts as
 * inline SVG drawn here, no script, no fonts or images, nothing fetched. It can be mailed, attached
 * to a ticket or opened years later offline.
 *
 * <p>Every string taken from the result is escaped: config values are whatever the user typed.
 */
public final class HtmlReport {
    /** Above this many intervals the per-interval table shows every n-th one; the result JSON has all. */
    static final int MAX_TABLE_ROWS = 1000;

    private static final String GREY = "#6b7280";
    private static final String BLUE = "#2563eb";
    private static final String GREEN = "#16a34a";
    private static final String PURPLE = "#7c3aed";
    private static final String CYAN = "#0891b2";
    private static final String RED = "#dc2626";
    private static final String ORANGE = "#ea580c";

    private HtmlReport() {}

    public static void write(StressResult result, Path file) throws IOException {
        Path target = file.toAbsolutePath();
        Path parent = target.getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        // A reader (a browser refreshing, a CI artefact upload) never sees half a page.
        Path tmp = target.resolveSibling(target.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong())
                + ".tmp");
        try {
            Files.writeString(tmp, render(result), StandardCharsets.UTF_8);
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    public static String render(StressResult r) {
        List<IntervalStats> iv = r.intervals() == null ? List.of() : r.intervals().stream()
                .filter(Objects::nonNull).toList();
        StringBuilder sb = new StringBuilder(64 * 1024 + iv.size() * 2048);
        String name = r.tool() == null ? "metrics-stress" : r.tool();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"color-scheme\" content=\"light\">\n")
                .append("<title>").append(esc(name)).append(" report").append(r.startedAt() == null ? "" : " " + esc(r.startedAt()))
                .append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");

        header(sb, r, name);
        verdict(sb, r);
        figures(sb, r);
        audit(sb, r);
        latencyTable(sb, r);
        sb.append("<div class=\"grid2\">\n");
        coldStart(sb, r);
        indexAndCache(sb, r);
        sb.append("<div>\n");
        failures(sb, r);
        client(sb, r);
        sb.append("</div>\n</div>\n");
        nodesAndEvents(sb, r);

        sb.append("<h2>Over time</h2>\n");
        charts(sb, r, iv);

        sb.append("<h2>Run</h2>\n<div class=\"grid2 maps\">\n");
        mapTable(sb, "Config", r.config());
        mapTable(sb, "Plan", r.plan());
        mapTable(sb, "Cluster", r.cluster());
        mapTable(sb, "Environment", r.environment());
        sb.append("</div>\n");
        intervalTable(sb, iv, r.client());

        sb.append("<footer>").append(esc(name)).append(' ').append(esc(r.version() == null ? "" : r.version()))
                .append(", result schema ").append(r.schemaVersion())
                .append(". Self-contained page: nothing here is loaded from the network.</footer>\n");
        sb.append("</body>\n</html>\n");
        return sb.toString();
    }

    private static void header(StringBuilder sb, StressResult r, String name) {
        sb.append("<header><h1>").append(esc(name)).append(" report</h1>\n<p class=\"sub\">");
        if (r.startedAt() != null) {
            sb.append("started ").append(esc(r.startedAt())).append(" · ");
        }
        sb.append(esc(String.format(Locale.ROOT, "%.1f s generating, %.1f s draining", safe(r.generationSeconds()),
                safe(r.drainSeconds()))));
        if (!r.drained()) {
            sb.append(" <strong class=\"bad\">(drain timed out: the rest counted as failed)</strong>");
        }
        Object cluster = r.cluster() == null ? null : r.cluster().get("name");
        if (cluster != null) {
            sb.append(" · cluster ").append(esc(String.valueOf(cluster)));
        }
        if (r.version() != null) {
            sb.append(" · version ").append(esc(r.version()));
        }
        sb.append("</p></header>\n");
    }

    private static void verdict(StringBuilder sb, StressResult r) {
        Verdict v = r.verdict();
        String kind = v == null || v.kind() == null ? "NO VERDICT" : v.kind();
        String css = switch (kind) {
            case "KEPT_UP" -> "ok";
            case "CLUSTER_BEHIND" -> "bad";
            case "CLIENT_BOUND" -> "warn";
            default -> "neutral";
        };
        sb.append("<section class=\"verdict ").append(css).append("\" id=\"verdict\"><div class=\"kind\">")
                .append(esc(kind.replace('_', ' '))).append("</div><div class=\"msg\">")
                .append(esc(v == null || v.message() == null ? "this result carries no verdict" : v.message()))
                .append("</div>");
        SlaResult sla = r.sla();
        if (sla != null) {
            sb.append("<div class=\"sla ").append(sla.passed() ? "ok" : "bad").append("\">SLA <code>")
                    .append(esc(sla.expression())).append("</code>: <strong>").append(sla.passed() ? "PASSED" : "FAILED")
                    .append("</strong>");
            if (sla.failures() != null && !sla.failures().isEmpty()) {
                sb.append("<ul>");
                for (String f : sla.failures()) {
                    sb.append("<li>").append(esc(f)).append("</li>");
                }
                sb.append("</ul>");
            }
            sb.append("</div>");
        }
        sb.append("</section>\n");
    }

    private static void figures(StringBuilder sb, StressResult r) {
        double pct = r.targetSamplesPerSecond() > 0 ? 100 * r.writtenSamplesPerSecond() / r.targetSamplesPerSecond() : Double.NaN;
        LatencySummary resp = lat(r.responseLatency());
        sb.append("<section class=\"figures\">\n");
        figure(sb, "target rate", rate(r.targetSamplesPerSecond()), "samples/s");
        figure(sb, "written rate", rate(r.writtenSamplesPerSecond()), "samples/s" + (Double.isFinite(pct)
                ? String.format(Locale.ROOT, " (%.1f%% of target)", pct) : ""));
        figure(sb, "response p99", ms(resp.p99Ms()), "ms, intended → acknowledged");
        figure(sb, "dropped", Numbers.count(r.dropped()), "samples (ring full)");
        figure(sb, "failed", Numbers.count(r.failed()), "samples (errors)");
        if (r.client() != null) {
            figure(sb, "client cost", fixed(r.client().cpuMicrosPerSample(), 2), "µs CPU per sample written");
        }
        sb.append("</section>\n");
    }

    private static void figure(StringBuilder sb, String label, String value, String unit) {
        sb.append("<div class=\"fig\"><div class=\"l\">").append(esc(label)).append("</div><div class=\"v\">")
                .append(esc(value)).append("</div><div class=\"u\">").append(esc(unit)).append("</div></div>\n");
    }

    private static void audit(StringBuilder sb, StressResult r) {
        boolean ok = r.auditBalances();
        sb.append("<p class=\"audit ").append(ok ? "ok" : "bad").append("\" id=\"audit\">audit: generated ")
                .append(Numbers.count(r.generated())).append(" = written ").append(Numbers.count(r.written()))
                .append(" + dropped ").append(Numbers.count(r.dropped())).append(" + failed ")
                .append(Numbers.count(r.failed())).append(" : <strong>")
                .append(ok ? "BALANCED" : "OFF BY " + Numbers.count(r.unaccounted())).append("</strong></p>\n");
        sb.append("<p class=\"sub\">group commits ").append(Numbers.count(r.groupCommitsGenerated()))
                .append(" generated, ").append(Numbers.count(r.groupCommitsDropped())).append(" dropped; ")
                .append(Numbers.count(r.writeRequests())).append(" write requests; string attributes ")
                .append(Numbers.count(r.stringAttributesGenerated())).append(" (index-only)</p>\n");
    }

    private static void latencyTable(StringBuilder sb, StressResult r) {
        sb.append("<section><h2>Latency, whole run (ms)</h2><div class=\"scroll\"><table class=\"num\" id=\"latency\">")
                .append("<thead><tr><th></th><th>p50</th><th>p90</th><th>p99</th><th>p99.9</th><th>max</th><th>mean</th>")
                .append("<th>commits</th><th class=\"what\">from → to</th></tr></thead><tbody>\n");
        latencyRow(sb, "response", r.responseLatency(), "intended → acknowledged");
        latencyRow(sb, "service", r.serviceLatency(), "sent → acknowledged");
        latencyRow(sb, "queue", r.queueLatency(), "intended → picked up");
        latencyRow(sb, "schedule lag", r.scheduleLag(), "intended → generated");
        if (r.reads() != null) {
            // The read side's own histograms: counts are reads, searches and probes, not commits.
            latencyRow(sb, "read", r.reads().readResponse(), "intended → answered (reads)");
            latencyRow(sb, "read service", r.reads().readService(), "sent → answered (reads)");
            latencyRow(sb, "search", r.reads().searchResponse(), "intended → answered (searches)");
            latencyRow(sb, "freshness", r.reads().freshness(), "intended → readable (probes)");
        }
        sb.append("</tbody></table></div></section>\n");
    }

    private static void latencyRow(StringBuilder sb, String name, LatencySummary l, String what) {
        l = lat(l);
        sb.append("<tr><th>").append(esc(name)).append("</th>");
        for (double v : new double[] {l.p50Ms(), l.p90Ms(), l.p99Ms(), l.p999Ms(), l.maxMs(), l.meanMs()}) {
            sb.append("<td>").append(l.count() == 0 ? "–" : ms(v)).append("</td>");
        }
        sb.append("<td>").append(Numbers.count(l.count())).append("</td><td class=\"what\">").append(esc(what))
                .append("</td></tr>\n");
    }

    private static void failures(StringBuilder sb, StressResult r) {
        sb.append("<section><h2>Failures by class</h2>");
        Map<String, Long> byClass = r.failedByClass();
        boolean any = false;
        if (byClass != null) {
            StringBuilder rows = new StringBuilder();
            for (Map.Entry<String, Long> e : byClass.entrySet()) {
                long n = e.getValue() == null ? 0 : e.getValue();
                if (n > 0) {
                    any = true;
                    rows.append("<tr><th>").append(esc(e.getKey())).append("</th><td>").append(Numbers.count(n))
                            .append("</td></tr>\n");
                }
            }
            if (any) {
                sb.append("<table class=\"num\" id=\"failures\"><thead><tr><th>class</th><th>samples</th></tr></thead><tbody>\n")
                        .append(rows).append("</tbody></table>");
            }
        }
        if (!any) {
            sb.append("<p id=\"failures\">").append(r.failed() > 0 ? Numbers.count(r.failed())
                    + " samples failed; no breakdown by class recorded" : "no failures").append("</p>");
        }
        sb.append("</section>\n");
    }

    /** Per coordinator node and what was done to the cluster: shown only when there is something to tell. */
    private static void nodesAndEvents(StringBuilder sb, StressResult r) {
        List<NodeSummary> nodes = r.nodes() == null ? List.of() : r.nodes();
        List<RunEvent> events = r.events() == null ? List.of() : r.events();
        if (nodes.size() < 2 && events.isEmpty()) {
            return;
        }
        sb.append("<div class=\"grid2\">\n");
        sb.append("<section><h2>Per coordinator node</h2>");
        sb.append("<table class=\"num\" id=\"nodes\"><thead><tr><th>node</th><th>dc</th><th>requests</th>"
                + "<th>samples written</th><th>failed attempts</th><th>service p99 ms</th></tr></thead><tbody>\n");
        for (NodeSummary n : nodes) {
            StringBuilder why = new StringBuilder();
            if (n.failedAttemptsByClass() != null) {
                n.failedAttemptsByClass().forEach((k, v) -> {
                    if (v != null && v > 0) {
                        why.append(why.length() > 0 ? ", " : "").append(k).append(' ').append(Numbers.count(v));
                    }
                });
            }
            sb.append("<tr><th>").append(esc(n.node())).append("</th><td>").append(esc(n.dc() == null ? "-" : n.dc()))
                    .append("</td><td>").append(Numbers.count(n.requests())).append("</td><td>")
                    .append(Numbers.count(n.samplesWritten())).append("</td><td>")
                    .append(n.failedAttemptsByClass() == null ? "0" : Numbers.count(n.failedAttempts()))
                    .append(why.length() > 0 ? " (" + esc(why.toString()) + ")" : "").append("</td><td>")
                    .append(n.service() == null ? "-" : ms(n.service().p99Ms())).append("</td></tr>\n");
        }
        sb.append("</tbody></table><p class=\"note\">Attempts: a retried request counts on every node it tried; "
                + "samples count once.</p></section>\n");
        steps(sb, r);
        sb.append("<section><h2>Events</h2>");
        if (events.isEmpty()) {
            sb.append("<p id=\"events\">none</p>");
        } else {
            sb.append("<table id=\"events\"><thead><tr><th>at s</th><th>what</th></tr></thead><tbody>\n");
            for (RunEvent e : events) {
                sb.append("<tr><td>").append(fixed(e.atSeconds(), 1)).append("</td><td>").append(esc(e.text()))
                        .append("</td></tr>\n");
            }
            sb.append("</tbody></table>");
        }
        sb.append("</section>\n</div>\n");
    }

    /** A stepped profile's steps, each judged on its own; the charts mark where each began. */
    private static void steps(StringBuilder sb, StressResult r) {
        if (r.steps() == null || r.steps().isEmpty()) {
            return;
        }
        sb.append("<section><h2>Steps</h2><table class=\"num\" id=\"steps\"><thead><tr><th>step</th><th>from s</th>"
                + "<th>target/s</th><th>written/s</th><th>dropped</th><th>failed</th><th>p99 ms</th><th>sla</th></tr>"
                + "</thead><tbody>\n");
        for (org.metricsstress.result.StepSummary s : r.steps()) {
            sb.append("<tr><td>").append(s.step()).append("</td><td>").append(fixed(s.startSeconds(), 0))
                    .append("</td><td>").append(rate(s.targetSamplesPerSecond())).append("</td><td>")
                    .append(rate(s.writtenSamplesPerSecond())).append("</td><td>").append(Numbers.count(s.dropped()))
                    .append("</td><td>").append(Numbers.count(s.failed())).append("</td><td>")
                    .append(s.response().count() == 0 ? "-" : ms(s.response().p99Ms())).append("</td><td>")
                    .append(s.sla() == null ? "-" : s.sla().passed() ? "passed"
                            : esc("failed: " + String.join("; ", s.sla().failures())))
                    .append("</td></tr>\n");
        }
        sb.append("</tbody></table></section>\n");
    }

    /** The cold-start timeline, when the ring filled at some point: the field's headline figures. */
    private static void coldStart(StringBuilder sb, StressResult r) {
        org.metricsstress.result.ColdStart c = r.coldStart();
        if (c == null || !c.ringFilled()) {
            return;
        }
        sb.append("<section><h2>Cold start</h2><table class=\"kv\" id=\"cold-start\"><tbody>\n");
        kv(sb, "ring first full", "after " + fixed(c.ringFullAtSeconds(), 1) + " s (peak " + Numbers.count(c.ringPeak())
                + " of " + Numbers.count(c.ringSize()) + ")");
        kv(sb, "dropped while indexing", Numbers.count(c.droppedWhileIndexing()) + " samples"
                + (c.indexedAtSeconds() < 0 ? " (the index never completed)" : ""));
        kv(sb, "written while indexing", rate(c.writtenRateWhileIndexing()) + " samples/s ("
                + fixed(c.percentOfTargetWhileIndexing(), 1) + "% of target)");
        kv(sb, "every resource indexed", c.indexedAtSeconds() < 0 ? "never" : "after " + fixed(c.indexedAtSeconds(), 1) + " s");
        kv(sb, "ring below " + fixed(100 * org.metricsstress.result.ColdStart.DRAINED_BELOW, 0) + "% again",
                c.ringDrainedAtSeconds() < 0 ? "never" : "after " + fixed(c.ringDrainedAtSeconds(), 1) + " s");
        sb.append("</tbody></table></section>\n");
    }

    private static void indexAndCache(StringBuilder sb, StressResult r) {
        sb.append("<section><h2>Index and resource cache</h2>");
        IndexSummary ix = r.index();
        if (ix == null || !ix.enabled()) {
            sb.append("<p class=\"note\">indexing off (--no-index): samples only</p></section>\n");
            return;
        }
        sb.append("<table class=\"kv\" id=\"index\"><tbody>\n");
        if (ix.primedGroupResources() + ix.primedInterfaceResources() > 0) {
            kv(sb, "primed", Numbers.count(ix.primedGroupResources()) + " group and "
                    + Numbers.count(ix.primedInterfaceResources()) + " interface resources in "
                    + fixed(ix.primingSeconds(), 1) + " s");
        }
        kv(sb, "index rows", Numbers.count(ix.rowsWritten()) + " in " + Numbers.count(ix.requests()) + " requests ("
                + Numbers.count(ix.requestsFailed()) + " failed)");
        kv(sb, "resources written", Numbers.count(ix.resourcesWritten()) + "; " + Numbers.count(ix.deferred())
                + " deferred, " + Numbers.count(ix.deduplicated()) + " de-duplicated in flight");
        double pct = ix.percentIndexed();
        kv(sb, "indexed", Numbers.count(ix.resourcesIndexed()) + " of " + Numbers.count(ix.resourcesInPlan())
                + " plan resources (" + fixed(pct, 1) + "%)");
        kv(sb, "steady state", ix.secondsToComplete() < 0 ? "not reached (index never complete)"
                : "after " + fixed(ix.secondsToComplete(), 1) + " s");
        kv(sb, "written while indexing", rate(ix.writtenRateWhileIndexing()) + " samples/s");
        kv(sb, "written after", ix.writtenRateAfter() < 0 ? "–" : rate(ix.writtenRateAfter()) + " samples/s");
        CacheSummary c = r.cache();
        if (c != null) {
            kv(sb, "cache", c.description() != null ? c.description() : c.kind());
            kv(sb, "cache entries", c.size() < 0 ? "unknown" : Numbers.count(c.size()));
            kv(sb, "cache hit ratio", fixed(100 * c.hitRatio(), 1) + "% (" + Numbers.count(c.hits()) + " hits, "
                    + Numbers.count(c.misses()) + " misses)");
            kv(sb, "cache puts / evictions / errors", Numbers.count(c.puts()) + " / " + Numbers.count(c.evictions())
                    + " / " + Numbers.count(c.errors()));
        }
        sb.append("</tbody></table></section>\n");
    }

    private static void client(StringBuilder sb, StressResult r) {
        sb.append("<section><h2>Client (this JVM)</h2>");
        ClientSummary c = r.client();
        if (c == null) {
            sb.append("<p class=\"note\">not recorded</p></section>\n");
            return;
        }
        sb.append("<table class=\"kv\" id=\"client\"><tbody>\n");
        kv(sb, "CPU", fixed(c.cpuSeconds(), 1) + " s, " + fixed(c.cpuPercent(), 0) + "% of " + c.cores() + " cores");
        kv(sb, "per sample written", fixed(c.cpuMicrosPerSample(), 2) + " µs CPU");
        kv(sb, "heap", "peak " + mib(c.peakHeapBytes()) + " of " + mib(c.maxHeapBytes()) + " MiB");
        kv(sb, "GC", Numbers.count(c.gcCount()) + " collections, " + fixed(c.gcPauseMs(), 0) + " ms");
        String network = Summary.network(c, r.written(), r.generationSeconds() + r.drainSeconds());
        if (network != null) {
            kv(sb, "network", network);
        }
        sb.append("</tbody></table></section>\n");
    }

    private static void charts(StringBuilder sb, StressResult r, List<IntervalStats> iv) {
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
        sb.append("<figure class=\"chartbox\">\n").append(chart.render()).append("<figcaption>").append(esc(caption))
                .append("</figcaption></figure>\n");
    }

    private static void mapTable(StringBuilder sb, String title, Map<String, Object> map) {
        sb.append("<section><h3>").append(esc(title)).append("</h3>");
        if (map == null || map.isEmpty()) {
            sb.append("<p class=\"note\">not recorded</p></section>\n");
            return;
        }
        sb.append("<table class=\"kv\" id=\"map-").append(esc(title.toLowerCase(Locale.ROOT))).append("\"><tbody>\n");
        for (Map.Entry<String, Object> e : map.entrySet()) {
            if (secret(e.getKey(), e.getValue())) {
                continue;
            }
            kv(sb, String.valueOf(e.getKey()), value(e.getValue()));
        }
        sb.append("</tbody></table></section>\n");
    }

    /**
     * The config map is built without secrets; this is a second fence in case a future map grows a
     * credential. Flags such as {@code password-set: true} say nothing secret and stay.
     */
    private static boolean secret(String key, Object value) {
        if (key == null || value instanceof Boolean) {
            return false;
        }
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("password") || k.contains("secret") || k.contains("credential");
    }

    private static String value(Object v) {
        if (v == null) {
            return "–";
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return Double.isFinite(d) ? trimDouble(d) : "–";
        }
        if ((v instanceof Long || v instanceof Integer) && Math.abs(((Number) v).longValue()) >= 10_000) {
            return Numbers.count(((Number) v).longValue());
        }
        if (v instanceof Map<?, ?> m) {
            StringBuilder sb = new StringBuilder();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (secret(String.valueOf(e.getKey()), e.getValue())) {
                    continue;
                }
                sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(value(e.getValue()));
            }
            return sb.toString();
        }
        if (v instanceof Collection<?> c) {
            StringBuilder sb = new StringBuilder();
            for (Object o : c) {
                sb.append(sb.length() == 0 ? "" : ", ").append(value(o));
            }
            return sb.toString();
        }
        return String.valueOf(v);
    }

    private static void intervalTable(StringBuilder sb, List<IntervalStats> iv, ClientSummary client) {
        if (iv.isEmpty()) {
            sb.append("<p class=\"note\">no intervals recorded</p>\n");
            return;
        }
        int stride = Math.max(1, (iv.size() + MAX_TABLE_ROWS - 1) / MAX_TABLE_ROWS);
        sb.append("<details><summary>Per-interval figures (").append(Numbers.count(iv.size())).append(" intervals")
                .append(stride > 1 ? ", one in " + stride + " shown; the result JSON has all" : "")
                .append(")</summary>\n<div class=\"scroll\"><table class=\"num small\" id=\"intervals\"><thead><tr>")
                .append("<th>time s</th><th>target/s</th><th>generated/s</th><th>written/s</th><th>dropped</th>")
                .append("<th>failed</th><th>ring</th><th>in flight</th><th>resp p50</th><th>resp p99</th>")
                .append("<th>resp p99.9</th><th>resp max</th><th>svc p99</th><th>queue p99</th><th>lag p99</th>")
                .append("<th>CPU %</th><th>heap MiB</th><th>GC ms</th><th>index rows/s</th><th>cache</th>")
                .append("</tr></thead><tbody>\n");
        for (int i = 0; i < iv.size(); i += stride) {
            IntervalStats s = iv.get(i);
            LatencySummary resp = lat(s.response());
            sb.append("<tr><td>").append(fixed(s.elapsedSeconds(), 0)).append("</td><td>").append(rate(s.targetSamplesPerSecond()))
                    .append("</td><td>").append(rate(s.generatedPerSecond())).append("</td><td>")
                    .append(rate(s.writtenPerSecond())).append("</td><td>").append(Numbers.count(s.dropped()))
                    .append("</td><td>").append(Numbers.count(s.failed())).append("</td><td>")
                    .append(Numbers.count(s.ringOccupancy())).append("</td><td>").append(Numbers.count(s.inFlightRequests()))
                    .append("</td><td>").append(latMs(resp, resp.p50Ms())).append("</td><td>").append(latMs(resp, resp.p99Ms()))
                    .append("</td><td>").append(latMs(resp, resp.p999Ms())).append("</td><td>").append(latMs(resp, resp.maxMs()))
                    .append("</td><td>").append(latMs(lat(s.service()), lat(s.service()).p99Ms()))
                    .append("</td><td>").append(latMs(lat(s.queue()), lat(s.queue()).p99Ms()))
                    .append("</td><td>").append(latMs(lat(s.scheduleLag()), lat(s.scheduleLag()).p99Ms()))
                    .append("</td><td>").append(fixed(s.cpuPercent(), 0)).append("</td><td>")
                    .append(s.heapUsedBytes() < 0 ? "–" : mib(s.heapUsedBytes())).append("</td><td>")
                    .append(fixed(s.gcPauseMs(), 0)).append("</td><td>")
                    .append(s.indexRows() < 0 ? "–" : rate(s.indexRowsPerSecond())).append("</td><td>")
                    .append(s.cacheSize() < 0 ? "–" : Numbers.count(s.cacheSize())).append("</td></tr>\n");
        }
        sb.append("</tbody></table></div></details>\n");
    }

    private static void kv(StringBuilder sb, String k, String v) {
        sb.append("<tr><th>").append(esc(k)).append("</th><td>").append(esc(v)).append("</td></tr>\n");
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

    private static LatencySummary lat(LatencySummary l) {
        return l == null ? LatencySummary.EMPTY : l;
    }

    private static String latMs(LatencySummary l, double v) {
        return l.count() == 0 ? "–" : ms(v);
    }

    private static String ms(double v) {
        return Double.isFinite(v) && v >= 0 ? Numbers.ms(v) : "–";
    }

    private static String rate(double v) {
        return Double.isFinite(v) && v >= 0 ? Numbers.rate(v) : "–";
    }

    private static String fixed(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%,." + decimals + "f", v) : "–";
    }

    private static String mib(long bytes) {
        return bytes < 0 ? "?" : Numbers.count(bytes >> 20);
    }

    private static double safe(double v) {
        return Double.isFinite(v) ? v : 0;
    }

    private static String trimDouble(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Math.abs(d) >= 10_000 ? Numbers.count((long) d) : Long.toString((long) d);
        }
        return String.valueOf(d);
    }

    /** HTML-escapes text for element content and quoted attributes; drops control characters. */
    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> {
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c >= 0x7f && c < 0xa0) {
                        sb.append('\uFFFD');
                    } else if (Character.isHighSurrogate(c) && i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1))) {
                        sb.append(c).append(s.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        sb.append('\uFFFD');
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.toString();
    }

    private static final String CSS = """
            :root{--fg:#1f2933;--muted:#52606d;--line:#d9e2ec;--ok:#15803d;--bad:#b91c1c;--warn:#b45309}
            *{box-sizing:border-box}
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--fg);
              background:#fff;margin:0 auto;padding:16px;max-width:1200px}
            h1{font-size:1.5em;margin:0 0 2px}
            h2{font-size:1.15em;margin:22px 0 8px;padding-bottom:3px;border-bottom:1px solid var(--line)}
            h3{font-size:1em;margin:8px 0 4px}
            .sub,.note,figcaption,footer{color:var(--muted)}
            .note{font-style:italic}
            .bad{color:var(--bad)}
            .verdict{border-left:8px solid #9aa5b1;background:#f5f7fa;padding:12px 16px;margin:14px 0;border-radius:4px}
            .verdict .kind{font-size:1.7em;font-weight:700;letter-spacing:.02em}
            .verdict .msg{font-size:1.05em;overflow-wrap:anywhere}
            .verdict.ok{border-color:var(--ok);background:#f0fdf4}.verdict.ok .kind{color:var(--ok)}
            .verdict.bad{border-color:var(--bad);background:#fef2f2}.verdict.bad .kind{color:var(--bad)}
            .verdict.warn{border-color:var(--warn);background:#fffbeb}.verdict.warn .kind{color:var(--warn)}
            .sla{margin-top:8px}.sla.ok strong{color:var(--ok)}.sla.bad strong{color:var(--bad)}.sla ul{margin:4px 0}
            .figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:8px;margin:10px 0}
            .fig{border:1px solid var(--line);border-radius:6px;padding:6px 10px}
            .fig .l,.fig .u{color:var(--muted);font-size:.85em}
            .fig .v{font-size:1.35em;font-weight:600;font-variant-numeric:tabular-nums}
            .audit{font-family:ui-monospace,"DejaVu Sans Mono",monospace;padding:8px 10px;border-radius:4px;
              overflow-wrap:anywhere;margin:10px 0 4px}
            .audit.ok{background:#f0fdf4;border:1px solid #bbf7d0}.audit.bad{background:#fef2f2;border:1px solid #fecaca}
            .audit.ok strong{color:var(--ok)}.audit.bad strong{color:var(--bad)}
            .grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,420px),1fr));gap:4px 24px}
            .maps{grid-template-columns:repeat(auto-fit,minmax(min(100%,280px),1fr))}
            .scroll{overflow-x:auto}
            table{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:4px 0}
            th,td{padding:3px 8px;border-bottom:1px solid var(--line);vertical-align:top}
            thead th{border-bottom:2px solid var(--line);font-weight:600}
            table.num td,table.num thead th{text-align:right}
            table.num th:first-child,table.num td:first-child{text-align:left}
            table.num .what{text-align:left;color:var(--muted);white-space:nowrap}
            table.kv{width:100%}
            table.kv th{text-align:left;font-weight:600;white-space:nowrap;width:1%}
            @media (max-width:640px){table.kv th{white-space:normal;width:40%}table.num .what{white-space:normal}}
            table.kv td{text-align:left;overflow-wrap:anywhere;word-break:break-word}
            table.small{font-size:12px}
            details{margin:16px 0}summary{cursor:pointer;color:var(--muted)}
            figure.chartbox{margin:6px 0 18px;overflow-x:auto}
            figcaption{font-size:.9em;margin-top:2px}
            svg.chart{display:block;width:100%;min-width:620px;height:auto;
              font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
            svg.chart text{fill:var(--fg);font-size:12px}
            svg.chart .ct{font-size:15px;font-weight:600}
            svg.chart .tl{fill:var(--muted);font-size:11px}
            svg.chart .grid line{stroke:#e4e7eb;stroke-width:1}
            svg.chart .grid line.minor{stroke:#eef0f3;stroke-dasharray:2 3}
            svg.chart .axis line{stroke:#7b8794;stroke-width:1}
            svg.chart .marker line{stroke:#9aa5b1;stroke-width:1.2;stroke-dasharray:4 3}
            svg.chart .marker text{fill:var(--muted);font-size:11px;paint-order:stroke;stroke:#fff;stroke-width:3px}
            svg.chart .empty{fill:var(--muted);font-size:14px;font-style:italic}
            footer{margin-top:24px;font-size:.85em}
            @media print{
              body{max-width:none;padding:0;font-size:11px}
              figure.chartbox,.verdict,table,section{break-inside:avoid}
              figure.chartbox{overflow:visible}svg.chart{min-width:0}
            }
            """;
}
