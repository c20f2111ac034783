package org.metricsstress.config;

import java.time.Duration;
import java.util.List;
import java.util.SortedSet;

/**
 * A writer model ({@code --writer}) as everything below the writers sees it: its defaults, the options
 * it does not use, how the driver is set for it, and the facts the judges of its results need. Each
 * model answers for itself in its own package (org.metricsstress.writer.*), which also opens its
 * pipeline; code elsewhere asks the model, never names one. The models are found through
 * {@link WriterModels}, so the configuration, the record and the judges need not know the writers.
 */
public interface WriterModel {

    /** The value of {@code --writer} that chooses this model. */
    Writer id();

    /** Its name in the option, the result's config echo and the evidence: {@code --writer <label>}. */
    String label();

    /** One sentence: what the model is and why it is here. */
    String description();

    /** What the bench holds it for: the client OpenNMS runs, or the design measured against it. */
    WriterModels.Role role();

    // --- its defaults: what a run gets when the option is left alone ---

    /** {@code --write-cl}'s default. */
    String defaultWriteConsistency();

    /** {@code --request-timeout}'s default (a --driver-config file's comes first). */
    Duration defaultRequestTimeout();

    /** {@code --retries}' default: {@link ClusterSection#DRIVER_RETRIES} for the driver's own policy. */
    int defaultRetries();

    /** {@code --max-requests-per-connection}'s default for the given {@code --max-in-flight}. */
    int defaultMaxRequestsPerConnection(int maxInFlight);

    /** {@code --cache-max-entries}' default. */
    long defaultCacheMaxEntries();

    /** {@code --prime-cache}'s default for an indexing run (or not) with this cache and sink. */
    boolean primesCacheByDefault(boolean indexing, CacheKind cache, Sink sink);

    /** {@code --redis-pool}'s default for the given {@code --writer-threads}. */
    int defaultRedisPool(int writerThreads);

    /** Refuses a plan this model cannot run (one line, a {@link ConfigException}). */
    void check(PlanSection plan, PipelineSection pipeline);

    /** Refuses a {@code --retries} this model cannot honour (one line, a {@link ConfigException}). */
    void checkRetries(int retries);

    // --- what it does not use, said at the start ---

    /** Options given away from their defaults that this model does not use. */
    SortedSet<String> unusedOptions(StressConfig c);

    /** Other settings the model takes differently from how a user may expect, in words. */
    List<String> warnings(StressConfig c);

    // --- the driver ---

    /** Whether a retry can only happen in the driver (the model sends each request once itself). */
    boolean retriesInDriver();

    /** Whether its writes are declared idempotent (rewriting a sample or an index row changes nothing). */
    boolean idempotentWrites();

    /** Where the driver's settings come from without --driver-config, for the run's header. */
    String driverDefaultsFrom();

    // --- the facts its figures and judges need ---

    /** Ring events per group commit (a commit's samples and its index-only sample may be two). */
    int eventsPerGroupCommit();

    /** The level the samples are written at, given {@code --write-cl}. */
    String samplesConsistency(String writeConsistency);

    /** Whether its workers index inline, as OpenNMS's NewtsWriter: insert and update timers, cache questions. */
    boolean indexesInline();

    /** Whether its cache is OpenNMS's: entries on OpenNMS's heap, expiring at 3/4 of the TTL. */
    boolean cacheIsOpenNmsCache();

    /** The names its advice is given in. */
    AdviceVocabulary advice();

    /**
     * Whether it writes to Cassandra: a run whose paths all write elsewhere connects to no
     * Cassandra (no contact point, schema or node watch).
     */
    default boolean writesToCassandra() {
        return true;
    }

    /**
     * Where OpenNMS publishes the metrics of the writer this model is (its Dropwizard registry on
     * JMX), so a run publishes its own figures under those names.
     */
    default OpenNmsMetrics openNmsMetrics() {
        return OpenNmsMetrics.NEWTS;
    }

    /** OpenNMS's metric registries of its write paths, by JMX domain. */
    enum OpenNmsMetrics {
        /** NewtsWriter's and Newts' registry. */
        NEWTS("org.opennms.newts"),
        /** The time series integration layer's writer (RingBufferTimeseriesWriter). */
        TIMESERIES("org.opennms.timeseries");

        private final String domain;

        OpenNmsMetrics(String domain) {
            this.domain = domain;
        }

        /** The JMX domain OpenNMS's JmxReporter publishes the registry in. */
        public String domain() {
            return domain;
        }
    }

    /** The names a model's advice is given in, and so which advisor judges it. */
    enum AdviceVocabulary {
        /** OpenNMS's {@code org.opennms.newts.config.*} properties (and its heap). */
        NEWTS_PROPERTIES,
        /** This tool's own options. */
        TOOL_OPTIONS,
        /** OpenNMS's {@code org.opennms.timeseries.config.*} and the remote-write plugin's keys. */
        TSS_PROPERTIES
    }
}
