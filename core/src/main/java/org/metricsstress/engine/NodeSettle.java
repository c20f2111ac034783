package org.metricsstress.engine;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.util.List;
import org.metricsstress.config.StressConfig;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.storage.CassandraConnector;

/**
 * Each phase starts on a settled node: {@link #SHORTEST_MS} of rest, then until no flush or
 * compaction runs or waits, as the node's {@code system_views.thread_pools} says, at most
 * {@link #LONGEST_MS}. The phases are compared side by side, so each starts as the one before it
 * did, whatever the client's own pace between them: when a session's close stopped taking the
 * driver's 2 s, the OpenNMS phases (last) lost a third of their rate (bench --smoke, 18,753 and
 * 19,287 samples/s against 27,492 and 31,109); the thread pools' wait alone gave back 21,416 and
 * 23,360, the rest with it 29,782 and 29,820. A node without that table (ScyllaDB, Cassandra before
 * 4.0) gets the rest alone; so does a setup whose bound is the rest (bench's {@code BenchSetup.settle()}).
 * {@code tune} settles the nodes so between its rounds, which it compares as bench compares phases;
 * so it lives with the runs (engine), where both may use it.
 */
public final class NodeSettle implements AutoCloseable {
    public static final long SHORTEST_MS = 2_000;
    public static final long LONGEST_MS = 10_000;
    /** The longest a settle waits, its rest included, unless its caller says otherwise. */
    public static final Duration LONGEST = Duration.ofMillis(LONGEST_MS);
    private static final long POLL_MS = 250;
    /** The pools whose work a phase leaves behind. */
    private static final List<String> AFTERMATH = List.of("CompactionExecutor", "MemtableFlushWriter",
            "MemtablePostFlush", "MemtableReclaimMemory");

    private final CqlSession session;
    private final long longestMs;
    private boolean readable = true;

    public NodeSettle(StressConfig base, Duration longest) throws ClusterException {
        this.session = CassandraConnector.connect(base);
        this.longestMs = longest.toMillis();
    }

    /** Waits for the node to be settled; the seconds it took (0 when it already was, or cannot say). */
    public double await() throws InterruptedException {
        long t0 = System.nanoTime();
        Thread.sleep(SHORTEST_MS);
        while (readable && busy() > 0 && (System.nanoTime() - t0) / 1_000_000 < longestMs) {
            Thread.sleep(POLL_MS);
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    private long busy() {
        long busy = 0;
        try {
            for (Row row : session.execute("SELECT name, active_tasks, pending_tasks FROM system_views.thread_pools")) {
                if (AFTERMATH.contains(row.getString("name"))) {
                    busy += ((Number) row.getObject("active_tasks")).longValue()
                            + ((Number) row.getObject("pending_tasks")).longValue();
                }
            }
        } catch (RuntimeException noSuchTable) {
            readable = false;
            return 0;
        }
        return busy;
    }

    @Override
    public void close() {
        session.close();
    }
}
