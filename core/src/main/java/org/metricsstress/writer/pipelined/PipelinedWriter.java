package org.metricsstress.writer.pipelined;

import org.metricsstress.config.IndexSection;
import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.index.CassandraIndexer;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.LaneRing;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.pipeline.Ring;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.storage.CassandraSampleSender;
import java.util.Locale;

/**
 * The pipelined writer model ({@code --writer pipelined}): a lane of the ring per writer thread;
 * each lane's sample stage sends prepared, token-aware batches grouped by replica set,
 * asynchronously under an in-flight bound, and an index stage apart, behind it, indexes under a
 * budget of its own, so samples never wait for the index. The same rows as OpenNMS writes; what
 * a better client than OpenNMS's would get from the same cluster.
 */
public final class PipelinedWriter implements Pipeline {
    /** How long, after aborting, to wait for the stages to count what is left. */
    private static final long SETTLE_MILLIS = 15_000;

    private final StressConfig config;
    private final CassandraSampleSender samples;
    private final CassandraIndexer indexer;
    private final LaneRing ring;

    /**
     * @param cache the resource cache, or null without indexing
     */
    public PipelinedWriter(CqlSession session, StressConfig config, StressPlan plan, ResourceCache cache,
            StressMetrics metrics, IndexMetrics indexMetrics) {
        this.config = config;
        this.samples = new CassandraSampleSender(session, config, metrics);
        this.indexer = cache == null ? null
                : new CassandraIndexer(session, config, plan, cache, indexMetrics, metrics.queue());
        if (indexer != null) {
            metrics.gauge("index.budget", indexer::budgetLimit);
        }
        this.ring = new LaneRing(config.pipeline().ringSize(), plan.attributes(), config.pipeline().writerThreads(), plan.groupResources(),
                config.pipeline().onFull(), samples, indexer, metrics);
    }

    @Override
    public Ring ring() {
        return ring;
    }

    @Override
    public int inFlightRequests() {
        return samples.inFlightRequests();
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT,
                "writer: pipelined: %d lanes of %,d slots, up to %d commits a request, %d requests in flight, "
                        + "index stage apart (%s in flight)",
                config.pipeline().writerThreads(), ring.size() / config.pipeline().writerThreads(), config.pipeline().batchCommits(),
                config.pipeline().maxInFlight(), indexer == null ? "no index"
                        : config.index().indexMaxInFlight() == IndexSection.INDEX_BUDGET_AUTO ? "auto"
                                : String.valueOf(config.index().indexMaxInFlight()));
    }

    @Override
    public boolean drain(Duration timeout, Duration requestTimeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean ringDrained = ring.drain(timeout.toMillis(), TimeUnit.MILLISECONDS);
        boolean idle = ringDrained && samples.awaitIdle(millisUntil(deadline))
                && (indexer == null || indexer.awaitIdle(millisUntil(deadline)));
        if (idle) {
            return true;
        }
        samples.abort();
        if (indexer != null) {
            indexer.abort();
        }
        if (!ringDrained) {
            ring.abandonRest(SETTLE_MILLIS, TimeUnit.MILLISECONDS);
        }
        // Requests still out either complete or hit the request timeout; wait for them so that each
        // is counted once.
        long settle = Math.max(SETTLE_MILLIS, requestTimeout.toMillis() + 2000);
        samples.awaitIdle(settle);
        if (indexer != null) {
            indexer.awaitIdle(settle);
        }
        return false;
    }

    @Override
    public void abort() {
        ring.close();
        samples.abort();
        if (indexer != null) {
            indexer.abort();
        }
        ring.abandonRest(SETTLE_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        if (indexer != null) {
            indexer.close();
        }
    }

    private static long millisUntil(long deadlineNanos) {
        return Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime()));
    }
}
