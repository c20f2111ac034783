package org.metricsstress.cluster.embedded;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicInteger;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.CpuCgroup;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.NodeJvmFlags;
import org.metricsstress.cluster.ThrowawayTls;

/**
 * Configures and starts one child-JVM node ({@link EmbeddedCassandra#builder()}). Every setting
 * has a default that works on a laptop; a bad one is refused where it is made.
 */
public final class NodeBuilder {
    /** Numbers the CPU quotas this process makes, so that no two nodes' ever share a name. */
    private static final AtomicInteger QUOTAS = new AtomicInteger();

    private Path libDir;
    private Path javaHome;
    private Path workDir;
    private String address = "127.0.0.1";
    private int nativePort;
    private int storagePort;
    private String seeds;
    private String datacenter = ClusterLayout.SINGLE.firstDc();
    private String rack = "rack1";
    private String clusterName = "metrics-stress";
    private String heap = ClusterLayout.DEFAULT_HEAP;
    private Duration startTimeout = Duration.ofSeconds(120);
    private Consumer<String> output = message -> { };
    private boolean passwordAuth;
    private ThrowawayTls tls;
    private boolean clientAuth;
    private NodeConfig.Relayed relayed = NodeConfig.Relayed.NONE;
    private List<String> jvmFlags = NodeJvmFlags.fromEnvironment();
    private NodeSettings settings = NodeSettings.DEFAULT;

    NodeBuilder() {
    }

    /** Password authentication on; clients log in as the default superuser cassandra/cassandra. */
    public NodeBuilder passwordAuth(boolean on) {
        this.passwordAuth = on;
        return this;
    }

    /** Client-to-node TLS only, with {@code tls}'s key pair; null for none. */
    public NodeBuilder clientTls(ThrowawayTls tls) {
        this.tls = tls;
        return this;
    }

    /** With {@link #clientTls}: clients must also show {@code tls}'s client certificate (mutual TLS). */
    public NodeBuilder requireClientCertificate(boolean on) {
        this.clientAuth = on;
        return this;
    }

    /** Directory of the server jars; default {@link CassandraLib#locate()}. */
    public NodeBuilder libDir(Path dir) {
        this.libDir = dir;
        return this;
    }

    /** JDK 11 or 17 home to run the node with; default {@link JdkLocator#locate()}. */
    public NodeBuilder javaHome(Path jdkHome) {
        this.javaHome = jdkHome;
        return this;
    }

    /**
     * Directory for configuration, data and logs; kept on close, and reused by a later start
     * (a restart keeps its data). Default: a fresh temporary directory, deleted on close.
     */
    public NodeBuilder workDir(Path dir) {
        this.workDir = dir;
        return this;
    }

    /** A 127.x.x.x address; other nodes on this machine take 127.0.0.2, 127.0.0.3, ... */
    public NodeBuilder address(String ip) {
        this.address = NodeConfig.requireLoopback(ip);
        return this;
    }

    /** CQL port; 0 (the default) picks a free one. */
    public NodeBuilder nativePort(int port) {
        this.nativePort = NodeConfig.requirePort(port, "native port", true);
        return this;
    }

    /**
     * Inter-node port; 0 (the default) picks a free one. All nodes of a cluster must use the
     * same one ({@link EmbeddedCluster} picks one free on every node's address).
     */
    public NodeBuilder storagePort(int port) {
        this.storagePort = NodeConfig.requirePort(port, "storage port", true);
        return this;
    }

    /** Comma-separated {@code address:port} seeds; default the node itself. */
    public NodeBuilder seeds(String seeds) {
        this.seeds = seeds == null ? null : NodeConfig.requireSeeds(seeds);
        return this;
    }

    /**
     * The addresses the node gives out to other nodes ({@code storage}) and to clients ({@code
     * nativeTransport}) when a relay stands in front of it; null for its own. With a storage
     * address, the node's peers of its own DC reach it directly (prefer_local).
     */
    public NodeBuilder relayedAt(String storage, String nativeTransport) {
        this.relayed = new NodeConfig.Relayed(storage, nativeTransport);
        return this;
    }

    public NodeBuilder datacenter(String dc) {
        this.datacenter = ClusterLayout.requireName(dc, "datacenter");
        return this;
    }

    public NodeBuilder rack(String rack) {
        this.rack = ClusterLayout.requireName(rack, "rack");
        return this;
    }

    public NodeBuilder clusterName(String name) {
        this.clusterName = NodeConfig.requireClusterName(name);
        return this;
    }

    /** Maximum heap as a JVM size ({@code 512m}, {@code 1G}); the initial heap is 256m. */
    public NodeBuilder heap(String maxHeap) {
        this.heap = NodeConfig.requireHeap(maxHeap);
        return this;
    }

    /**
     * What this node runs with where it differs from its peers ({@code --embedded-node}); its heap,
     * when it gives one, wins over {@link #heap}; its CPU quota is a cgroup {@link #start()} makes
     * (see {@link CpuCgroup#unavailable()} for where none can be). Default {@link NodeSettings#DEFAULT}.
     */
    public NodeBuilder settings(NodeSettings own) {
        this.settings = Objects.requireNonNull(own, "settings");
        return this;
    }

    public NodeBuilder startTimeout(Duration timeout) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("start timeout " + timeout + " must be positive, e.g. 120 s");
        }
        this.startTimeout = timeout;
        return this;
    }

    /** JVM flags after the node's own (default: {@link NodeJvmFlags#ENV}'s); each must start with '-'. */
    public NodeBuilder jvmFlags(List<String> flags) {
        for (String f : flags) {
            if (!f.startsWith("-")) {
                throw new IllegalArgumentException("JVM flag '" + f + "' does not start with '-'");
            }
        }
        this.jvmFlags = List.copyOf(flags);
        return this;
    }

    /** Receives one-line progress messages meant for the user; default: none. */
    public NodeBuilder output(Consumer<String> progress) {
        this.output = Objects.requireNonNull(progress, "output");
        return this;
    }

    /**
     * Starts the node and waits until it answers CQL. On failure the child is killed, its CPU
     * quota's cgroup removed, a temporary work directory removed (its logs kept beside it, in a directory named in
     * the message), and the exception says why in one line.
     */
    public EmbeddedCassandra start() throws LocalClusterException {
        Path lib = CassandraLib.locate(libDir);
        Path jamm = CassandraLib.jammJar(lib);
        Path jdk = JdkLocator.locate(javaHome);
        InetAddress bindAddress = NodeConfig.inet(address);

        int nativeP = PortPicker.choose(bindAddress, nativePort, "native (CQL)");
        int storageP = PortPicker.choose(bindAddress, storagePort, "storage");
        // Cassandra binds local-only JMX to the loopback address, whatever the node's address.
        int jmxP = PortPicker.choose(InetAddress.getLoopbackAddress(), 0, "JMX");
        if (nativeP == storageP) {
            throw new LocalClusterException("native and storage port are both " + nativeP
                    + "; give them different ports (or 0 to pick free ones)");
        }

        boolean tempWorkDir = workDir == null;
        Path dir = tempWorkDir ? TempDirs.create("metrics-stress-cassandra-") : workDir;
        NodeConfig config = new NodeConfig(clusterName, address, nativeP, storageP, jmxP,
                seeds != null ? seeds : address + ":" + storageP, datacenter, rack, heap, dir,
                new NodeConfig.ClientSecurity(passwordAuth, tls == null ? null : tls.keystore(),
                        tls == null ? null : tls.keystorePassword(),
                        tls == null || !clientAuth ? null : tls.nodeTruststore(),
                        tls == null || !clientAuth ? null : tls.nodeTruststorePassword()),
                relayed, settings);
        Process[] spawned = new Process[1];
        boolean started = false;
        CpuCgroup cpuQuota = null;
        try {
            if (settings.cpuPercent() != null) {
                cpuQuota = CpuCgroup.make("metrics-stress-" + ProcessHandle.current().pid() + "-node-" + address + "-"
                        + QUOTAS.incrementAndGet(), settings.cpuPercent());
            }
            NodeLauncher launcher = new NodeLauncher(config, jdk, lib, jamm,
                    tls == null ? null : tls.clientContext(clientAuth), startTimeout, output, jvmFlags, cpuQuota);
            Process process = launcher.start(spawned, tempWorkDir ? dir : null,
                    tempWorkDir ? StartFailure.keptLogsDir(config) : config.logsDir());
            started = true;
            return new EmbeddedCassandra(process, launcher, tempWorkDir, output);
        } finally {
            if (!started) {
                if (spawned[0] != null) {
                    Signals.kill(spawned[0]);
                }
                if (cpuQuota != null) {
                    String left = cpuQuota.release();
                    if (left != null) {
                        output.accept("Cassandra " + datacenter + " on " + address + ": " + left);
                    }
                }
                if (tempWorkDir) {
                    StartFailure.keepLogsAside(config);
                    TempDirs.delete(dir);
                }
            }
        }
    }
}
