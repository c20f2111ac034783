package org.metricsstress.analysis;

import org.metricsstress.config.StressOptions;

import org.metricsstress.result.WorkerTime;

import org.metricsstress.result.Advice;
import org.metricsstress.result.Evidence;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What to change for a run of the pipelined writer ({@code --writer pipelined}, this tool's own):
 * its own options, not OpenNMS's properties, which mean nothing to it. Read from the same evidence
 * and the same verdict as {@link Advisor}'s advice for OpenNMS's writer, each value with its model,
 * each keyed by the option that applies it (so {@code tune} applies them too):
 *
 * <ul>
 * <li>{@code --cache-max-entries}: the cache's model, unchanged (this writer's cache evicts as
 *     OpenNMS's does, and an evicted resource is indexed again);</li>
 * <li>{@code --ring-size}: the backlog an unbounded ring would have held, as for OpenNMS's ring,
 *     but in commits (one slot a commit) and split evenly over the lanes, each a power of two;</li>
 * <li>{@code --max-in-flight}, when the lanes were writer-bound waiting for a free in-flight permit:
 *     Little's law on the requests (requests a second at the target x their mean service time);</li>
 * <li>{@code --writer-threads} (the lanes), when they were writer-bound on their own work: Little's
 *     law on the commits, as for OpenNMS's workers;</li>
 * <li>{@code cluster.nodes-per-dc}, when the cluster is the limit, as for OpenNMS's writer.</li>
 * </ul>
 *
 * No heap (this tool's cache is not OpenNMS's) and no connections: this writer's requests per
 * connection follow {@code --max-in-flight} (2 x max(1,024, it)). docs/diagnosis.md explains each model.
 */
public final class PipelinedAdvisor {
    public static final String CACHE_MAX_ENTRIES = "--cache-max-entries";
    public static final String RING_SIZE = "--ring-size";
    public static final String WRITER_THREADS = "--writer-threads";
    public static final String MAX_IN_FLIGHT = "--max-in-flight";

    /** In-flight permits planned to be held at most this share of the time, as workers are planned busy. */
    static final double IN_FLIGHT_TARGET = Advisor.WORKER_TARGET;
    /** --writer-threads' own bound (PipelineSection). */
    static final int MOST_LANES = 1024;

    private PipelinedAdvisor() {}

    /** The advice for a pipelined run, its verdict and evidence given; keyed by option, in the order to act. */
    static Map<String, Advice> advise(StressResult r, Evidence e, Verdict v, Evidence.Settings s) {
        Map<String, Advice> out = new LinkedHashMap<>();
        if (v.keptUp()) {
            // Kept up: only a cache that made resources be indexed again is advised, and what the
            // nodes' own figures showed at its limit.
            if (Verdicts.cacheThrashed(e)) {
                cache(out, r, e, s);
            }
            ClusterAdvice.add(out, r, ClusterDiagnosis.locate(r, 0, r.generationSeconds()));
            return out;
        }
        cache(out, r, e, s);
        String lasting = Advisor.lastingKind(v);
        // As for OpenNMS's ring: a bigger ring rides out a deficit that ends (a cold start) or bursts;
        // it only delays one that lasts (the cluster, the client, a Redis down, lanes behind after the cold start).
        boolean steadyBehind = v.steadyState() != null && !"KEPT_UP".equals(v.steadyState().kind());
        boolean ringHelps = "RING_TOO_SMALL".equals(lasting) || !steadyBehind && !"CLUSTER_BEHIND".equals(lasting)
                && !"CLIENT_BOUND".equals(lasting) && !"CACHE_SLOW".equals(lasting) && !"POOL_TOO_SMALL".equals(lasting);
        if (r.dropped() > 0 && ringHelps) {
            ring(out, r, e, s);
        }
        if ("WRITER_BOUND".equals(lasting) && (v.steadyState() != null || r.index() == null || !r.index().enabled())) {
            WorkerTime w = v.steadyState() != null ? e.steadyState() : e.workers();
            if (w != null && w.measured() && "sample writes".equals(w.mainWait())) {
                inFlight(out, r, w);
            } else {
                lanes(out, r, e, s, w);
            }
        }
        if ("CACHE_SLOW".equals(lasting)) {
            Advisor.redis(out, r, e);
        }
        // The driver's pool in this writer's own options (Advisor's pool advice names them so).
        Advisor.pool(out, r, e, s);
        if ("CLUSTER_BEHIND".equals(lasting)) {
            Advisor.cluster(out, r, e, v);
        }
        return out;
    }

    /** OpenNMS's cache model under this writer's option: the same cache bound, the same margin. */
    private static void cache(Map<String, Advice> out, StressResult r, Evidence e, Evidence.Settings s) {
        Map<String, Advice> asOpenNms = new LinkedHashMap<>();
        Advisor.cache(asOpenNms, r, e, s);
        Advice a = asOpenNms.get(Advisor.CACHE_MAX_ENTRIES);
        if (a != null) {
            out.put(CACHE_MAX_ENTRIES, new Advice(CACHE_MAX_ENTRIES, a.value(), a.current(), a.reason(), a.model(),
                    CACHE_MAX_ENTRIES));
        }
    }

    /**
     * The lanes' ring: a commit takes one slot, and a resource always takes the same lane, so the
     * ring's size is split evenly over the lanes, each the largest power of two of its share
     * (LaneRing). The backlog needed, with the margin, over the lanes, each rounded up to a power of
     * two, and the ring the next power of two that gives every lane that much.
     */
    private static void ring(Map<String, Advice> out, StressResult r, Evidence e, Evidence.Settings s) {
        int lanes = Math.max(1, s.writerThreads());
        long needed = (long) Math.ceil(e.ringNeeded() * Advisor.RING_MARGIN);
        long perLane = Advisor.nextPowerOfTwo((needed + lanes - 1) / lanes);
        long value = Advisor.nextPowerOfTwo(perLane * lanes);
        if (value <= s.ringSize() || value > Integer.MAX_VALUE) {
            return;
        }
        out.put(RING_SIZE, new Advice(RING_SIZE, String.valueOf(value), String.valueOf(s.ringSize()),
                String.format(Locale.ROOT, "the %d lanes' ring of %,d commits filled and %,d samples were dropped; an "
                        + "unbounded ring would have held %,d commits at its peak (%s)", lanes, s.ringSize(), r.dropped(),
                        e.ringNeeded(), e.ringModel()),
                String.format(Locale.ROOT, "the backlog an unbounded ring would have held x %.2f, over %d lanes (a "
                        + "resource always takes the same lane: spread evenly, assumed), %,d slots each to a power of "
                        + "two, the ring the next power of two that gives every lane that many", Advisor.RING_MARGIN,
                        lanes, perLane), RING_SIZE));
    }

    /**
     * Lanes waiting for a free permit: the requests in flight at the target rate, by Little's law on
     * the requests, with their mean service time (a permit is held from send to answer), planned
     * at {@link #IN_FLIGHT_TARGET} of the bound.
     */
    private static void inFlight(Map<String, Advice> out, StressResult r, WorkerTime w) {
        int current = maxInFlight(r);
        double serviceMs = r.serviceLatency() == null ? 0 : r.serviceLatency().meanMs();
        if (r.writeRequests() <= 0 || serviceMs <= 0) {
            return;
        }
        double samplesPerRequest = (double) (r.written() + r.failed()) / r.writeRequests();
        double requestsPerSecond = r.targetSamplesPerSecond() / samplesPerRequest;
        double inFlight = requestsPerSecond * serviceMs / 1000;
        long value = (long) Math.ceil(inFlight / IN_FLIGHT_TARGET);
        if (value <= current) {
            return;
        }
        out.put(MAX_IN_FLIGHT, new Advice(MAX_IN_FLIGHT, String.valueOf(value), String.valueOf(current),
                String.format(Locale.ROOT, "the %d lanes were busy %.0f%% of their time, %.0f%% of it waiting for one of "
                        + "the %,d in-flight permits, while the cluster answered at its usual speed", w.workers(),
                        100 * w.busyShare(), 100 * w.shareOfBusy(w.sampleWriteSeconds()), current),
                String.format(Locale.ROOT, "Little's law on the requests: %,.0f requests/s at the target (%,.0f samples/s "
                        + "/ %.1f samples per request) x %.2f ms mean service = %.1f in flight, planned at %.0f%% of the "
                        + "bound", requestsPerSecond, r.targetSamplesPerSecond(), samplesPerRequest, serviceMs, inFlight,
                        100 * IN_FLIGHT_TARGET), MAX_IN_FLIGHT));
    }

    /** Lanes busy on their own work: more lanes, by Little's law on the commits, as OpenNMS's workers. */
    private static void lanes(Map<String, Advice> out, StressResult r, Evidence e, Evidence.Settings s, WorkerTime w) {
        if (w == null || !w.measured() || w.msPerEvent() <= 0) {
            return;
        }
        double commitsPerSecond = e.eventsPerCommit() * r.targetSamplesPerSecond() / Math.max(1, s.attributes());
        double busyLanes = commitsPerSecond * w.msPerEvent() / 1000;
        long value = Math.min(MOST_LANES, (long) Math.ceil(busyLanes / Advisor.WORKER_TARGET));
        if (value <= s.writerThreads()) {
            return;
        }
        out.put(WRITER_THREADS, new Advice(WRITER_THREADS, String.valueOf(value), String.valueOf(s.writerThreads()),
                String.format(Locale.ROOT, "the %d lanes were busy %.0f%% of their time at %.2f ms per commit, mostly on "
                        + "%s, while the cluster answered at its usual speed", w.workers(), 100 * w.busyShare(),
                        w.msPerEvent(), w.mainWait()),
                String.format(Locale.ROOT, "Little's law: %,.0f commits/s x %.2f ms per commit = %.1f lanes busy, planned "
                        + "at %.0f%% busy (at most %d); more lanes than the client's cores help only while they wait",
                        commitsPerSecond, w.msPerEvent(), busyLanes, 100 * Advisor.WORKER_TARGET, MOST_LANES),
                WRITER_THREADS));
    }

    /** The run's --max-in-flight (512, its default, when its config does not say). */
    static int maxInFlight(StressResult r) {
        Object v = r.setting(StressOptions.MAX_IN_FLIGHT);
        if (v instanceof Number n) {
            return n.intValue();
        }
        try {
            return v == null ? 512 : Integer.parseInt(String.valueOf(v).replace(",", "").trim());
        } catch (NumberFormatException e) {
            return 512;
        }
    }
}
