package org.metricsstress.writer.opennms;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cache.CacheView;
import org.metricsstress.cache.GuavaMetadataCache;
import org.metricsstress.cache.MetadataCache;
import org.metricsstress.cache.OpenNmsRedisCache;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.ClusterSection;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.IgnoredOptions;
import org.metricsstress.config.PipelineSection;
import org.metricsstress.config.PlanSection;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.config.WriterModels;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.index.CachePrimer;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.opennms.MetadataPrimer;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.writer.Caches;
import org.metricsstress.writer.CachePriming;
import org.metricsstress.writer.WriterRuntime;
import org.metricsstress.writer.Writers;

/**
 * {@code --writer opennms}, the default: OpenNMS's NewtsWriter ({@link OpenNmsWriter}) with OpenNMS's
 * own defaults, cache, priming and driver settings, so that a run shows what OpenNMS will see.
 */
public final class OpenNmsModel implements WriterRuntime {
    /** OpenNMS's {@code org.opennms.newts.config.cache.max_entries}: the default with its writer. */
    public static final long CACHE_MAX_ENTRIES = 8_192;
    /** OpenNMS's cache model numbers groups and chunks in 5 bits each. */
    private static final int MOST_GROUPS_AND_CHUNKS = 31;

    @Override
    public Writer id() {
        return Writer.OPENNMS;
    }

    @Override
    public String label() {
        return "opennms";
    }

    @Override
    public String description() {
        return "OpenNMS's NewtsWriter: one ring of events (two per group commit) read by a pool of synchronous "
                + "workers that write literal batches and index inline, waiting for every index write; what "
                + "OpenNMS will see, cold start included";
    }

    @Override
    public WriterModels.Role role() {
        return WriterModels.Role.REFERENCE;
    }

    // OpenNMS's defaults: its write_consistency, the driver's settings Newts 3's session leaves alone,
    // its cache.max_entries and its Redis pool of 4 x writer_threads.

    @Override
    public String defaultWriteConsistency() {
        return "ANY";
    }

    @Override
    public Duration defaultRequestTimeout() {
        return ClusterSection.DRIVER_REQUEST_TIMEOUT;
    }

    @Override
    public int defaultRetries() {
        return ClusterSection.DRIVER_RETRIES;
    }

    @Override
    public int defaultMaxRequestsPerConnection(int maxInFlight) {
        return ClusterSection.DRIVER_MAX_REQUESTS_PER_CONNECTION;
    }

    @Override
    public long defaultCacheMaxEntries() {
        return CACHE_MAX_ENTRIES;
    }

    /** Current OpenNMS primes its Guava cache at start (NMS-13156); Redis keeps its entries. */
    @Override
    public boolean primesCacheByDefault(boolean indexing, CacheKind cache, Sink sink) {
        return indexing && cache == CacheKind.GUAVA && sink != Sink.NULL;
    }

    @Override
    public int defaultRedisPool(int writerThreads) {
        return 4 * writerThreads;
    }

    @Override
    public void check(PlanSection plan, PipelineSection pipeline) {
        int chunks = (plan.attributes() + pipeline.maxBatchSize() - 1) / pipeline.maxBatchSize();
        if (plan.groups() > MOST_GROUPS_AND_CHUNKS || chunks > MOST_GROUPS_AND_CHUNKS) {
            throw new ConfigException("--writer opennms: its cache model holds at most 31 groups and 31 chunks of "
                    + "--max-batch-size samples per group; got -g " + plan.groups() + ", -a " + plan.attributes());
        }
    }

    @Override
    public void checkRetries(int retries) {
        // The driver's own policy is OpenNMS's: nothing to refuse.
    }

    @Override
    public SortedSet<String> unusedOptions(StressConfig c) {
        TreeSet<String> unused = new TreeSet<>();
        IgnoredOptions.ifChanged(unused, c, "--max-in-flight", x -> x.pipeline().maxInFlight());
        IgnoredOptions.ifChanged(unused, c, "--batch-commits", x -> x.pipeline().batchCommits());
        IgnoredOptions.ifChanged(unused, c, "--index-max-in-flight", x -> x.index().indexMaxInFlight());
        if (c.index().redisNearCache() != (int) Math.min(Integer.MAX_VALUE, Math.max(0, c.index().cacheMaxEntries()))) {
            unused.add("--redis-near-cache");
        }
        return unused;
    }

    @Override
    public List<String> warnings(StressConfig c) {
        String cl = c.cluster().writeConsistency();
        if ("ANY".equals(cl) || "LOCAL_ONE".equals(cl)) {
            return List.of();
        }
        return List.of("warning: --write-cl " + cl + " with --writer opennms sets the terms rows' level only: samples "
                + "and the other index rows go in batches at the driver's default, LOCAL_ONE, as OpenNMS sends "
                + "them (a lost DC fails none of them); --writer pipelined writes everything at " + cl);
    }

    /** OpenNMS's workers send each request once: the driver is the only place a retry can happen. */
    @Override
    public boolean retriesInDriver() {
        return true;
    }

    /** Newts marks none of its statements idempotent. */
    @Override
    public boolean idempotentWrites() {
        return false;
    }

    @Override
    public String driverDefaultsFrom() {
        return "OpenNMS's: the driver's defaults, options given win";
    }

    /** A group commit's samples and its index-only sample are two events on OpenNMS's ring. */
    @Override
    public int eventsPerGroupCommit() {
        return 2;
    }

    /** Its sample batches go at the driver's default, LOCAL_ONE, whatever --write-cl says (that is its terms'). */
    @Override
    public String samplesConsistency(String writeConsistency) {
        return "LOCAL_ONE";
    }

    @Override
    public boolean indexesInline() {
        return true;
    }

    @Override
    public boolean cacheIsOpenNmsCache() {
        return true;
    }

    @Override
    public AdviceVocabulary advice() {
        return AdviceVocabulary.NEWTS_PROPERTIES;
    }

    /** OpenNMS's metadata cache: Guava, or Redis the way OpenNMS talks to it. */
    @Override
    public CacheView openCache(StressConfig c) throws CacheUnavailableException {
        return switch (c.index().cache()) {
            case GUAVA -> new GuavaMetadataCache(c.index().cacheMaxEntries());
            case REDIS -> OpenNmsRedisCache.open(Caches.redisSettings(c), c.pipeline().writerThreads(),
                    c.schema().keyspace());
        };
    }

    /** Current OpenNMS's priming: it goes on beside the run once start-up has waited at most --priming-block. */
    @Override
    public CachePriming prime(CqlSession session, StressConfig config, StressPlan plan, CacheView cache,
            PrintStream out) throws ClusterException {
        MetadataPrimer primer;
        try {
            primer = MetadataPrimer.start(session, config.schema().keyspace(), (MetadataCache) cache, plan,
                    config.pipeline().maxBatchSize(), config.index().cacheMaxEntries(), config.schema().ttl().getSeconds(),
                    config.index().primingBlock(), out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while priming the cache");
        }
        return new CachePriming() {
            @Override
            public CachePrimer.Primed primed() {
                MetadataPrimer.Primed p = primer.primed();
                return new CachePrimer.Primed(p.groupResources(), p.interfaceResources(), p.rowsRead(), p.seconds());
            }

            @Override
            public void close() {
                primer.close();
            }
        };
    }

    @Override
    public Pipeline open(CqlSession session, StressConfig config, StressPlan plan, CacheView cache,
            IndexMetrics indexMetrics, StressMetrics metrics) {
        return new OpenNmsWriter(session, config, plan, Writers.cacheOf(MetadataCache.class, cache), metrics,
                indexMetrics);
    }
}
