package org.metricsstress.cluster.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.Test;
import org.metricsstress.cluster.ClusterLayout;

/**
 * Two real nodes on settings of their own ({@code --embedded-node}): the first on one token it is
 * told, the second on 64 tokens, a small heap, a commit log that syncs every write and half a core from its
 * start. Judged from what the nodes themselves say (their tokens in system.local, their settings in
 * system_views.settings, their JVM's processors over JMX), from the command line the second really
 * runs and the cgroup the kernel has it in, not from what was asked.
 */
class NodeOverridesIT {
    private static final BigInteger RING = BigInteger.ONE.shiftLeft(64);
    private static final ObjectName OS = objectName("java.lang:type=OperatingSystem");

    @Test
    void aNodeOfItsOwnOwnsMoreOfTheRingAndSyncsItsCommitLog() throws Exception {
        List<String> output = new ArrayList<>();
        Path group;
        NodeOverrides overrides = NodeOverrides.parse("127.0.0.1:initial_token=0;"
                + "127.0.0.2:num_tokens=64,heap=384M,commitlog=batch,cpu=50%");
        try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterLayout.parse("dc1:2"), EmbeddedCluster.Security.NONE,
                null, overrides, b -> b.heap("384M"), line -> {
                    System.out.println(line);
                    synchronized (output) {
                        output.add(line);
                    }
                })) {
            synchronized (output) {
                assertTrue(output.contains("Node 127.0.0.2 runs with settings of its own: num_tokens 64, heap 384M,"
                        + " commit log batch (every write waits for an fsync), cpu 50% of one core from its start"),
                        output.toString());
            }
            EmbeddedCassandra plain = cluster.nodes().get(0);
            EmbeddedCassandra own = cluster.nodes().get(1);
            assertEquals("127.0.0.2", own.address());

            Map<String, List<BigInteger>> tokens = new HashMap<>();
            Map<String, Map<String, String>> settings = new HashMap<>();
            for (EmbeddedCassandra n : cluster.nodes()) {
                try (CqlSession s = cluster.clientSession(n.cqlAddress(), n.datacenter())) {
                    Node self = s.getMetadata().getNodes().values().stream()
                            .filter(x -> n.cqlAddress().equals(x.getEndPoint().resolve())).findFirst().orElseThrow();
                    tokens.put(n.address(), s.execute(SimpleStatement.newInstance("SELECT tokens FROM system.local")
                            .setNode(self)).one().getSet("tokens", String.class).stream().map(BigInteger::new).toList());
                    Map<String, String> values = new HashMap<>();
                    s.execute(SimpleStatement.newInstance("SELECT name, value FROM system_views.settings WHERE name IN"
                            + " ('commitlog_sync', 'commitlog_sync_period', 'num_tokens')").setNode(self))
                            .forEach(r -> values.put(r.getString("name"), r.getString("value")));
                    settings.put(n.address(), values);
                }
            }
            assertEquals(List.of(BigInteger.ZERO), tokens.get("127.0.0.1"), "the one token it was told: " + tokens);
            assertEquals(64, tokens.get("127.0.0.2").size(), tokens.toString());
            Map<String, Double> share = ownership(tokens);
            System.out.printf(Locale.ROOT, "ring ownership: 127.0.0.1 (1 token) %.3f, 127.0.0.2 (64 tokens) %.3f%n",
                    share.get("127.0.0.1"), share.get("127.0.0.2"));
            // In proportion to the tokens it would own 64/65; uneven, whatever the allocator does, is what counts.
            assertTrue(share.get("127.0.0.2") > 0.6, "the node of 64 tokens owns most of the ring: " + share);

            assertEquals("batch", settings.get("127.0.0.2").get("commitlog_sync"), settings.toString());
            assertEquals("periodic", settings.get("127.0.0.1").get("commitlog_sync"), settings.toString());
            assertEquals("64", settings.get("127.0.0.2").get("num_tokens"), settings.toString());

            String ownYaml = Files.readString(own.workDir().resolve("conf/cassandra.yaml"), StandardCharsets.UTF_8);
            assertTrue(ownYaml.contains("\ncommitlog_sync: batch\n"), ownYaml);
            List<String> ownFlags = commandLine(own.pid());
            List<String> plainFlags = commandLine(plain.pid());
            assertTrue(plainFlags.contains("-Dcassandra.skip_sync=true"), plainFlags.toString());
            assertFalse(ownFlags.stream().anyMatch(f -> f.contains("skip_sync")), ownFlags.toString());
            assertTrue(ownFlags.contains("-Xmx384M"), ownFlags.toString());

            // The JVM was in its quota before it ran anything: it counts one processor (the machine has
            // more), so its ProcessCpuLoad is a share of the quota, as in a pod with a CPU limit.
            assertNull(plain.cpuGroup());
            group = own.cpuGroup();
            assertTrue(group != null && Files.isDirectory(group), "the node's cgroup: " + group);
            String cgroupLine = cpuCgroupLine(own.pid());
            assertTrue(cgroupLine.endsWith(":/" + group.getFileName()), "the JVM is in its group: " + cgroupLine);
            assertEquals("50000", quota(group), "half of a 100 ms period");
            int ownProcessors = osAttribute(own, "AvailableProcessors", Integer.class);
            int plainProcessors = osAttribute(plain, "AvailableProcessors", Integer.class);
            double ownLoad = osAttribute(own, "ProcessCpuLoad", Double.class);
            System.out.printf(Locale.ROOT, "available processors: 127.0.0.1 %d, 127.0.0.2 (cpu=50%%) %d;"
                    + " 127.0.0.2 ProcessCpuLoad %.3f (%s)%n", plainProcessors, ownProcessors, ownLoad, cgroupLine);
            assertEquals(1, ownProcessors, "the capped JVM knows its quota");
            assertEquals(Runtime.getRuntime().availableProcessors(), plainProcessors, "its peer sees the machine's");
            assertTrue(ownLoad >= 0 && ownLoad <= 1, "a share: " + ownLoad);
        }
        assertFalse(Files.exists(group), "the group is removed with its node: " + group);
    }

    /** An attribute of the node's {@code java.lang:type=OperatingSystem} MBean, over its local-only JMX. */
    private static <T> T osAttribute(EmbeddedCassandra node, String name, Class<T> type) throws Exception {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + node.jmxPort() + "/jmxrmi");
        try (JMXConnector jmx = JMXConnectorFactory.connect(url)) {
            MBeanServerConnection server = jmx.getMBeanServerConnection();
            return type.cast(server.getAttribute(OS, name));
        }
    }

    /** The line of /proc/PID/cgroup for the cpu controller (v1), else the unified hierarchy's (v2). */
    private static String cpuCgroupLine(long pid) throws Exception {
        List<String> lines = Files.readAllLines(Path.of("/proc", Long.toString(pid), "cgroup"));
        return lines.stream().filter(l -> List.of(l.split(":", 3)[1].split(",")).contains("cpu")).findFirst()
                .orElse(lines.stream().filter(l -> l.startsWith("0::")).findFirst().orElse(""));
    }

    /** The group's quota per period in microseconds, v1 or v2. */
    private static String quota(Path group) throws Exception {
        Path v1 = group.resolve("cpu.cfs_quota_us");
        return Files.exists(v1) ? Files.readString(v1).trim() : Files.readString(group.resolve("cpu.max")).trim().split(" ")[0];
    }

    private static ObjectName objectName(String name) {
        try {
            return new ObjectName(name);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Each node's share of the Murmur3 ring: a token owns the range from the token before it, wrapping. */
    private static Map<String, Double> ownership(Map<String, List<BigInteger>> tokens) {
        TreeMap<BigInteger, String> ring = new TreeMap<>();
        tokens.forEach((node, ts) -> ts.forEach(t -> ring.put(t, node)));
        Map<String, BigInteger> owned = new HashMap<>();
        BigInteger previous = ring.lastKey().subtract(RING);
        for (Map.Entry<BigInteger, String> e : ring.entrySet()) {
            owned.merge(e.getValue(), e.getKey().subtract(previous), BigInteger::add);
            previous = e.getKey();
        }
        Map<String, Double> share = new HashMap<>();
        owned.forEach((node, range) -> share.put(node, range.doubleValue() / RING.doubleValue()));
        return share;
    }

    /** What the kernel says the process was started with (Linux: NUL-separated). */
    private static List<String> commandLine(long pid) throws Exception {
        String raw = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"), StandardCharsets.UTF_8);
        return List.of(raw.split("\0"));
    }
}
