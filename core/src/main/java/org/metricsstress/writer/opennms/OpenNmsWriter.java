package org.metricsstress.writer.opennms;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.metricsstress.cache.MetadataCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.opennms.OpenNmsWorkers;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.pipeline.Ring;
import org.metricsstress.pipeline.SharedRing;
import org.metricsstress.plan.StressPlan;

/**
 * The OpenNMS writer model ({@code --writer opennms}, the default): OpenNMS's NewtsWriter, in our
 * own code. One ring of events, two per group commit, read by {@code --writer-threads} synchronous
 * workers that insert each chunk of {@code --max-batch-size} samples as a literal batch and index
 * it inline, waiting ({@link org.metricsstress.opennms.OpenNmsWorkers}). On a cold cache every
 * worker spends most of its time indexing, the ring fills and samples are dropped: the field's cold
 * start, which this model is here to show.
 */
public final class OpenNmsWriter implements Pipeline {
    /** How long, after abandoning, the workers get to count what is left (a request may be mid-flight). */
    private static final long SETTLE_MILLIS = 15_000;

    private final StressConfig config;
    private final OpenNmsWorkers workers;
    private final SharedRing ring;
    private final boolean indexing;

    /** @param cache OpenNMS's metadata cache, or null without indexing */
    public OpenNmsWriter(CqlSession session, StressConfig config, StressPlan plan, MetadataCache cache,
            StressMetrics metrics, IndexMetrics indexMetrics) {
        this.config = config;
        this.indexing = cache != null;
        this.workers = new OpenNmsWorkers(session, config, plan, cache, indexMetrics, metrics);
        this.ring = new SharedRing(config.pipeline().ringSize(), plan.attributes(), config.pipeline().writerThreads(), config.pipeline().onFull(),
                workers, metrics);
    }

    @Override
    public Ring ring() {
        return ring;
    }

    @Override
    public int inFlightRequests() {
        return workers.inFlightRequests();
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "writer: opennms (OpenNMS's NewtsWriter): one ring of %,d events (two per "
                + "group commit), %d synchronous workers, literal batches of %d samples at the driver's default level "
                + "(LOCAL_ONE), %s", config.pipeline().ringSize(), config.pipeline().writerThreads(), config.pipeline().maxBatchSize(),
                indexing ? "indexing inline, waiting for it (terms at " + config.cluster().writeConsistency() + ")" : "no index");
    }

    @Override
    public boolean drain(Duration timeout, Duration requestTimeout) {
        if (ring.drain(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            return true;
        }
        ring.abandonRest(settleMillis(config.plan().attributes(), config.pipeline().maxBatchSize(), requestTimeout),
                TimeUnit.MILLISECONDS);
        return false;
    }

    /**
     * How long a worker busy with one event may take to settle it: each of its chunks a sample
     * request and then its index update (requests sent together, waited for together), each bounded
     * by the request timeout (the driver's includes its retries), and 2 s to spare.
     */
    static long settleMillis(int attributes, int maxBatchSize, Duration requestTimeout) {
        long chunks = (attributes + maxBatchSize - 1) / maxBatchSize;
        return Math.max(SETTLE_MILLIS, chunks * 2 * requestTimeout.toMillis() + 2000);
    }

    @Override
    public void abort() {
        ring.close();
        ring.abandonRest(SETTLE_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
    }
}
