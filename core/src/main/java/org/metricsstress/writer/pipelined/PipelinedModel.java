package org.metricsstress.writer.pipelined;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cache.CacheView;
import org.metricsstress.cache.GuavaResourceCache;
import org.metricsstress.cache.NearCachedResourceCache;
import org.metricsstress.cache.RedisResourceCache;
import org.metricsstress.cache.ResourceCache;
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
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.storage.CassandraConnector;
import org.metricsstress.writer.Caches;
import org.metricsstress.writer.CachePriming;
import org.metricsstress.writer.WriterRuntime;
import org.metricsstress.writer.Writers;

/**
 * {@code --writer pipelined}: this tool's own design ({@link PipelinedWriter}) with its own defaults,
 * cache, priming and driver settings: what a better client would get from the same cluster.
 */
public final class PipelinedModel implements WriterRuntime {
    /** {@code --cache-max-entries}' default: room for the field test's 1.8 M resources. */
    public static final long CACHE_MAX_ENTRIES = 2_000_000;
    /** {@code --request-timeout}'s default: a slow node shows as latency before it shows as failures. */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    @Override
    public Writer id() {
        return Writer.PIPELINED;
    }

    @Override
    public String label() {
        return "pipelined";
    }

    @Override
    public String description() {
        return "this tool's design: a lane per writer, prepared token-aware batches grouped by replica set, "
                + "asynchronous, the index a stage of its own that never holds samples back; what a better "
                + "client would get from the same cluster";
    }

    @Override
    public WriterModels.Role role() {
        return WriterModels.Role.CANDIDATE;
    }

    @Override
    public String defaultWriteConsistency() {
        return "LOCAL_ONE";
    }

    @Override
    public Duration defaultRequestTimeout() {
        return REQUEST_TIMEOUT;
    }

    /** It retries itself, counting each retry: none unless asked. */
    @Override
    public int defaultRetries() {
        return 0;
    }

    @Override
    public int defaultMaxRequestsPerConnection(int maxInFlight) {
        // Twice its in-flight bound, and 1,024 at least, so the driver's cap never undercuts the
        // bound (index requests go beside it).
        return Math.min(ClusterSection.MOST_REQUESTS_PER_CONNECTION,
                2 * Math.max(ClusterSection.DRIVER_MAX_REQUESTS_PER_CONNECTION, maxInFlight));
    }

    @Override
    public long defaultCacheMaxEntries() {
        return CACHE_MAX_ENTRIES;
    }

    @Override
    public boolean primesCacheByDefault(boolean indexing, CacheKind cache, Sink sink) {
        return false;
    }

    @Override
    public int defaultRedisPool(int writerThreads) {
        return writerThreads;
    }

    @Override
    public void check(PlanSection plan, PipelineSection pipeline) {
        // Its cache has no limit on groups or chunks.
    }

    @Override
    public void checkRetries(int retries) {
        if (retries == ClusterSection.DRIVER_RETRIES) {
            throw new ConfigException("--retries driver: only with --writer opennms (the pipelined writer "
                    + "retries itself, counting each retry)");
        }
    }

    @Override
    public SortedSet<String> unusedOptions(StressConfig c) {
        TreeSet<String> unused = new TreeSet<>();
        IgnoredOptions.ifChanged(unused, c, "--max-batch-size", x -> x.pipeline().maxBatchSize());
        IgnoredOptions.ifChanged(unused, c, "--priming-block", x -> x.index().primingBlock());
        return unused;
    }

    @Override
    public List<String> warnings(StressConfig c) {
        return List.of();
    }

    /** Every retry is its own (--retries, in RequestCompletion), counted. */
    @Override
    public boolean retriesInDriver() {
        return false;
    }

    /** Samples and index rows are the same key with the same value however often written. */
    @Override
    public boolean idempotentWrites() {
        return true;
    }

    @Override
    public String driverDefaultsFrom() {
        return "this tool's pipelined writer, options given win";
    }

    /** A group commit is one slot of its lane, its index work included. */
    @Override
    public int eventsPerGroupCommit() {
        return 1;
    }

    @Override
    public String samplesConsistency(String writeConsistency) {
        return writeConsistency;
    }

    @Override
    public boolean indexesInline() {
        return false;
    }

    @Override
    public boolean cacheIsOpenNmsCache() {
        return false;
    }

    @Override
    public AdviceVocabulary advice() {
        return AdviceVocabulary.TOOL_OPTIONS;
    }

    /** The resource cache: Guava, or Redis pipelined behind a near cache. */
    @Override
    public CacheView openCache(StressConfig c) throws CacheUnavailableException {
        return switch (c.index().cache()) {
            case GUAVA -> new GuavaResourceCache(c.index().cacheMaxEntries());
            case REDIS -> nearCached(RedisResourceCache.open(Caches.redisSettings(c)), c.index().redisNearCache());
        };
    }

    /** Redis alone ({@code --redis-near-cache 0}), or with a near copy of its answers in this JVM. */
    private static ResourceCache nearCached(ResourceCache redis, int nearEntries) {
        return nearEntries == 0 ? redis : new NearCachedResourceCache(redis, nearEntries);
    }

    /** Its priming finishes before the start. */
    @Override
    public CachePriming prime(CqlSession session, StressConfig config, StressPlan plan, CacheView cache,
            PrintStream out) throws ClusterException {
        String what = "priming the cache from " + config.schema().keyspace();
        try {
            return CachePriming.done(new CachePrimer(session, config.schema().keyspace(), (ResourceCache) cache,
                    ResourceNames.storeByForeignSource(config.plan().resourceIds().storeByForeignSource()),
                    out).prime());
        } catch (DriverException e) {
            // A driver error is the jar's exit code 3 and one line naming the step, not a bug.
            throw new ClusterException(what + " failed: " + CassandraConnector.reason(e));
        }
    }

    @Override
    public Pipeline open(CqlSession session, StressConfig config, StressPlan plan, CacheView cache,
            IndexMetrics indexMetrics, StressMetrics metrics) {
        return new PipelinedWriter(session, config, plan, Writers.cacheOf(ResourceCache.class, cache), metrics,
                indexMetrics);
    }
}
