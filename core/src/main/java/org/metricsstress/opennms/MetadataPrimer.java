package org.metricsstress.opennms;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.metricsstress.cache.MetadataCache;
import org.metricsstress.newts.IndexRules;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.newts.ResourceKeys;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.plan.StressPlan;
import java.util.Arrays;

/**
 * Current OpenNMS's start-up priming (its {@code CachePrimer} over Newts' cache primer, on by
 * default since NMS-13156): the Guava metadata cache is filled from {@code resource_metrics} and
 * {@code resource_attributes} until it holds {@code cache.max_entries} entries, on a thread of its
 * own; start-up waits for it at most {@code cache.priming.block_ms} (120 s), and priming goes on
 * beside the writers after that, as OpenNMS's does.
 *
 * <p>An entry gets a field group when the rows it stands for are all there: a metric chunk's
 * metric names, the group's metric-id attributes, a group's string attributes on its interface,
 * the interface's {@value IndexRules#STRINGS_METRIC} row, exactly the questions
 * {@link InlineIndexer} asks. Values are not compared (Newts' cache holds them, so an attribute
 * whose value changed with {@code -z} misses in OpenNMS and hits here: documented). Entries expire
 * as an indexed entry does, at now + 3/4 of the TTL.
 */
public final class MetadataPrimer implements AutoCloseable {
    private static final int PAGE = 5000;

    private final CqlSession session;
    private final String keyspace;
    private final MetadataCache cache;
    private final StressPlan plan;
    private final int maxBatch;
    private final long maxEntries;
    private final long expiryMillis;
    private final AtomicLong groups = new AtomicLong();
    private final AtomicLong interfaces = new AtomicLong();
    private final AtomicLong rows = new AtomicLong();
    private final Thread thread;
    private volatile boolean stop;
    private volatile String failure;
    private volatile long startNanos;
    private volatile long endNanos;
    private volatile double blockedSeconds;

    /** What priming did, when asked: the start-up wait, and the whole of it if it has ended. */
    public record Primed(long groupResources, long interfaceResources, long rowsRead, double seconds,
            double blockedSeconds, boolean complete, String failure) {}

    private MetadataPrimer(CqlSession session, String keyspace, MetadataCache cache, StressPlan plan, int maxBatch,
            long maxEntries, long ttlSeconds) {
        this.session = session;
        this.keyspace = keyspace;
        this.cache = cache;
        this.plan = plan;
        this.maxBatch = maxBatch;
        this.maxEntries = maxEntries;
        this.expiryMillis = ttlSeconds * 1000L * 3L / 4L;
        this.thread = new Thread(this::prime, "metrics-stress-priming");
        this.thread.setDaemon(true);
    }

    /** Starts priming and waits for it at most {@code block}; returns with priming maybe still going. */
    public static MetadataPrimer start(CqlSession session, String keyspace, MetadataCache cache, StressPlan plan,
            int maxBatch, long maxEntries, long ttlSeconds, Duration block, PrintStream out) throws InterruptedException {
        MetadataPrimer p = new MetadataPrimer(session, keyspace, cache, plan, maxBatch, maxEntries, ttlSeconds);
        p.startNanos = System.nanoTime();
        p.thread.start();
        p.thread.join(Math.max(1, block.toMillis()));
        p.blockedSeconds = (System.nanoTime() - p.startNanos) / 1e9;
        Primed now = p.primed();
        if (now.failure() != null) {
            out.println("priming the cache failed (" + now.failure() + "): the run starts with what it loaded");
        }
        out.printf(Locale.ROOT, "primed OpenNMS's cache with %,d group and %,d interface resources from %,d rows in %.1f s%s%n",
                now.groupResources(), now.interfaceResources(), now.rowsRead(), now.blockedSeconds(),
                now.complete() ? "" : "; start-up waited no longer (--priming-block), priming goes on beside the writers");
        return p;
    }

    /** The figures so far. */
    public Primed primed() {
        long end = endNanos;
        boolean complete = end != 0;
        double seconds = ((complete ? end : System.nanoTime()) - startNanos) / 1e9;
        return new Primed(groups.get(), interfaces.get(), rows.get(), seconds, blockedSeconds, complete, failure);
    }

    private void prime() {
        try {
            scan(NewtsSchema.selectMetrics(keyspace), new Metrics());
            scan(NewtsSchema.selectAttributes(keyspace), new Attributes());
        } catch (RuntimeException e) {
            failure = e.getClass().getSimpleName() + ": " + e.getMessage();
        } finally {
            endNanos = System.nanoTime();
        }
    }

    private boolean full() {
        return stop || cache.size() >= maxEntries;
    }

    /** What one table's rows of one resource add up to; rows of a resource come together (one partition). */
    private interface ResourceFold {
        void row(Row r);

        /** The resource's rows are all seen: merge what they make known, then start afresh. */
        void finish(String resource);
    }

    /** Reads a table's rows of this context resource by resource, until the cache is full. */
    private void scan(String cql, ResourceFold fold) {
        String current = null;
        for (Row r : session.execute(SimpleStatement.newInstance(cql).setPageSize(PAGE).setTimeout(Duration.ofSeconds(60)))) {
            if (full()) {
                return;
            }
            rows.incrementAndGet();
            if (!NewtsSchema.CONTEXT.equals(r.getString(0))) {
                continue;
            }
            String resource = r.getString(1);
            if (!resource.equals(current)) {
                if (current != null) {
                    fold.finish(current);
                }
                current = resource;
            }
            fold.row(r);
        }
        if (current != null) {
            fold.finish(current);
        }
    }

    /** Metric names: a group's chunks complete, and the interfaces' strings row. */
    private final class Metrics implements ResourceFold {
        private final int[] perChunk = new int[InlineIndexer.chunks(plan.attributes(), maxBatch)];
        private boolean stringsRow;

        @Override
        public void row(Row r) {
            String metric = r.getString(2);
            if (IndexRules.STRINGS_METRIC.equals(metric)) {
                stringsRow = true;
                return;
            }
            int[] ga = ResourceNames.parseMetricName(metric);
            if (ga != null && ga[1] < plan.attributes()) {
                perChunk[ga[1] / maxBatch]++;
            }
        }

        @Override
        public void finish(String resource) {
            int fields = 0;
            for (int c = 0; c < perChunk.length; c++) {
                int size = Math.min(plan.attributes(), (c + 1) * maxBatch) - c * maxBatch;
                if (perChunk[c] == size) {
                    fields |= 1 << (1 + c);
                }
            }
            if (fields != 0) {
                merge(resource, fields);
                groups.incrementAndGet();
            } else if (stringsRow) {
                merge(resource, 1);
                interfaces.incrementAndGet();
            }
            Arrays.fill(perChunk, 0);
            stringsRow = false;
        }
    }

    /** Attributes: a group's metric ids on its resource, each group's strings on its interface. */
    private final class Attributes implements ResourceFold {
        private final int[] stringsPerGroup = new int[plan.groups()];
        private int metricIds;

        @Override
        public void row(Row r) {
            String key = r.getString(2);
            int group = IndexRules.groupOfStringKey(key);
            if (group >= 0 && group < stringsPerGroup.length) {
                stringsPerGroup[group]++;
            } else if (ResourceNames.parseMetricName(key) != null) {
                metricIds++;
            }
        }

        @Override
        public void finish(String resource) {
            int fields = metricIds >= plan.attributes() ? 1 : 0;
            for (int g = 0; g < stringsPerGroup.length; g++) {
                if (plan.strings() > 0 && stringsPerGroup[g] >= plan.strings()) {
                    fields |= 1 << (1 + g);
                }
            }
            if (fields != 0) {
                merge(resource, fields);
            }
            Arrays.fill(stringsPerGroup, 0);
            metricIds = 0;
        }
    }

    private void merge(String resource, int fields) {
        int expiresAt = (int) Math.min(0xFFFF_FFFFL, (System.currentTimeMillis() + expiryMillis) / 1000L);
        cache.merge(ResourceKeys.key(NewtsSchema.CONTEXT, resource), resource, fields, expiresAt, List.of());
    }

    /** Ends priming still going (the run is over); waits a moment for the thread's current page. */
    @Override
    public void close() {
        stop = true;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
