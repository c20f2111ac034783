package org.metricsstress.analysis;

import org.metricsstress.result.CacheSummary;
import org.metricsstress.result.ColdStart;
import org.metricsstress.result.Distance;
import org.metricsstress.result.LatencySummary;

import org.metricsstress.result.Evidence;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;
import org.metricsstress.result.WorkerTime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Decides whether the run kept up and, if not, names what limited it from the evidence
 * ({@link Evidence}), judging the cold start and the steady state after it apart. The order of the
 * questions is the order an operator would act in:
 *
 * <ol>
 * <li>the audit: nothing may be unaccounted for, or no figure can be trusted;</li>
 * <li>this client's connection pool: requests it refused for want of a free request slot never
 *     reached a node ({@code POOL_TOO_SMALL});</li>
 * <li>this client's CPU: at its cgroup's quota (a pod's CPU limit), everything it measured of the
 *     cluster includes its own stalls ({@code CLIENT_BOUND});</li>
 * <li>the cluster: samples it refused (timeout, unavailable, overloaded), index requests it failed,
 *     or service times grown well past this run's own light-load level: {@code CLUSTER_BEHIND};</li>
 * <li>the cache: Redis slow or down ({@code CACHE_SLOW}); a cache smaller than the plan that made
 *     resources be indexed again ({@code CACHE_TOO_SMALL});</li>
 * <li>the writer: workers busy nearly all their time while the cluster answered at its usual speed
 *     ({@code WRITER_BOUND}, naming what they waited on);</li>
 * <li>the ring: it filled in bursts while the workers had time to spare ({@code RING_TOO_SMALL});</li>
 * <li>this client: generators late while the ring stayed empty and nothing failed fast
 *     ({@code CLIENT_BOUND}).</li>
 * </ol>
 *
 * Anything else that did not keep up is {@code INCONCLUSIVE}, with its figures. docs/diagnosis.md
 * explains each verdict and what to change.
 */
public final class Verdicts {
    /** Generators this late (p99) mean the schedule is not being met (the console's live warning too). */
    static final double LAG_MS = 1000;
    /** Below this share of the ring the writers are keeping up with the generators. */
    static final double RING_EMPTY_SHARE = 0.10;
    /** Written / target at or above this is "kept up". */
    static final double KEPT_UP_RATIO = 0.98;
    /** Workers busy this share of their time are saturated: one more event waits for one of them. */
    static final double SATURATED = 0.85;
    /** Service p50 this many times the light-load level: the cluster queues the work. */
    static final double SERVICE_GROWTH = 10;
    /** ... and at least this slow, so that 0.2 ms grown to 2 ms (still fast) does not count. */
    static final double SLOW_GROWN_MS = 10;
    /** Service p50 this slow, whatever the light-load level, beyond the round trip between DCs. */
    static final double SLOW_MS = 100;
    /** Samples refused by the cluster above this share of those generated. */
    static final double ERROR_SHARE = 0.001;
    /** Index requests failed above this share. */
    static final double INDEX_ERROR_SHARE = 0.01;
    /** Cache lookups slow or failed above this share of the lookups' time... */
    static final double CACHE_TIME_SHARE = 0.25;
    /**
     * Saturated workers that spent this share of their busy time asking the cache were held by it,
     * whatever the cluster refused beside it: in CI a Redis kept asleep held OpenNMS's workers 80% of
     * their busy time while the suites' shared node, loaded by the parallel classes, timed out 80 of
     * 12,000 samples, and the run was named the cluster's. A cluster that held them shows as their
     * index and sample waits instead.
     */
    static final double CACHE_HELD_SHARE = 0.5;
    /** ... and this share of the lookups slow, or any failed: Redis, not a pause of this client. */
    static final double SLOW_LOOKUP_SHARE = 0.01;
    /** What the nodes' figures can name on their own, without the client's service time crossing its bounds. */
    static final java.util.Set<String> SINGLED_OUT = java.util.Set.of("sick-node", "mutation-stage", "commit-log",
            "cpu");
    /** This share of its cgroup's CPU quota used over the run: the client's CPU saturated. */
    static final double QUOTA_USED = 0.9;
    /** ... or throttled in this share of the quota's periods: at the quota in half of them. */
    static final double THROTTLED_PERIODS = 0.5;
    /** The fewest seconds of steady state worth judging apart. */
    static final double SHORTEST_PHASE_S = 2;

    /**
     * The client side's thresholds with their basis, as docs/diagnosis.md lists them (the cluster
     * side's are {@link ClusterDiagnosis#THRESHOLDS}).
     */
    public static final List<ClusterDiagnosis.Threshold> THRESHOLDS = List.of(
            new ClusterDiagnosis.Threshold("LAG_MS", LAG_MS, "generators a second late (p99): the schedule not met "
                    + "by a whole report's worth at the shortest -r (1 s); the console warns at the same figure"),
            new ClusterDiagnosis.Threshold("RING_EMPTY_SHARE", RING_EMPTY_SHARE, "a ring a tenth full or less at "
                    + "every report line: nothing waits in it, so late generators are this client's own"),
            new ClusterDiagnosis.Threshold("KEPT_UP_RATIO", KEPT_UP_RATIO, "98% of the target written: the last "
                    + "report interval's samples still in flight when generation stops are up to 2% of a short run"),
            new ClusterDiagnosis.Threshold("SATURATED", SATURATED, "workers busy 85% of their time: a pool of "
                    + "16 at U = 0.85 makes 43% of arriving events wait for a worker (Erlang C; 31% at 0.8, 59% at "
                    + "0.9): the knee where more load mostly queues"),
            new ClusterDiagnosis.Threshold("SERVICE_GROWTH", SERVICE_GROWTH, "service p50 ten times its own "
                    + "light-load level: by Little's law the requests spend nine tenths of their time queued"),
            new ClusterDiagnosis.Threshold("SLOW_GROWN_MS", SLOW_GROWN_MS, "... and 10 ms at least: ScyllaDB's "
                    + "advisor calls a mean write latency above 10 ms high"),
            new ClusterDiagnosis.Threshold("SLOW_MS", SLOW_MS, "service p50 100 ms beyond the DCs' round trip, "
                    + "whatever the light-load level: ScyllaDB's advisor calls a write p95 above 100 ms high"),
            new ClusterDiagnosis.Threshold("ERROR_SHARE", ERROR_SHARE, "more than one sample in a thousand refused: "
                    + "ScyllaDB's advisor calls 1% shed an overload; a tenth of it is already a cluster refusing work"),
            new ClusterDiagnosis.Threshold("INDEX_ERROR_SHARE", INDEX_ERROR_SHARE, "more than 1% of the index "
                    + "requests failed: ScyllaDB's advisor's shed share"),
            new ClusterDiagnosis.Threshold("CACHE_TIME_SHARE", CACHE_TIME_SHARE, "lookups slow or failed that took a "
                    + "quarter of the workers' busy time: the largest share of any one wait, the bottleneck law's "
                    + "largest demand, once the others' are below it"),
            new ClusterDiagnosis.Threshold("CACHE_HELD_SHARE", CACHE_HELD_SHARE, "saturated workers that spent half "
                    + "their busy time asking the cache: its demand the largest of theirs (the bottleneck law), "
                    + "whatever the cluster refused beside it"),
            new ClusterDiagnosis.Threshold("SLOW_LOOKUP_SHARE", SLOW_LOOKUP_SHARE, "one lookup in a hundred slow "
                    + "(over 100 ms): a p99 over the bound is Redis's, not a pause of this client"),
            new ClusterDiagnosis.Threshold("QUOTA_USED", QUOTA_USED, "a client that used 90% of its CPU quota "
                    + "over the run is saturated: the test a node's CPU is held to (BUSY_CPU), by the utilisation law; "
                    + "a run that kept up at it (of the machine's cores when there is no quota) is told it was close "
                    + "to its own limit"),
            new ClusterDiagnosis.Threshold("THROTTLED_PERIODS", THROTTLED_PERIODS, "a client the kernel throttled in "
                    + "half its quota's periods or more: a period it is throttled in is one it spent its quota in "
                    + "with work left (USE saturation), and half of them is the share of readings a node's CPU must be "
                    + "saturated in (CPU_BUSY_SHARE) for a queue that lasts"),
            new ClusterDiagnosis.Threshold("SHORTEST_PHASE_S", SHORTEST_PHASE_S, "a steady state shorter than two "
                    + "seconds holds too few requests to judge apart from the cold start"));

    /** The client side's thresholds in force by default: {@link #THRESHOLDS}' values. */
    public static final ClusterDiagnosis.Thresholds DEFAULT = ClusterDiagnosis.Thresholds.of(THRESHOLDS);

    private Verdicts() {}

    /**
     * A run that kept up while this client used nearly all the CPU it may (its quota's, else the
     * machine's): a little more load is the client's limit, not the cluster's.
     */
    private static String nearOwnLimit(org.metricsstress.result.ClientSummary client, ClusterDiagnosis.Thresholds t) {
        if (client == null) {
            return "";
        }
        double quotaUsed = client.quotaUsedShare();
        if (quotaUsed >= t.get("QUOTA_USED")) {
            return String.format(Locale.ROOT, "; but client CPU was at %.0f%% of its CPU quota of %.2f cores: close to "
                    + "its own limit", 100 * quotaUsed, client.cpuQuotaCores());
        }
        if (quotaUsed < 0 && client.cpuPercent() >= 100 * t.get("QUOTA_USED")) {
            return String.format(Locale.ROOT, "; but client CPU was at %.0f%%: close to its own limit",
                    client.cpuPercent());
        }
        return "";
    }

    /** The verdict of a result from its evidence. */
    public static Verdict judge(StressResult r, Evidence e) {
        return judge(r, e, RULES, DEFAULT);
    }

    /**
     * The verdict by {@code rules} with thresholds {@code t} (the cluster's side by its own
     * defaults): how a test sees which of the client side's rules and thresholds a case depends on.
     */
    public static Verdict judge(StressResult r, Evidence e, List<Rule> rules, ClusterDiagnosis.Thresholds t) {
        if (!r.auditBalances()) {
            return new Verdict("AUDIT_UNBALANCED", r.auditGaps() + ": requests still unsettled when the run gave up "
                    + "waiting; no figure of this run can be trusted");
        }
        if (r.written() + r.dropped() + r.failed() + r.unsent() == 0) {
            return new Verdict("INCONCLUSIVE", "nothing was written: the run was too short to judge");
        }
        List<IntervalStats> intervals = r.intervals() == null ? List.of() : r.intervals();
        int ringSize = Evidence.Settings.of(r).ringSize();
        List<String> lines = evidenceLines(r, e);
        double indexedAt = r.index() != null && r.index().enabled() ? r.index().secondsToComplete() : -1;
        List<IntervalStats> coldIntervals = Evidence.Phases.cold(intervals, indexedAt);
        List<IntervalStats> steadyIntervals = Evidence.Phases.steady(intervals, indexedAt);
        boolean phased = r.index() != null && r.index().enabled() && indexedAt > 0
                && seconds(steadyIntervals) >= t.get("SHORTEST_PHASE_S") && !coldIntervals.isEmpty();

        Stretch whole = Stretch.of(r, intervals, e.workers(), true);
        Verdict.Phase cold = null;
        Verdict.Phase steady = null;
        if (phased) {
            Stretch c = Stretch.of(r, coldIntervals, e.coldStart(), false);
            // What no report interval holds belongs to the end of the run, the steady state's:
            // samples owed when generation stopped, and drops and failures of a drain too short for a line.
            Stretch s = Stretch.of(r, steadyIntervals, e.steadyState(), false).plusUnlisted(r, intervals);
            cold = phase(c, r, e, ringSize, 0, indexedAt, rules, t);
            steady = phase(s, r, e, ringSize, indexedAt, r.generationSeconds(), rules, t);
        }
        if (whole.keptUp(e, t)) {
            String note = nearOwnLimit(r.client(), t);
            ClusterDiagnosis.Finding strained = ClusterDiagnosis.locate(r, 0, r.generationSeconds());
            if (strained != null) {
                // Kept up, but a node or a stage was at its limit: a little more load falls behind there.
                note += "; but the nodes' own figures show " + strained.message();
            }
            return new Verdict("KEPT_UP", String.format(Locale.ROOT,
                    "wrote %.1f%% of the target rate with no drops or failures%s; response p99 %.1f ms%s%s",
                    100 * whole.ratio(), coldNote(r), r.responseLatency().p99Ms(), note, thrashNote(e)), lines, cold,
                    steady);
        }
        // The lasting limit first: a steady state that did not keep up is what more time will not fix.
        Verdict.Phase lasting = !phased ? null : !"KEPT_UP".equals(steady.kind()) ? steady : cold;
        if (lasting != null && !"KEPT_UP".equals(lasting.kind())) {
            String when = lasting == steady
                    ? String.format(Locale.ROOT, "after the cold start (from %.0f s): ", indexedAt)
                    : String.format(Locale.ROOT, "during the cold start (the first %.0f s, until every resource was "
                            + "indexed; it kept up after): ", indexedAt);
            return new Verdict(lasting.kind(), when + lasting.message(), lines, cold, steady);
        }
        // One stretch; or two that each kept up while the whole run did not (its rate short of the
        // target over the whole), which the whole run names: a run that did not keep up never reads KEPT_UP.
        Verdict.Phase only = phase(whole, r, e, ringSize, 0, r.generationSeconds(), rules, t);
        String when = r.index() != null && r.index().enabled() && indexedAt < 0 && !"CLIENT_BOUND".equals(only.kind())
                ? "while indexing (the index never completed): " : "";
        return new Verdict(only.kind(), when + only.message(), lines,
                phased ? cold : r.index() != null && r.index().enabled() && indexedAt < 0 ? only : null, steady);
    }

    /** What the run's total holds beyond its report intervals: the drain's last moments, too short for a line. */
    private static long unlisted(long total, List<IntervalStats> intervals, ToLongFunction<IntervalStats> count) {
        return Math.max(0, total - intervals.stream().mapToLong(count).sum());
    }

    /** Samples the cluster refused among {@code failedByClass}: timeout, unavailable, overloaded. */
    private static long refused(Map<String, Long> failedByClass) {
        return IntervalStats.CLUSTER_REFUSALS.stream().mapToLong(c -> failedByClass.getOrDefault(c, 0L)).sum();
    }

    /**
     * A run can keep up while its cache is too small for the plan: every collection then indexes
     * evicted resources again, work a cache of the plan's size would not do, and a slower machine
     * or a longer run falls behind on it. Said even when the run kept up, so it is advised.
     */
    static boolean cacheThrashed(Evidence e) {
        return cacheSmallerThanPlan(e) && e.reindexed() > 0;
    }

    private static boolean cacheSmallerThanPlan(Evidence e) {
        return e.cacheMaxEntries() > 0 && e.cacheMaxEntries() < e.planResources();
    }

    private static String thrashNote(Evidence e) {
        return !cacheThrashed(e) ? "" : String.format(Locale.ROOT, "; but the resource cache holds %,d entries for the "
                + "plan's %,d resources: evicted resources were indexed again %,d times, index writes a cache of the "
                + "plan's size would not make (a longer run or a busier cluster falls behind on them; see the advice)",
                e.cacheMaxEntries(), e.planResources(), e.reindexed());
    }

    private static String coldNote(StressResult r) {
        ColdStart c = r.coldStart();
        if (c == null || r.index() == null || !r.index().enabled() || r.index().secondsToComplete() <= 0) {
            return "";
        }
        return String.format(Locale.ROOT, " (the cold start, %.1f s, ridden out by the ring: peak %,d of %,d)",
                r.index().secondsToComplete(), c.ringPeak(), c.ringSize());
    }

    /**
     * What one rule of the client's side sees: a stretch that did not keep up, the run it belongs
     * to, its evidence, the thresholds in force, and what the nodes' figures found over it. Read,
     * never changed.
     */
    record Scene(Stretch s, StressResult r, Evidence e, int ringSize, double from, double to,
            ClusterDiagnosis.Thresholds t, ClusterDiagnosis.Finding found, String cluster) {
        double v(String name) {
            return t.get(name);
        }

        WorkerTime w() {
            return s.workers;
        }

        boolean saturated() {
            return w() != null && w().measured() && w().busyShare() >= v("SATURATED");
        }

        boolean cacheSlow() {
            return Verdicts.cacheSlow(r, e, w(), t);
        }

        /** The workers held by the cache: saturated, and most of their busy time its lookups'. */
        boolean cacheHeld() {
            return cacheSlow() && saturated() && w().shareOfBusy(w().cacheLookupSeconds()) >= v("CACHE_HELD_SHARE");
        }

        String written() {
            String owed = s.unsent == 0 ? "" : String.format(Locale.ROOT,
                    ", %,d samples never sent (the generators were behind when the run ended)", s.unsent);
            return String.format(Locale.ROOT, "wrote %.1f%% of the target rate, %,d samples dropped (ring full), %,d "
                    + "failed", 100 * s.ratio(), s.dropped, s.failed) + owed + (s.fullEvents > 0
                    ? String.format(Locale.ROOT, "; the ring was full %,d times (%,d of %,d at the report lines)",
                            s.fullEvents, s.peakRing, ringSize) : "");
        }

        String busy() {
            WorkerTime w = w();
            return w != null && w.measured() ? String.format(Locale.ROOT, "the %d workers were busy %.0f%% of their "
                    + "time (%.0f%% of it waiting for index writes, %.0f%% for sample writes, %.0f%% asking the "
                    + "cache; %.2f ms per event)", w.workers(), 100 * w.busyShare(),
                    100 * w.shareOfBusy(w.indexWaitSeconds()), 100 * w.shareOfBusy(w.sampleWriteSeconds()),
                    100 * w.shareOfBusy(w.cacheLookupSeconds()), w.msPerEvent()) : "";
        }

        String flat() {
            return String.format(Locale.ROOT, "service p50 %.2f ms against a light-load %.2f ms", s.serviceP50Ms,
                    e.lightLoadServiceMs());
        }

        String starved() {
            return e.clusterErrors() == 0 && found == null
                    ? ClusterDiagnosis.clientStarved(r, from, to, s.serviceP50Ms, s.lagP99Ms) : null;
        }
    }

    /**
     * One rule of the client's side: the kind it gives a stretch that did not keep up, why it
     * holds, and its sentence (null when it does not hold).
     */
    public record Rule(String name, String kind, String basis, java.util.function.Function<Scene, String> find) {}

    /**
     * The client's side, in the order an operator would act in; the first that holds names the
     * stretch, and a stretch none names is INCONCLUSIVE with its figures (docs/diagnosis.md).
     */
    public static final List<Rule> RULES = List.of(
            new Rule("pool", "POOL_TOO_SMALL", "a request the pool refused was never sent, so it says nothing of "
                    + "the cluster: asked first, unless the cluster refused more (requests given up on keep their "
                    + "stream ids until a node answers, so a slow cluster fills the pool too)",
                    c -> {
                        String pool = poolEvidence(c.r, c.e, c.t);
                        return pool == null ? null : "this client's connection pool is the limit, not the cluster: "
                                + pool + "; " + c.written();
                    }),
            new Rule("client-quota", "CLIENT_BOUND", "the USE method on this client's CPU under its cgroup's quota (a "
                    + "pod's CPU limit): utilisation (90% of it used) or saturation (throttled in half its periods); "
                    + "saturated, it is the resource every sample waits for, and what it measured of the cluster "
                    + "includes its own stalls; asked before the cluster's side for that reason",
                    c -> {
                        ClientSummary client = c.r.client();
                        if (client == null || client.cpuQuotaCores() <= 0
                                || client.quotaUsedShare() < c.v("QUOTA_USED")
                                && client.cpuThrottledPeriodShare() < c.v("THROTTLED_PERIODS")) {
                            return null;
                        }
                        return String.format(Locale.ROOT, "this client's CPU is the limit: it used %.0f%% of its CPU "
                                + "quota of %.2f cores (its cgroup's: a pod's CPU limit), and the kernel throttled it "
                                + "in %.0f%% of the quota's periods; what it measured of the cluster includes its own "
                                + "stalls; %s", 100 * client.quotaUsedShare(), client.cpuQuotaCores(),
                                100 * client.cpuThrottledPeriodShare(), c.written());
                    }),
            new Rule("machine-client", "CLIENT_BOUND", "the utilisation law on the one CPU this client shares with "
                    + "the nodes: the largest user of a spent CPU is the one that limits the others",
                    c -> !ClusterDiagnosis.clientUsedMostOfTheMachine(c.r, c.found) ? null : c.found.message()
                            + ": this client used most of it, so the run measured this machine, not the cluster; "
                            + c.written()),
            new Rule("starved-client", "CLIENT_BOUND", "a client starved of CPU measures its own stalls as service "
                    + "time: with the nodes idle by their own figures and its generators late, the slow service is "
                    + "this client's",
                    c -> {
                        String starved = c.cluster == null || c.cacheHeld() ? null : c.starved();
                        return starved == null ? null : starved + String.format(Locale.ROOT, " (client CPU %.0f%% of "
                                + "%d cores, GC %.0f ms); %s", c.r.client() == null ? -1 : c.r.client().cpuPercent(),
                                c.r.client() == null ? 0 : c.r.client().cores(),
                                c.r.client() == null ? 0 : c.r.client().gcPauseMs(), c.written());
                    }),
            new Rule("cluster", "CLUSTER_BEHIND", "USE errors and saturation of the cluster as this client saw it: "
                    + "refusals, failed index requests, a service time grown by Little's law (unless the cache held "
                    + "the workers: its demand was then the largest, by the bottleneck law)",
                    c -> c.cluster == null || c.cacheHeld() ? null : "the cluster is the limit" + (c.found == null
                            ? "" : ": " + c.found.message()) + ClusterDiagnosis.unseen(c.r) + "; as this client saw "
                            + "it: " + c.cluster + "; " + c.written()),
            new Rule("cache-slow", "CACHE_SLOW", "USE errors and latency of the cache: lookups slow or failed that "
                    + "took a large share of the workers' time",
                    c -> !c.cacheSlow() ? null : String.format(Locale.ROOT, "the resource cache (Redis) was slow or "
                            + "down: %,d lookups over %d ms%s, %,d failed; %s; %s%s; %s", c.e.slowLookups(),
                            CacheSummary.SLOW_LOOKUP_MS, lookupLatency(c.r, " (", ")"), c.e.cacheErrors(), c.busy(),
                            c.flat(), c.cluster == null ? "" : "; the cluster's side beside it, as this client saw it: "
                                    + c.cluster, c.written())),
            // Asked after a slow cache, whose own figures say when the workers waited on it, and
            // before a cache too small: that one adds index writes, the node makes them wait.
            new Rule("singled-out", "CLUSTER_BEHIND", "a node the nodes' own figures single out (stopped, its commit "
                    + "log, CPU or mutation stage at its limit), though the client's averages stayed inside their "
                    + "bounds (the other nodes carried the rest): the workers' largest demand, by the bottleneck law",
                    c -> c.found == null || !SINGLED_OUT.contains(c.found.part()) ? null : "the cluster is the limit: "
                            + c.found.message() + ClusterDiagnosis.unseen(c.r) + "; " + c.written()),
            new Rule("cache-too-small", "CACHE_TOO_SMALL", "a cache smaller than the plan evicts resources that come "
                    + "back, so the index never completes and the workers never stop writing it, however long the run",
                    c -> {
                        boolean neverIndexed = c.r.index() != null && c.r.index().enabled()
                                && c.r.index().secondsToComplete() < 0;
                        if (!cacheThrashed(c.e) && !(neverIndexed && cacheSmallerThanPlan(c.e))) {
                            return null;
                        }
                        return String.format(Locale.ROOT, "the resource cache holds %,d entries for the plan's %,d "
                                + "resources, so indexing never ends: %s; %s; %s; %s", c.e.cacheMaxEntries(),
                                c.e.planResources(), c.e.reindexed() > 0 ? String.format(Locale.ROOT, "evicted "
                                        + "resources were indexed again %,d times (%,d evictions)", c.e.reindexed(),
                                        c.e.evictions()) : "it fills before every resource is indexed, then evicts "
                                        + "what comes back", c.busy().isEmpty() ? "the index writes held the samples "
                                        + "back" : c.busy(), c.flat(), c.written());
                    }),
            new Rule("cluster-waited", "CLUSTER_BEHIND", "the bottleneck law on the workers: saturated, and half their "
                    + "busy time or more waiting on writes the nodes' own figures show a saturated or sick cluster "
                    + "behind, though the client's service time alone did not cross its bounds",
                    c -> c.found == null || "too-few-nodes".equals(c.found.part()) || "hints".equals(c.found.part())
                            || !c.saturated() || c.w().indexWaitSeconds() + c.w().sampleWriteSeconds()
                            < c.w().busySeconds() / 2 ? null : String.format(Locale.ROOT, "the cluster is the limit: "
                                    + "%s%s; %s; %s; %s", c.found.message(), ClusterDiagnosis.unseen(c.r), c.busy(),
                                    c.flat(), c.written())),
            new Rule("writer", "WRITER_BOUND", "the utilisation law on the workers: saturated while the cluster "
                    + "answered at its usual speed, so their own work (or what they waited on, named) limited the rate",
                    c -> !c.saturated() ? null : String.format(Locale.ROOT, "the writer is the limit, waiting mostly on "
                            + "%s: %s, while the cluster answered at its usual speed (%s); %s", c.w().mainWait(),
                            c.busy(), c.flat(), c.written())),
            new Rule("ring", "RING_TOO_SMALL", "the ring dropped while the workers had room: bursts larger than it "
                    + "holds (the flow balance holds on average, not within a collection's burst)",
                    c -> c.s.dropped == 0 ? null : String.format(Locale.ROOT, "the ring (%,d slots) filled %,d times "
                            + "while the workers had time to spare%s: bursts outran it; %s; %s", c.ringSize,
                            c.s.fullEvents, c.busy().isEmpty() ? "" : " (" + c.busy() + ")", c.flat(), c.written())),
            new Rule("client-late", "CLIENT_BOUND", "generators late with the ring nearly empty: nothing waited "
                    + "downstream of them, so this client's own CPU could not keep the schedule",
                    c -> c.s.lagP99Ms < c.v("LAG_MS") || c.s.peakRing >= c.ringSize * c.v("RING_EMPTY_SHARE")
                            || c.s.fullEvents != 0 ? null : String.format(Locale.ROOT, "the generators ran up to %.1f s "
                                    + "late (p99) while the ring stayed nearly empty (at most %d of %d at the report "
                                    + "lines): this client, not the database, limited the rate (client CPU %.0f%% of "
                                    + "its cores); %s", c.s.lagP99Ms / 1000, c.s.peakRing, c.ringSize,
                                    c.r.client() == null ? -1 : c.r.client().cpuPercent(), c.written())),
            new Rule("cluster-found", "CLUSTER_BEHIND", "what the nodes' figures found, when nothing on this "
                    + "client's side explains the loss",
                    c -> c.found == null ? null : String.format(Locale.ROOT, "the cluster is the limit: %s%s; %s%s; %s",
                            c.found.message(), ClusterDiagnosis.unseen(c.r), c.busy().isEmpty() ? "" : c.busy() + "; ",
                            c.flat(), c.written())));

    /** One stretch judged: kept up, or what limited it, by the first of {@code rules} that holds. */
    private static Verdict.Phase phase(Stretch s, StressResult r, Evidence e, int ringSize, double from, double to,
            List<Rule> rules, ClusterDiagnosis.Thresholds t) {
        if (s.keptUp(e, t)) {
            return new Verdict.Phase("KEPT_UP", String.format(Locale.ROOT,
                    "wrote %.1f%% of the target rate, nothing dropped or failed", 100 * s.ratio()), from, to);
        }
        Scene c = new Scene(s, r, e, ringSize, from, to, t, ClusterDiagnosis.locate(r, from, to),
                clusterEvidence(s, r, e, from, to, t));
        for (Rule rule : rules) {
            String message = rule.find().apply(c);
            if (message != null) {
                return new Verdict.Phase(rule.kind(), message, from, to);
            }
        }
        return new Verdict.Phase("INCONCLUSIVE", String.format(Locale.ROOT,
                "did not keep up, and no resource was seen saturated: %s%s; %s; %s", c.busy().isEmpty() ? ""
                        : c.busy() + "; ", c.flat(), indexFailures(e), c.written()), from, to);
    }

    /** The cluster's side, or null when it shows nothing wrong. */
    private static String clusterEvidence(Stretch s, StressResult r, Evidence e, double from, double to,
            ClusterDiagnosis.Thresholds t) {
        List<String> why = new ArrayList<>();
        // The stretch's own refusals: a cold start's timeouts say nothing of the steady state after
        // it. Intervals that did not keep their failures by class (older results) leave the whole run's.
        Map<String, Long> byClass = s.failedByClass != null ? s.failedByClass
                : r.failedByClass() == null ? Map.of() : r.failedByClass();
        long refused = s.failedByClass != null ? refused(s.failedByClass) : e.clusterErrors();
        long generated = s.failedByClass != null ? s.generated : r.generated();
        if (generated > 0 && refused > t.get("ERROR_SHARE") * generated) {
            why.add(String.format(Locale.ROOT, "it refused %,d samples (%s)", refused, refusals(byClass)));
        }
        // Index requests the pool refused never reached a node.
        long indexFailed = e.indexRequestsFailed() - indexPoolFailures(r);
        if (e.indexRequests() > 0 && indexFailed > t.get("INDEX_ERROR_SHARE") * e.indexRequests()) {
            why.add(String.format(Locale.ROOT, "%,d of %,d index requests failed", indexFailed, e.indexRequests()));
        }
        double light = e.lightLoadServiceMs();
        if (light > 0 && s.serviceP50Ms >= t.get("SERVICE_GROWTH") * light && s.serviceP50Ms >= t.get("SLOW_GROWN_MS")) {
            why.add(String.format(Locale.ROOT, "its service time grew to p50 %.1f ms, %.0f times this run's light-load "
                    + "%.2f ms", s.serviceP50Ms, s.serviceP50Ms / light, light));
        } else if (s.serviceP50Ms >= t.get("SLOW_MS") + roundTripMs(r)) {
            why.add(String.format(Locale.ROOT, "it answered slowly: service p50 %.1f ms%s", s.serviceP50Ms,
                    roundTripMs(r) > 0 ? String.format(Locale.ROOT, " (%.0f ms of it the distance between DCs)",
                            roundTripMs(r)) : ""));
        }
        String index = ClusterDiagnosis.indexSlow(r, from, to);
        if (index != null) {
            why.add(index);
        }
        return why.isEmpty() ? null : String.join("; ", why);
    }

    /**
     * This client's connection pool, or null when it refused too little to name. Asked before the
     * cluster: a request the pool refused was never sent, so it says nothing of the cluster. Unless
     * the cluster refused more: requests the client gave up on keep their stream ids until a node
     * answers, so a slow cluster can fill the pool too.
     */
    private static String poolEvidence(StressResult r, Evidence e, ClusterDiagnosis.Thresholds t) {
        long samples = poolFailures(r);
        long index = indexPoolFailures(r);
        boolean many = r.generated() > 0 && samples > t.get("ERROR_SHARE") * r.generated()
                || e.indexRequests() > 0 && index > t.get("INDEX_ERROR_SHARE") * e.indexRequests();
        if (!many || e.clusterErrors() > samples) {
            return null;
        }
        return String.format(Locale.ROOT, "%s found no free request slot on the node's connections (failure class "
                + "pool: the driver's \"No connection was available\" with them open); %s", poolRefusals(samples, index),
                poolFigures(r, e));
    }

    /** Samples failed as {@code pool}: refused by this client's connection pool. */
    static long poolFailures(StressResult r) {
        return r.failedByClass() == null ? 0 : r.failedByClass().getOrDefault("pool", 0L);
    }

    static long indexPoolFailures(StressResult r) {
        return r.index() == null ? 0 : r.index().requestsFailedForPool();
    }

    private static String poolRefusals(long samples, long index) {
        return String.format(Locale.ROOT, "%,d samples%s", samples,
                index > 0 ? String.format(Locale.ROOT, " and %,d index requests", index) : "");
    }

    /** What the pool carries against what was in flight: the pool's evidence line and verdict. */
    private static String poolFigures(StressResult r, Evidence e) {
        Evidence.Settings s = Evidence.Settings.of(r);
        int nodes = Advisor.nodesPerDc(r);
        return String.format(Locale.ROOT, "up to %,d requests in flight per node at the report lines, against %d "
                + "connection%s x %,d requests = %,d a node", e.peakInFlight() / nodes, s.connectionsPerHost(),
                s.connectionsPerHost() == 1 ? "" : "s", s.maxRequestsPerConnection(),
                (long) s.connectionsPerHost() * s.maxRequestsPerConnection());
    }

    /** The pool's evidence line, when it refused anything or was nearly full at a report line; else null. */
    private static String poolLine(StressResult r, Evidence e) {
        Evidence.Settings s = Evidence.Settings.of(r);
        long capacity = (long) s.connectionsPerHost() * s.maxRequestsPerConnection();
        long samples = poolFailures(r);
        long index = indexPoolFailures(r);
        if (samples + index == 0 && e.peakInFlight() / Advisor.nodesPerDc(r) < Advisor.POOL_TARGET * capacity) {
            return null;
        }
        return "pool: " + poolRefusals(samples, index) + " refused (failure class pool); " + poolFigures(r, e);
    }

    private static String refusals(Map<String, Long> failedByClass) {
        List<String> parts = new ArrayList<>();
        for (String c : IntervalStats.CLUSTER_REFUSALS) {
            long n = failedByClass.getOrDefault(c, 0L);
            if (n > 0) {
                parts.add(String.format(Locale.ROOT, "%s %,d", c, n));
            }
        }
        return String.join(", ", parts);
    }

    private static String indexFailures(Evidence e) {
        return e.indexRequestsFailed() > 0 ? String.format(Locale.ROOT, "%,d index requests failed",
                e.indexRequestsFailed()) : "no index request failed";
    }

    /**
     * The most one-way distance between two DCs, there and back: what a cross-DC write waits at
     * least. A delay with a jitter counts its base ({@link Distance#oneWayMs}): the median wait.
     */
    private static double roundTripMs(StressResult r) {
        if (r.distance() == null || r.distance().latency() == null) {
            return 0;
        }
        double most = 0;
        for (String v : r.distance().latency().values()) {
            most = Math.max(most, Distance.oneWayMs(v));
        }
        return 2 * most;
    }

    private static boolean cacheSlow(StressResult r, Evidence e, WorkerTime w, ClusterDiagnosis.Thresholds t) {
        if (!manySlowLookups(r, e, t.get("SLOW_LOOKUP_SHARE")) && e.cacheErrors() == 0) {
            return false;
        }
        // Slow lookups that cost the workers little are noted, not blamed: the pipelined writer's
        // lookups are beside the samples' path, so its workers' clock holds none of their time.
        return w == null || !w.measured() || w.shareOfBusy(w.cacheLookupSeconds()) >= t.get("CACHE_TIME_SHARE");
    }

    /**
     * Slow lookups often enough to be the cache's doing, not a pause of this client: one in a
     * hundred. OpenNMS's writer looks up every commit, so a busy load machine alone makes a few slow
     * (16 of 17,017 with Redis undisturbed on a loaded 2-core machine), a stalled Redis many (798 of
     * 1,913). A result without the lookups' latency has no count to share them by: any counts.
     */
    static boolean manySlowLookups(StressResult r, Evidence e) {
        return manySlowLookups(r, e, SLOW_LOOKUP_SHARE);
    }

    private static boolean manySlowLookups(StressResult r, Evidence e, double share) {
        LatencySummary lookups = r.cache() == null ? null : r.cache().lookups();
        if (lookups == null || lookups.count() == 0) {
            return e.slowLookups() > 0;
        }
        return e.slowLookups() > 0 && e.slowLookups() >= share * lookups.count();
    }

    /**
     * The cache's lookup latency, {@code before} it: "lookups p50 X ms p99 Y ms of N"; "" for a
     * result written before it was measured.
     */
    static String lookupLatency(StressResult r, String before, String after) {
        LatencySummary l = r.cache() == null ? null : r.cache().lookups();
        if (l == null || l.count() == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "%slookups p50 %s ms p99 %s ms of %,d%s", before, ms(l.p50Ms()),
                ms(l.p99Ms()), l.count(), after);
    }

    /** A latency as it reads best: microseconds of a cache in memory, tens of ms of a stalled Redis. */
    private static String ms(double v) {
        return String.format(Locale.ROOT, v < 1 ? "%.3f" : v < 100 ? "%.1f" : "%.0f", v);
    }

    private static double seconds(List<IntervalStats> intervals) {
        return intervals.stream().mapToDouble(IntervalStats::intervalSeconds).sum();
    }

    /** The figures each line of the verdict rests on. */
    private static List<String> evidenceLines(StressResult r, Evidence e) {
        List<String> out = new ArrayList<>();
        WorkerTime w = e.workers();
        if (w != null && w.measured()) {
            out.add(String.format(Locale.ROOT, "workers: %d, busy %.0f%% (index waits %.0f%%, sample writes %.0f%%, cache "
                    + "%.0f%%, other %.0f%% of busy), %.2f ms per event, %,d events", w.workers(), 100 * w.busyShare(),
                    100 * w.shareOfBusy(w.indexWaitSeconds()), 100 * w.shareOfBusy(w.sampleWriteSeconds()),
                    100 * w.shareOfBusy(w.cacheLookupSeconds()), 100 * w.shareOfBusy(w.otherSeconds()), w.msPerEvent(),
                    w.events()));
        }
        out.add(String.format(Locale.ROOT, "cluster: service p50 %.2f ms, light-load %.2f ms (x%.1f; the lowest report "
                + "interval's p50 of %d requests or more%s); %,d samples refused", e.serviceP50Ms(), e.lightLoadServiceMs(),
                e.serviceGrowth(), Evidence.MIN_REQUESTS, ClusterDiagnosis.coordinatedNote(r), e.clusterErrors()));
        if (e.indexService() != null && e.indexService().count() > 0) {
            out.add(String.format(Locale.ROOT, "index: %,d requests (%,d failed), service p50 %.2f ms p99 %.2f ms",
                    e.indexRequests(), e.indexRequestsFailed(), e.indexService().p50Ms(), e.indexService().p99Ms()));
        }
        if (e.cacheKind() != null) {
            out.add(String.format(Locale.ROOT, "cache: %s, %s entries for %,d plan resources; %,d evictions, %,d "
                    + "re-indexed, %,d slow lookups, %,d errors%s", e.cacheKind(),
                    e.cacheMaxEntries() > 0 ? String.format(Locale.ROOT, "at most %,d", e.cacheMaxEntries()) : "unbounded",
                    e.planResources(), e.evictions(), e.reindexed(), e.slowLookups(), e.cacheErrors(),
                    lookupLatency(r, "; ", "")));
        }
        String pool = poolLine(r, e);
        if (pool != null) {
            out.add(pool);
        }
        out.add(String.format(Locale.ROOT, "ring: needed %,d slots (%s)", e.ringNeeded(), e.ringModel()));
        if (r.client() != null) {
            out.add(String.format(Locale.ROOT, "client: CPU %.0f%% of %d cores%s, GC %.0f ms, schedule lag p99 %.0f ms",
                    r.client().cpuPercent(), r.client().cores(), r.client().cpuQuotaCores() <= 0 ? ""
                            : String.format(Locale.ROOT, " (%.0f%% of its quota of %.2f cores, throttled in %.0f%% "
                                    + "of its periods)", 100 * r.client().quotaUsedShare(), r.client().cpuQuotaCores(),
                                    100 * r.client().cpuThrottledPeriodShare()), r.client().gcPauseMs(),
                    r.scheduleLag() == null ? 0 : r.scheduleLag().p99Ms()));
        }
        out.addAll(ClusterDiagnosis.evidenceLines(r));
        return out;
    }

    /**
     * A stretch of the run: its own counts from its report intervals, or the whole run's.
     * {@code failedByClass} is the stretch's own when every interval of it kept its failures by class,
     * else null: judged then by the whole run's ({@code generated} is the stretch's either way).
     */
    private record Stretch(double target, long generated, long written, long dropped, long failed, long unsent,
            Map<String, Long> failedByClass, double seconds, WorkerTime workers, double serviceP50Ms, double lagP99Ms,
            long peakRing, long fullEvents) {

        static Stretch of(StressResult r, List<IntervalStats> intervals, WorkerTime workers, boolean whole) {
            long peak = intervals.stream().mapToLong(IntervalStats::ringOccupancy).max().orElse(0);
            long full = intervals.stream().mapToLong(IntervalStats::ringFullEvents).sum();
            if (whole) {
                return new Stretch(r.targetSamplesPerSecond() * r.generationSeconds(), r.generated(), r.written(),
                        r.dropped(), r.failed(), r.unsent(), r.failedByClass() == null ? Map.of() : r.failedByClass(),
                        r.generationSeconds(), workers, r.serviceLatency().p50Ms(), r.scheduleLag().p99Ms(), peak, full);
            }
            double target = 0;
            long generated = 0;
            long written = 0;
            long dropped = 0;
            long failed = 0;
            double seconds = 0;
            for (IntervalStats i : intervals) {
                target += i.targetSamplesPerSecond() * i.intervalSeconds();
                generated += i.generated();
                written += i.written();
                dropped += i.dropped();
                failed += i.failed();
                seconds += i.intervalSeconds();
            }
            return new Stretch(target, generated, written, dropped, failed, 0, IntervalStats.addByClass(intervals),
                    seconds, workers, p50(intervals.stream().map(IntervalStats::service).toList()),
                    p99(intervals.stream().map(IntervalStats::scheduleLag).toList()), peak, full);
        }

        double ratio() {
            return target > 0 ? written / target : 0;
        }

        /**
         * This stretch, the run's last, with what no report interval of {@code all} holds: the samples
         * owed when generation stopped, and what a drain too short for a line generated, dropped and
         * failed (its failures' classes too, when the intervals kept theirs).
         */
        Stretch plusUnlisted(StressResult r, List<IntervalStats> all) {
            Map<String, Long> byClass = failedByClass;
            Map<String, Long> listed = IntervalStats.addByClass(all);
            if (byClass != null && listed != null && r.failedByClass() != null) {
                byClass = new LinkedHashMap<>(byClass);
                for (Map.Entry<String, Long> c : r.failedByClass().entrySet()) {
                    long more = c.getValue() - listed.getOrDefault(c.getKey(), 0L);
                    if (more > 0) {
                        byClass.merge(c.getKey(), more, Long::sum);
                    }
                }
            }
            return new Stretch(target, generated + unlisted(r.generated(), all, IntervalStats::generated), written,
                    dropped + unlisted(r.dropped(), all, IntervalStats::dropped),
                    failed + unlisted(r.failed(), all, IntervalStats::failed), unsent + r.unsent(), byClass, seconds,
                    workers, serviceP50Ms, lagP99Ms, peakRing, fullEvents);
        }

        boolean keptUp(Evidence e, ClusterDiagnosis.Thresholds t) {
            boolean indexOk = e.indexRequests() == 0 || e.indexRequestsFailed() == 0;
            return dropped == 0 && failed == 0 && unsent == 0 && ratio() >= t.get("KEPT_UP_RATIO") && indexOk;
        }

        private static double p50(List<LatencySummary> parts) {
            LatencySummary s = add(parts);
            return s == null ? weighted(parts, LatencySummary::p50Ms) : s.p50Ms();
        }

        private static double p99(List<LatencySummary> parts) {
            LatencySummary s = add(parts);
            return s == null ? parts.stream().filter(p -> p != null).mapToDouble(LatencySummary::p99Ms).max().orElse(0)
                    : s.p99Ms();
        }

        /** The parts' histograms added; null when one lacks its histogram (an older result). */
        private static LatencySummary add(List<LatencySummary> parts) {
            if (parts.stream().anyMatch(p -> p == null || !p.hasHistogram())) {
                return null;
            }
            return LatencySummary.sum(parts);
        }

        private static double weighted(List<LatencySummary> parts, ToDoubleFunction<LatencySummary> f) {
            double sum = 0;
            long n = 0;
            for (LatencySummary p : parts) {
                if (p != null) {
                    sum += f.applyAsDouble(p) * p.count();
                    n += p.count();
                }
            }
            return n > 0 ? sum / n : 0;
        }
    }
}
