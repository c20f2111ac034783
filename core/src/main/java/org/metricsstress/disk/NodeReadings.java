package org.metricsstress.disk;

import org.metricsstress.nodes.NodeJmx;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.metricsstress.newts.NewtsSchema;

/**
 * The keyspace's table figures of every node over JMX, the nodes at once: each node's calls are
 * bounded ({@link NodeJmx}), so a stopped or unreachable node costs one timeout, not one per node,
 * and is reported as not answering instead of hanging the measurement.
 */
final class NodeReadings {
    /** A node, by its address, and where its JMX is. */
    record Target(String address, String jmxAt) {}

    /**
     * What one node answered.
     *
     * @param tables  per Newts table; null when its JMX did not answer
     * @param problem why not; null when it answered
     */
    record Reading(Target target, Map<String, NodeJmx.TableReading> tables, String problem) {
        boolean answered() {
            return tables != null;
        }
    }

    /** Calls one node's reading makes at most: the MBean server, the flush, three per table. */
    private static final int CALLS = 2 + 3 * NewtsSchema.TABLES.size();
    private static final int MAX_THREADS = 32;

    private NodeReadings() {}

    /** In the order of {@code targets}. */
    static List<Reading> read(List<Target> targets, String keyspace, boolean flush, long connectMillis,
            long callMillis) {
        if (targets.isEmpty()) {
            return List.of();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(targets.size(), MAX_THREADS), r -> {
            Thread t = new Thread(r, "disk-node");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Reading>> futures = new ArrayList<>();
            for (Target t : targets) {
                futures.add(pool.submit(() -> readOne(t, keyspace, flush, connectMillis, callMillis)));
            }
            // Each node's calls are bounded already; this bound only guards against a bug there.
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(connectMillis + CALLS * callMillis + 5_000);
            List<Reading> out = new ArrayList<>();
            for (int i = 0; i < targets.size(); i++) {
                out.add(await(futures.get(i), targets.get(i), deadline));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Reading await(Future<Reading> f, Target t, long deadlineNanos) {
        try {
            return f.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return new Reading(t, null, "no answer in time");
        } catch (ExecutionException e) {
            return new Reading(t, null, NodeJmx.rootMessage(e.getCause() == null ? e : e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reading(t, null, "interrupted");
        }
    }

    private static Reading readOne(Target t, String keyspace, boolean flush, long connectMillis, long callMillis) {
        try (NodeJmx jmx = NodeJmx.connect(t.jmxAt(), connectMillis, callMillis)) {
            if (flush) {
                jmx.flush(keyspace);
            }
            Map<String, NodeJmx.TableReading> tables = new LinkedHashMap<>();
            for (String table : NewtsSchema.TABLES) {
                tables.put(table, jmx.table(keyspace, table));
            }
            return new Reading(t, tables, null);
        } catch (IOException e) {
            return new Reading(t, null, e.getMessage());
        }
    }
}
