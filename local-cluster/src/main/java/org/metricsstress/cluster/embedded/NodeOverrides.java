package org.metricsstress.cluster.embedded;

import java.time.Duration;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.Parse;

/**
 * The nodes that run with settings of their own, as {@code --embedded-node} gives them:
 * {@code "127.0.0.2:num_tokens=64,heap=384M;127.0.0.3:commitlog=batch,cpu=40%"}, one node's address and
 * its settings per {@code ;}-separated part. Every other node keeps the cluster's.
 */
public record NodeOverrides(Map<String, NodeSettings> byAddress) {
    public static final NodeOverrides NONE = new NodeOverrides(Map.of());

    static final String OPTION = "--embedded-node";
    private static final String FORM = "ADDRESS:KEY=VALUE,..., e.g. 127.0.0.2:num_tokens=64,heap=384M";
    private static final String KEYS = "num_tokens, initial_token, heap, commitlog, concurrent_writes or cpu";
    private static final Pattern PERCENT = Pattern.compile("(\\d{1,5})%");

    public NodeOverrides {
        byAddress = Collections.unmodifiableMap(new LinkedHashMap<>(byAddress));
    }

    public static NodeOverrides parse(String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        Map<String, NodeSettings> nodes = new LinkedHashMap<>();
        for (String part : text.split(";", -1)) {
            String p = part.trim();
            int colon = p.indexOf(':');
            if (colon <= 0 || colon == p.length() - 1) {
                throw new ConfigException(OPTION + ": '" + p + "' is not " + FORM);
            }
            String address = p.substring(0, colon).trim();
            NodeSettings settings = settings(address, p.substring(colon + 1));
            if (nodes.putIfAbsent(address, settings) != null) {
                throw new ConfigException(OPTION + ": node " + address + " is given twice; give all its settings in one part");
            }
        }
        return new NodeOverrides(nodes);
    }

    private static NodeSettings settings(String address, String text) {
        NodeSettings s = NodeSettings.DEFAULT;
        Set<String> seen = new HashSet<>();
        for (String pair : text.split(",", -1)) {
            String kv = pair.trim();
            int eq = kv.indexOf('=');
            if (eq <= 0 || eq == kv.length() - 1) {
                throw new ConfigException(OPTION + ": '" + kv + "' for " + address + " is not KEY=VALUE; keys: " + KEYS);
            }
            String key = kv.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            String value = kv.substring(eq + 1).trim();
            if (!seen.add(key)) {
                throw new ConfigException(OPTION + ": " + key + " is given twice for " + address);
            }
            try {
                s = switch (key) {
                    case "num_tokens" -> s.withNumTokens(Parse.positiveInt(OPTION + " " + address + " num_tokens", value));
                    case "heap" -> s.withHeap(value);
                    case "commitlog" -> s.withCommitLog(commitLog(address, value));
                    case "concurrent_writes" -> s.withConcurrentWrites(concurrentWrites(address, value));
                    case "cpu" -> s.withCpuPercent(cpuPercent(address, value));
                    case "initial_token" -> s.withInitialToken(token(value));
                    default -> throw new ConfigException(OPTION + ": unknown setting '" + key + "' for " + address
                            + "; use " + KEYS);
                };
            } catch (IllegalArgumentException e) {
                throw new ConfigException(OPTION + ": " + address + ": " + e.getMessage());
            }
        }
        return s;
    }

    /** {@code batch}, or {@code group:WINDOW} (e.g. group:20ms); {@code periodic} is every node's already. */
    private static NodeSettings.CommitLog commitLog(String address, String value) {
        String v = value.toLowerCase(Locale.ROOT);
        if (v.equals("batch")) {
            return NodeSettings.CommitLog.batch();
        }
        if (v.startsWith("group:")) {
            Duration window = Parse.duration(OPTION + " " + address + " commitlog group window",
                    v.substring("group:".length()));
            if (window.isZero()) {
                throw new ConfigException(OPTION + ": " + address + ": the group window must be 1 ms or more, e.g. group:20ms");
            }
            return NodeSettings.CommitLog.group(window);
        }
        throw new ConfigException(OPTION + ": " + address + ": commitlog '" + value + "' is not batch or group:WINDOW"
                + " (e.g. group:20ms); both make every write wait for an fsync");
    }

    /** {@code N%}: a share of one core, as a pod's CPU limit of {@code N/100} CPU. */
    private static int cpuPercent(String address, String value) {
        Matcher m = PERCENT.matcher(value);
        if (!m.matches()) {
            throw new ConfigException(OPTION + ": " + address + ": cpu '" + value + "' is not a percentage of one core;"
                    + " use 1% to " + NodeSettings.MAX_CPU_PERCENT + "%, e.g. cpu=40%");
        }
        return Integer.parseInt(m.group(1));
    }

    /** Whether a node is held to a CPU quota, which this machine's cgroups must allow. */
    public boolean capsCpu() {
        return byAddress.values().stream().anyMatch(s -> s.cpuPercent() != null);
    }

    /** Checks every address is a node of {@code layout}. */
    public NodeOverrides checkedAgainst(ClusterLayout layout) {
        for (String address : byAddress.keySet()) {
            if (layout.members().stream().noneMatch(m -> m.address().equals(address))) {
                throw new ConfigException(OPTION + ": '" + address + "' is not a node address of --embedded-nodes "
                        + layout + " (its nodes: " + layout.members().get(0).address()
                        + (layout.size() > 1 ? " to " + layout.members().get(layout.size() - 1).address() : "") + ")");
            }
        }
        return this;
    }

    /** The settings of the node at {@code address}: its own, else the cluster's. */
    public NodeSettings of(String address) {
        return byAddress.getOrDefault(address, NodeSettings.DEFAULT);
    }

    public boolean isEmpty() {
        return byAddress.isEmpty();
    }

    /** A Murmur3 token: any long, as {@code nodetool ring} prints it. */
    private static long token(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("initial_token '" + value + "' is not a Murmur3 token (a whole number from "
                    + Long.MIN_VALUE + " to " + Long.MAX_VALUE + ")");
        }
    }

    /** Cassandra 5.0 refuses a cassandra.yaml concurrent_writes below 2 at start ("must be at least 2"). */
    private static int concurrentWrites(String address, String value) {
        int n = Parse.positiveInt(OPTION + " " + address + " concurrent_writes", value);
        if (n < 2) {
            throw new IllegalArgumentException("concurrent_writes " + n + " is below 2, which Cassandra refuses in "
                    + "cassandra.yaml (a running node takes 1 over JMX, as nodetool setconcurrency does)");
        }
        return n;
    }
}
