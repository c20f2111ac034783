package org.metricsstress.live;

import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.List;
import java.util.Map;
import org.metricsstress.result.NodeTelemetry;

/**
 * The nodes' own figures (docs/diagnosis.md, "the nodes' side") as Prometheus gauges, each node's
 * latest reading: whether it answered and how long it took, its thread pools, compactions, hints,
 * each table's local write p99, and where its JMX answered its GC and CPU over the interval. Labelled
 * by node and data centre, so a board overlays the nodes as the HTML report does.
 */
final class NodeSidePrometheus {
    static final String ANSWERED = "metrics_stress_node_telemetry_answered";
    static final String READ = "metrics_stress_node_telemetry_read_seconds";
    static final String POOL_ACTIVE = "metrics_stress_node_pool_active";
    static final String POOL_PENDING = "metrics_stress_node_pool_pending";
    static final String POOL_BLOCKED = "metrics_stress_node_pool_blocked";
    static final String COMPACTIONS = "metrics_stress_node_compactions_pending";
    static final String HINTS = "metrics_stress_node_hint_files";
    static final String WRITE_P99 = "metrics_stress_node_local_write_p99_seconds";
    static final String GC = "metrics_stress_node_gc_seconds";
    static final String CPU = "metrics_stress_node_cpu_ratio";

    private NodeSidePrometheus() {}

    /** {@code latest}: per node ("host:port"), its data centre and its last reading; empty before the first. */
    static List<MetricSnapshot> snapshots(Map<String, Map.Entry<String, NodeTelemetry.Reading>> latest) {
        if (latest == null || latest.isEmpty()) {
            return List.of();
        }
        GaugeSnapshot.Builder answered = gauge(ANSWERED, "1 when the node answered its last reading of its own figures "
                + "(system_views) within the bound, 0 when not (stopped or overloaded)");
        GaugeSnapshot.Builder read = gauge(READ, "how long the node took to answer its last reading, in seconds");
        GaugeSnapshot.Builder active = gauge(POOL_ACTIVE, "a thread pool's tasks running at the node's last reading");
        GaugeSnapshot.Builder pending = gauge(POOL_PENDING, "a thread pool's tasks queued at the node's last reading");
        GaugeSnapshot.Builder blocked = gauge(POOL_BLOCKED, "a thread pool's tasks blocked at the node's last reading");
        GaugeSnapshot.Builder compactions = gauge(COMPACTIONS, "compactions waiting on the node");
        GaugeSnapshot.Builder hints = gauge(HINTS, "hint files the node holds for other nodes");
        GaugeSnapshot.Builder write = gauge(WRITE_P99, "the node's recent local write p99 per table of the run's keyspace, "
                + "in seconds (its own decaying histogram)");
        GaugeSnapshot.Builder gc = gauge(GC, "the node's collectors' time over its last reading's interval, in seconds "
                + "(its JMX)");
        GaugeSnapshot.Builder cpu = gauge(CPU, "the node's process CPU over its last reading's interval, as a share of "
                + "its cores (its JMX)");
        latest.forEach((node, last) -> {
            Labels l = Labels.of("node", node, "dc", last.getKey() == null ? "" : last.getKey());
            NodeTelemetry.Reading r = last.getValue();
            point(answered, l, r.answered() ? 1 : 0);
            if (r.readMs() >= 0) {
                point(read, l, r.readMs() / 1000);
            }
            if (!r.answered()) {
                return;
            }
            r.pools().forEach((name, p) -> {
                Labels pl = l.merge(Labels.of("pool", name));
                point(active, pl, p.active());
                point(pending, pl, p.pending());
                point(blocked, pl, p.blocked());
            });
            point(compactions, l, r.compactionsPending());
            point(hints, l, r.hintFiles());
            r.tables().forEach((table, t) -> point(write, l.merge(Labels.of("table", table)), t.localP99Ms() / 1000));
            if (r.gcMs() >= 0) {
                point(gc, l, r.gcMs() / 1000);
            }
            if (r.cpuPercent() >= 0) {
                point(cpu, l, r.cpuPercent() / 100);
            }
        });
        return List.of(answered.build(), read.build(), active.build(), pending.build(), blocked.build(),
                compactions.build(), hints.build(), write.build(), gc.build(), cpu.build());
    }

    private static GaugeSnapshot.Builder gauge(String name, String help) {
        return GaugeSnapshot.builder().name(name).help(help);
    }

    private static void point(GaugeSnapshot.Builder g, Labels l, double v) {
        g.dataPoint(GaugeDataPointSnapshot.builder().labels(l).value(v).build());
    }
}
