package org.metricsstress.config;

import static org.metricsstress.config.OptionDef.Section.LOCAL_CLUSTER;
import static org.metricsstress.config.ValueType.FLAG;
import static org.metricsstress.config.ValueType.PATH;
import static org.metricsstress.config.ValueType.TEXT;

import java.nio.file.Path;

/**
 * What {@code --embedded} starts: the local cluster's options, read by the jar's launcher
 * (cli {@code LocalClusterOptions}, command-line {@code ToolCommandLine}) and by local-cluster's
 * {@code ClusterLayout} for its defaults. Karaf offers none of them but {@code --embedded}, which it refuses.
 *
 * <p>Declared here, in {@code config}, because the option table ({@link StressOptions#table()}) lists
 * them and the table is at the bottom of the layering; see {@link StressOptions} for why.
 */
public final class LocalClusterOptionDefs {
    public static final Option<Boolean> EMBEDDED =
            Option.own("--embedded", null, "start a throwaway local Cassandra node (child JVM) and stress it",
                    LOCAL_CLUSTER, FLAG, false, null);
    public static final Option<Path> CASSANDRA_JAVA_HOME =
            Option.own("--cassandra-java-home", "DIR", "JDK 11 or 17 for the embedded node (env: CASSANDRA_JAVA_HOME)",
                    LOCAL_CLUSTER, PATH, null, "this JVM if 11/17, else one found under /usr/lib/jvm");
    public static final Option<String> EMBEDDED_HEAP =
            Option.own("--embedded-heap", "SIZE", "maximum heap of the embedded node, e.g. 512M, 2G",
                    LOCAL_CLUSTER, TEXT, "1G", null);
    public static final Option<String> EMBEDDED_NODES =
            Option.own("--embedded-nodes", "DC:N,...", "the embedded cluster: nodes per data centre, on 127.0.0.1, "
                    + "127.0.0.2, ...; the keyspace is replicated to every DC at RF = its nodes (at most 3) unless "
                    + "--replication says otherwise", LOCAL_CLUSTER, TEXT, "dc1:1", null);
    public static final Option<String> EMBEDDED_FAULT =
            Option.own("--embedded-fault", "PLAN", "act on embedded nodes during the run, e.g. \"kill dc2 at 30s, "
                    + "restart dc2 at 90s\"; actions kill (SIGKILL), pause (SIGSTOP), resume, restart, and with "
                    + "--embedded-image partition (off the network) and heal; \"stall 127.0.0.3 1.8s every 2s from 10s "
                    + "until 50s\" stops a target 1.8 s of every 2 s (without until, to the run's end); \"cpu 127.0.0.2 25% "
                    + "from 10s until 50s\" holds each node of a target to 25% of one core (a cgroup of this machine; "
                    + "child JVMs); a target is a DC or a node address; times from the start of generation",
                    LOCAL_CLUSTER, TEXT, null, "none");
    public static final Option<String> EMBEDDED_NODE =
            Option.own("--embedded-node", "ADDR:KEY=VALUE,...", "settings of one embedded node of its own, nodes "
                    + "apart by ';', e.g. \"127.0.0.2:num_tokens=64,heap=384M;127.0.0.3:commitlog=batch\": num_tokens "
                    + "(more than its peers' 16: a hot node), initial_token (the node's one token on the ring, in place "
                    + "of the 16 it picks: an even ring), heap (at least 256M: GC pressure), commitlog=batch or "
                    + "group:WINDOW (every write waits for an fsync: a slow commit log), concurrent_writes (a narrowed "
                    + "mutation stage), cpu=N% (1% to 100% of one core from its start, a cgroup of this machine: a pod's "
                    + "small CPU limit); child JVMs only", LOCAL_CLUSTER, TEXT, null, "the cluster's for every node");
    public static final Option<Boolean> EMBEDDED_AUTH =
            Option.own("--embedded-auth", null, "start the embedded nodes with password authentication; the run "
                    + "logs in as the default superuser unless --username is given", LOCAL_CLUSTER, FLAG, false, null);
    public static final Option<Boolean> EMBEDDED_TLS =
            Option.own("--embedded-tls", null, "start the embedded nodes with client-to-node TLS only, with a "
                    + "throwaway self-signed certificate the run trusts (unless --truststore is given)",
                    LOCAL_CLUSTER, FLAG, false, null);
    public static final Option<String> EMBEDDED_LATENCY =
            Option.own("--embedded-latency", "PAIRS", "how far apart the embedded DCs are, one way, e.g. "
                    + "\"dc1-dc2=2ms,dc1-dc3=3ms~0.5ms,dc2-*=1ms\" (~ a jitter, * every other DC): nodes talk across DCs "
                    + "through delay relays of this process (user space, prefer_local within a DC), and so does the "
                    + "client to a remote DC (--freshness-dc); child JVMs only", LOCAL_CLUSTER, TEXT, null, "0 ms, no relays");
    public static final Option<String> EMBEDDED_IMAGE =
            Option.own("--embedded-image", "IMAGE", "start the embedded nodes as containers of this image through a "
                    + "Docker engine (Testcontainers) instead of child JVMs, e.g. cassandra:5.0 or scylladb/scylla:6.2; "
                    + "with --embedded-fault, partition and heal a DC too", LOCAL_CLUSTER, TEXT, null, "child JVMs");

    public static final Option<String> EMBEDDED_TSDB =
            Option.own("--embedded-tsdb", "prometheus|victoriametrics", "--writer tss: start a throwaway local "
                    + "remote-write receiver from this machine's binary (Debian's prometheus or victoria-metrics "
                    + "package) on 127.0.0.1 and a free port, and write to it", LOCAL_CLUSTER, TEXT, null, "none");

    private LocalClusterOptionDefs() {}
}
