package org.metricsstress.writer.tss;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.metricsstress.cache.CacheView;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.ClusterSection;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.IgnoredOptions;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.PipelineSection;
import org.metricsstress.config.PlanSection;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.config.Writer;
import org.metricsstress.config.WriterModels;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.SeriesLosses;
import org.metricsstress.result.VerifyReport;
import org.metricsstress.writer.CachePriming;
import org.metricsstress.writer.WriterRuntime;

/**
 * {@code --writer tss}: OpenNMS's time series integration layer (Newts' successor) with the
 * Prometheus remote-write plugin, as released (v2.1.0) or as its main branch writes
 * ({@code --tss-mode}). No Cassandra, no Newts index, no resource cache: what the path has instead
 * is one ring event per group, writer threads calling the plugin's store(), one remote-write
 * request per group and the plugin's external-tags lookups ({@link TssWriter}).
 */
public final class TssModel implements WriterRuntime {
    /** The Newts and driver options this path does not use, said at the start when given. */
    private static final List<String> CASSANDRA_OPTIONS = List.of("--contact-points", "--keyspace", "--replication",
            "--write-cl", "--max-in-flight", "--batch-commits", "--max-batch-size", "--cache", "--cache-max-entries",
            "--connections-per-host", "--max-requests-per-connection", "--request-timeout", "--ttl", "--redis");

    @Override
    public Writer id() {
        return Writer.TSS;
    }

    @Override
    public String label() {
        return "tss";
    }

    @Override
    public String description() {
        return "OpenNMS's time series integration layer with the Prometheus remote-write plugin: one ring event "
                + "per group read by writer threads that call the plugin's store(), one snappy remote-write request "
                + "per group, the plugin's external-tags lookups on the writer thread; into Prometheus, "
                + "VictoriaMetrics, Cortex or Mimir";
    }

    @Override
    public WriterModels.Role role() {
        return WriterModels.Role.SUCCESSOR;
    }

    // The driver's defaults: asked by the configuration of every run, used by none of this path's.

    @Override
    public String defaultWriteConsistency() {
        return "LOCAL_ONE";
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
        return 8_192;
    }

    @Override
    public boolean primesCacheByDefault(boolean indexing, CacheKind cache, Sink sink) {
        return false;
    }

    @Override
    public int defaultRedisPool(int writerThreads) {
        return 4 * writerThreads;
    }

    /** Series are numbered resource x attribute in an int (the external-tags cache's key). */
    @Override
    public void check(PlanSection plan, PipelineSection pipeline) {
        long series = (long) plan.nodes() * plan.interfaces() * plan.groups() * plan.attributes();
        if (series > Integer.MAX_VALUE) {
            throw new ConfigException("--writer tss: at most " + Integer.MAX_VALUE + " series (-n x -f x -g x -a), got "
                    + series);
        }
    }

    /** The plugin retries nothing, on any answer: a retry would be this tool's, not OpenNMS's. */
    @Override
    public void checkRetries(int retries) {
        if (retries != ClusterSection.DRIVER_RETRIES) {
            throw new ConfigException("--retries: --writer tss sends each request once, as the remote-write plugin "
                    + "does (no retry on any answer)");
        }
    }

    @Override
    public SortedSet<String> unusedOptions(StressConfig c) {
        TreeSet<String> unused = new TreeSet<>();
        for (String option : CASSANDRA_OPTIONS) {
            // An option whose default follows from other settings has no plain default to differ from.
            if (StressOptions.byName(option).typed().defaultValue() != null) {
                IgnoredOptions.ifChanged(unused, c, option, x -> IgnoredOptions.value(x, option));
            }
        }
        return unused;
    }

    @Override
    public List<String> warnings(StressConfig c) {
        List<String> out = new ArrayList<>();
        if (c.pipeline().onFull() == OnFull.BLOCK) {
            out.add("warning: --on-full block holds the generators back; OpenNMS's time series ring drops a group "
                    + "whenever it is full (its ring-buffer.dropped-samples)");
        }
        return out;
    }

    @Override
    public boolean retriesInDriver() {
        return false;
    }

    @Override
    public boolean idempotentWrites() {
        return false;
    }

    @Override
    public String driverDefaultsFrom() {
        return "none: --writer tss uses no Cassandra driver";
    }

    /** OpenNMS's time series persister publishes one event per group and nothing else. */
    @Override
    public int eventsPerGroupCommit() {
        return 1;
    }

    @Override
    public String samplesConsistency(String writeConsistency) {
        return "none (remote write)";
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
        return AdviceVocabulary.TSS_PROPERTIES;
    }

    /** Its figures go by RingBufferTimeseriesWriter's names, not NewtsWriter's. */
    @Override
    public OpenNmsMetrics openNmsMetrics() {
        return OpenNmsMetrics.TIMESERIES;
    }

    @Override
    public boolean writesToCassandra() {
        return false;
    }

    /** No resource cache on this path: the receiver's own series index discovers resources. */
    @Override
    public CacheView openCache(StressConfig c) {
        return null;
    }

    @Override
    public CachePriming prime(CqlSession session, StressConfig config, StressPlan plan, CacheView cache,
            PrintStream out) {
        return CachePriming.NONE;
    }

    @Override
    public VerifyReport readBack(StressConfig config, long startMillis, double generationSeconds, double fraction,
            SeriesLosses losses, PrintStream out) {
        return TssReadBack.verify(config, startMillis, generationSeconds, fraction, losses, out);
    }

    /** @param session unused: the path reaches no Cassandra */
    @Override
    public Pipeline open(CqlSession session, StressConfig config, StressPlan plan, CacheView cache,
            IndexMetrics indexMetrics, StressMetrics metrics) throws ClusterException {
        return TssWriter.open(config, plan, metrics);
    }
}
