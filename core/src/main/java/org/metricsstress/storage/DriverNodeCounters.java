package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metrics.DefaultNodeMetric;
import com.datastax.oss.driver.api.core.metrics.Metrics;
import java.util.List;
import java.util.Optional;
import com.codahale.metrics.Counting;
import com.codahale.metrics.Metric;

/**
 * The driver's node-level counters, summed over every node: bytes the session has written to and
 * read from the cluster (on the wire, after compression: the network cost the field tests watched
 * on their switches, from inside the client) and the requests its retry policy sent again.
 */
public final class DriverNodeCounters {
    /** The driver's node metrics a session enables for these figures. */
    static final List<String> NODE_METRICS = List.of(DefaultNodeMetric.BYTES_SENT.getPath(),
            DefaultNodeMetric.BYTES_RECEIVED.getPath(), DefaultNodeMetric.RETRIES.getPath());

    private final CqlSession session;

    public DriverNodeCounters(CqlSession session) {
        this.session = session;
    }

    /** Bytes sent so far; for {@code --sink null} the frames it encoded. */
    public long sent() {
        long encoded = NullSession.bytesSent(session);
        return encoded >= 0 ? encoded : sum(DefaultNodeMetric.BYTES_SENT);
    }

    /** Bytes received so far; 0 for {@code --sink null}, which nobody answers. */
    public long received() {
        return NullSession.bytesSent(session) >= 0 ? 0 : sum(DefaultNodeMetric.BYTES_RECEIVED);
    }

    /**
     * Requests the driver's retry policy sent again (the OpenNMS writer's DefaultRetryPolicy or
     * {@code --retries}); the pipelined writer's own retries are counted where it makes them.
     */
    public long driverRetries() {
        return NullSession.bytesSent(session) >= 0 ? 0 : sum(DefaultNodeMetric.RETRIES);
    }

    private long sum(DefaultNodeMetric metric) {
        Optional<Metrics> metrics = session.getMetrics();
        if (metrics.isEmpty()) {
            return 0;
        }
        long total = 0;
        for (Node node : session.getMetadata().getNodes().values()) {
            Optional<Metric> m = metrics.get().getNodeMetric(node, metric);
            if (m.isPresent() && m.get() instanceof Counting c) {
                total += c.getCount();
            }
        }
        return total;
    }
}
