package org.metricsstress.report;

import org.metricsstress.result.Advice;
import org.metricsstress.result.Verdict;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.result.CacheSummary;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.ColdStart;
import org.metricsstress.result.Distance;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.NodeSummary;
import org.metricsstress.result.RunEvent;
import org.metricsstress.result.StepSummary;
import org.metricsstress.result.StressResult;

/**
 * The tables below the headline, each shown when the run has something to tell in it: failures
 * by class, per coordinator node, steps, events, the cold start, index and cache, this client.
 */
final class Details {
    private Details() {}

    static void failures(StringBuilder sb, StressResult r) {
        sb.append("<section><h2>Failures by class</h2>");
        Map<String, Long> byClass = r.failedByClass();
        boolean any = false;
        if (byClass != null) {
            StringBuilder rows = new StringBuilder();
            for (Map.Entry<String, Long> e : byClass.entrySet()) {
                long n = e.getValue() == null ? 0 : e.getValue();
                if (n > 0) {
                    any = true;
                    rows.append("<tr><th>").append(Html.esc(e.getKey())).append("</th><td>").append(Numbers.count(n))
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
    static void nodesAndEvents(StringBuilder sb, StressResult r) {
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
            sb.append("<tr><th>").append(Html.esc(n.node())).append("</th><td>").append(Html.esc(n.dc() == null ? "-" : n.dc()))
                    .append("</td><td>").append(Numbers.count(n.requests())).append("</td><td>")
                    .append(Numbers.count(n.samplesWritten())).append("</td><td>")
                    .append(n.failedAttemptsByClass() == null ? "0" : Numbers.count(n.failedAttempts()))
                    .append(why.length() > 0 ? " (" + Html.esc(why.toString()) + ")" : "").append("</td><td>")
                    .append(n.service() == null ? "-" : Numbers.msOrDash(n.service().p99Ms())).append("</td></tr>\n");
        }
        sb.append("</tbody></table><p class=\"note\">Attempts: a retried request counts on every node it tried; "
                + "samples count once.</p></section>\n");
        distance(sb, r.distance());
        steps(sb, r);
        sb.append("<section><h2>Events</h2>");
        if (events.isEmpty()) {
            sb.append("<p id=\"events\">none</p>");
        } else {
            sb.append("<table id=\"events\"><thead><tr><th>at s</th><th>what</th></tr></thead><tbody>\n");
            for (RunEvent e : events) {
                sb.append("<tr><td>").append(Numbers.fixedOrDash(e.atSeconds(), 1)).append("</td><td>").append(Html.esc(e.text()))
                        .append("</td></tr>\n");
            }
            sb.append("</tbody></table>");
        }
        sb.append("</section>\n</div>\n");
    }

    /** How far apart the DCs were made, one way, and the writes' service time per coordinator DC. */
    private static void distance(StringBuilder sb, Distance d) {
        if (d == null || d.latency().isEmpty()) {
            return;
        }
        sb.append("<section><h2>Distance between data centres</h2><table class=\"num\" id=\"distance\"><thead><tr>"
                + "<th>pair</th><th>one way</th></tr></thead><tbody>\n");
        d.latency().forEach((k, v) -> sb.append("<tr><th>").append(Html.esc(k)).append("</th><td>").append(Html.esc(v))
                .append("</td></tr>\n"));
        sb.append("</tbody></table><table class=\"num\" id=\"dc-service\"><thead><tr><th>consistency</th>"
                + "<th>coordinator dc</th><th>requests</th><th>service p50 ms</th><th>service p99 ms</th></tr></thead><tbody>\n");
        for (Distance.DcService s : d.service()) {
            sb.append("<tr><th>").append(Html.esc(s.consistency())).append("</th><td>").append(Html.esc(s.dc()))
                    .append("</td><td>").append(Numbers.count(s.requests())).append("</td><td>")
                    .append(Numbers.msOrDash(s.service().p50Ms())).append("</td><td>")
                    .append(Numbers.msOrDash(s.service().p99Ms())).append("</td></tr>\n");
        }
        sb.append("</tbody></table>");
        if (d.relays() != null) {
            sb.append(String.format(Locale.ROOT, "<p id=\"relays\">The delay relays moved %.1f MB between DCs and used"
                    + " %.1f s of CPU, in the client's process: its CPU figure includes them.</p>",
                    d.relays().bytes() / 1e6, d.relays().cpuSeconds()));
        }
        sb.append("</section>\n");
    }

    /** A stepped profile's steps, each judged on its own; the charts mark where each began. */
    private static void steps(StringBuilder sb, StressResult r) {
        if (r.steps() == null || r.steps().isEmpty()) {
            return;
        }
        sb.append("<section><h2>Steps</h2><table class=\"num\" id=\"steps\"><thead><tr><th>step</th><th>from s</th>"
                + "<th>target/s</th><th>written/s</th><th>dropped</th><th>failed</th><th>p99 ms</th><th>sla</th></tr>"
                + "</thead><tbody>\n");
        for (StepSummary s : r.steps()) {
            sb.append("<tr><td>").append(s.step()).append("</td><td>").append(Numbers.fixedOrDash(s.startSeconds(), 0))
                    .append("</td><td>").append(Numbers.rateOrDash(s.targetSamplesPerSecond())).append("</td><td>")
                    .append(Numbers.rateOrDash(s.writtenSamplesPerSecond())).append("</td><td>").append(Numbers.count(s.dropped()))
                    .append("</td><td>").append(Numbers.count(s.failed())).append("</td><td>")
                    .append(s.response().count() == 0 ? "-" : Numbers.msOrDash(s.response().p99Ms())).append("</td><td>")
                    .append(s.sla() == null ? "-" : s.sla().passed() ? "passed"
                            : Html.esc("failed: " + String.join("; ", s.sla().failures())))
                    .append("</td></tr>\n");
        }
        sb.append("</tbody></table></section>\n");
    }

    /**
     * Why the run fell behind and what to change: the verdict's phases, the evidence it read, and
     * the advice as OpenNMS properties (docs/diagnosis.md).
     */
    static void diagnosis(StringBuilder sb, StressResult r) {
        Verdict v = r.verdict();
        if (v == null || (v.evidence().isEmpty() && (r.advice() == null || r.advice().isEmpty()))) {
            return;
        }
        sb.append("<section><h2>Diagnosis</h2>\n");
        if (v.coldStart() != null && v.steadyState() != null) {
            sb.append("<table class=\"kv\" id=\"phases\"><tbody>\n");
            Html.kv(sb, "cold start (0-" + Numbers.fixedOrDash(v.coldStart().toSeconds(), 0) + " s)",
                    v.coldStart().kind() + ": " + v.coldStart().message());
            Html.kv(sb, "after (" + Numbers.fixedOrDash(v.steadyState().fromSeconds(), 0) + "-"
                    + Numbers.fixedOrDash(v.steadyState().toSeconds(), 0) + " s)",
                    v.steadyState().kind() + ": " + v.steadyState().message());
            sb.append("</tbody></table>\n");
        }
        if (!v.evidence().isEmpty()) {
            sb.append("<h3>Evidence</h3><ul id=\"evidence\">");
            for (String line : v.evidence()) {
                sb.append("<li>").append(Html.esc(line)).append("</li>");
            }
            sb.append("</ul>\n");
        }
        if (r.advice() != null && !r.advice().isEmpty()) {
            sb.append("<h3>Advice</h3><table id=\"advice\"><thead><tr><th>property</th><th>value</th><th>was</th>"
                    + "<th>why</th><th>model</th></tr></thead><tbody>\n");
            for (Advice a : r.advice().values()) {
                sb.append("<tr><td><code>").append(Html.esc(a.property())).append("</code></td><td>")
                        .append(Html.esc(a.value())).append("</td><td>").append(Html.esc(a.current() == null ? "-" : a.current()))
                        .append("</td><td>").append(Html.esc(a.reason())).append("</td><td>").append(Html.esc(a.model()))
                        .append("</td></tr>\n");
            }
            sb.append("</tbody></table>\n");
        }
        sb.append("</section>\n");
    }

    /** The cold-start timeline, when the ring filled at some point: the field's headline figures. */
    static void coldStart(StringBuilder sb, StressResult r) {
        ColdStart c = r.coldStart();
        if (c == null || !c.ringFilled()) {
            return;
        }
        sb.append("<section><h2>Cold start</h2><table class=\"kv\" id=\"cold-start\"><tbody>\n");
        Html.kv(sb, "ring first full", "after " + Numbers.fixedOrDash(c.ringFullAtSeconds(), 1) + " s (peak " + Numbers.count(c.ringPeak())
                + " of " + Numbers.count(c.ringSize()) + ")");
        boolean indexing = r.index() != null && r.index().enabled();
        Html.kv(sb, indexing ? "dropped while indexing" : "dropped (no index)", Numbers.count(c.droppedWhileIndexing())
                + " samples" + (indexing && c.indexedAtSeconds() < 0 ? " (the index never completed)" : ""));
        Html.kv(sb, "written while indexing", Numbers.rateOrDash(c.writtenRateWhileIndexing()) + " samples/s ("
                + Numbers.fixedOrDash(c.percentOfTargetWhileIndexing(), 1) + "% of target)");
        Html.kv(sb, "every resource indexed", c.indexedAtSeconds() < 0 ? "never" : "after " + Numbers.fixedOrDash(c.indexedAtSeconds(), 1) + " s");
        Html.kv(sb, "ring below " + Numbers.fixedOrDash(100 * ColdStart.DRAINED_BELOW, 0) + "% again",
                c.ringDrainedAtSeconds() < 0 ? "never" : "after " + Numbers.fixedOrDash(c.ringDrainedAtSeconds(), 1) + " s");
        sb.append("</tbody></table></section>\n");
    }

    static void indexAndCache(StringBuilder sb, StressResult r) {
        sb.append("<section><h2>Index and resource cache</h2>");
        IndexSummary ix = r.index();
        if (ix == null || !ix.enabled()) {
            sb.append("<p class=\"note\">indexing off (--no-index): samples only</p></section>\n");
            return;
        }
        sb.append("<table class=\"kv\" id=\"index\"><tbody>\n");
        if (ix.primedGroupResources() + ix.primedInterfaceResources() > 0) {
            Html.kv(sb, "primed", Numbers.count(ix.primedGroupResources()) + " group and "
                    + Numbers.count(ix.primedInterfaceResources()) + " interface resources in "
                    + Numbers.fixedOrDash(ix.primingSeconds(), 1) + " s");
        }
        Html.kv(sb, "index rows", Numbers.count(ix.rowsWritten()) + " in " + Numbers.count(ix.requests()) + " requests ("
                + Numbers.count(ix.requestsFailed()) + " failed)");
        Html.kv(sb, "resources written", Numbers.count(ix.resourcesWritten()) + "; " + Numbers.count(ix.deferred())
                + " deferred, " + Numbers.count(ix.deduplicated()) + " de-duplicated in flight");
        double pct = ix.percentIndexed();
        Html.kv(sb, "indexed", Numbers.count(ix.resourcesIndexed()) + " of " + Numbers.count(ix.resourcesInPlan())
                + " plan resources (" + Numbers.fixedOrDash(pct, 1) + "%)");
        Html.kv(sb, "steady state", ix.secondsToComplete() < 0 ? "not reached (index never complete)"
                : "after " + Numbers.fixedOrDash(ix.secondsToComplete(), 1) + " s");
        Html.kv(sb, "written while indexing", Numbers.rateOrDash(ix.writtenRateWhileIndexing()) + " samples/s");
        Html.kv(sb, "written after", ix.writtenRateAfter() < 0 ? Numbers.DASH : Numbers.rateOrDash(ix.writtenRateAfter()) + " samples/s");
        CacheSummary c = r.cache();
        if (c != null) {
            Html.kv(sb, "cache", c.description() != null ? c.description() : c.kind());
            Html.kv(sb, "cache entries", c.size() < 0 ? "unknown" : Numbers.count(c.size()));
            Html.kv(sb, "cache hit ratio", Numbers.fixedOrDash(100 * c.hitRatio(), 1) + "% (" + Numbers.count(c.hits()) + " hits, "
                    + Numbers.count(c.misses()) + " misses)");
            Html.kv(sb, "cache puts / evictions / errors", Numbers.count(c.puts()) + " / " + Numbers.count(c.evictions())
                    + " / " + Numbers.count(c.errors()));
        }
        sb.append("</tbody></table></section>\n");
    }

    static void client(StringBuilder sb, StressResult r) {
        sb.append("<section><h2>Client (this JVM)</h2>");
        ClientSummary c = r.client();
        if (c == null) {
            sb.append("<p class=\"note\">not recorded</p></section>\n");
            return;
        }
        sb.append("<table class=\"kv\" id=\"client\"><tbody>\n");
        Html.kv(sb, "CPU", Numbers.fixedOrDash(c.cpuSeconds(), 1) + " s, " + Numbers.fixedOrDash(c.cpuPercent(), 0) + "% of " + c.cores() + " cores");
        Html.kv(sb, "per sample written", Numbers.fixedOrDash(c.cpuMicrosPerSample(), 2) + " µs CPU");
        Html.kv(sb, "heap", "peak " + Numbers.mib(c.peakHeapBytes()) + " of " + Numbers.mib(c.maxHeapBytes()) + " MiB");
        Html.kv(sb, "GC", Numbers.count(c.gcCount()) + " collections, " + Numbers.fixedOrDash(c.gcPauseMs(), 0) + " ms");
        String network = Numbers.network(c, r.written(), r.generationSeconds() + r.drainSeconds());
        if (network != null) {
            Html.kv(sb, "network", network);
        }
        sb.append("</tbody></table></section>\n");
    }
}
