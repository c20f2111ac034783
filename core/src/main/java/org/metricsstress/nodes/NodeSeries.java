package org.metricsstress.nodes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.result.NodeTelemetry.Pool;
import org.metricsstress.result.NodeTelemetry.Reading;
import org.metricsstress.result.NodeTelemetry.TableWrites;

/**
 * One node's readings as they come, turned into the interval's figures: what the node counts since
 * it started (completed and blocked tasks, writes, GC time, CPU time, dropped mutations) becomes the
 * change since the last reading it answered, and rates are over the time since then, so a reading the
 * node missed (stopped, overloaded) does not lose what happened meanwhile. Pure: no driver, no JMX.
 */
final class NodeSeries {
    private final String node;
    private final String dc;
    private Map<String, String> settings = Map.of();
    private final List<Reading> readings = new ArrayList<>();
    private SystemViews.Raw lastCql;
    private long lastCqlNanos;
    private JmxFigures.Raw lastJmx;
    private long lastJmxNanos;
    private int processors = -1;

    NodeSeries(String node, String dc) {
        this.node = node;
        this.dc = dc;
    }

    void settings(Map<String, String> settings) {
        this.settings = Map.copyOf(settings);
    }

    /**
     * The first readings, at the start of generation: what the counters stood at, kept as the base of
     * the first interval's changes, not a reading of its own. {@code nanos}: when, on System.nanoTime().
     */
    void base(long nanos, SystemViews.Raw cql, JmxFigures.Raw jmx) {
        if (cql != null) {
            lastCql = cql;
            lastCqlNanos = nanos;
        }
        if (jmx != null) {
            lastJmx = jmx;
            lastJmxNanos = jmx.atNanos();
            processors = jmx.processors();
        }
    }

    /**
     * One report line's reading, taken at {@code nanos} (System.nanoTime()), {@code at} seconds into the
     * run: {@code cql} null when the node did not answer ({@code problem} says why).
     */
    Reading add(long nanos, double at, SystemViews.Raw cql, double readMs, String problem, JmxFigures.Raw jmx) {
        if (cql == null) {
            Reading missed = Reading.unanswered(at, problem == null ? "no answer" : problem);
            readings.add(missed);
            return missed;
        }
        double seconds = lastCql == null ? 0 : (nanos - lastCqlNanos) / 1e9;
        Map<String, Pool> pools = new HashMap<>();
        cql.pools().forEach((name, p) -> {
            SystemViews.RawPool before = lastCql == null ? null : lastCql.pools().get(name);
            pools.put(name, new Pool(p.active(), p.limit(), p.pending(), p.blocked(),
                    before == null ? 0 : Math.max(0, p.blockedAllTime() - before.blockedAllTime()),
                    before == null ? 0 : Math.max(0, p.completed() - before.completed())));
        });
        Map<String, TableWrites> tables = new HashMap<>();
        cql.tables().forEach((table, t) -> {
            SystemViews.RawTable before = lastCql == null ? null : lastCql.tables().get(table);
            tables.put(table, new TableWrites(rate(t.localCount(), before == null ? -1 : before.localCount(), seconds),
                    t.localP50Ms(), t.localP99Ms(),
                    rate(t.coordinatedCount(), before == null ? -1 : before.coordinatedCount(), seconds),
                    t.coordinatorP50Ms(), t.coordinatorP99Ms()));
        });
        double gcMs = -1;
        double cpu = -1;
        double cores = -1;
        long dropped = -1;
        long waits = -1;
        long pendingCompactions = cql.pools().containsKey(NodeTelemetry.COMPACTION)
                ? cql.pools().get(NodeTelemetry.COMPACTION).pending() : -1;
        if (jmx != null) {
            pendingCompactions = jmx.pendingCompactions();
            processors = jmx.processors();
            if (lastJmx != null && jmx.atNanos() > lastJmxNanos) {
                double s = (jmx.atNanos() - lastJmxNanos) / 1e9;
                gcMs = Math.max(0, jmx.gcMs() - lastJmx.gcMs());
                cores = Math.max(0, jmx.cpuNanos() - lastJmx.cpuNanos()) / (s * 1e9);
                // Of the CPU it may use: the JVM's own load where it tells it (a quota it started in
                // counts), else its CPU time over its processors.
                cpu = jmx.processCpuLoad() >= 0 ? 100 * jmx.processCpuLoad() : 100.0 * cores / Math.max(1, jmx.processors());
                dropped = Math.max(0, jmx.droppedMutations() - lastJmx.droppedMutations());
                waits = Math.max(0, jmx.commitLogWaits() - lastJmx.commitLogWaits());
            }
            lastJmx = jmx;
            lastJmxNanos = jmx.atNanos();
        }
        Reading reading = new Reading(at, null, readMs, pools, pendingCompactions,
                cql.hintFiles(), tables, gcMs, cpu, dropped, waits, cql.hintFilesFor(), cores);
        readings.add(reading);
        lastCql = cql;
        lastCqlNanos = nanos;
        return reading;
    }

    private static double rate(long now, long before, double seconds) {
        return before < 0 || seconds <= 0 ? 0 : Math.max(0, now - before) / seconds;
    }

    NodeTelemetry.Node result() {
        return new NodeTelemetry.Node(node, dc, settings, readings, processors);
    }
}
