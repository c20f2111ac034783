package org.metricsstress.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
    public static final String HEAP = "JAVA_HEAP_SIZE";
    public static final String NODES = "cluster.nodes-per-dc";

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
        if (!s.opennms()) {
            // This tool's own writer: OpenNMS's properties mean nothing to it; its own options, same evidence.
            return PipelinedAdvisor.advise(r, e, v, s);
        }
        boolean opennms = s.opennms();
        if (v.keptUp()) {
            // Kept up: only a cache that made resources be indexed again is advised (and the heap it takes).
            if (Verdicts.cacheThrashed(e)) {
                cache(out, r, e, s);
                if (opennms) {
                    heap(out, r, e, s);
                }
            }
            return out;
        }
        cache(out, r, e, s);
        String lasting = lastingKind(v);
        // A bigger ring rides out a deficit that ends (a cold start) or bursts; it only delays one
        // that lasts (the cluster, the client, a Redis down, workers behind in the steady state).
        boolean steadyBehind = v.steadyState() != null && !"KEPT_UP".equals(v.steadyState().kind());
        boolean ringHelps = "RING_TOO_SMALL".equals(lasting) || !steadyBehind && !"CLUSTER_BEHIND".equals(lasting)
                && !"CLIENT_BOUND".equals(lasting) && !"CACHE_SLOW".equals(lasting);
        if (opennms && r.dropped() > 0 && ringHelps) {
            ring(out, r, e, s);
        }
        if (opennms && "WRITER_BOUND".equals(lasting) && (v.steadyState() != null || r.index() == null
                || !r.index().enabled())) {
            threads(out, r, e, s, v.steadyState() != null ? e.steadyState() : e.workers());
        }
        if (opennms) {
            pool(out, r, e, s);
            heap(out, r, e, s);
        }
        if ("CLUSTER_BEHIND".equals(lasting)) {
            nodes(out, r, e);
        }
        return out;
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

    private static void pool(Map<String, Advice> out, StressResult r, Evidence e, Evidence.Settings s) {
        int hosts = Math.max(1, nodesPerDc(r));
        double perHost = (double) e.peakInFlight() / hosts;
        int perConnection = Math.max(1, s.maxRequestsPerConnection());
        int connections = Math.max(1, s.connectionsPerHost());
        if (perHost < POOL_TARGET * perConnection * connections) {
            return;
        }
        long value = (long) Math.ceil(perHost / (POOL_TARGET * perConnection));
        out.put(CONNECTIONS_PER_HOST, new Advice(CONNECTIONS_PER_HOST, String.valueOf(Math.max(connections + 1, value)),
                String.valueOf(connections),
                String.format(Locale.ROOT, "%,.0f requests in flight per node at the peak, against %d a connection "
                        + "carries", perHost, perConnection),
                String.format(Locale.ROOT, "peak in flight per node / (%d requests per connection x %.0f%%)",
                        perConnection, 100 * POOL_TARGET), "--connections-per-host"));
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
        Object groups = r.plan() == null ? null : r.plan().get("groupResources");
        long groupResources = groups instanceof Number n ? n.longValue() : e.planResources();
        double groupShare = Math.min(1, (double) groupResources / e.planResources());
        long groupEntries = Math.round(entries * groupShare);
        // The ids the run wrote (its plan.openNmsCacheHeap), else those of its --resource-ids.
        Object measured = r.plan() == null ? null : r.plan().get("openNmsCacheHeap");
        int elements = s.foreignSourceIds() ? PATH_ELEMENTS : NODE_PATH_ELEMENTS;
        int idChars = s.foreignSourceIds() ? GROUP_ID_CHARS : NODE_GROUP_ID_CHARS;
        if (measured instanceof Map<?, ?> m && m.get("idElements") instanceof Number el && m.get("idChars") instanceof Number ch) {
            elements = el.intValue();
            idChars = ch.intValue();
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
        long value = (long) Math.ceil(nodes * r.targetSamplesPerSecond() / (achieved * NODE_TARGET));
        out.put(NODES, new Advice(NODES, String.valueOf(Math.max(nodes + 1, value)), String.valueOf(nodes),
                String.format(Locale.ROOT, "the cluster of %d node%s per DC wrote %,.0f of %,.0f samples/s", nodes,
                        nodes == 1 ? "" : "s", achieved, r.targetSamplesPerSecond()),
                String.format(Locale.ROOT, "linear scaling assumed: nodes x target / written, planned at %.0f%% of what "
                        + "they wrote; measure it (find-max at two or more sizes) before buying", 100 * NODE_TARGET),
                null));
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
