package org.metricsstress.microbench;

import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import com.google.common.base.Optional;
import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import com.google.common.cache.RemovalListener;
import com.google.common.cache.RemovalNotification;
import com.googlecode.concurrenttrees.radix.ConcurrentRadixTree;
import com.googlecode.concurrenttrees.radix.node.concrete.DefaultCharArrayNodeFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.result.OpenNmsCacheHeap;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.vm.VM;
import org.opennms.newts.api.Context;
import org.opennms.newts.api.Resource;
import org.opennms.newts.cassandra.search.GuavaResourceMetadataCache;
import org.opennms.newts.cassandra.search.ResourceMetadata;
import org.opennms.newts.cassandra.search.ResourceMetadataCache;
import java.lang.management.ManagementFactory;

/**
 * The heap one entry of OpenNMS's resource metadata cache costs, measured on Newts 3.0.0's own
 * objects with jol's {@link GraphLayout} (the retained size of everything reachable from the
 * cache, the JVM's own object sizes), not on this tool's packed cache. Not a JMH benchmark: a
 * {@code main} that prints a table. Its figures are the reference of
 * {@link OpenNmsCacheHeap}, whose constants are the fit this prints at the end.
 *
 * <p>What is built, per shape: the stress command's plan of {@value #NODES} nodes x
 * {@value #INTERFACES} interfaces x {@value #GROUPS} groups (10,000 group resources, 2,000
 * interface resources), each group commit indexed into the cache the way Newts 3.0.0's
 * {@code CassandraIndexer} does it under OpenNMS: a fresh {@link ResourceMetadata} with an expiry
 * (now + 3/4 of the TTL) gets each attribute and metric the cache lacks, then
 * {@code cache.merge(context, resource, it)}. The group resource's attributes are OpenNMS's
 * persister's: each metric name (key and value the same String, as OpenNMS passes the attribute's
 * name for both) and {@code _idx0.._idx(N-1)} = {@code (first i+1 elements,N)}
 * ({@code NewtsUtils.addIndicesToAttributes}); its metrics the same names. Each group's {@code -s}
 * string attributes go to its interface resource with the index-only metric {@code strings}, so
 * an interface entry ends up holding {@code groups x -s} attributes. Strings are made per commit as
 * OpenNMS makes them (concatenation, {@code String.format}), so no two entries share one, except
 * the literal {@code strings}.
 *
 * <p>The cache is OpenNMS's {@code GuavaSearchableResourceMetadataCache} as its source shows it
 * (rebuilt here from that behaviour, not copied): a Guava cache with {@code maximumSize} keyed
 * {@code G:<resourceId>} whose removal listener keeps beside it a {@code ConcurrentRadixTree}
 * (concurrent-trees, {@code DefaultCharArrayNodeFactory}) from the same key to the same
 * {@code ResourceMetadata} object: the "copy" is radix-tree nodes with the key's characters as
 * {@code char[]} edges, not a second metadata object. Newts' own
 * {@link GuavaResourceMetadataCache} (no radix tree) is measured beside it, which splits the total.
 *
 * <p>Per group entry: everything reachable from a cache holding the groups only, divided by their
 * number (the empty cache, a few KB, not subtracted). Per interface entry: what adding the
 * interfaces to that cache adds, divided by theirs (in the radix tree an interface's key is a
 * prefix of its groups' keys, so it costs little there). {@code maximumSize} is set far above the
 * entries so no segment evicts (checked).
 *
 * <p>Run (after {@code mvn -B -q -pl benchmarks -am package -DskipTests}):
 * <pre>
 * java -Djdk.attach.allowAttachSelf=true -XX:+EnableDynamicAgentLoading -Xmx3g \
 *      -cp benchmarks/target/benchmarks.jar org.metricsstress.microbench.OpenNmsCacheHeapBench
 * </pre>
 * {@code --quick} measures the four shapes only and skips the fit.
 */
public final class OpenNmsCacheHeapBench {
    static final int NODES = 200;
    static final int INTERFACES = 10;
    static final int GROUPS = 5;
    /** OpenNMS's default TTL ({@code org.opennms.newts.config.ttl}); the expiry is 3/4 of it. */
    static final long TTL_SECONDS = 31_536_000L;
    /** Far above the entries: Guava's size eviction is per segment and must not start. */
    static final long MAX_ENTRIES = 1_000_000L;
    static final Context CONTEXT = Context.DEFAULT_CONTEXT;
    static final String STRINGS_METRIC = "strings";

    private OpenNmsCacheHeapBench() {}

    /**
     * One configuration: the stress command's {@code -a} and {@code -s}, ids with or without
     * OpenNMS's foreign-source path ({@code snmp:fs:STRESS:<n>...}, 6 elements, instead of
     * {@code snmp:<n>...}, 4), node ids from {@code nodeBase} (longer ids, same shape).
     */
    record Shape(int metrics, int strings, boolean foreignSource, int nodeBase, boolean reported) {
        String prefix() {
            return foreignSource ? "snmp:fs:STRESS:" : "snmp:";
        }

        int pathElements() {
            return foreignSource ? 6 : 4;
        }

        String interfaceId(int n, int i) {
            return prefix() + (nodeBase + n) + ":tap" + i;
        }

        String groupId(int n, int i, int g) {
            return interfaceId(n, i) + ":group" + g;
        }

        double meanGroupIdChars() {
            long chars = 0;
            for (int n = 0; n < NODES; n++) {
                for (int i = 0; i < INTERFACES; i++) {
                    for (int g = 0; g < GROUPS; g++) {
                        chars += groupId(n, i, g).length();
                    }
                }
            }
            return (double) chars / (NODES * INTERFACES * GROUPS);
        }

        String label() {
            return String.format(Locale.ROOT, "-a %d -s %d, %d elements%s", metrics, strings, pathElements(),
                    nodeBase == 0 ? "" : ", nodes from " + nodeBase);
        }
    }

    /**
     * OpenNMS's GuavaSearchableResourceMetadataCache as its source behaves (our code): a Guava
     * cache with maximumSize and a removal listener, and a radix tree from the same key to the
     * same metadata object; merge copies a new resource's metadata into a new ResourceMetadata
     * that carries the cache's meters.
     */
    static final class SearchableCache implements ResourceMetadataCache, RemovalListener<String, ResourceMetadata> {
        final Cache<String, ResourceMetadata> cache;
        final ConcurrentRadixTree<ResourceMetadata> tree = new ConcurrentRadixTree<>(new DefaultCharArrayNodeFactory());
        final Meter metricReqs;
        final Meter attributeReqs;
        final Meter metricMisses;
        final Meter attributeMisses;

        SearchableCache(long maxEntries, MetricRegistry registry) {
            cache = CacheBuilder.newBuilder().maximumSize(maxEntries).removalListener(this).build();
            metricReqs = registry.meter("cache.metric-reqs");
            metricMisses = registry.meter("cache.metric-misses");
            attributeReqs = registry.meter("cache.attribute-reqs");
            attributeMisses = registry.meter("cache.attribute-misses");
        }

        private static String key(Context context, Resource resource) {
            return context.getId() + ":" + resource.getId();
        }

        @Override
        public Optional<ResourceMetadata> get(Context context, Resource resource) {
            return Optional.fromNullable(cache.getIfPresent(key(context, resource)));
        }

        @Override
        public void delete(Context context, Resource resource) {
            cache.invalidate(key(context, resource));
        }

        @Override
        public void merge(Context context, Resource resource, ResourceMetadata metadata) {
            ResourceMetadata cached = cache.getIfPresent(key(context, resource));
            if (cached != null) {
                cached.merge(metadata);
                return;
            }
            ResourceMetadata copy = new ResourceMetadata(metricReqs, attributeReqs, metricMisses, attributeMisses);
            copy.merge(metadata);
            String key = key(context, resource);
            cache.put(key, copy);
            tree.put(key, copy);
        }

        @Override
        public void onRemoval(RemovalNotification<String, ResourceMetadata> notification) {
            tree.remove(notification.getKey());
        }

        long size() {
            return cache.size();
        }
    }

    /** What one measured shape gave, bytes per entry. */
    record Measured(Shape shape, double groupIdChars, double group, double groupKey, double groupMetadata,
            double groupGuava, double groupRadix, double iface, int groupEntries, int interfaceEntries) {}

    public static void main(String[] args) {
        boolean quick = List.of(args).contains("--quick");
        System.out.println(VM.current().details());
        System.out.printf(Locale.ROOT, "JVM: %s %s, flags %s%n", System.getProperty("java.vm.name"),
                System.getProperty("java.runtime.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments());
        System.out.printf(Locale.ROOT, "plan: %d nodes x %d interfaces x %d groups = %,d group entries, %,d interface entries (when -s > 0)%n%n",
                NODES, INTERFACES, GROUPS, NODES * INTERFACES * GROUPS, NODES * INTERFACES);

        List<Shape> shapes = new ArrayList<>(List.of(
                new Shape(10, 2, false, 0, true),
                new Shape(5, 0, false, 0, true),
                new Shape(20, 4, false, 0, true),
                new Shape(50, 2, false, 0, true)));
        if (!quick) {
            // Extra points for the fit: metrics and strings at each of four id forms.
            int[][] grid = {{5, 1}, {10, 2}, {20, 4}, {50, 8}};
            for (boolean fs : new boolean[] {false, true}) {
                for (int base : new int[] {0, 1_000_000_000}) {
                    for (int[] as : grid) {
                        if (!fs && base == 0 && (as[0] == 10 || as[0] == 20)) {
                            continue; // measured above
                        }
                        shapes.add(new Shape(as[0], as[1], fs, base, false));
                    }
                }
            }
        }

        System.out.printf(Locale.ROOT, "%-44s %6s | %9s %9s %6s | %7s %9s %7s %7s | %9s %9s %6s%n",
                "shape", "idChars", "group B", "model", "diff", "key", "metadata", "guava", "radix",
                "iface B", "model", "diff");
        List<Measured> all = new ArrayList<>();
        for (Shape s : shapes) {
            Measured m = measure(s);
            all.add(m);
            print(m);
        }
        if (quick) {
            return;
        }
        HeapModelFit.fit(all);
    }

    private static void print(Measured m) {
        Shape s = m.shape();
        int idChars = (int) Math.round(m.groupIdChars());
        long modelGroup = OpenNmsCacheHeap.groupEntryBytes(s.metrics(), s.pathElements(), idChars);
        String ifaceMeasured = "-";
        String ifaceModel = "-";
        String ifaceDiff = "";
        if (m.interfaceEntries() > 0) {
            long model = OpenNmsCacheHeap.interfaceEntryBytes(s.strings() * GROUPS, idChars - OpenNmsCacheHeap.GROUP_SUFFIX_CHARS);
            ifaceMeasured = String.format(Locale.ROOT, "%9.1f", m.iface());
            ifaceModel = Long.toString(model);
            ifaceDiff = pct(model, m.iface());
        }
        System.out.printf(Locale.ROOT, "%-44s %6.2f | %9.1f %9d %6s | %7.1f %9.1f %7.1f %7.1f | %9s %9s %6s%n",
                s.label() + (s.reported() ? " *" : ""), m.groupIdChars(), m.group(), modelGroup, pct(modelGroup, m.group()),
                m.groupKey(), m.groupMetadata(), m.groupGuava(), m.groupRadix(), ifaceMeasured, ifaceModel, ifaceDiff);
    }

    private static String pct(double model, double measured) {
        return String.format(Locale.ROOT, "%+.1f%%", 100 * (model - measured) / measured);
    }

    static Measured measure(Shape s) {
        int groupEntries = NODES * INTERFACES * GROUPS;
        int interfaceEntries = s.strings() > 0 ? NODES * INTERFACES : 0;

        // OpenNMS's structure, groups only.
        SearchableCache groupsOnly = new SearchableCache(MAX_ENTRIES, new MetricRegistry());
        feed(s, groupsOnly, false);
        check(groupsOnly.size(), groupEntries);
        long groupsTotal = size(groupsOnly);

        // Newts' own cache (Guava, no radix tree), groups only: splits the total.
        GuavaResourceMetadataCache newts = new GuavaResourceMetadataCache(MAX_ENTRIES, new MetricRegistry());
        feed(s, newts, false);
        long newtsTotal = size(newts);

        // Keys and metadata objects alone, out of the OpenNMS structure.
        Object[] keys = groupsOnly.cache.asMap().keySet().toArray();
        Object[] values = groupsOnly.cache.asMap().values().toArray();
        long keyBytes = size(keys) - VM.current().sizeOf(keys);
        long valueBytes = size(values) - VM.current().sizeOf(values);

        double ifaceBytes = 0;
        if (interfaceEntries > 0) {
            SearchableCache both = new SearchableCache(MAX_ENTRIES, new MetricRegistry());
            feed(s, both, true);
            check(both.size(), groupEntries + interfaceEntries);
            ifaceBytes = (double) (size(both) - groupsTotal) / interfaceEntries;
        }
        double n = groupEntries;
        return new Measured(s, s.meanGroupIdChars(), groupsTotal / n, keyBytes / n, valueBytes / n,
                (newtsTotal - keyBytes - valueBytes) / n, (groupsTotal - newtsTotal) / n, ifaceBytes,
                groupEntries, interfaceEntries);
    }

    private static void check(long size, long expected) {
        if (size != expected) {
            throw new IllegalStateException("cache holds " + size + " entries, expected " + expected + ": evicted?");
        }
    }

    private static long size(Object root) {
        return GraphLayout.parseInstance(root).totalSize();
    }

    /** The plan's commits in order, each indexed as Newts' CassandraIndexer does under OpenNMS. */
    static void feed(Shape s, ResourceMetadataCache cache, boolean interfaces) {
        feed(s, cache, interfaces, NODES);
    }

    /** The plan's first {@code nodes} nodes only. */
    static void feed(Shape s, ResourceMetadataCache cache, boolean interfaces, int nodes) {
        for (int n = 0; n < nodes; n++) {
            for (int i = 0; i < INTERFACES; i++) {
                for (int g = 0; g < GROUPS; g++) {
                    // OpenNMS's persister: attribute metadata (name for key and value), then the indices.
                    Map<String, String> attributes = new LinkedHashMap<>();
                    List<String> metrics = new ArrayList<>(s.metrics());
                    for (int a = 0; a < s.metrics(); a++) {
                        String name = "metric_" + g + "_" + a;
                        attributes.put(name, name);
                        metrics.add(name);
                    }
                    String groupId = s.groupId(n, i, g);
                    addIndices(groupId, attributes);
                    index(cache, new Resource(groupId, Optional.of(attributes)), metrics);
                    if (interfaces && s.strings() > 0) {
                        Map<String, String> strings = new LinkedHashMap<>();
                        for (int k = 0; k < s.strings(); k++) {
                            strings.put("group" + g + "-key-" + k, "group" + g + "-value-" + k);
                        }
                        index(cache, new Resource(s.interfaceId(n, i), Optional.of(strings)), List.of(STRINGS_METRIC));
                    }
                }
            }
        }
    }

    /** {@code _idx<i>} = {@code (first i+1 elements of the id,N)}: NewtsUtils.addIndicesToAttributes's format. */
    static void addIndices(String id, Map<String, String> attributes) {
        String[] elements = id.split(":");
        StringBuilder prefix = new StringBuilder();
        for (int i = 0; i < elements.length; i++) {
            if (i > 0) {
                prefix.append(':');
            }
            prefix.append(elements[i]);
            attributes.put("_idx" + i, String.format("(%s,%d)", prefix, elements.length));
        }
    }

    /**
     * One resource's samples through the indexer: what the cache lacks goes into a fresh
     * ResourceMetadata with the expiry (now + 3/4 TTL), which is merged into the cache.
     */
    static void index(ResourceMetadataCache cache, Resource resource, List<String> metrics) {
        ResourceMetadata cached = cache.get(CONTEXT, resource).orNull();
        long now = System.currentTimeMillis();
        if (cached != null && cached.expired(now)) {
            cached = null;
        }
        ResourceMetadata generated = null;
        for (Map.Entry<String, String> e : resource.getAttributes().get().entrySet()) {
            if (cached == null || !cached.containsAttribute(e.getKey(), e.getValue())) {
                generated = generated != null ? generated : fresh(now);
                generated.putAttribute(e.getKey(), e.getValue());
            }
        }
        for (String metric : metrics) {
            if (cached == null || !cached.containsMetric(metric)) {
                generated = generated != null ? generated : fresh(now);
                generated.putMetric(metric);
            }
        }
        if (generated != null) {
            cache.merge(CONTEXT, resource, generated);
        }
    }

    private static ResourceMetadata fresh(long now) {
        return new ResourceMetadata().setExpires(now + TTL_SECONDS * 1000 * 3 / 4);
    }
}
