package org.metricsstress.nodes;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.util.Hashtable;
import javax.management.MalformedObjectNameException;

/**
 * One Cassandra node's JMX, as {@code nodetool} reaches it: the flush of a keyspace, the table
 * metrics {@code nodetool tablestats} shows (LiveDiskSpaceUsed, LiveSSTableCount, CompressionRatio),
 * and any attribute the node's telemetry reads (GC, CPU, dropped mutations). Unauthenticated JMX
 * only: Cassandra's default binds it to the node's loopback.
 */
public final class NodeJmx implements AutoCloseable {
    private final JMXConnector connector;
    private final MBeanServerConnection server;
    private final long callMillis;
    private final ExecutorService calls;
    private final String where;

    private NodeJmx(JMXConnector connector, String where, long callMillis, ExecutorService calls) throws IOException {
        this.connector = connector;
        this.calls = calls;
        this.callMillis = callMillis;
        this.where = where;
        this.server = bounded(calls, connector::getMBeanServerConnection, callMillis, "the MBean server");
    }

    /**
     * Connects within {@code connectMillis} (an RMI connect to a filtered port would otherwise hang for
     * minutes); every call after it waits at most {@code callMillis}. RMI's own timeouts are JVM-wide
     * system properties read once, so each call runs on a thread of its own and is waited for with a
     * bound: a call a stopped node never answers leaves that daemon thread blocked, not the tool.
     */
    public static NodeJmx connect(String hostPort, long connectMillis, long callMillis) throws IOException {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + hostPort + "/jmxrmi");
        ExecutorService calls = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "node-jmx " + hostPort);
            t.setDaemon(true);
            return t;
        });
        try {
            JMXConnector c = bounded(calls, () -> JMXConnectorFactory.connect(url, new HashMap<>()), connectMillis,
                    "the connect");
            return new NodeJmx(c, hostPort, callMillis, calls);
        } catch (IOException | RuntimeException e) {
            calls.shutdownNow();
            throw e;
        }
    }

    /** What {@code nodetool flush KEYSPACE} does. */
    public void flush(String keyspace) throws IOException {
        bounded(calls, () -> server.invoke(new ObjectName("org.apache.cassandra.db:type=StorageService"),
                "forceKeyspaceFlush", new Object[] {keyspace, new String[0]},
                new String[] {"java.lang.String", "[Ljava.lang.String;"}), callMillis, "the flush of " + keyspace);
    }

    /** The table's figures on this node. */
    public TableReading table(String keyspace, String table) throws IOException {
        String what = "the table metrics of " + keyspace + "." + table;
        long bytes = ((Number) bounded(calls, () -> server.getAttribute(metric(keyspace, table, "LiveDiskSpaceUsed"),
                "Count"), callMillis, what)).longValue();
        long sstables = ((Number) bounded(calls, () -> server.getAttribute(metric(keyspace, table, "LiveSSTableCount"),
                "Value"), callMillis, what)).longValue();
        double ratio = ((Number) bounded(calls, () -> server.getAttribute(metric(keyspace, table, "CompressionRatio"),
                "Value"), callMillis, what)).doubleValue();
        return new TableReading(bytes, sstables, ratio > 0 ? ratio : null);
    }

    /** One attribute of one MBean, as the node has it. */
    public Object attribute(ObjectName bean, String attribute) throws IOException {
        return bounded(calls, () -> server.getAttribute(bean, attribute), callMillis,
                bean.getKeyProperty("name") + " " + attribute);
    }

    /**
     * Several attributes of one MBean in one call (each call is a round trip and an RMI exchange):
     * by name, those the node gave; one it did not give is absent.
     */
    public java.util.Map<String, Object> attributes(ObjectName bean, String... names) throws IOException {
        javax.management.AttributeList list = bounded(calls, () -> server.getAttributes(bean, names), callMillis,
                bean.getKeyProperty("type") + " " + String.join(", ", names));
        java.util.Map<String, Object> out = new java.util.HashMap<>();
        for (javax.management.Attribute a : list.asList()) {
            out.put(a.getName(), a.getValue());
        }
        return out;
    }

    /** Calls on the node's MBean server, made one after another by {@link #together}. */
    @FunctionalInterface
    public interface Calls<T> {
        T on(MBeanServerConnection server) throws Exception;
    }

    /**
     * {@code count} calls as one task on the call thread: a reading of seven attributes then costs
     * one hand-off and one wait, not seven (this client's own overhead, docs/performance.md). Bounded
     * by {@code count} calls' bounds, the most they could take one by one, so a slow node that used
     * to answer each in time is not now cut off (and its connection made again) for their sum.
     */
    public <T> T together(String what, int count, Calls<T> calls) throws IOException {
        return bounded(this.calls, () -> calls.on(server), count * callMillis, what);
    }

    /** The MBeans whose names match {@code pattern}. */
    public Set<ObjectName> names(ObjectName pattern) throws IOException {
        return bounded(calls, () -> server.queryNames(pattern, null), callMillis, "the names " + pattern);
    }

    /** Whether a call ran out of time: the node's calls are then over, and a new connection is needed. */
    public boolean broken() {
        return calls.isShutdown();
    }

    /** {@code call} on {@code thread}, waited for at most {@code millis}; any failure is an IOException naming {@code what}. */
    private static <T> T bounded(ExecutorService thread, Callable<T> call, long millis, String what) throws IOException {
        Future<T> f;
        try {
            f = thread.submit(call);
        } catch (RejectedExecutionException e) {
            throw new IOException(what + ": the node's JMX already failed to answer");
        }
        try {
            return f.get(millis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IOException(what + ": " + rootMessage(e.getCause() == null ? e : e.getCause()));
        } catch (TimeoutException e) {
            f.cancel(true);
            // The thread may stay blocked on the socket: later calls on it would queue behind it.
            thread.shutdownNow();
            throw new IOException(what + ": no answer within " + millis + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(what + ": interrupted");
        }
    }

    private static ObjectName metric(String keyspace, String table, String name) throws MalformedObjectNameException {
        Map<String, String> keys = new Hashtable<>();
        keys.put("type", "Table");
        keys.put("keyspace", keyspace);
        keys.put("scope", table);
        keys.put("name", name);
        return new ObjectName("org.apache.cassandra.metrics", new Hashtable<>(keys));
    }

    public static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
    }

    @Override
    public void close() {
        // Closing talks to the node too: on a thread of its own, never waited for.
        Thread t = new Thread(() -> {
            try {
                connector.close();
            } catch (IOException | RuntimeException e) {
                // the connection is gone either way
            }
        }, "node-jmx-close " + where);
        t.setDaemon(true);
        t.start();
        calls.shutdown();
    }

    /** One table on one node: bytes, SSTables, and the compression ratio (null when not compressed). */
    public record TableReading(long bytes, Long sstables, Double compressionRatio) {}
}
