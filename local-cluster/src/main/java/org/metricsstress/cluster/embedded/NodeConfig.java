package org.metricsstress.cluster.embedded;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.metricsstress.cluster.ClusterLayout;

/**
 * Everything one node needs, resolved to concrete values (no "pick a port later" left), and the
 * files and command line rendered from it. Pure: writes nothing, starts nothing.
 */
final class NodeConfig {

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern HEAP = Pattern.compile("\\d+[kKmMgG]?");
    private static final Pattern SEEDS = Pattern.compile("[A-Za-z0-9_.:,\\[\\] -]+");

    /**
     * From apache/cassandra conf/jvm17-server.options (JPMS section): Cassandra reaches into
     * JDK internals (off-heap memory, JMX, the attach API, the SecurityManager) and fails at
     * start without these. Valid on JDK 11 too, where unknown packages only warn.
     */
    static final List<String> JPMS_FLAGS = List.of(
            "-Djdk.attach.allowAttachSelf=true",
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports", "java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
            "--add-exports", "java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports", "java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-exports", "java.sql/java.sql=ALL-UNNAMED",
            "--add-exports", "java.base/java.lang.ref=ALL-UNNAMED",
            "--add-exports", "jdk.unsupported/sun.misc=ALL-UNNAMED",
            "--add-exports", "jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
            "--add-exports", "jdk.attach/sun.tools.attach=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.module=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.loader=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.reflect=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.math=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.module=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.util.jar=ALL-UNNAMED",
            "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens", "java.base/java.io=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens", "jdk.compiler/com.sun.tools.javac=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-opens", "java.base/java.util=ALL-UNNAMED");

    /**
     * Cassandra's gossiper drops a peer that has no tokens yet (one still starting) once it has
     * not heard from it for half the quarantine delay, which defaults to twice the ring delay: with
     * the 1 s ring delay below, for 1 s, one gossip round. On busy cores two nodes starting
     * together then drop each other, each also from its seeds ("Seeds list is now empty!"), and
     * never gossip again: two one-node rings. Cassandra's own default (60 s, so 30 s of silence)
     * restores the margin and leaves the start fast; it only delays the return of a node removed
     * from the ring, which the harness never does.
     */
    static final String KEEP_STARTING_PEERS = "-Dcassandra.gossip_quarantine_delay_ms=60000";

    /**
     * A node that has heard of a peer waits at start for that peer's schema, 30 s by default, and
     * exits with "Could not achieve schema readiness" past it. Two nodes starting together on a
     * loaded 2-core machine can miss that: a clean-clone CI run saw a node paused for 43 s (its
     * failure detector's "local pause") then give up on its peer's schema. A minute and a half
     * keeps the wait inside the harness's own start bound (120 s by default).
     */
    static final String WAIT_FOR_PEER_SCHEMA = "-Dcassandra.schema_delay_ms=90000";

    /**
     * Shorten a first boot from ~35 s to a few: no 30 s ring delay, no wait for gossip to settle
     * (a throwaway node has nobody to settle with), and no fsync of the system tables or
     * commit log (the data dies with the node anyway). Shorten the stop as well.
     */
    private static final List<String> FAST_START_FLAGS = List.of(
            "-Dcassandra.ring_delay_ms=1000",
            KEEP_STARTING_PEERS,
            WAIT_FOR_PEER_SCHEMA,
            "-Dcassandra.skip_wait_for_gossip_to_settle=0",
            "-Dcassandra.unsafesystem=true",
            "-Dcassandra.test.ignore_sigar=true",
            // The shutdown announcement is still sent; on loopback it arrives in far less than
            // the default 2 s the node sleeps after sending it.
            "-Dcassandra.shutdown_announce_in_ms=200");

    /**
     * No fsync of the commit log (nor of sstables): a node's writes never wait for its disk. Left
     * off a node whose commit log must sync ({@link NodeSettings.CommitLog#syncs()}).
     */
    static final String SKIP_SYNC = "-Dcassandra.skip_sync=true";

    static final String MAIN_CLASS = "org.apache.cassandra.service.CassandraDaemon";

    final String clusterName;
    final String address;
    final int nativePort;
    final int storagePort;
    final int jmxPort;
    final String seeds;
    final String datacenter;
    final String rack;
    final String heap;
    final Path workDir;
    final ClientSecurity security;
    final Relayed relayed;
    /** What this node runs with where it differs from its peers ({@code --embedded-node}). */
    final NodeSettings settings;

    /**
     * Addresses the node gives out in place of its own, where a delay relay stands in front of it
     * ({@code --embedded-latency}): {@code storage} its broadcast address for other nodes, {@code
     * nativeTransport} its broadcast RPC address for clients (null: its own). Nodes of its DC reach
     * it directly (prefer_local), the others through the relay.
     */
    record Relayed(String storage, String nativeTransport) {
        static final Relayed NONE = new Relayed(null, null);

        Relayed {
            storage = storage == null ? null : requireLoopback(storage);
            nativeTransport = nativeTransport == null ? null : requireLoopback(nativeTransport);
        }
    }

    /**
     * How clients must reach the node: password authentication (the default superuser
     * cassandra/cassandra, created at start) and client-to-node TLS with a keystore.
     */
    record ClientSecurity(boolean passwordAuth, Path keystore, String keystorePassword, Path clientTruststore,
            String clientTruststorePassword) {
        static final ClientSecurity NONE = new ClientSecurity(false, null, null, null, null);
    }

    NodeConfig(String clusterName, String address, int nativePort, int storagePort, int jmxPort, String seeds,
               String datacenter, String rack, String heap, Path workDir) {
        this(clusterName, address, nativePort, storagePort, jmxPort, seeds, datacenter, rack, heap, workDir,
                ClientSecurity.NONE, Relayed.NONE);
    }

    NodeConfig(String clusterName, String address, int nativePort, int storagePort, int jmxPort, String seeds,
               String datacenter, String rack, String heap, Path workDir, ClientSecurity security, Relayed relayed) {
        this(clusterName, address, nativePort, storagePort, jmxPort, seeds, datacenter, rack, heap, workDir, security,
                relayed, NodeSettings.DEFAULT);
    }

    NodeConfig(String clusterName, String address, int nativePort, int storagePort, int jmxPort, String seeds,
               String datacenter, String rack, String heap, Path workDir, ClientSecurity security, Relayed relayed,
               NodeSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.security = security;
        this.relayed = relayed;
        this.clusterName = requireClusterName(clusterName);
        this.address = requireLoopback(address);
        this.nativePort = requirePort(nativePort, "native port", false);
        this.storagePort = requirePort(storagePort, "storage port", false);
        this.jmxPort = requirePort(jmxPort, "JMX port", false);
        this.seeds = requireSeeds(seeds);
        this.datacenter = ClusterLayout.requireName(datacenter, "datacenter");
        this.rack = ClusterLayout.requireName(rack, "rack");
        this.heap = requireHeap(settings.heap() != null ? settings.heap() : heap);
        this.workDir = workDir.toAbsolutePath().normalize();
    }

    // ---- validation, shared with the builder so mistakes surface where they are made ----

    /**
     * Nodes bind only loopback addresses: a harness must never expose a throwaway node with
     * authentication off on a real network interface.
     */
    static String requireLoopback(String ip) {
        Objects.requireNonNull(ip, "address");
        var m = IPV4.matcher(ip.trim());
        boolean ok = m.matches();
        for (int i = 1; ok && i <= 4; i++) {
            ok = Integer.parseInt(m.group(i)) <= 255;
        }
        if (!ok || Integer.parseInt(m.group(1)) != 127) {
            throw new IllegalArgumentException("address '" + ip + "' is not allowed for a local Cassandra node;"
                    + " use an IPv4 loopback address 127.x.x.x such as 127.0.0.1 or 127.0.0.2");
        }
        return ip.trim();
    }

    static int requirePort(int port, String what, boolean zeroAllowed) {
        if (port < (zeroAllowed ? 0 : 1) || port > 65535) {
            throw new IllegalArgumentException(what + " " + port + " is out of range; use 1-65535"
                    + (zeroAllowed ? ", or 0 to pick a free one" : ""));
        }
        return port;
    }

    static String requireHeap(String heap) {
        if (heap == null || !HEAP.matcher(heap.trim()).matches()) {
            throw new IllegalArgumentException("heap size '" + heap + "' is not a JVM size; use e.g. 512m, 1G or 2G");
        }
        return heap.trim();
    }

    /** A size {@link #requireHeap} accepted, in bytes (no suffix: bytes, as the JVM reads it). */
    static long heapBytes(String heap) {
        String h = heap.trim();
        char unit = Character.toLowerCase(h.charAt(h.length() - 1));
        long shift = switch (unit) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            default -> 0;
        };
        String digits = shift == 0 ? h : h.substring(0, h.length() - 1);
        try {
            return Math.multiplyExact(Long.parseLong(digits), 1L << shift);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("heap size '" + heap + "' is too large");
        }
    }

    static String requireClusterName(String name) {
        if (name == null || name.isBlank() || name.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new IllegalArgumentException("cluster name '" + name + "' is not allowed; use a non-empty single line");
        }
        return name;
    }

    static String requireSeeds(String seeds) {
        if (seeds == null || seeds.isBlank() || !SEEDS.matcher(seeds).matches()) {
            throw new IllegalArgumentException("seeds '" + seeds + "' is not a seed list;"
                    + " use comma-separated address:port pairs, e.g. 127.0.0.1:7000");
        }
        return seeds.trim();
    }

    /** An IPv4 literal as an address; no name service is consulted. */
    static InetAddress inet(String ip) {
        try {
            return InetAddress.getByName(ip);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("address '" + ip + "' is not an IP address", e);
        }
    }

    /** Where clients connect: the node's address and native transport port. */
    InetSocketAddress cqlAddress() {
        return new InetSocketAddress(inet(address), nativePort);
    }

    // ---- layout under the work directory ----

    Path confDir() {
        return workDir.resolve("conf");
    }

    Path yamlFile() {
        return confDir().resolve("cassandra.yaml");
    }

    Path rackDcFile() {
        return confDir().resolve("cassandra-rackdc.properties");
    }

    Path logbackFile() {
        return confDir().resolve("logback.xml");
    }

    Path dataDir() {
        return workDir.resolve("data");
    }

    Path logsDir() {
        return workDir.resolve("logs");
    }

    Path triggersDir() {
        return workDir.resolve("triggers");
    }

    Path tmpDir() {
        return workDir.resolve("tmp");
    }

    Path consoleLog() {
        return logsDir().resolve("console.log");
    }

    Path systemLog() {
        return logsDir().resolve("system.log");
    }

    List<Path> directoriesToCreate() {
        return List.of(confDir(), dataDir(), logsDir(), triggersDir(), tmpDir());
    }

    // ---- rendered files ----

    String renderYaml() {
        Path data = dataDir();
        StringBuilder y = new StringBuilder(2048);
        y.append("# Written by metrics-stress for a throwaway local node; rewritten at every start.\n");
        y.append("cluster_name: ").append(yamlQuote(clusterName)).append('\n');
        // A node with more tokens than its peers owns more of the ring (a hot node), allocation
        // algorithm and all: 64 tokens beside 16 owned 0.818 of a two-node ring (a trial).
        y.append("num_tokens: ").append(settings.numTokensOrDefault()).append('\n');
        if (settings.initialToken() != null) {
            y.append("initial_token: ").append(settings.initialToken()).append('\n');
        }
        y.append("allocate_tokens_for_local_replication_factor: 1\n");
        y.append("partitioner: org.apache.cassandra.dht.Murmur3Partitioner\n");
        y.append("authenticator:\n  class_name: org.apache.cassandra.auth.")
                .append(security.passwordAuth() ? "PasswordAuthenticator" : "AllowAllAuthenticator").append('\n');
        y.append("authorizer:\n  class_name: org.apache.cassandra.auth.AllowAllAuthorizer\n");
        y.append("data_file_directories:\n  - ").append(yamlQuote(data.resolve("data").toString())).append('\n');
        y.append("commitlog_directory: ").append(yamlQuote(data.resolve("commitlog").toString())).append('\n');
        y.append("saved_caches_directory: ").append(yamlQuote(data.resolve("saved_caches").toString())).append('\n');
        y.append("hints_directory: ").append(yamlQuote(data.resolve("hints").toString())).append('\n');
        y.append("cdc_raw_directory: ").append(yamlQuote(data.resolve("cdc_raw").toString())).append('\n');
        NodeSettings.CommitLog commitLog = settings.commitLogOrDefault();
        // Cassandra 5.0 refuses a sync period beside batch or group sync.
        switch (commitLog.sync()) {
            case PERIODIC -> y.append("commitlog_sync: periodic\ncommitlog_sync_period: 10000ms\n");
            case BATCH -> y.append("commitlog_sync: batch\n");
            case GROUP -> y.append("commitlog_sync: group\ncommitlog_sync_group_window: ")
                    .append(commitLog.groupWindow().toMillis()).append("ms\n");
        }
        // Small segments and memtables: the node shares a developer's machine with the harness.
        y.append("commitlog_segment_size: 8MiB\n");
        y.append("memtable_heap_space: 128MiB\n");
        y.append("memtable_offheap_space: 128MiB\n");
        y.append("concurrent_compactors: 1\n");
        if (settings.concurrentWrites() != null) {
            y.append("concurrent_writes: ").append(settings.concurrentWrites()).append('\n');
        }
        y.append("seed_provider:\n");
        y.append("  - class_name: org.apache.cassandra.locator.SimpleSeedProvider\n");
        y.append("    parameters:\n");
        y.append("      - seeds: ").append(yamlQuote(seeds)).append('\n');
        y.append("listen_address: ").append(address).append('\n');
        y.append("rpc_address: ").append(address).append('\n');
        if (relayed.storage() != null) {
            y.append("broadcast_address: ").append(relayed.storage()).append('\n');
        }
        if (relayed.nativeTransport() != null) {
            y.append("broadcast_rpc_address: ").append(relayed.nativeTransport()).append('\n');
        }
        y.append("storage_port: ").append(storagePort).append('\n');
        y.append("start_native_transport: true\n");
        if (security.keystore() != null) {
            // TLS only: a client without it is refused, as on a cluster that requires encryption.
            y.append("client_encryption_options:\n");
            y.append("  enabled: true\n");
            y.append("  optional: false\n");
            y.append("  keystore: ").append(yamlQuote(security.keystore().toString())).append('\n');
            y.append("  keystore_password: ").append(yamlQuote(security.keystorePassword())).append('\n');
            if (security.clientTruststore() != null) {
                // Mutual TLS: a client must show a certificate this truststore holds.
                y.append("  require_client_auth: true\n");
                y.append("  truststore: ").append(yamlQuote(security.clientTruststore().toString())).append('\n');
                y.append("  truststore_password: ").append(yamlQuote(security.clientTruststorePassword())).append('\n');
            } else {
                y.append("  require_client_auth: false\n");
            }
        }
        y.append("native_transport_port: ").append(nativePort).append('\n');
        // dc and rack come from cassandra-rackdc.properties, so one node per DC works on one host.
        y.append("endpoint_snitch: GossipingPropertyFileSnitch\n");
        // No 4.x nodes will ever join; NONE lets 5.0 use its own formats from the start.
        y.append("storage_compatibility_mode: NONE\n");
        return y.toString();
    }

    String renderRackDc() {
        // prefer_local: peers of the same DC reconnect to the listen address, past the delay relay.
        return "dc=" + datacenter + "\nrack=" + rack + "\n" + (relayed.storage() != null ? "prefer_local=true\n" : "");
    }

    /**
     * Cassandra logs a lot at INFO/DEBUG; a harness user wants only trouble, and not on the
     * console they are reading results from. The gossiper's INFO lines are few (a peer joined, up,
     * down, dropped) and are what tells why a ring did not form.
     */
    String renderLogback() {
        return "<configuration>\n"
                + "  <appender name=\"FILE\" class=\"ch.qos.logback.core.FileAppender\">\n"
                + "    <file>" + xmlEscape(systemLog().toString()) + "</file>\n"
                + "    <encoder>\n"
                + "      <pattern>%d{ISO8601} %-5level [%thread] %logger{36} - %msg%n</pattern>\n"
                + "    </encoder>\n"
                + "  </appender>\n"
                + "  <logger name=\"org.apache.cassandra.gms.Gossiper\" level=\"INFO\"/>\n"
                + "  <root level=\"WARN\">\n"
                + "    <appender-ref ref=\"FILE\"/>\n"
                + "  </root>\n"
                + "</configuration>\n";
    }

    /**
     * The full child command line: {@code <javaHome>/bin/java <flags> <extraFlags> CassandraDaemon};
     * the extra flags come last so that they override ours.
     */
    List<String> command(Path javaHome, Path libDir, Path jammJar, List<String> extraFlags) {
        List<String> cmd = new ArrayList<>(96);
        cmd.add(javaHome.resolve("bin").resolve("java").toString());
        cmd.add("-Xms256m");
        cmd.add("-Xmx" + heap);
        cmd.add("-Xss256k");
        cmd.add("-XX:+UseG1GC");
        cmd.add("-XX:MaxGCPauseMillis=300");
        // Die loudly rather than limp on as a half-dead node the harness keeps writing to.
        cmd.add("-XX:+ExitOnOutOfMemoryError");
        // No hsperfdata file in /tmp: nothing outlives a killed node.
        cmd.add("-XX:+PerfDisableSharedMem");
        cmd.add("-XX:+UseThreadPriorities");
        // Cassandra's own invariants are asserted at runtime; its start scripts enable them too.
        cmd.add("-ea");
        cmd.add("-da:net.openhft...");
        cmd.add("-Djava.net.preferIPv4Stack=true");
        cmd.addAll(JPMS_FLAGS);
        cmd.add("-Dio.netty.tryReflectionSetAccessible=true");
        cmd.add("-Dio.netty.allocator.useCacheForAllThreads=true");
        cmd.add("-Dio.netty.allocator.maxOrder=11");
        cmd.add("-javaagent:" + jammJar);
        cmd.addAll(FAST_START_FLAGS);
        if (!settings.commitLogOrDefault().syncs()) {
            cmd.add(SKIP_SYNC);
        }
        if (security.passwordAuth()) {
            // The default superuser is otherwise created 10 s after start.
            cmd.add("-Dcassandra.superuser_setup_delay_ms=0");
        }
        cmd.add("-Dcassandra-foreground=yes");
        cmd.add("-Dcassandra.config=" + yamlFile().toUri());
        cmd.add("-Dcassandra-rackdc.properties=" + rackDcFile().toUri());
        cmd.add("-Dcassandra.storagedir=" + dataDir());
        cmd.add("-Dcassandra.logdir=" + logsDir());
        cmd.add("-Dcassandra.triggers_dir=" + triggersDir());
        cmd.add("-Dlogback.configurationFile=" + logbackFile());
        // Local-only JMX on a port of our choosing: the default 7199 may belong to a real node.
        cmd.add("-Dcassandra.jmx.local.port=" + jmxPort);
        // As cassandra-env.sh does: RMI shares the JMX port instead of taking a random second one.
        cmd.add("-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort);
        // Native libraries unpacked by Netty/JNA land here and vanish with the work directory.
        cmd.add("-Djava.io.tmpdir=" + tmpDir());
        cmd.addAll(extraFlags);
        cmd.add("-cp");
        cmd.add(libDir.toAbsolutePath().normalize().resolve("*").toString());
        cmd.add(MAIN_CLASS);
        return cmd;
    }

    static String yamlQuote(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    private static String xmlEscape(String value) {
        return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
