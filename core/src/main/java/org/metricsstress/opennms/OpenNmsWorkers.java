package org.metricsstress.opennms;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.util.concurrent.atomic.AtomicInteger;
import org.metricsstress.cache.MetadataCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.pipeline.GroupCommitHandler;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.storage.Coordinators;
import org.metricsstress.storage.ReplicaSets;
import java.util.function.LongSupplier;

/**
 * The workers of OpenNMS's ring: what they share (the inline indexer, the coordinators' figures,
 * the samples in flight), and a fresh worker state for each thread.
 */
public final class OpenNmsWorkers implements GroupCommitHandler.Factory {
    private final CqlSession session;
    private final StressConfig config;
    private final StressPlan plan;
    private final StressMetrics metrics;
    private final Coordinators coordinators;
    private final ReplicaSets replicaSets;
    private final InlineIndexer indexer;
    private final String[][] metricNames;
    private final AtomicInteger inFlight = new AtomicInteger();

    /**
     * @param cache        OpenNMS's metadata cache, or null without indexing
     * @param indexMetrics the index figures, or null without indexing
     */
    public OpenNmsWorkers(CqlSession session, StressConfig config, StressPlan plan, MetadataCache cache,
            IndexMetrics indexMetrics, StressMetrics metrics) {
        this(session, config, plan, cache, indexMetrics, metrics, System::currentTimeMillis);
    }

    /** @param nowMillis the wall clock cache entries expire by */
    OpenNmsWorkers(CqlSession session, StressConfig config, StressPlan plan, MetadataCache cache,
            IndexMetrics indexMetrics, StressMetrics metrics, LongSupplier nowMillis) {
        this.session = session;
        this.config = config;
        this.plan = plan;
        this.metrics = metrics;
        this.coordinators = new Coordinators(metrics.nodes());
        this.replicaSets = new ReplicaSets(session, config.schema().keyspace());
        this.indexer = cache == null ? null : new InlineIndexer(session, config.schema().keyspace(), cache, indexMetrics, plan,
                config.pipeline().maxBatchSize(), (int) config.schema().ttl().getSeconds(),
                DefaultConsistencyLevel.valueOf(config.cluster().writeConsistency()), config.plan().stringVariationFactor(), nowMillis,
                metrics.workerClock(), inFlight, metrics.newtsCalls());
        this.metricNames = new String[plan.groups()][plan.attributes()];
        for (int g = 0; g < plan.groups(); g++) {
            for (int a = 0; a < plan.attributes(); a++) {
                metricNames[g][a] = ResourceNames.metricName(g, a);
            }
        }
    }

    @Override
    public GroupCommitHandler newHandler() {
        return new OpenNmsWorker(session, config, plan, metrics, coordinators, replicaSets, indexer, metricNames, inFlight);
    }

    /** Requests in flight now that a worker waits on: its sample insert, or its index writes. */
    public int inFlightRequests() {
        return inFlight.get();
    }
}
