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
 * differ), each with the node's current value and the model of measured figures behind the new one;
 * a node to look at; or nodes to add. A thread pool is never advised where the CPU was seen busy
 * (more threads only queue there), nor a value at or below the current one; a current value not read
 * is said so. None of it is applied by a run ({@code tune} reports it).
 */
final class ClusterAdvice {
    /** Properties of this prefix are cassandra.yaml settings; the advice file writes them apart. */
    static final String YAML = Advice.CASSANDRA_YAML;
    /** cassandra.yaml's rule of thumb for concurrent_writes: writes are almost never I/O bound, so 8 per core. */
    static final int WRITES_PER_CORE = 8;

    private ClusterAdvice() {}

    /**
     * Adds the finding's advice; false when it has none of its own and the cluster's size is the
     * answer (too few nodes, or nothing singled out).
     */
    static boolean add(Map<String, Advice> out, StressResult r, ClusterDiagnosis.Finding f) {
        if (f == null || "too-few-nodes".equals(f.part())) {
            return false;
        }
        String first = f.nodes().get(0);
        NodeTelemetry.Node node = node(r, first);
        NodeLoad load = f.loads().stream().filter(l -> l.node().equals(first)).findFirst().orElse(null);
        String on = f.nodes().size() == 1 ? "node " + first : "nodes " + String.join(", ", f.nodes());
        String busy = cpuSeenBusy(r, f);
        switch (f.part()) {
            case "sick-node" -> look(out, first, f.message(), "one node singled out among its peers: its own health "
                    + "(disk, GC, CPU, a process stopped), not the cluster's size; adding nodes would not fix it");
            case "hints" -> look(out, first, f.message(), "the node the hints are for did not take its writes: bring "
                    + "it back (or replace it) within max_hint_window, or its replicas need a repair; adding nodes would "
                    + "not fix it");
            case "cpu" -> look(out, first, f.message(), f.message().contains("hot,")
                    ? "its CPU bounds the writes of the ranges it owns: even out the token ownership (num_tokens alike on "
                            + "every node, allocate_tokens_for_local_replication_factor) or give it more cores"
                    : "its CPU is short while its peers' is not: its quota, its neighbours or work of its own (a repair, "
                            + "a compaction) before more nodes");
            case "machine-cpu" -> out.put("machine", new Advice("machine", "the nodes and this client on machines of "
                    + "their own", null, f.message(), "the utilisation law on the one CPU they share: no setting of "
                    + "either raises a bound that is the machine's cores", null));
            case "gc" -> out.put("node heap", new Advice("node heap", "larger (MAX_HEAP_SIZE, conf/jvm*-server.options)",
                    null, "GC pauses took a large share of the time on " + on, "GC time over the stretch's time; a heap "
                            + "under memtables' and caches' pressure collects more often (cassandra.yaml's memtable_heap_space "
                            + "takes from the same heap)", null));
            case "commit-log" -> {
                String sync = node == null ? null : node.setting("commitlog_sync");
                out.put(YAML + "commitlog_directory", new Advice(YAML + "commitlog_directory", "a disk of its own, "
                        + "fast to sync", null, "writes waited on the commit log on " + on + " (commitlog_sync "
                        + (sync == null ? "not read" : sync) + ")", "a full mutation stage whose threads wait on the "
                        + "commit log's syncs while the CPU has room: Little's law, each write holds a thread for its "
                        + "sync; cassandra.yaml: the commit log on its own disk from the data", null));
                if ("batch".equals(sync) || "group".equals(sync)) {
                    out.put(YAML + "commitlog_sync", new Advice(YAML + "commitlog_sync", "periodic", sync, "every write "
                            + "on " + on + " waited for a sync of the commit log (commitlog_sync " + sync + ")",
                            "cassandra.yaml: batch and group acknowledge a write only once the log is synced, periodic "
                                    + "before it (losing at most commitlog_sync_period of writes on a crash): the "
                                    + "durability this buys is the operator's choice, its cost is these waits", null));
                }
            }
            case "mutation-stage" -> {
                if (busy != null) {
                    return noPool(out, f, busy);
                }
                // The stage's live limit is concurrent_writes as it runs (a setconcurrency after the start
                // changes it, not the settings read then).
                long current = load != null && load.mutationLimit() > 0 ? load.mutationLimit()
                        : number(node, "concurrent_writes");
                int cores = node == null ? -1 : node.processors();
                long inStage = load == null ? 0 : load.mutationLimit() + load.mutationPending();
                long cap = cores > 0 ? (long) WRITES_PER_CORE * cores : Long.MAX_VALUE;
                long value = Math.min(inStage, cap);
                put(out, node, value, current, "the mutation stage's threads were all busy with writes queued on " + on,
                        String.format(Locale.ROOT, "Little's law: the writes the stage held at once (%,d threads + %,d "
                                + "queued at the deepest reading), at most 8 per core (cassandra.yaml: writes are "
                                + "almost never I/O bound%s)%s", load == null ? 0 : load.mutationLimit(),
                                load == null ? 0 : load.mutationPending(), cores > 0 ? ", " + cores + " cores" : "",
                                cpuNote(load)), "concurrent_writes");
            }
            case "native-transport" -> {
                if (busy != null) {
                    return noPool(out, f, busy);
                }
                long current = number(node, "native_transport_max_threads");
                long value = load == null ? 0 : current + load.transportPending();
                put(out, node, value, current, "requests queued at native transport on " + on,
                        "Little's law: the requests it held at once (its threads + the deepest queue seen)"
                                + cpuNote(load), "native_transport_max_threads");
            }
            case "flushes" -> {
                if (busy != null) {
                    return noPool(out, f, busy);
                }
                long current = number(node, "memtable_flush_writers");
                put(out, node, current > 0 ? current + 1 : 0, current, "memtable flushes queued or blocked writes on "
                        + on, "one flush writer more; cassandra.yaml: by default two per data directory, and more only on "
                                + "fast disks (SSDs): a flush backlog is as often the disk's write rate, so look at it too",
                        "memtable_flush_writers");
            }
            case "compaction" -> {
                if (busy != null) {
                    return noPool(out, f, busy);
                }
                compaction(out, r, node, load, on);
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * cassandra.yaml: compaction_throughput should be 16 to 32 times the rate data is inserted; the
     * insert rate from the node's local writes, at the bytes per write the client measured.
     */
    private static void compaction(Map<String, Advice> out, StressResult r, NodeTelemetry.Node node, NodeLoad load,
            String on) {
        String name = node == null ? "compaction_throughput"
                : node.settingName("compaction_throughput", "compaction_throughput_mb_per_sec");
        String current = node == null ? null : node.setting(name);
        long currentMib = number(node, name);
        double bytesPerWrite = r.client() == null || r.client().bytesSent() <= 0 || r.written() <= 0 ? -1
                : (double) r.client().bytesSent() / r.written();
        double insertMib = load == null || bytesPerWrite < 0 ? -1 : load.writesPerSecond() * bytesPerWrite / (1 << 20);
        long mib = insertMib > 0 ? (long) Math.ceil(32 * insertMib) : currentMib > 0 ? currentMib * 2 : -1;
        if (mib <= currentMib || mib <= 0) {
            look(out, load == null ? "the node" : load.node(), "the compaction backlog grew on " + on, insertMib > 0
                    ? String.format(Locale.ROOT, "cassandra.yaml's rule, 16 to 32 times the insert rate (%.1f MiB/s), is "
                            + "at or below the current %s: concurrent_compactors or the compaction strategy, not the "
                            + "throughput", insertMib, current)
                    : "the insert rate and the current throughput were not both measured: nothing to scale");
            return;
        }
        String value = name.endsWith("_mb_per_sec") ? String.valueOf(mib) : mib + "MiB/s";
        out.put(YAML + name, new Advice(YAML + name, value, current, "the compaction backlog grew on " + on,
                insertMib > 0 ? String.format(Locale.ROOT, "cassandra.yaml: 16 to 32 times the rate data is inserted; "
                        + "32 x %.2f MiB/s (the node's local writes x the bytes per sample this client sent)", insertMib)
                        : "twice the node's compaction throughput (the insert rate was not measured)", null));
    }

    private static void look(Map<String, Advice> out, String node, String reason, String model) {
        String host = hostOf(node);
        out.put("node " + host, new Advice("node " + host, "look at it before adding nodes", "in the cluster", reason,
                model, null));
    }

    /**
     * Why no thread pool is advised: the CPU was seen busy (the node's own, or the machine it shares),
     * so more threads only queue; said as the advice's reason, naming no pool.
     */
    private static boolean noPool(Map<String, Advice> out, ClusterDiagnosis.Finding f, String busy) {
        out.put("node cpu", new Advice("node cpu", "more CPU for the nodes (cores, or nodes)", null, f.message(),
                busy + ": by the utilisation law more threads only lengthen the queue there", null));
        return true;
    }

    /** A sentence when the CPU behind the finding's first node was seen busy; null when not (or not seen). */
    static String cpuSeenBusy(StressResult r, ClusterDiagnosis.Finding f) {
        for (NodeLoad l : f.loads()) {
            if (f.nodes().contains(l.node()) && l.cpuBusy(ClusterDiagnosis.CPU_BUSY_SHARE)) {
                return String.format(Locale.ROOT, "the CPU of node %s was busy %.0f%%", l.node(), l.cpuPercent());
            }
        }
        double machine = r.client() == null ? -1 : r.client().machineCpuPercent();
        boolean local = f.loads().stream().allMatch(l -> l.host().startsWith("127."));
        if (local && machine >= ClusterDiagnosis.BUSY_CPU) {
            return String.format(Locale.ROOT, "this machine's CPU, which the nodes share with this client, was busy "
                    + "%.0f%%", machine);
        }
        return null;
    }

    private static String cpuNote(NodeLoad l) {
        return l == null || l.cpuPercent() < 0 ? "; the node's CPU was not seen (JMX): if it is busy, more threads only "
                + "queue" : String.format(Locale.ROOT, "; the node's CPU at %.0f%% had room", l.cpuPercent());
    }

    /**
     * A setting advised above its current value. An unknown current value is said (the model's value,
     * to be checked against the node's own); a model that gives no more than the current value advises
     * no setting: the node is to be looked at, with why.
     */
    private static void put(Map<String, Advice> out, NodeTelemetry.Node node, long value, long current, String reason,
            String model, String... names) {
        String name = node == null ? names[0] : node.settingName(names);
        if (current <= 0 && value > 0) {
            out.put(YAML + name, new Advice(YAML + name, String.valueOf(value), null, reason, model + "; the node's "
                    + "own " + name + " was not read (system_views.settings): raise it only if it is below this", null));
            return;
        }
        if (value <= current || value <= 0) {
            String at = node == null ? "the node" : node.node();
            look(out, at, reason, model + (value > 0 ? String.format(Locale.ROOT, "; that gives %d, not above the current "
                    + "%s %d: %s is not the setting to raise", value, name, current, name) : ""));
            return;
        }
        out.put(YAML + name, new Advice(YAML + name, String.valueOf(value), String.valueOf(current), reason, model, null));
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
