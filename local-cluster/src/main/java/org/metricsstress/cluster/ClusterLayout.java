package org.metricsstress.cluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.LocalClusterOptionDefs;

/**
 * The shape of a local cluster, as {@code --embedded-nodes dc1:2,dc2:1} gives it: data centres in
 * order, with their node counts. Nodes take 127.0.0.1, 127.0.0.2, ... in that order.
 */
public record ClusterLayout(Map<String, Integer> nodesPerDc) {
    /** Nodes of one machine's loopback cluster at most: each is a JVM of its own. */
    public static final int MAX_NODES = 9;
    /** A data centre's replication factor at most, however many nodes it has. */
    public static final int MAX_RF = 3;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+");

    /** What --embedded starts unless --embedded-nodes says otherwise: the option table's default. */
    public static final ClusterLayout SINGLE = parse(LocalClusterOptionDefs.EMBEDDED_NODES.defaultValue());

    /** A local node's maximum heap unless --embedded-heap says otherwise: the option table's default. */
    public static final String DEFAULT_HEAP = LocalClusterOptionDefs.EMBEDDED_HEAP.defaultValue();

    public ClusterLayout {
        nodesPerDc = Collections.unmodifiableMap(new LinkedHashMap<>(nodesPerDc));
    }

    /** One node in place of a layout, or a one-line reason a user can act on. */
    public static ClusterLayout parse(String text) {
        if (text == null || text.isBlank()) {
            throw new ConfigException("--embedded-nodes: empty; give DC:NODES pairs, e.g. dc1:1,dc2:1");
        }
        Map<String, Integer> dcs = new LinkedHashMap<>();
        int total = 0;
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            int colon = p.indexOf(':');
            if (colon <= 0 || colon == p.length() - 1) {
                throw new ConfigException("--embedded-nodes: '" + p + "' is not DC:NODES, e.g. dc2:1");
            }
            String dc = p.substring(0, colon).trim();
            try {
                requireName(dc, "datacenter");
            } catch (IllegalArgumentException e) {
                throw new ConfigException("--embedded-nodes: " + e.getMessage());
            }
            int n;
            try {
                n = Integer.parseInt(p.substring(colon + 1).trim());
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n < 1) {
                throw new ConfigException("--embedded-nodes: '" + p + "' needs a node count of 1 or more");
            }
            if (dcs.putIfAbsent(dc, n) != null) {
                throw new ConfigException("--embedded-nodes: data centre '" + dc + "' is given twice");
            }
            total += n;
        }
        if (total > MAX_NODES) {
            throw new ConfigException("--embedded-nodes: " + total + " nodes; at most " + MAX_NODES
                    + " run on one machine (each is a JVM with its own heap)");
        }
        return new ClusterLayout(dcs);
    }

    /**
     * A data centre or rack name; names end up in a properties file and in yaml, unquoted, so they
     * keep to safe characters.
     */
    public static String requireName(String name, String what) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(what + " name '" + name + "' is not allowed;"
                    + " use letters, digits, '_', '.' or '-', e.g. dc1");
        }
        return name;
    }

    public int size() {
        return nodesPerDc.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The first data centre: the one the client calls local unless told otherwise. */
    public String firstDc() {
        return nodesPerDc.keySet().iterator().next();
    }

    /** Every node in start order: its DC and its address (127.0.0.1 first). */
    public List<Member> members() {
        List<Member> out = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, Integer> e : nodesPerDc.entrySet()) {
            for (int k = 0; k < e.getValue(); k++) {
                i++;
                out.add(new Member(e.getKey(), "127.0.0." + i));
            }
        }
        return out;
    }

    /** The default replication: every DC at RF = its node count, capped at {@link #MAX_RF}. */
    public String replication() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Integer> e : nodesPerDc.entrySet()) {
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(e.getKey()).append(':').append(Math.min(MAX_RF, e.getValue()));
        }
        return b.toString();
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        nodesPerDc.forEach((dc, n) -> b.append(b.length() > 0 ? "," : "").append(dc).append(':').append(n));
        return b.toString();
    }

    /** One node of the layout. */
    public record Member(String dc, String address) {}
}
