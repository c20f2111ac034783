package org.metricsstress.disk;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.Hashtable;
import java.util.concurrent.CountDownLatch;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A real RMI JMX connector server in the test JVM that answers as a Cassandra node's JMX does for
 * the calls the tool makes (the keyspace flush, the three table metrics), and that can be made to
 * stop answering: a flush, or every metric read, then blocks until the node is closed, as a
 * SIGSTOPped node's JMX would.
 */
final class LocalJmxNode implements AutoCloseable {
    /** What {@code forceKeyspaceFlush} is, as the tool invokes it. */
    public interface StorageServiceMBean {
        void forceKeyspaceFlush(String keyspace, String[] tables);
    }

    public interface CounterMBean {
        long getCount();
    }

    public interface GaugeMBean {
        Object getValue();
    }

    private final Registry registry;
    private final JMXConnectorServer server;
    private final CountDownLatch released = new CountDownLatch(1);
    final String hostPort;

    /**
     * @param bytes        every table's LiveDiskSpaceUsed
     * @param flushGate    a flush waits for it (count it down to let flushes through); null: flushes return
     * @param metricsStuck every metric read blocks until {@link #close()}
     */
    LocalJmxNode(String keyspace, long bytes, CountDownLatch flushGate, boolean metricsStuck) throws Exception {
        System.setProperty("java.rmi.server.hostname", "127.0.0.1");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        registry = LocateRegistry.createRegistry(port);
        MBeanServer mbs = MBeanServerFactory.newMBeanServer();
        mbs.registerMBean(new StandardMBean((StorageServiceMBean) (ks, tables) -> {
            if (flushGate != null) {
                flushGate.countDown();
                await(flushGate);
            }
        }, StorageServiceMBean.class), new ObjectName("org.apache.cassandra.db:type=StorageService"));
        for (String table : org.metricsstress.newts.NewtsSchema.TABLES) {
            mbs.registerMBean(new StandardMBean((CounterMBean) () -> {
                blockIf(metricsStuck);
                return bytes;
            }, CounterMBean.class), metric(keyspace, table, "LiveDiskSpaceUsed"));
            mbs.registerMBean(new StandardMBean((GaugeMBean) () -> {
                blockIf(metricsStuck);
                return 1L;
            }, GaugeMBean.class), metric(keyspace, table, "LiveSSTableCount"));
            mbs.registerMBean(new StandardMBean((GaugeMBean) () -> {
                blockIf(metricsStuck);
                return 0.5;
            }, GaugeMBean.class), metric(keyspace, table, "CompressionRatio"));
        }
        hostPort = "127.0.0.1:" + port;
        server = JMXConnectorServerFactory.newJMXConnectorServer(
                new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + hostPort + "/jmxrmi"), null, mbs);
        server.start();
    }

    private void blockIf(boolean stuck) {
        if (stuck) {
            await(released);
        }
    }

    private void await(CountDownLatch latch) {
        try {
            // A gate that never opens is released by close(), so no server thread outlives the test.
            while (!latch.await(100, java.util.concurrent.TimeUnit.MILLISECONDS) && released.getCount() > 0) {
                // waiting
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static ObjectName metric(String keyspace, String table, String name) throws Exception {
        Hashtable<String, String> keys = new Hashtable<>();
        keys.put("type", "Table");
        keys.put("keyspace", keyspace);
        keys.put("scope", table);
        keys.put("name", name);
        return new ObjectName("org.apache.cassandra.metrics", keys);
    }

    @Override
    public void close() throws IOException {
        released.countDown();
        server.stop();
        UnicastRemoteObject.unexportObject(registry, true);
    }
}
