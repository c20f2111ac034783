package org.metricsstress.disk;

import org.metricsstress.nodes.NodeJmx;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.result.DiskSummary;
import org.metricsstress.result.DiskSummary.TableDisk;

/**
 * Measures a Newts keyspace on disk over the local DC's nodes: each node's table metrics over JMX
 * (after a flush when the tool may), or where JMX does not answer the node's own
 * {@code system_views.disk_usage} over CQL, marked as an estimate. Summed over the nodes and divided
 * by the keyspace's RF there: bytes per copy of the data.
 */
public final class DiskMeter {
    /**
     * What to measure and how. {@code samples}, {@code resources}: the run's own counts, 0 when unknown;
     * {@code afterRun}: measured at the end of a run; {@code before}: the keyspace measured before that run
     * generated anything, null when not;
     * {@code instances}: how many instances share the plan (the keyspace then holds all their samples).
     */
    public record Request(String keyspace, String localDc, boolean flush, int jmxPort, Map<String, String> nodeJmx,
            long jmxTimeoutMillis, long jmxCallMillis, long samples, long resources, boolean countRows,
            boolean afterRun, DiskSummary before, int instances) {}

    /** The summary and what the projection needs of the schema. */
    public record Measured(DiskSummary summary, long windowSeconds) {}

    private static final Duration COUNT_TIMEOUT = Duration.ofMinutes(10);
    private static final long MIB = 1L << 20;

    private DiskMeter() {}

    public static Measured measure(CqlSession session, Request given, PrintStream out) throws ClusterException {
        // No --local-dc: the driver inferred it from the contact points, whose DC the coordinator reports.
        Request r = given.localDc() != null ? given : new Request(given.keyspace(),
                session.execute("SELECT data_center FROM system.local").one().getString(0), given.flush(),
                given.jmxPort(), given.nodeJmx(), given.jmxTimeoutMillis(), given.jmxCallMillis(), given.samples(),
                given.resources(), given.countRows(), given.afterRun(), given.before(), given.instances());
        KeyspaceMetadata ks = session.getMetadata().getKeyspace(r.keyspace()).orElseThrow(
                () -> new ClusterException("disk: keyspace " + r.keyspace() + " does not exist"));
        int rf = replicationFactor(ks, r.localDc());
        long window = windowSeconds(ks.getTable(NewtsSchema.SAMPLES).orElse(null));
        List<Node> nodes = session.getMetadata().getNodes().values().stream()
                .filter(n -> r.localDc().equals(n.getDatacenter())).toList();
        List<String> notes = new ArrayList<>();
        Map<String, long[]> bytes = new LinkedHashMap<>();
        Map<String, Long> sstables = new LinkedHashMap<>();
        Map<String, double[]> ratio = new LinkedHashMap<>(); // weighted sum, weight
        Map<String, int[]> sources = new LinkedHashMap<>(); // nodes by JMX, nodes by CQL
        for (String t : NewtsSchema.TABLES) {
            bytes.put(t, new long[1]);
            sstables.put(t, 0L);
            ratio.put(t, new double[2]);
            sources.put(t, new int[2]);
        }
        int measured = 0;
        boolean flushedAll = r.flush();
        List<NodeReadings.Target> targets = new ArrayList<>();
        for (Node node : nodes) {
            String address = address(node);
            targets.add(new NodeReadings.Target(address, r.nodeJmx().getOrDefault(address, hostPort(address, r.jmxPort()))));
        }
        List<NodeReadings.Reading> readings = NodeReadings.read(targets, r.keyspace(), r.flush(), r.jmxTimeoutMillis(),
                r.jmxCallMillis());
        // The nodes JMX did not answer for, asked over CQL all at once (the driver's request timeout bounds each).
        Map<Integer, CompletableFuture<AsyncResultSet>> estimates = new LinkedHashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            NodeReadings.Reading reading = readings.get(i);
            if (reading.answered()) {
                for (Map.Entry<String, NodeJmx.TableReading> e : reading.tables().entrySet()) {
                    NodeJmx.TableReading tr = e.getValue();
                    bytes.get(e.getKey())[0] += tr.bytes();
                    sstables.merge(e.getKey(), tr.sstables(), Long::sum);
                    if (tr.compressionRatio() != null) {
                        ratio.get(e.getKey())[0] += tr.compressionRatio() * tr.bytes();
                        ratio.get(e.getKey())[1] += tr.bytes();
                    }
                    sources.get(e.getKey())[0]++;
                }
                measured++;
                continue;
            }
            flushedAll = false;
            String line = "node " + reading.target().address() + ": JMX at " + reading.target().jmxAt()
                    + " did not answer (" + reading.problem() + "); its figures are CQL estimates "
                    + "(system_views.disk_usage, MiB, no flush)";
            notes.add(line);
            out.println("disk: " + line);
            estimates.put(i, diskUsageAsked(session, nodes.get(i), r.keyspace()));
        }
        for (Map.Entry<Integer, CompletableFuture<AsyncResultSet>> asked : estimates.entrySet()) {
            String address = readings.get(asked.getKey()).target().address();
            try {
                Map<String, Long> cql = diskUsage(asked.getValue().join());
                for (String t : NewtsSchema.TABLES) {
                    bytes.get(t)[0] += cql.getOrDefault(t, 0L);
                    sources.get(t)[1]++;
                }
                measured++;
            } catch (CompletionException e) {
                String line = "node " + address + ": not measured, CQL did not answer either ("
                        + (e.getCause() == null ? e.getMessage() : e.getCause().getMessage()) + ")";
                notes.add(line);
                out.println("disk: " + line);
            }
        }
        if (measured == 0) {
            throw new ClusterException("disk: no node of " + r.localDc() + " could be measured: "
                    + String.join("; ", notes));
        }
        // A node left out holds, on average, what the others hold: scale up rather than under-report.
        // A DC of fewer nodes than its RF holds one copy per node, not RF.
        double perCopy = (double) nodes.size() / measured / Math.min(rf, nodes.size());
        if (measured < nodes.size()) {
            notes.add(measured + " of " + nodes.size() + " nodes measured; per-copy figures scaled up by "
                    + nodes.size() + "/" + measured);
        }
        long samples = r.samples();
        long resources = r.resources();
        Map<String, Long> rows = new LinkedHashMap<>();
        if (r.countRows()) {
            for (String t : NewtsSchema.TABLES) {
                rows.put(t, count(session, "SELECT COUNT(*) FROM " + r.keyspace() + "." + t));
            }
            samples = rows.get(NewtsSchema.SAMPLES);
            resources = distinctPartitions(session, r.keyspace());
        } else if (samples > 0 && r.instances() <= 1) {
            rows.put(NewtsSchema.SAMPLES, samples);
        }
        List<TableDisk> tables = new ArrayList<>();
        boolean anyJmx = false;
        boolean anyCql = false;
        for (String t : NewtsSchema.TABLES) {
            int[] s = sources.get(t);
            anyJmx |= s[0] > 0;
            anyCql |= s[1] > 0;
            String source = s[1] == 0 ? DiskSummary.JMX : s[0] == 0 ? DiskSummary.CQL_ESTIMATE : "mixed";
            double copy = bytes.get(t)[0] * perCopy;
            Long n = rows.get(t);
            double[] w = ratio.get(t);
            TableDisk earlier = r.before() == null ? null : r.before().table(t);
            TableDisk table = new TableDisk(t, source, bytes.get(t)[0], copy, s[1] == 0 ? sstables.get(t) : null,
                    w[1] > 0 ? w[0] / w[1] : null, n, null, earlier == null ? null : earlier.bytesPerCopy());
            double added = table.addedBytesPerCopy();
            tables.add(new TableDisk(t, source, table.liveBytes(), copy, table.sstables(), table.compressionRatio(), n,
                    n != null && n > 0 && added > 0 ? added / n : null, table.bytesPerCopyBefore()));
        }
        String source = anyCql ? (anyJmx ? "mixed" : DiskSummary.CQL_ESTIMATE) : DiskSummary.JMX;
        if (!flushedAll) {
            notes.add("not flushed" + (r.flush() ? " on every node (a flush needs JMX)" : " (--flush)")
                    + ": what the memtables still hold is not counted");
        }
        RunShare share = RunShare.of(tables, r.afterRun(), r.before(), r.instances(), notes);
        double sampleBytes = share.sampleBytes();
        double indexBytes = share.indexBytes();
        if (tables.get(0).bytesPerCopy() <= 0) {
            // Nothing on disk yet is not zero bytes a sample: no figure, rather than a projection of nothing.
            notes.add("the samples table has nothing on disk yet: no bytes per sample");
        }
        DiskSummary summary = new DiskSummary(r.keyspace(), r.localDc(), rf, nodes.size(), measured, flushedAll,
                source, List.copyOf(tables), samples, resources,
                share.known() && samples > 0 && sampleBytes > 0 ? sampleBytes / samples : null,
                share.known() && resources > 0 && indexBytes > 0 ? indexBytes / resources : null, null,
                List.copyOf(notes));
        return new Measured(summary, window);
    }

    /** The node's own disk usage per table of the keyspace, asked of that node. */
    private static CompletableFuture<AsyncResultSet> diskUsageAsked(CqlSession session, Node node, String keyspace) {
        return session.executeAsync(SimpleStatement.newInstance(
                "SELECT table_name, mebibytes FROM system_views.disk_usage WHERE keyspace_name = ?", keyspace)
                .setNode(node)).toCompletableFuture();
    }

    /** Per table, in bytes (the virtual table's MiB). One page: a keyspace's few tables. */
    private static Map<String, Long> diskUsage(AsyncResultSet rs) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Row row : rs.currentPage()) {
            Object mib = row.getObject("mebibytes");
            if (mib instanceof Number n) {
                out.put(row.getString("table_name"), Math.round(n.doubleValue() * MIB));
            }
        }
        return out;
    }

    private static long count(CqlSession session, String cql) {
        Row row = session.execute(SimpleStatement.newInstance(cql).setTimeout(COUNT_TIMEOUT)).one();
        return row == null ? 0 : row.getLong(0);
    }

    /** Resources: the partitions of resource_metrics, one per resource with metrics. */
    private static long distinctPartitions(CqlSession session, String keyspace) {
        long n = 0;
        for (Row ignored : session.execute(SimpleStatement.newInstance("SELECT DISTINCT context, resource FROM "
                + keyspace + "." + NewtsSchema.RESOURCE_METRICS).setTimeout(COUNT_TIMEOUT).setPageSize(5000))) {
            n++;
        }
        return n;
    }

    static int replicationFactor(KeyspaceMetadata ks, String localDc) throws ClusterException {
        Map<String, String> rep = ks.getReplication();
        String v = rep.get(localDc);
        if (v == null) {
            v = rep.get("replication_factor");
        }
        if (v == null) {
            throw new ClusterException("disk: keyspace " + ks.getName().asInternal() + " has no replica in " + localDc);
        }
        // "3", or "3/1" with transient replicas: the full copies count.
        return Integer.parseInt(v.split("/")[0].trim());
    }

    /** The samples table's TWCS window in seconds; TWCS's own default (1 day) when not set. */
    static long windowSeconds(TableMetadata samples) {
        if (samples == null) {
            return 86_400;
        }
        Object c = samples.getOptions().get(CqlIdentifier.fromCql("compaction"));
        if (!(c instanceof Map<?, ?> m)) {
            return 86_400;
        }
        Object unitOption = m.get("compaction_window_unit");
        Object sizeOption = m.get("compaction_window_size");
        String unit = unitOption == null ? "DAYS" : String.valueOf(unitOption).toUpperCase(Locale.ROOT);
        long size = sizeOption == null ? 1 : Long.parseLong(String.valueOf(sizeOption).trim());
        return size * switch (unit) {
            case "MINUTES" -> 60L;
            case "HOURS" -> 3600L;
            default -> 86_400L;
        };
    }

    private static String address(Node node) {
        SocketAddress a = node.getEndPoint().resolve();
        if (a instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress().getHostAddress();
        }
        return String.valueOf(a);
    }

    private static String hostPort(String address, int port) {
        return address.contains(":") ? "[" + address + "]:" + port : address + ":" + port;
    }
}
