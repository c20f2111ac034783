package org.metricsstress.index;

import org.metricsstress.newts.ResourceKeys;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.newts.IndexRules;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.newts.ResourceNames;

/**
 * Loads the cache from what the keyspace already holds, so that a run against a populated cluster
 * does not index everything again: {@code resource_attributes} first (the groups' string
 * attributes on their interface resources), then {@code resource_metrics} (group resources and
 * their metrics; interface resources by their {@value IndexRules#STRINGS_METRIC} row). Both are full scans, paged; rows of one partition arrive together, so each resource's
 * fingerprint is folded as its rows stream by.
 *
 * <p>The fingerprints are computed exactly as the indexer computes them from the plan, so a primed
 * resource whose metadata has not changed is a cache hit. Memory: one map entry per group resource
 * that has string attributes, held only while priming.
 */
public final class CachePrimer {
    private static final int PAGE = 5000;
    private static final long PROGRESS_NANOS = 2_000_000_000L;

    private final CqlSession session;
    private final String keyspace;
    private final ResourceCache cache;
    private final PrintStream out;
    /** The run's shape of ids: an interface of the other shape is not one of this plan's. */
    private final ResourceNames names;

    /** What priming found. */
    public record Primed(long groupResources, long interfaceResources, long rowsRead, double seconds) {}

    public CachePrimer(CqlSession session, String keyspace, ResourceCache cache, ResourceNames names, PrintStream out) {
        this.names = names;
        this.session = session;
        this.keyspace = keyspace;
        this.cache = cache;
        this.out = out;
    }

    public Primed prime() {
        long start = System.nanoTime();
        Map<Long, Integer> stringsByGroup = new HashMap<>();
        long[] rows = {0};
        long interfaces = scanAttributes(stringsByGroup, rows, start);
        long groups = scanMetrics(stringsByGroup, rows, start);
        double seconds = (System.nanoTime() - start) / 1e9;
        out.printf(Locale.ROOT, "primed the cache with %,d group and %,d interface resources from %,d rows in %.1f s%n",
                groups, interfaces, rows[0], seconds);
        return new Primed(groups, interfaces, rows[0], seconds);
    }

    private Iterable<Row> scan(String cql) {
        return session.execute(SimpleStatement.newInstance(cql).setPageSize(PAGE).setTimeout(Duration.ofSeconds(60)));
    }

    /**
     * Interface resources' string attributes, folded per group into the fingerprint its group
     * resource's cache value carries. Group resources' own attributes (metric ids, {@code _idx})
     * follow from their metrics, which the metric scan covers.
     */
    private long scanAttributes(Map<Long, Integer> stringsByGroup, long[] rows, long start) {
        long resources = 0;
        String current = null;
        Map<Integer, Long> groupHashes = new HashMap<>();
        Progress progress = new Progress("resource_attributes", start);
        for (Row r : scan(NewtsSchema.selectAttributes(keyspace))) {
            rows[0]++;
            if (!NewtsSchema.CONTEXT.equals(r.getString(0))) {
                continue;
            }
            String resource = r.getString(1);
            if (!resource.equals(current)) {
                resources += finishInterface(current, groupHashes, stringsByGroup);
                current = resource;
            }
            int group = IndexRules.groupOfStringKey(r.getString(2));
            if (group >= 0) {
                groupHashes.merge(group, ResourceFingerprints.attributeHash(r.getString(2), r.getString(3)), (a, b) -> a ^ b);
            }
            progress.maybePrint(rows[0], resources);
        }
        resources += finishInterface(current, groupHashes, stringsByGroup);
        return resources;
    }

    private int finishInterface(String resource, Map<Integer, Long> groupHashes, Map<Long, Integer> stringsByGroup) {
        if (resource == null || groupHashes.isEmpty()) {
            return 0;
        }
        for (Map.Entry<Integer, Long> e : groupHashes.entrySet()) {
            long groupKey = ResourceKeys.key(NewtsSchema.CONTEXT, resource + ":group" + e.getKey());
            stringsByGroup.put(groupKey, ResourceKeys.fingerprint32(e.getValue()));
        }
        groupHashes.clear();
        return 1;
    }

    /**
     * Group resources' metric names, folded into their fingerprint; an interface resource's
     * {@value IndexRules#STRINGS_METRIC} row marks it indexed.
     */
    private long scanMetrics(Map<Long, Integer> stringsByGroup, long[] rows, long start) {
        long resources = 0;
        String current = null;
        long hash = 0;
        Progress progress = new Progress("resource_metrics", start);
        for (Row r : scan(NewtsSchema.selectMetrics(keyspace))) {
            rows[0]++;
            if (!NewtsSchema.CONTEXT.equals(r.getString(0))) {
                continue;
            }
            String resource = r.getString(1);
            if (IndexRules.STRINGS_METRIC.equals(r.getString(2)) && names.parseInterfaceResource(resource) != null) {
                cache.put(ResourceKeys.key(NewtsSchema.CONTEXT, resource), ResourceFingerprints.INTERFACE_INDEXED);
                continue;
            }
            if (!resource.equals(current)) {
                resources += finishGroup(current, hash, stringsByGroup);
                current = resource;
                hash = 0;
            }
            hash ^= ResourceKeys.nameHash(r.getString(2));
            progress.maybePrint(rows[0], resources);
        }
        resources += finishGroup(current, hash, stringsByGroup);
        return resources;
    }

    private int finishGroup(String resource, long metricHash, Map<Long, Integer> stringsByGroup) {
        if (resource == null) {
            return 0;
        }
        long key = ResourceKeys.key(NewtsSchema.CONTEXT, resource);
        int strings = stringsByGroup.getOrDefault(key, 0);
        cache.put(key, ResourceKeys.groupValue(ResourceKeys.fingerprint32(metricHash), strings));
        return 1;
    }

    /** Prints a progress line every two seconds during a long scan. */
    private final class Progress {
        private final String table;
        private final long start;
        private long next;

        Progress(String table, long start) {
            this.table = table;
            this.start = start;
            this.next = System.nanoTime() + PROGRESS_NANOS;
        }

        void maybePrint(long rows, long resources) {
            long now = System.nanoTime();
            if (now >= next) {
                next = now + PROGRESS_NANOS;
                out.printf(Locale.ROOT, "priming: %s, %,d rows read, %,d resources (%.0f rows/s)%n", table, rows,
                        resources, rows / ((now - start) / 1e9));
            }
        }
    }
}
