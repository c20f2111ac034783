package org.metricsstress.disk;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * One Cassandra node's JMX, as {@code nodetool} reaches it: the flush of a keyspace and the table
 * metrics {@code nodetool tablestats} shows (LiveDiskSpaceUsed, LiveSSTableCount, CompressionRatio).
 * Unauthenticated JMX only: Cassandra's default binds it to the node's loopback.
 */
final class NodeJmx implements AutoCloseable {
    private final JMXConnector connector;
    private final MBeanServerConnection server;
    final String where;

    private NodeJmx(JMXConnector connector, String where) throws IOException {
        this.connector = connector;
        this.server = connector.getMBeanServerConnection();
        this.where = where;
    }

    /** Connects within {@code timeoutMillis}: an RMI connect to a filtered port would otherwise hang for minutes. */
    static NodeJmx connect(String hostPort, long timeoutMillis) throws IOException {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + hostPort + "/jmxrmi");
        ExecutorService one = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "disk-jmx-connect");
            t.setDaemon(true);
            return t;
        });
        try {
            Future<JMXConnector> f = one.submit(() -> JMXConnectorFactory.connect(url, new HashMap<>()));
            return new NodeJmx(f.get(timeoutMillis, TimeUnit.MILLISECONDS), hostPort);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IOException(e.getCause() == null ? e.toString() : rootMessage(e.getCause()));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IOException("no answer within " + timeoutMillis + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } finally {
            one.shutdownNow();
        }
    }

    /** What {@code nodetool flush KEYSPACE} does. */
    void flush(String keyspace) throws IOException {
        try {
            server.invoke(new ObjectName("org.apache.cassandra.db:type=StorageService"), "forceKeyspaceFlush",
                    new Object[] {keyspace, new String[0]}, new String[] {"java.lang.String", "[Ljava.lang.String;"});
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("flush of " + keyspace + " failed: " + rootMessage(e));
        }
    }

    /** The table's figures on this node. */
    TableReading table(String keyspace, String table) throws IOException {
        try {
            long bytes = ((Number) server.getAttribute(metric(keyspace, table, "LiveDiskSpaceUsed"), "Count")).longValue();
            long sstables = ((Number) server.getAttribute(metric(keyspace, table, "LiveSSTableCount"), "Value")).longValue();
            double ratio = ((Number) server.getAttribute(metric(keyspace, table, "CompressionRatio"), "Value")).doubleValue();
            return new TableReading(bytes, sstables, ratio > 0 ? ratio : null);
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("table metrics of " + keyspace + "." + table + ": " + rootMessage(e));
        }
    }

    private static ObjectName metric(String keyspace, String table, String name) throws Exception {
        Map<String, String> keys = new java.util.Hashtable<>();
        keys.put("type", "Table");
        keys.put("keyspace", keyspace);
        keys.put("scope", table);
        keys.put("name", name);
        return new ObjectName("org.apache.cassandra.metrics", new java.util.Hashtable<>(keys));
    }

    static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
    }

    @Override
    public void close() {
        try {
            connector.close();
        } catch (IOException e) {
            // the connection is gone either way
        }
    }

    /** One table on one node: bytes, SSTables, and the compression ratio (null when not compressed). */
    record TableReading(long bytes, Long sstables, Double compressionRatio) {}
}
