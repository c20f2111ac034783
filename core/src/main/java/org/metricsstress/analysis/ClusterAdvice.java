package org.metricsstress.analysis;

import org.metricsstress.result.NodeTelemetry;

import org.metricsstress.result.Advice;
import org.metricsstress.result.StressResult;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Advice in the cluster's own names for what {@link ClusterDiagnosis} found: {@code cassandra.yaml}
 * settings spelled as the node itself spells them ({@code system_views.settings}: 4.0 and 5.0
 * differ), each with the node's current value and the model behind the new one; a node to look at;
 * or nodes to add. None of it is applied by a run ({@code tune} reports it).
 */
final class ClusterAdvice {
    /** Properties of this prefix are cassandra.yaml settings; the advice file writes them apart. */
    static final String YAML = Advice.CASSANDRA_YAML;

    private ClusterAdvice() {}

    /**
     * Adds the finding's advice; false when it has none of its own and the cluster's size is the
     * answer (too few nodes, or nothing singled out).
     */
    static boolean add(Map<String, Advice> out, StressResult r, ClusterDiagnosis.Finding f) {
        if (f == null || "too-few-nodes".equals(f.part())) {
            return false;
        }
        NodeTelemetry.Node node = node(r, f.nodes().get(0));
        String on = f.nodes().size() == 1 ? "node " + f.nodes().get(0) : "nodes " + String.join(", ", f.nodes());
        switch (f.part()) {
            case "sick-node" -> out.put("node " + hostOf(f.nodes().get(0)), new Advice("node " + hostOf(f.nodes().get(0)),
                    "look at it before adding nodes", "in the cluster", f.message(), "one node singled out among its "
                    + "peers: its own health (disk, GC, CPU, a process stopped), not the cluster's size; adding nodes "
                    + "would not fix it", null));
            case "mutation-stage" -> {
                long current = number(node, "concurrent_writes");
                int cores = node == null ? -1 : node.processors();
                long value = Math.max(current * 2, cores > 0 ? 8L * cores : 0);
                put(out, node, value, current, "the mutation stage's threads were all busy with writes queued on " + on,
                        String.format(Locale.ROOT, "at least twice the node's %d, and 8 per core (cassandra.yaml's own "
                                + "guidance for writes%s); when the node's CPU is already busy, more threads only queue: "
                                + "add nodes instead", current, cores > 0 ? ", " + cores + " cores" : ""),
                        "concurrent_writes");
            }
            case "native-transport" -> {
                long current = number(node, "native_transport_max_threads");
                put(out, node, current * 2, current, "requests queued at native transport on " + on,
                        "twice the node's native-transport threads: the requests waited for one", "native_transport_max_threads");
            }
            case "flushes" -> {
                long current = number(node, "memtable_flush_writers");
                put(out, node, current + 1, current, "memtable flushes queued or blocked writes on " + on,
                        "one flush writer more (cassandra.yaml: one per data directory, 2 to 8 on fast disks); flushes "
                                + "behind also mean the disk may be the limit: look at its write rate",
                        "memtable_flush_writers");
            }
            case "compaction" -> {
                String name = node == null ? "compaction_throughput"
                        : node.settingName("compaction_throughput", "compaction_throughput_mb_per_sec");
                String current = node == null ? null : node.setting(name);
                long mib = current == null ? 64 : number(node, name);
                String value = name.endsWith("_mb_per_sec") ? String.valueOf(mib * 2) : (mib * 2) + "MiB/s";
                out.put(YAML + name, new Advice(YAML + name, value, current, "the compaction backlog grew on " + on,
                        "twice the node's compaction throughput (0 removes the bound); with concurrent_compactors "
                                + "below the node's cores, one more compactor helps too", null));
            }
            case "gc" -> out.put("node heap", new Advice("node heap", "larger (MAX_HEAP_SIZE, conf/jvm*-server.options)",
                    null, "GC pauses took a large share of the time on " + on, "GC time over the stretch's time; a heap "
                            + "under memtables' and caches' pressure collects more often (cassandra.yaml's memtable_heap_space "
                            + "takes from the same heap)", null));
            case "hints" -> out.put("replicas", new Advice("replicas", "bring them back", null, "hints piled up on " + on
                    + ": a replica was down or behind", "hints a node keeps for another grow while that one cannot "
                    + "take its writes; max_hint_window bounds how long they are kept", null));
            default -> {
                return false;
            }
        }
        return true;
    }

    private static void put(Map<String, Advice> out, NodeTelemetry.Node node, long value, long current, String reason,
            String model, String... names) {
        String name = node == null ? names[0] : node.settingName(names);
        out.put(YAML + name, new Advice(YAML + name, String.valueOf(Math.max(value, current + 1)),
                current > 0 ? String.valueOf(current) : null, reason, model, null));
    }

    private static NodeTelemetry.Node node(StressResult r, String name) {
        if (r.nodeTelemetry() == null) {
            return null;
        }
        List<NodeTelemetry.Node> nodes = r.nodeTelemetry().nodes();
        return nodes.stream().filter(n -> n.node().equals(name)).findFirst().orElse(null);
    }

    /** A setting's number as the node writes it ("32", "64MiB/s"); 0 when not known. */
    private static long number(NodeTelemetry.Node node, String name) {
        String v = node == null ? null : node.setting(name);
        if (v == null) {
            return 0;
        }
        String digits = v.replaceAll("[^0-9].*$", "");
        return digits.isEmpty() ? 0 : Long.parseLong(digits);
    }

    private static String hostOf(String node) {
        int colon = node.lastIndexOf(':');
        return colon > 0 ? node.substring(0, colon) : node;
    }
}
