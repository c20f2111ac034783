package org.metricsstress.report;

import java.util.Locale;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.SlaResult;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;

/**
 * The top of the page, what a reader looks at first: the header line, the verdict and SLA, the
 * headline figures, the audit and the whole run's latencies.
 */
final class Headline {
    private Headline() {}

    static void header(StringBuilder sb, StressResult r, String name) {
        sb.append("<header><h1>").append(Html.esc(name)).append(" report</h1>\n<p class=\"sub\">");
        if (r.startedAt() != null) {
            sb.append("started ").append(Html.esc(r.startedAt())).append(" · ");
        }
        sb.append(Html.esc(String.format(Locale.ROOT, "%.1f s generating, %.1f s draining", safe(r.generationSeconds()),
                safe(r.drainSeconds()))));
        if (!r.drained()) {
            sb.append(" <strong class=\"bad\">(drain timed out: the rest counted as failed)</strong>");
        }
        Object cluster = r.cluster() == null ? null : r.cluster().name();
        if (cluster != null) {
            sb.append(" · cluster ").append(Html.esc(String.valueOf(cluster)));
        }
        if (r.version() != null) {
            sb.append(" · version ").append(Html.esc(r.version()));
        }
        sb.append("</p></header>\n");
    }

    static void verdict(StringBuilder sb, StressResult r) {
        Verdict v = r.verdict();
        String kind = v == null || v.kind() == null ? "NO VERDICT" : v.kind();
        String css = switch (kind) {
            // Kept up with advice (a cache too small for the plan, re-indexing): said in amber.
            case "KEPT_UP" -> r.advice() == null || r.advice().isEmpty() ? "ok" : "warn";
            case "CLUSTER_BEHIND", "AUDIT_UNBALANCED" -> "bad";
            case "CLIENT_BOUND", "WRITER_BOUND", "CACHE_TOO_SMALL", "CACHE_SLOW", "RING_TOO_SMALL", "POOL_TOO_SMALL" -> "warn";
            default -> "neutral";
        };
        sb.append("<section class=\"verdict ").append(css).append("\" id=\"verdict\"><div class=\"kind\">")
                .append(Html.esc(kind.replace('_', ' '))).append("</div><div class=\"msg\">")
                .append(Html.esc(v == null || v.message() == null ? "this result carries no verdict" : v.message()))
                .append("</div>");
        SlaResult sla = r.sla();
        if (sla != null) {
            sb.append("<div class=\"sla ").append(sla.passed() ? "ok" : "bad").append("\">SLA <code>")
                    .append(Html.esc(sla.expression())).append("</code>: <strong>").append(sla.passed() ? "PASSED" : "FAILED")
                    .append("</strong>");
            if (sla.failures() != null && !sla.failures().isEmpty()) {
                sb.append("<ul>");
                for (String f : sla.failures()) {
                    sb.append("<li>").append(Html.esc(f)).append("</li>");
                }
                sb.append("</ul>");
            }
            sb.append("</div>");
        }
        sb.append("</section>\n");
    }

    static void figures(StringBuilder sb, StressResult r) {
        double pct = r.targetSamplesPerSecond() > 0 ? 100 * r.writtenSamplesPerSecond() / r.targetSamplesPerSecond() : Double.NaN;
        LatencySummary resp = lat(r.responseLatency());
        sb.append("<section class=\"figures\">\n");
        figure(sb, "target rate", Numbers.rateOrDash(r.targetSamplesPerSecond()), "samples/s");
        figure(sb, "written rate", Numbers.rateOrDash(r.writtenSamplesPerSecond()), "samples/s" + (Double.isFinite(pct)
                ? String.format(Locale.ROOT, " (%.1f%% of target)", pct) : ""));
        figure(sb, "response p99", Numbers.msOrDash(resp.p99Ms()), "ms, intended → acknowledged");
        figure(sb, "dropped", Numbers.count(r.dropped()), "samples (ring full)");
        figure(sb, "failed", Numbers.count(r.failed()), "samples (errors)");
        if (r.unsent() > 0) {
            figure(sb, "unsent", Numbers.count(r.unsent()), "samples never generated (the generators were behind)");
        }
        if (r.client() != null) {
            figure(sb, "client cost", Numbers.fixedOrDash(r.client().cpuMicrosPerSample(), 2), "µs CPU per sample written");
        }
        sb.append("</section>\n");
    }

    private static void figure(StringBuilder sb, String label, String value, String unit) {
        sb.append("<div class=\"fig\"><div class=\"l\">").append(Html.esc(label)).append("</div><div class=\"v\">")
                .append(Html.esc(value)).append("</div><div class=\"u\">").append(Html.esc(unit)).append("</div></div>\n");
    }

    static void audit(StringBuilder sb, StressResult r) {
        boolean ok = r.auditBalances();
        long scheduleGap = r.intended() - r.generated() - r.unsent();
        sb.append("<p class=\"audit ").append(ok ? "ok" : "bad").append("\" id=\"audit\">audit: ")
                .append(r.unsent() == 0 && scheduleGap == 0 ? ""
                        : "intended " + Numbers.count(r.intended()) + " = unsent " + Numbers.count(r.unsent()) + " + ")
                .append("generated ")
                .append(Numbers.count(r.generated())).append(" = written ").append(Numbers.count(r.written()))
                .append(" + dropped ").append(Numbers.count(r.dropped())).append(" + failed ")
                .append(Numbers.count(r.failed())).append(" : <strong>")
                .append(ok ? "BALANCED" : "OFF BY " + Numbers.count(r.auditGap()) + ": " + Html.esc(r.auditGaps()))
                .append("</strong></p>\n");
        sb.append("<p class=\"sub\">group commits ").append(Numbers.count(r.groupCommitsGenerated()))
                .append(" generated, ").append(Numbers.count(r.groupCommitsDropped())).append(" dropped; ")
                .append(Numbers.count(r.writeRequests())).append(" write requests; string attributes ")
                .append(Numbers.count(r.stringAttributesGenerated())).append(" (index-only)</p>\n");
    }

    static void latencyTable(StringBuilder sb, StressResult r) {
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
            if (r.reads().freshnessByDc().size() > 1) {
                r.reads().freshnessByDc().forEach((dc, f) -> latencyRow(sb, "freshness " + dc, f.freshness(),
                        "intended → readable in " + dc + " (probes through it)"));
            }
        }
        sb.append("</tbody></table></div></section>\n");
    }

    private static void latencyRow(StringBuilder sb, String name, LatencySummary l, String what) {
        l = lat(l);
        sb.append("<tr><th>").append(Html.esc(name)).append("</th>");
        for (double v : new double[] {l.p50Ms(), l.p90Ms(), l.p99Ms(), l.p999Ms(), l.maxMs(), l.meanMs()}) {
            sb.append("<td>").append(l.count() == 0 ? Numbers.DASH : Numbers.msOrDash(v)).append("</td>");
        }
        sb.append("<td>").append(Numbers.count(l.count())).append("</td><td class=\"what\">").append(Html.esc(what))
                .append("</td></tr>\n");
    }

    private static LatencySummary lat(LatencySummary l) {
        return l == null ? LatencySummary.EMPTY : l;
    }

    private static double safe(double v) {
        return Double.isFinite(v) ? v : 0;
    }
}
