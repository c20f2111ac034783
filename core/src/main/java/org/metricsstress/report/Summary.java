package org.metricsstress.report;

import org.metricsstress.config.StressOptions;

import org.metricsstress.config.WriterModels;
import org.metricsstress.result.ClusterFacts;
import org.metricsstress.result.CacheSummary;
import org.metricsstress.result.Advice;
import org.metricsstress.result.ColdStart;
import org.metricsstress.result.Evidence;
import org.metricsstress.result.Verdict;
import org.metricsstress.result.WorkerTime;
import org.metricsstress.result.Distance;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.StressResult;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.metricsstress.result.NodeSummary;
import org.metricsstress.result.RunEvent;
import java.util.Map;
import org.metricsstress.result.LatencySummary;
import java.util.ArrayList;
import java.util.Objects;
import java.util.TreeMap;
import org.metricsstress.result.ReadSummary;
import org.metricsstress.result.StepSummary;
import org.metricsstress.result.VerifyReport;

/** The end-of-run summary, with the audit line that must balance. */
public final class Summary {
    private Summary() {}

    private static String missing(StressResult.MergeInfo m) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < m.instances(); i++) {
            if (!m.merged().contains(i)) {
                out.add(i + "/" + m.instances());
            }
        }
        return String.join(", ", out);
    }

    /** A stepped profile: each step on its own line, judged on its own. */
    private static void steps(PrintStream out, List<StepSummary> steps) {
        if (steps == null || steps.isEmpty()) {
            return;
        }
        out.printf(Locale.ROOT, "steps         %4s %8s %10s %10s %6s %9s %8s %9s  %s%n", "step", "from s", "target/s",
                "written/s", "%", "dropped", "failed", "p99 ms", "sla");
        for (StepSummary s : steps) {
            out.printf(Locale.ROOT, "              %4d %8.0f %10s %10s %5.1f%% %9s %8s %9s  %s%n", s.step(),
                    s.startSeconds(), Numbers.rate(s.targetSamplesPerSecond()), Numbers.rate(s.writtenSamplesPerSecond()),
                    s.targetSamplesPerSecond() > 0 ? 100 * s.writtenSamplesPerSecond() / s.targetSamplesPerSecond() : 0.0,
                    Numbers.count(s.dropped()), Numbers.count(s.failed()),
                    s.response().count() == 0 ? "-" : Numbers.ms(s.response().p99Ms()),
                    s.sla() == null ? "-" : s.sla().passed() ? "PASSED" : "FAILED (" + String.join("; ", s.sla().failures()) + ")");
        }
    }

    /** The read side: reads, searches and freshness probes, each sent = completed + failed + unsettled. */
    private static void reads(PrintStream out, ReadSummary r, double seconds) {
        if (r == null) {
            return;
        }
        if (r.readsSent() > 0) {
            out.printf(Locale.ROOT, "reads         %s sent%s (%s/s), %s completed, %s failed, %s unsettled; %s rows, "
                            + "%s values not the generator's%n", Numbers.count(r.readsSent()),
                    r.readsIntended() > r.readsSent() ? " of " + Numbers.count(r.readsIntended()) + " intended" : "",
                    Numbers.rate(seconds > 0 ? r.readsCompleted() / seconds : 0), Numbers.count(r.readsCompleted()),
                    Numbers.count(r.readsFailed()), Numbers.count(r.readsUnsettled()), Numbers.count(r.rowsRead()),
                    Numbers.count(r.valueMismatches()));
            latency(out, "read", "intended -> answered", "reads", r.readResponse());
            latency(out, "read service", "sent -> answered", "reads", r.readService());
        }
        if (r.searchesSent() > 0) {
            out.printf(Locale.ROOT, "searches      %s sent%s, %s completed, %s failed, %s unsettled; %s without "
                            + "their resource%n", Numbers.count(r.searchesSent()),
                    r.searchesIntended() > r.searchesSent() ? " of " + Numbers.count(r.searchesIntended()) + " intended" : "", Numbers.count(r.searchesCompleted()),
                    Numbers.count(r.searchesFailed()), Numbers.count(r.searchesUnsettled()),
                    Numbers.count(r.searchMisses()));
            latency(out, "search", "intended -> answered", "searches", r.searchResponse());
        }
        if (r.probesSent() > 0) {
            out.printf(Locale.ROOT, "freshness     %s probes, %s readable, %s failed (not readable within %d s), "
                            + "%s unsettled%n", Numbers.count(r.probesSent()), Numbers.count(r.probesReadable()),
                    Numbers.count(r.probesFailed()), 10, Numbers.count(r.probesUnsettled()));
            latency(out, "freshness", "intended -> readable", "probes", r.freshness());
            // Per --freshness-dc: the replication lag into each DC, the same samples probed in each
            // (with one DC the totals above are that DC's).
            if (r.freshnessByDc().size() > 1) {
                r.freshnessByDc().forEach((dc, f) -> {
                    out.printf(Locale.ROOT, "  in %-10s %s probes, %s readable, %s failed, %s unsettled%n", dc,
                            Numbers.count(f.probesSent()), Numbers.count(f.probesReadable()),
                            Numbers.count(f.probesFailed()), Numbers.count(f.probesUnsettled()));
                    latency(out, "  lag " + dc, "intended -> readable in " + dc, "probes", f.freshness());
                });
            }
        }
    }

    /** What reading the run back found; the first mismatches word for word. */
    public static void verify(PrintStream out, VerifyReport v) {
        if (v == null) {
            return;
        }
        if (v.error() != null) {
            out.println("verify        FAILED: reading back stopped: " + v.error());
            return;
        }
        out.printf(Locale.ROOT, "verify        %s resources, %s samples expected, %s read: %s missing%s, %s unexpected, "
                        + "%s wrong value; index rows %s checked, %s missing : %s%n",
                Numbers.count(v.resourcesChecked()), Numbers.count(v.samplesExpected()), Numbers.count(v.samplesRead()),
                Numbers.count(v.missing()), v.missing() == 0 ? "" : " (" + Numbers.count(v.missingExplained())
                        + " the run's own losses" + (v.perSeries() ? ", series by series" : ", in all") + ", "
                        + Numbers.count(v.missing() - v.missingExplained()) + " unexplained)",
                Numbers.count(v.unexpected()), Numbers.count(v.wrongValues()),
                Numbers.count(v.indexRowsChecked()), Numbers.count(v.indexRowsMissing()), v.clean() ? "CLEAN" : "MISMATCH");
        for (String m : v.firstMismatches()) {
            out.println("  " + m);
        }
    }

    public static void print(StressResult r, PrintStream out) {
        out.println();
        out.println("=== metrics-stress summary ===");
        if (r.merge() != null) {
            StressResult.MergeInfo m = r.merge();
            out.printf(Locale.ROOT, "merged        %d of %d instances (%s): counts and latency histograms added%s%n",
                    m.merged().size(), m.instances(), String.join(", ", m.sources()),
                    m.complete() ? "" : "; missing " + missing(m));
        } else if (r.setting(StressOptions.INSTANCES) instanceof Number n && n.intValue() > 1) {
            out.println("instance      " + r.setting(StressOptions.INSTANCE) + " of the plan (merge the instances' results "
                    + "for the whole: metrics-stress merge)");
        }
        out.printf(Locale.ROOT, "duration      %.1f s generating, %.1f s draining%s%n", r.generationSeconds(),
                r.drainSeconds(), r.drained() ? "" : " (drain timed out: the rest counted as failed)");
        out.printf(Locale.ROOT, "rate          target %s samples/s, written %s samples/s (%.1f%% of target)%n",
                Numbers.rate(r.targetSamplesPerSecond()), Numbers.rate(r.writtenSamplesPerSecond()),
                r.targetSamplesPerSecond() > 0 ? 100.0 * r.writtenSamplesPerSecond() / r.targetSamplesPerSecond() : 0.0);
        out.printf(Locale.ROOT, "samples       generated %s, written %s, dropped %s, failed %s%s%n",
                Numbers.count(r.generated()), Numbers.count(r.written()), Numbers.count(r.dropped()),
                Numbers.count(r.failed()), r.unsent() == 0 ? ""
                        : "; unsent " + Numbers.count(r.unsent()) + " (never generated: the generators were behind at the end)");
        if (r.failed() > 0) {
            StringBuilder sb = new StringBuilder();
            for (Map.Entry<String, Long> e : r.failedByClass().entrySet()) {
                if (e.getValue() > 0) {
                    sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append(' ').append(Numbers.count(e.getValue()));
                }
            }
            out.println("failed by     " + sb);
        }
        long scheduleGap = r.intended() - r.generated() - r.unsent();
        out.printf(Locale.ROOT, "audit         %sgenerated %s = written %s + dropped %s + failed %s : %s%n",
                r.unsent() == 0 && scheduleGap == 0 ? "" : "intended " + Numbers.count(r.intended()) + " = unsent "
                        + Numbers.count(r.unsent()) + " + ",
                Numbers.count(r.generated()), Numbers.count(r.written()), Numbers.count(r.dropped()),
                Numbers.count(r.failed()),
                r.auditBalances() ? "BALANCED" : "OFF BY " + Numbers.count(r.auditGap()) + ": " + r.auditGaps());
        if (r.remoteWrite() != null) {
            // The TSS path writes no string attributes: OpenNMS's time series persister sends none.
            out.printf(Locale.ROOT, "group commits %s generated, %s dropped, %s remote-write requests%n",
                    Numbers.count(r.groupCommitsGenerated()), Numbers.count(r.groupCommitsDropped()),
                    Numbers.count(r.remoteWrite().requests()));
        } else {
            out.printf(Locale.ROOT, "group commits %s generated, %s dropped, %s write requests; string attributes %s (index-only)%n",
                    Numbers.count(r.groupCommitsGenerated()), Numbers.count(r.groupCommitsDropped()),
                    Numbers.count(r.writeRequests()), Numbers.count(r.stringAttributesGenerated()));
        }
        StressResult.WriteAttempts w = r.writes();
        if (w != null && (w.retries() + w.speculativeExecutions() + w.requestsOffReplica()) > 0) {
            out.printf(Locale.ROOT, "attempts      %s retries, %s speculative executions, %s requests answered off replica%n",
                    Numbers.count(w.retries()), Numbers.count(w.speculativeExecutions()),
                    Numbers.count(w.requestsOffReplica()));
        }
        if (w != null && w.firstFailureByClass() != null) {
            w.firstFailureByClass().forEach((k, v) -> out.printf(Locale.ROOT, "first %-7s %s%n", k, v));
        }
        driver(out, r.cluster());
        nodes(out, r.nodes(), r.cluster());
        distance(out, r.distance());
        events(out, r.events());
        latency(out, "response", "intended -> acknowledged", "commits", r.responseLatency());
        // One request carries up to --batch-commits group commits: service time is per request.
        latency(out, "service", "sent -> acknowledged", "requests", r.serviceLatency());
        latency(out, "queue", "intended -> picked up", "commits", r.queueLatency());
        latency(out, "schedule lag", "intended -> generated", "commits", r.scheduleLag());
        if (r.remoteWrite() != null) {
            RemoteWriteLines.path(out, r.remoteWrite());
        } else {
            index(out, r.index(), r.cache(),
                    WriterModels.named(r.setting(StressOptions.WRITER)).indexesInline());
        }
        coldStart(out, r.coldStart(), r.index() != null && r.index().enabled());
        workers(out, r.evidence(), r.written() + r.failed());
        ClientSummary c = r.client();
        String cpu = c.cpuSeconds() < 0 ? "CPU unknown (this JVM does not report its process CPU time)"
                : String.format(Locale.ROOT, "CPU %.1f s (%.0f%% of %d cores, %.1f us per sample written)",
                        c.cpuSeconds(), c.cpuPercent(), c.cores(), c.cpuMicrosPerSample());
        out.printf(Locale.ROOT, "client        %s, heap peak %d MiB of %d, GC %d collections %.0f ms%n", cpu,
                c.peakHeapBytes() >> 20, c.maxHeapBytes() >> 20, c.gcCount(), c.gcPauseMs());
        String network = Numbers.network(c, r.written(), r.generationSeconds() + r.drainSeconds());
        if (network != null) {
            out.println("network       " + network);
        }
        reads(out, r.reads(), r.generationSeconds());
        steps(out, r.steps());
        verify(out, r.verify());
        DiskLines.print(out, r.disk(), c == null ? -1 : ClientSummary.perSample(c.bytesSent(), r.written()));
        NodeLines.print(out, r);
        verdict(out, r);
        RemoteWriteLines.paths(out, r);
        if (r.sla() != null) {
            out.println("sla           " + r.sla().expression() + " : "
                    + (r.sla().passed() ? "PASSED" : "FAILED (" + String.join("; ", r.sla().failures()) + ")"));
        }
        out.flush();
    }

    private static void index(PrintStream out, IndexSummary ix, CacheSummary cache, boolean inline) {
        if (ix == null || !ix.enabled()) {
            out.println("index         off (--no-index)");
            return;
        }
        if (ix.primedGroupResources() + ix.primedInterfaceResources() > 0) {
            out.printf(Locale.ROOT, "priming       %s group and %s interface resources loaded in %.1f s%n",
                    Numbers.count(ix.primedGroupResources()), Numbers.count(ix.primedInterfaceResources()), ix.primingSeconds());
        }
        out.printf(Locale.ROOT, "index         %s rows in %s requests (%s failed) for %s resources; %s deferred, %s de-duplicated in flight%s%n",
                Numbers.count(ix.rowsWritten()), Numbers.count(ix.requests()), Numbers.count(ix.requestsFailed()),
                Numbers.count(ix.resourcesWritten()), Numbers.count(ix.deferred()), Numbers.count(ix.deduplicated()),
                ix.stageErrors() == 0 ? "" : "; index stage failed on " + Numbers.count(ix.stageErrors()) + " commits");
        String complete = ix.secondsToComplete() < 0 ? "not complete"
                : String.format(Locale.ROOT, "complete after %.1f s; samples written %s/s while indexing, %s/s after",
                        ix.secondsToComplete(), Numbers.rate(ix.writtenRateWhileIndexing()),
                        ix.writtenRateAfter() < 0 ? "-" : Numbers.rate(ix.writtenRateAfter()));
        out.printf(Locale.ROOT, "indexed       %s of %s plan resources (%.1f%%), %s%n", Numbers.count(ix.resourcesIndexed()),
                Numbers.count(ix.resourcesInPlan()),
                ix.percentIndexed(), complete);
        if (cache != null) {
            out.printf(Locale.ROOT, "cache         %s: %s entries, hit ratio %.1f%% (%s hits, %s misses), %s evictions, %s errors%s%n",
                    cache.description(), cache.size() < 0 ? "?" : Numbers.count(cache.size()), 100 * cache.hitRatio(),
                    Numbers.count(cache.hits()), Numbers.count(cache.misses()), Numbers.count(cache.evictions()),
                    Numbers.count(cache.errors()), lookups(cache.lookups()));
            if (cache.slowLookups() > 0) {
                // Workers that index inline (OpenNMS's) ask the cache before they take the next
                // event; the pipelined writer's index stage asks it after the samples were sent.
                out.printf(Locale.ROOT, "              %s lookups took over %d ms (%s)%n",
                        Numbers.count(cache.slowLookups()), CacheSummary.SLOW_LOOKUP_MS, inline
                                ? "the workers waited, and the samples behind them"
                                : "index work waited; sample writes did not");
            }
        }
    }

    /** The cache's lookups, asked to answered: µs in memory, ms with Redis; "" before they were timed. */
    private static String lookups(LatencySummary l) {
        if (l == null || l.count() == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "; lookups p50 %s p99 %s ms", fine(l.p50Ms()), fine(l.p99Ms()));
    }

    private static String fine(double ms) {
        return ms < 1 ? String.format(Locale.ROOT, "%.3f", ms) : Numbers.ms(ms);
    }

    /**
     * The cold start as the field saw it: when the ring filled, what was dropped and written while
     * the index filled, when the ring drained again. Said only when the ring filled at some point.
     */
    static void coldStart(PrintStream out, ColdStart c, boolean indexing) {
        if (c == null || !c.ringFilled()) {
            return;
        }
        if (!indexing) {
            // Without an index there is no cold start: the ring filled because the writes fell behind.
            out.printf(Locale.ROOT, "ring          full after %.1f s (peak %s of %s); %s samples dropped; below %.0f%% again %s%n",
                    c.ringFullAtSeconds(), Numbers.count(c.ringPeak()), Numbers.count(c.ringSize()),
                    Numbers.count(c.droppedWhileIndexing()), 100 * ColdStart.DRAINED_BELOW, c.ringDrainedAtSeconds() >= 0
                            ? String.format(Locale.ROOT, "after %.1f s", c.ringDrainedAtSeconds()) : "never");
            return;
        }
        out.printf(Locale.ROOT, "cold start    ring full after %.1f s (peak %s of %s); %s samples dropped %s; written %s/s "
                        + "meanwhile (%.1f%% of target); ring below %.0f%% again %s%n",
                c.ringFullAtSeconds(), Numbers.count(c.ringPeak()), Numbers.count(c.ringSize()),
                Numbers.count(c.droppedWhileIndexing()),
                c.indexedAtSeconds() >= 0 ? "while indexing" : "(the index never completed)",
                Numbers.rate(c.writtenRateWhileIndexing()), c.percentOfTargetWhileIndexing(),
                100 * ColdStart.DRAINED_BELOW, c.ringDrainedAtSeconds() >= 0
                        ? String.format(Locale.ROOT, "after %.1f s", c.ringDrainedAtSeconds()) : "never");
    }

    /** Where the writer's workers spent their time, and what Little's law makes of it. */
    private static void workers(PrintStream out, Evidence e, long written) {
        if (e == null || e.workers() == null || !e.workers().measured()) {
            return;
        }
        WorkerTime w = e.workers();
        out.printf(Locale.ROOT, "workers       %d (%s), busy %.0f%% of their time: index waits %.0f%%, sample writes %.0f%%, "
                        + "cache %.0f%%, other %.0f%% of busy; %.2f ms per event%s%n", w.workers(), e.writer(),
                100 * w.busyShare(), 100 * w.shareOfBusy(w.indexWaitSeconds()), 100 * w.shareOfBusy(w.sampleWriteSeconds()),
                100 * w.shareOfBusy(w.cacheLookupSeconds()), 100 * w.shareOfBusy(w.otherSeconds()), w.msPerEvent(),
                e.predictedSamplesPerSecond() > 0 ? String.format(Locale.ROOT,
                        "; all busy they would write %s samples/s (Little's law), and wrote %s/s over the same %.0f s",
                        Numbers.rate(e.predictedSamplesPerSecond()), Numbers.rate(settledPerSecond(w, written)),
                        w.wallSeconds()) : "");
        if (e.indexService() != null && e.indexService().count() > 0) {
            LatencySummary s = e.indexService();
            out.printf(Locale.ROOT, "index service p50 %.2f  p99 %.2f  max %.0f ms  (sent -> acknowledged, %s index requests)%n",
                    s.p50Ms(), s.p99Ms(), s.maxMs(), Numbers.count(s.count()));
        }
    }

    /** Samples settled per second of the workers' own wall time (the report lines', drain included). */
    private static double settledPerSecond(WorkerTime w, long settled) {
        return w.wallSeconds() > 0 ? settled / w.wallSeconds() : 0;
    }

    /** The verdict, its evidence, its phases, and the advice that follows. */
    private static void verdict(PrintStream out, StressResult r) {
        Verdict v = r.verdict();
        if (v == null) {
            return;
        }
        out.println("verdict       " + v.kind() + ": " + v.message());
        if (v.coldStart() != null && v.steadyState() != null) {
            out.printf(Locale.ROOT, "  cold start  %s (0-%.0f s): %s%n", v.coldStart().kind(), v.coldStart().toSeconds(),
                    v.coldStart().message());
            out.printf(Locale.ROOT, "  after       %s (%.0f-%.0f s): %s%n", v.steadyState().kind(),
                    v.steadyState().fromSeconds(), v.steadyState().toSeconds(), v.steadyState().message());
        }
        for (String line : v.evidence()) {
            out.println("  evidence    " + line);
        }
        if (r.advice() != null) {
            for (Advice a : r.advice().values()) {
                out.printf(Locale.ROOT, "advice        %s=%s%s: %s [%s]%n", a.property(), a.value(),
                        a.current() == null ? "" : " (was " + a.current() + ")", a.reason(), a.model());
            }
        }
    }

    /** Per coordinator, when there is more than one node to tell apart (or failures with no node). */
    private static void nodes(PrintStream out, List<NodeSummary> nodes, ClusterFacts cluster) {
        boolean severalNodes = cluster != null && cluster.nodeCount() > 1;
        if (nodes == null || nodes.isEmpty() || (!severalNodes && nodes.size() < 2)) {
            return;
        }
        out.println("per node      (attempts: a retried request counts on each node it tried)");
        out.printf(Locale.ROOT, "  %-21s %-8s %12s %14s %10s %10s  %s%n", "node", "dc", "requests", "samples", "failed",
                "p99 ms", "failed by class");
        for (NodeSummary n : nodes) {
            StringBuilder byClass = new StringBuilder();
            n.failedAttemptsByClass().forEach((k, v) -> {
                if (v > 0) {
                    byClass.append(byClass.length() > 0 ? ", " : "").append(k).append(' ').append(Numbers.count(v));
                }
            });
            out.printf(Locale.ROOT, "  %-21s %-8s %12s %14s %10s %10.1f  %s%n", n.node(), n.dc() == null ? "-" : n.dc(),
                    Numbers.count(n.requests()), Numbers.count(n.samplesWritten()), Numbers.count(n.failedAttempts()),
                    n.service().p99Ms(), byClass);
        }
        if (nodes.stream().map(NodeSummary::dc).filter(Objects::nonNull).distinct().count() > 1) {
            perDc(out, nodes);
        }
    }

    /** One line per data centre: what its coordinators wrote and failed, summed over its nodes. */
    private static void perDc(PrintStream out, List<NodeSummary> nodes) {
        Map<String, long[]> byDc = new TreeMap<>();
        for (NodeSummary n : nodes) {
            if (n.dc() != null) {
                long[] sums = byDc.computeIfAbsent(n.dc(), k -> new long[3]);
                sums[0] += n.requests();
                sums[1] += n.samplesWritten();
                sums[2] += n.failedAttempts();
            }
        }
        byDc.forEach((dc, v) -> out.printf(Locale.ROOT, "  dc %-19s %-8s %12s %14s %10s%n", dc, "(sum)",
                Numbers.count(v[0]), Numbers.count(v[1]), Numbers.count(v[2])));
    }

    /**
     * How far apart the DCs were made, and what the writes' service time was per coordinator DC at
     * their consistency level: the cost of distance, shown when DCs were set apart.
     */
    /** How requests failed: the timeout, retry policy and pool the session held (results since cluster.driver). */
    private static void driver(PrintStream out, ClusterFacts cluster) {
        if (cluster != null && cluster.driver() != null) {
            ClusterFacts.DriverFacts d = cluster.driver();
            out.printf(Locale.ROOT, "driver        request timeout %s ms, retries %s, %s connection(s) per node x %s requests (%s)%n",
                    d.requestTimeoutMs(), d.retryPolicy(), d.connectionsPerHost(), d.maxRequestsPerConnection(), d.from());
        }
    }

    private static void distance(PrintStream out, Distance d) {
        if (d == null || d.latency().isEmpty()) {
            return;
        }
        out.println("distance      one way: " + Distance.oneWayText(d.latency()));
        for (Distance.DcService s : d.service()) {
            out.printf(Locale.ROOT, "  service %-12s coordinated in %-8s p50 %s  p99 %s ms  (%s requests)%n",
                    s.consistency(), s.dc(), Numbers.msOrDash(s.service().p50Ms()), Numbers.msOrDash(s.service().p99Ms()),
                    Numbers.count(s.requests()));
        }
        if (d.relays() != null) {
            out.printf(Locale.ROOT, "  relays      moved %.1f MB between DCs, CPU %.1f s (in this process: the client CPU below includes it)%n",
                    d.relays().bytes() / 1e6, d.relays().cpuSeconds());
        }
    }

    private static void events(PrintStream out, List<RunEvent> events) {
        if (events == null) {
            return;
        }
        for (RunEvent e : events) {
            out.printf(Locale.ROOT, "event         at %.1f s: %s%n", e.atSeconds(), e.text());
        }
    }

    private static void latency(PrintStream out, String name, String what, String per, LatencySummary l) {
        out.printf(Locale.ROOT, "%-13s p50 %s  p90 %s  p99 %s  p99.9 %s  max %s ms  (%s, %s %s)%n", name,
                Numbers.ms(l.p50Ms()), Numbers.ms(l.p90Ms()), Numbers.ms(l.p99Ms()), Numbers.ms(l.p999Ms()),
                Numbers.ms(l.maxMs()), what, Numbers.count(l.count()), per);
    }
}
