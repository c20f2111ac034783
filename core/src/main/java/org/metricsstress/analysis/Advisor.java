package org.metricsstress.analysis;

import org.metricsstress.config.Option;

import org.metricsstress.config.StressOptions;

import org.metricsstress.result.OpenNmsCacheHeap;
import org.metricsstress.result.PlanFacts;

import org.metricsstress.result.CacheSummary;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.NodeSummary;

import org.metricsstress.result.Advice;
import org.metricsstress.result.Evidence;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;
import org.metricsstress.result.WorkerTime;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.config.ClusterSection;
import org.metricsstress.config.WriterModel.AdviceVocabulary;

/**
 * What to change, in OpenNMS's property names, each value computed from the run's own figures
 * with its model written beside it. Advice follows the verdict: the cache first (nothing else
 * helps while resources are indexed again and again), then the ring that rides out the cold start,
 * the workers where they are the lasting limit, the driver's pool where it is full, the heap the
 * cache takes, and the cluster where it is the limit. docs/diagnosis.md explains each model.
 * A run of this tool's pipelined writer is advised in its own options ({@link PipelinedAdvisor}).
 */
public final class Advisor {
    public static final String PREFIX = "org.opennms.newts.config.";
    public static final String CACHE_MAX_ENTRIES = PREFIX + "cache.max_entries";
    public static final String RING_BUFFER_SIZE = PREFIX + "ring_buffer_size";
    public static final String WRITER_THREADS = PREFIX + "writer_threads";
    public static final String MAX_BATCH_SIZE = PREFIX + "max_batch_size";
    public static final String CONNECTIONS_PER_HOST = PREFIX + "connections-per-host";
    public static final String MAX_REQUESTS_PER_CONNECTION = PREFIX + "max-requests-per-connection";
    /** The pipelined writer's pool: this tool's own options, which no OpenNMS property stands for. */
    public static final String TOOL_CONNECTIONS_PER_HOST = "--connections-per-host";
    public static final String TOOL_MAX_REQUESTS_PER_CONNECTION = "--max-requests-per-connection";
    public static final String HEAP = "JAVA_HEAP_SIZE";
    public static final String NODES = "cluster.nodes-per-dc";
    /** Not a setting: how fast Redis must answer a lookup, advised when it was the limit. */
    public static final String REDIS = "redis.lookup-p99-ms";

    /** Resources the cache should hold beyond the plan's: new ones appear, and Guava's segments evict early. */
    static final double CACHE_MARGIN = 1.25;
    /** The ring's margin over the backlog measured: the next cold start is not this one. */
    static final double RING_MARGIN = 1.25;
    /** Workers planned to be busy at most this share of their time. */
    static final double WORKER_TARGET = 0.7;
    /** Connections planned to carry at most this share of their requests. */
    static final double POOL_TARGET = 0.8;
    /** Nodes planned to run at most this share of the rate they were seen to write. */
    static final double NODE_TARGET = 0.8;
    /** OpenNMS's stress command's resource ids by foreign source: {@code snmp:fs:STRESS:<n>:tap<i>:group<g>}. */
    static final int PATH_ELEMENTS = 6;
    static final int GROUP_ID_CHARS = 30;
    static final int INTERFACE_ID_CHARS = 23;
    /** By node, OpenNMS's default: {@code snmp:<n>:tap<i>:group<g>}, without {@code fs:STRESS:}. */
    static final int NODE_PATH_ELEMENTS = 4;
    static final int NODE_GROUP_ID_CHARS = GROUP_ID_CHARS - "fs:STRESS:".length();

    private Advisor() {}

    /** The advice for a result, its verdict and evidence given; keyed by property, in the order to act. */
    public static Map<String, Advice> advise(StressResult r, Evidence e, Verdict v) {
        Map<String, Advice> out = new LinkedHashMap<>();
        if (v == null || "AUDIT_UNBALANCED".equals(v.kind()) || "INCONCLUSIVE".equals(v.kind())
                && r.written() + r.dropped() + r.failed() == 0) {
            return out;
        }
        Evidence.Settings s = Evidence.Settings.of(r);
        if (s.model().advice() == AdviceVocabulary.TOOL_OPTIONS) {
            // This tool's own writer: OpenNMS's properties mean nothing to it; its own options, same evidence.
            return PipelinedAdvisor.advise(r, e, v, s);
        }
        if (v.keptUp()) {
            // Kept up: only a cache that made resources be indexed again is advised (and the heap it
            // takes), and what the nodes' own figures showed at its limit (the verdict names it too).
            if (Verdicts.cacheThrashed(e)) {
                cache(out, r, e, s);
                heap(out, r, e, s);
            }
            ClusterAdvice.add(out, r, ClusterDiagnosis.locate(r, 0, r.generationSeconds()));
            return out;
        }
        cache(out, r, e, s);
        String lasting = lastingKind(v);
        if ("CACHE_SLOW".equals(lasting)) {
            redis(out, r, e);
        }
        // A bigger ring rides out a deficit that ends (a cold start) or bursts; it only delays one
        // that lasts (the cluster, the client, a Redis down, the driver's pool, workers behind in
        // the steady state).
        boolean steadyBehind = v.steadyState() != null && !"KEPT_UP".equals(v.steadyState().kind())
                && !onlyTheBacklogAbandoned(r, v.steadyState());
        boolean ringHelps = "RING_TOO_SMALL".equals(lasting) || !steadyBehind && !"CLUSTER_BEHIND".equals(lasting)
                && !"CLIENT_BOUND".equals(lasting) && !"CACHE_SLOW".equals(lasting) && !"POOL_TOO_SMALL".equals(lasting);
        if (r.dropped() > 0 && ringHelps) {
            ring(out, r, e, s);
        }
        if ("WRITER_BOUND".equals(lasting) && (v.steadyState() != null || r.index() == null
                || !r.index().enabled())) {
            threads(out, r, e, s, v.steadyState() != null ? e.steadyState() : e.workers());
        }
        pool(out, r, e, s);
        heap(out, r, e, s);
        if ("CLUSTER_BEHIND".equals(lasting)) {
            cluster(out, r, e, v);
        }
        return out;
    }

    /**
     * The cluster's advice, for either writer: in its own names where its figures single out a node or
     * a stage over the stretch that lasts; else its size.
     */
    static void cluster(Map<String, Advice> out, StressResult r, Evidence e, Verdict v) {
        Verdict.Phase phase = v.steadyState() != null && !"KEPT_UP".equals(v.steadyState().kind()) ? v.steadyState()
                : v.coldStart();
        ClusterDiagnosis.Finding found = phase == null ? ClusterDiagnosis.locate(r, 0, r.generationSeconds())
                : ClusterDiagnosis.locate(r, phase.fromSeconds(), phase.toSeconds());
        if (!ClusterAdvice.add(out, r, found)) {
            nodes(out, r, e);
        }
    }

    /**
     * Whether all the steady state lost is the cold start's backlog, cut off by a drain that ran
     * out: samples abandoned at the end, nothing else dropped or failed after the cold start and
     * nothing owed. Its own report lines kept up, so a ring that holds that backlog is still the fix.
     * (A tune round of the README plan lost 1,070 so; advised its cache alone, the next round's ring
     * filled for good and dropped 198,080.)
     */
    static boolean onlyTheBacklogAbandoned(StressResult r, Verdict.Phase steady) {
        if (r.unsent() > 0 || r.failedByClass() == null || r.intervals() == null) {
            return false;
        }
        long abandoned = r.failedByClass().getOrDefault("abandoned", 0L);
        if (abandoned == 0) {
            return false;
        }
        long listedDropped = 0;
        long listedFailed = 0;
        long listedAbandoned = 0;
        for (IntervalStats i : r.intervals()) {
            listedDropped += i.dropped();
            listedFailed += i.failed();
            long a = i.failedByClass() == null ? 0 : i.failedByClass().getOrDefault("abandoned", 0L);
            listedAbandoned += a;
            if (i.elapsedSeconds() > steady.fromSeconds() && (i.dropped() > 0 || i.failed() > a)) {
                return false;
            }
        }
        // What no report line holds (the drain's end): abandoned samples only.
        return r.dropped() == listedDropped && r.failed() - listedFailed == abandoned - listedAbandoned;
    }

    /** The kind that lasts: the steady state's when it did not keep up, else the verdict's. */
    static String lastingKind(Verdict v) {
        if (v.steadyState() != null && !"KEPT_UP".equals(v.steadyState().kind())) {
            return v.steadyState().kind();
        }
        return v.kind();
    }

    static void cache(Map<String, Advice> out, StressResult r, Evidence e, Evidence.Settings s) {
        if (e.cacheMaxEntries() <= 0 || e.planResources() <= 0 || e.cacheMaxEntries() >= e.planResources() * 1.1) {
            return;
        }
        long value = roundUp((long) Math.ceil(e.planResources() * CACHE_MARGIN), 1000);
        out.put(CACHE_MAX_ENTRIES, new Advice(CACHE_MAX_ENTRIES, String.valueOf(value), String.valueOf(e.cacheMaxEntries()),
                String.format(Locale.ROOT, "the plan has %,d resources and the cache held %,d: %,d evictions made %,d "
                        + "resources be indexed again, each holding a worker on its index writes", e.planResources(),
                        e.cacheMaxEntries(), e.evictions(), e.reindexed()),
                String.format(Locale.ROOT, "the plan's resources x %.2f (new resources appear; Guava's segments evict "
                        + "before the bound), rounded up to a thousand", CACHE_MARGIN), "--cache-max-entries"));
    }

    /**
     * Redis slow or down: no setting of OpenNMS's fixes that, so the advice says where to look,
     * with the lookups' own figures, and what a lookup should take; a run cannot apply it.
     */
    static void redis(Map<String, Advice> out, StressResult r, Evidence e) {
        LatencySummary l = r.cache() == null ? null : r.cache().lookups();
        boolean timed = l != null && l.count() > 0;
        Object pool = r.setting(StressOptions.REDIS_POOL);
        WorkerTime w = e.workers();
        out.put(REDIS, new Advice(REDIS, String.valueOf(CacheSummary.SLOW_LOOKUP_MS),
                timed ? String.format(Locale.ROOT, "%.0f", l.p99Ms()) : null,
                String.format(Locale.ROOT, "%,d lookups took over %d ms%s and %,d failed%s: Redis was slow or down; "
                        + "check its latency (redis-cli --latency; SLOWLOG; a save, a big key or a blocking command "
                        + "stalls it), its pool (%s connections for %d workers) and whether it is up", e.slowLookups(),
                        CacheSummary.SLOW_LOOKUP_MS, timed ? String.format(Locale.ROOT, " (p50 %.1f ms, p99 %.1f ms of "
                                + "%,d)", l.p50Ms(), l.p99Ms(), l.count()) : "", e.cacheErrors(),
                        w == null || !w.measured() ? "" : String.format(Locale.ROOT, ", holding the workers %.0f%% of "
                                + "their busy time", 100 * w.shareOfBusy(w.cacheLookupSeconds())),
                        pool == null ? "?" : pool, Evidence.Settings.of(r).writerThreads()),
                "none: a fault, not a size; a lookup (every question about one resource) answered within "
                        + CacheSummary.SLOW_LOOKUP_MS + " ms at the 99th percentile, as a healthy Redis answers a "
                        + "question in well under a millisecond", null));
    }

    private static void ring(Map<String, Advice> out, StressResult r, Evidence e, Evidence.Settings s) {
        long value = nextPowerOfTwo((long) Math.ceil(e.ringNeeded() * RING_MARGIN));
        if (value <= s.ringSize()) {
            return;
        }
        out.put(RING_BUFFER_SIZE, new Advice(RING_BUFFER_SIZE, String.valueOf(value), String.valueOf(s.ringSize()),
                String.format(Locale.ROOT, "the ring of %,d events filled and %,d samples were dropped; an unbounded ring "
                        + "would have held %,d events at its peak (%s)", s.ringSize(), r.dropped(), e.ringNeeded(),
                        e.ringModel()),
                String.format(Locale.ROOT, "the backlog an unbounded ring would have held x %.2f, to the next power of two "
                        + "(the Disruptor's rule); its slots are reserved at start, and a full ring holds its samples "
                        + "on the heap too", RING_MARGIN), "--ring-size"));
    }

    private static void threads(Map<String, Advice> out, StressResult r, Evidence e, Evidence.Settings s, WorkerTime w) {
        if (w == null || !w.measured() || w.msPerEvent() <= 0) {
            return;
        }
        double eventsPerSecond = e.eventsPerCommit() * r.targetSamplesPerSecond() / Math.max(1, s.attributes());
        double busyWorkers = eventsPerSecond * w.msPerEvent() / 1000;
        long value = (long) Math.ceil(busyWorkers / WORKER_TARGET);
        if (value <= s.writerThreads()) {
            return;
        }
        out.put(WRITER_THREADS, new Advice(WRITER_THREADS, String.valueOf(value), String.valueOf(s.writerThreads()),
                String.format(Locale.ROOT, "the %d workers were busy %.0f%% of their time at %.2f ms per event, waiting "
                        + "mostly on %s, while the cluster answered at its usual speed", w.workers(),
                        100 * w.busyShare(), w.msPerEvent(), w.mainWait()),
                String.format(Locale.ROOT, "Little's law: %,.0f events/s x %.2f ms per event = %.1f workers busy, "
                        + "planned at %.0f%% busy", eventsPerSecond, w.msPerEvent(), busyWorkers, 100 * WORKER_TARGET),
                "--writer-threads"));
    }

    /**
     * The driver's pool, in the writer's own names, when it refused requests (failure class
     * {@code pool}) or was nearly full at a report line. A node must carry the larger of the peak in
     * flight per node at the report lines (which a pool that refused can only understate) and what
     * the writer keeps in flight at most over the local nodes: OpenNMS's workers each wait on one
     * update's index requests at once, the pipelined writer on its {@code --max-in-flight}. Requests
     * per connection below the writer's own default are raised (stream ids cost a connection
     * nothing); at or above it, more connections.
     */
    static void pool(Map<String, Advice> out, StressResult r, Evidence e, Evidence.Settings s) {
        int nodes = Math.max(1, nodesPerDc(r));
        long refusedSamples = Verdicts.poolFailures(r);
        long refusedIndex = Verdicts.indexPoolFailures(r);
        double measured = (double) e.peakInFlight() / nodes;
        int perConnection = Math.max(1, s.maxRequestsPerConnection());
        int connections = Math.max(1, s.connectionsPerHost());
        if (refusedSamples + refusedIndex == 0 && measured < POOL_TARGET * perConnection * connections) {
            return;
        }
        boolean newtsProperties = s.model().advice() == AdviceVocabulary.NEWTS_PROPERTIES;
        long bound;
        String boundWhy;
        if (newtsProperties) {
            Advice advised = out.get(WRITER_THREADS);
            int workers = advised != null ? Integer.parseInt(advised.value()) : s.writerThreads();
            int perUpdate = requestsPerUpdate(s);
            bound = (long) Math.ceil((double) workers * perUpdate / nodes);
            boundWhy = String.format(Locale.ROOT, "OpenNMS's %d%s workers keep up to %,d in flight per node (%d requests "
                    + "each: a new resource's terms, attribute and metric batches, sent at once)", workers,
                    advised != null ? " advised" : "", bound, perUpdate);
        } else {
            long maxInFlight = configNumber(r, StressOptions.MAX_IN_FLIGHT, 512);
            bound = (long) Math.ceil((double) maxInFlight / nodes);
            boundWhy = String.format(Locale.ROOT, "the pipelined writer keeps up to %,d sample requests in flight "
                    + "(--max-in-flight), %,d per node", maxInFlight, bound);
        }
        double perHost = Math.max(measured, bound);
        double needed = perHost / POOL_TARGET;
        // The writer's own default: the driver's 1,024, which Newts 3's session leaves; the pipelined
        // writer's twice its in-flight bound, room for the index requests beside the samples.
        int standard = s.model().defaultMaxRequestsPerConnection((int) configNumber(r, StressOptions.MAX_IN_FLIGHT, 512));
        String reason = String.format(Locale.ROOT, "%sup to %,.0f requests were in flight per node at the report lines "
                + "and %s, against %d connection%s x %,d requests", refusedSamples + refusedIndex == 0 ? ""
                        : String.format(Locale.ROOT, "the pool refused %,d samples and %,d index requests (no free request "
                                + "slot on the node's connections); ", refusedSamples, refusedIndex),
                measured, boundWhy, connections, connections == 1 ? "" : "s", perConnection);
        if (perConnection < standard) {
            long value = Math.min(ClusterSection.MOST_REQUESTS_PER_CONNECTION,
                    Math.max(standard, (long) Math.ceil(needed / connections)));
            String key = newtsProperties ? MAX_REQUESTS_PER_CONNECTION : TOOL_MAX_REQUESTS_PER_CONNECTION;
            out.put(key, new Advice(key, String.valueOf(value), String.valueOf(perConnection), reason,
                    String.format(Locale.ROOT, "what a node must carry (the larger of the peak in flight per node and "
                            + "the writer's own bound) / %.0f%%, over %d connection%s; at least %s (%,d)",
                            100 * POOL_TARGET, connections, connections == 1 ? "" : "s", newtsProperties
                                    ? "the driver's default, which Newts 3's session leaves" : "this writer's default, "
                                            + "2 x max(1,024, --max-in-flight)", standard),
                    TOOL_MAX_REQUESTS_PER_CONNECTION));
            return;
        }
        long value = Math.max(connections + 1, (long) Math.ceil(needed / perConnection));
        String key = newtsProperties ? CONNECTIONS_PER_HOST : TOOL_CONNECTIONS_PER_HOST;
        out.put(key, new Advice(key, String.valueOf(value), String.valueOf(connections), reason,
                String.format(Locale.ROOT, "what a node must carry (the larger of the peak in flight per node and the "
                        + "writer's own bound) / (%,d requests per connection x %.0f%%)", perConnection,
                        100 * POOL_TARGET), TOOL_CONNECTIONS_PER_HOST));
    }

    /**
     * The most requests one of OpenNMS's updates sends at once: a new group resource's first chunk,
     * a term per attribute (its metrics and {@code _idx} path elements), its attribute rows in
     * batches of max_batch_size, and the chunk's metric rows in one; or an interface's strings.
     */
    static int requestsPerUpdate(Evidence.Settings s) {
        int batch = Math.max(1, s.maxBatchSize());
        int attributes = s.attributes() + (s.foreignSourceIds() ? PATH_ELEMENTS : NODE_PATH_ELEMENTS);
        int group = attributes + (attributes + batch - 1) / batch + 1;
        int strings = s.strings() == 0 ? 0 : s.strings() + (s.strings() + batch - 1) / batch + 1;
        return Math.max(group, strings);
    }

    private static long configNumber(StressResult r, Option<?> option, long otherwise) {
        Object v = r.setting(option);
        if (v instanceof Number n) {
            return n.longValue();
        }
        try {
            return v == null ? otherwise : Long.parseLong(String.valueOf(v).replace(",", "").trim());
        } catch (NumberFormatException ex) {
            return otherwise;
        }
    }

    private static void heap(Map<String, Advice> out, StressResult r, Evidence e, Evidence.Settings s) {
        if (e.cacheKind() == null || !"guava".equals(e.cacheKind()) || e.planResources() <= 0) {
            return;
        }
        Advice cache = out.get(CACHE_MAX_ENTRIES);
        long entries = cache != null ? Long.parseLong(cache.value()) : e.cacheMaxEntries();
        if (entries <= 0) {
            return;
        }
        Long groups = r.plan() == null ? null : r.plan().groupResources();
        long groupResources = groups != null ? groups : e.planResources();
        double groupShare = Math.min(1, (double) groupResources / e.planResources());
        long groupEntries = Math.round(entries * groupShare);
        // The ids the run wrote (its plan.openNmsCacheHeap), else those of its --resource-ids.
        PlanFacts.OpenNmsCacheFigure measured = r.plan() == null ? null : r.plan().openNmsCacheHeap();
        int elements = s.foreignSourceIds() ? PATH_ELEMENTS : NODE_PATH_ELEMENTS;
        int idChars = s.foreignSourceIds() ? GROUP_ID_CHARS : NODE_GROUP_ID_CHARS;
        if (measured != null) {
            elements = measured.idElements();
            idChars = measured.idChars();
        }
        long bytes = OpenNmsCacheHeap.bytes(groupEntries, entries - groupEntries, s.attributes(), s.strings(),
                elements, idChars);
        long mib = (long) Math.ceil(bytes / (1024.0 * 1024.0));
        // An amount to add, never a heap: JAVA_HEAP_SIZE is OpenNMS's whole heap, so "36" copied
        // into etc/opennms.conf gave it a 36 MB heap. The value carries its sign (a JVM refuses
        // -Xmx+36m rather than start that small) and the reason says the sum to set.
        out.put(HEAP, new Advice(HEAP, "+" + mib, null,
                String.format(Locale.ROOT, "add %,d MB to the heap OpenNMS needs without the cache (etc/opennms.conf's "
                        + "JAVA_HEAP_SIZE is the whole heap, in MB: set it to that heap + %,d, never to %,d): a full cache "
                        + "of %,d entries takes about %,d MiB of OpenNMS's heap", mib, mib, mib, entries, mib),
                String.format(Locale.ROOT, "entries x the bytes of one entry of OpenNMS's own cache for this shape "
                        + "(%d metrics, %d string attributes: Newts' ResourceMetadata, the key and the searchable copy, "
                        + "measured with jol; OpenNmsCacheHeap)", s.attributes(), s.strings()), null));
    }

    static void nodes(Map<String, Advice> out, StressResult r, Evidence e) {
        int nodes = nodesPerDc(r);
        long unavailable = r.failedByClass() == null ? 0 : r.failedByClass().getOrDefault("unavailable", 0L);
        if (unavailable > 0 && unavailable * 2 >= e.clusterErrors()) {
            out.put(NODES, new Advice(NODES, String.valueOf(nodes), String.valueOf(nodes),
                    String.format(Locale.ROOT, "%,d samples failed as unavailable: replicas were down, not too few; bring "
                            + "them back before sizing", unavailable), "none: a fault, not a size", null));
            return;
        }
        double achieved = r.writtenSamplesPerSecond();
        if (achieved <= 0 || nodes <= 0) {
            return;
        }
        Advice byCpu = nodesByCpu(r, nodes, achieved);
        if (byCpu != null) {
            out.put(NODES, byCpu);
            return;
        }
        long value = (long) Math.ceil(nodes * r.targetSamplesPerSecond() / (achieved * NODE_TARGET));
        out.put(NODES, new Advice(NODES, String.valueOf(Math.max(nodes + 1, value)), String.valueOf(nodes),
                String.format(Locale.ROOT, "the cluster of %d node%s per DC wrote %,.0f of %,.0f samples/s", nodes,
                        nodes == 1 ? "" : "s", achieved, r.targetSamplesPerSecond()),
                String.format(Locale.ROOT, "linear scaling assumed (the nodes' CPU was not seen, so their service demand "
                        + "is not known): nodes x target / written, planned at %.0f%% of what they wrote; measure it "
                        + "(find-max at two or more sizes) before buying", 100 * NODE_TARGET),
                null));
    }

    /**
     * Nodes from the service demand law, where every watched node told its CPU: D = the nodes' CPU
     * seconds per sample written (their mean CPU x their cores / the rate written), and a node of c
     * cores planned at {@link #NODE_TARGET} of them carries c x NODE_TARGET / D samples a second.
     * Null when a node's CPU was not seen.
     */
    static Advice nodesByCpu(StressResult r, int nodes, double achieved) {
        List<NodeLoad> loads = ClusterDiagnosis.loads(r, 0, r.generationSeconds());
        if (loads.isEmpty() || loads.stream().anyMatch(l -> l.coresUsed() < 0 || l.processors() <= 0)) {
            return null;
        }
        double coresUsed = loads.stream().mapToDouble(NodeLoad::coresUsed).sum();
        double demand = coresUsed / achieved;
        double cores = loads.stream().mapToInt(NodeLoad::processors).average().orElse(1);
        long value = (long) Math.ceil(demand * r.targetSamplesPerSecond() * nodes / loads.size() / (cores * NODE_TARGET));
        return new Advice(NODES, String.valueOf(Math.max(nodes + 1, value)), String.valueOf(nodes),
                String.format(Locale.ROOT, "the cluster of %d node%s per DC wrote %,.0f of %,.0f samples/s, its nodes "
                        + "using %.2f cores together", nodes, nodes == 1 ? "" : "s", achieved, r.targetSamplesPerSecond(),
                        coresUsed),
                String.format(Locale.ROOT, "the service demand law: the nodes spent %.1f CPU-µs per sample written; at "
                        + "the target that is %.2f cores, on nodes of %.0f cores each planned at %.0f%% busy%s", demand * 1e6,
                        demand * r.targetSamplesPerSecond(), cores, 100 * NODE_TARGET, ClusterDiagnosis.sharesMachine(r)
                                ? "; measured on one machine shared with this client, so the nodes' cores there are "
                                        + "not their own: measure on the nodes' own machines before buying" : ""),
                null);
    }

    /** Nodes per data centre the run wrote through; 1 when nothing says. */
    static int nodesPerDc(StressResult r) {
        List<NodeSummary> nodes = r.nodes() == null ? List.of() : r.nodes();
        if (nodes.isEmpty()) {
            return 1;
        }
        long dcs = nodes.stream().map(NodeSummary::dc).distinct().count();
        return (int) Math.max(1, Math.round((double) nodes.size() / Math.max(1, dcs)));
    }

    static long roundUp(long v, long step) {
        return (v + step - 1) / step * step;
    }

    static long nextPowerOfTwo(long v) {
        long p = 1;
        while (p < v) {
            p <<= 1;
        }
        return p;
    }
}
