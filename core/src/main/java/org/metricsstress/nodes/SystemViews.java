package org.metricsstress.nodes;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.metricsstress.result.NodeTelemetry;

/**
 * One node's {@code system_views}, read over CQL with each statement routed to that node (virtual
 * tables answer for the node a query reaches): one read per table per reading, the four of them
 * at once, each bounded by the session's request timeout. What comes back is cumulative where the
 * node counts so (completed tasks, writes); {@link NodeSeries} turns it into the interval's figures.
 * The readings' statements are prepared once for the run and ask only for the rows judged (the
 * pools of {@link NodeTelemetry#POOLS}, the run's keyspace): the watch is this client's own
 * overhead, and a reading then sends a statement id and decodes a few rows without their metadata
 * (docs/performance.md, "The nodes' side: what reading it costs").
 */
final class SystemViews {
    /** The settings that bound a node's write path, in 5.0's and 4.0's spellings. */
    static final List<String> SETTINGS = List.of("concurrent_writes", "concurrent_counter_writes",
            "memtable_flush_writers", "memtable_heap_space", "memtable_heap_space_in_mb", "memtable_offheap_space",
            "memtable_offheap_space_in_mb", "memtable_allocation_type", "memtable_cleanup_threshold",
            "compaction_throughput", "compaction_throughput_mb_per_sec", "concurrent_compactors",
            "native_transport_max_threads", "native_transport_max_concurrent_requests_in_bytes",
            "max_hint_window", "max_hint_window_in_ms", "hinted_handoff_throttle", "hinted_handoff_throttle_in_kb",
            "commitlog_sync", "commitlog_sync_period", "commitlog_sync_period_in_ms", "commitlog_sync_group_window",
            "commitlog_sync_group_window_in_ms", "commitlog_segment_size",
            "write_request_timeout", "write_request_timeout_in_ms");

    /** A thread pool as the node counts it: active, limit and pending now, the rest since it started. */
    record RawPool(long active, long limit, long pending, long blocked, long blockedAllTime, long completed) {}

    /** One table's writes as the node counts them since it started, and its recent latencies. */
    record RawTable(long localCount, double localP50Ms, double localP99Ms, long coordinatedCount,
            double coordinatorP50Ms, double coordinatorP99Ms) {}

    /** One reading of one node; {@code hintFilesFor}: its hint files by the address of the node they are for. */
    record Raw(Map<String, RawPool> pools, long hintFiles, Map<String, RawTable> tables,
            Map<String, Long> hintFilesFor) {
        Raw(Map<String, RawPool> pools, long hintFiles, Map<String, RawTable> tables) {
            this(pools, hintFiles, tables, Map.of());
        }
    }

    private static final String POOLS_CQL = "SELECT name, active_tasks, active_tasks_limit, pending_tasks, "
            + "blocked_tasks, blocked_tasks_all_time, completed_tasks FROM system_views.thread_pools WHERE name IN ?";
    private static final String HINTS_CQL = "SELECT address, files FROM system_views.pending_hints";

    private final CqlSession session;
    private final String keyspace;
    private final Duration timeout;
    /** Each reading's statement once prepared; one whose preparation failed is prepared again at its next use. */
    private final ConcurrentMap<String, CompletableFuture<PreparedStatement>> prepared = new ConcurrentHashMap<>();

    SystemViews(CqlSession session, String keyspace, Duration timeout) {
        this.session = session;
        this.keyspace = keyspace;
        this.timeout = timeout;
    }

    /** The node's settings of {@link #SETTINGS} it has, by its own names. */
    CompletionStage<Map<String, String>> settings(Node node) {
        Map<String, String> out = new LinkedHashMap<>();
        return rows(node, "SELECT name, value FROM system_views.settings", row -> {
            String name = row.getString("name");
            if (SETTINGS.contains(name)) {
                out.put(name, row.getString("value"));
            }
        }).thenApply(v -> out);
    }

    /** Every table of one reading, at once; fails if any of them fails. */
    CompletableFuture<Raw> read(Node node) {
        Map<String, RawPool> pools = new HashMap<>();
        long[] hints = new long[1];
        Map<String, long[]> localCounts = new HashMap<>();
        Map<String, double[]> local = new HashMap<>();
        Map<String, long[]> coordinatedCounts = new HashMap<>();
        Map<String, double[]> coordinated = new HashMap<>();
        List<CompletableFuture<Void>> all = new ArrayList<>();
        all.add(prepared(node, POOLS_CQL, each -> each.bind(NodeTelemetry.POOLS), row -> {
            String name = row.getString("name");
            if (NodeTelemetry.POOLS.contains(name)) {
                pools.put(name, new RawPool(number(row, "active_tasks"), number(row, "active_tasks_limit"),
                        number(row, "pending_tasks"), number(row, "blocked_tasks"),
                        number(row, "blocked_tasks_all_time"), number(row, "completed_tasks")));
            }
        }));
        Map<String, Long> hintsFor = new HashMap<>();
        all.add(prepared(node, HINTS_CQL, PreparedStatement::bind, row -> {
            long files = number(row, "files");
            hints[0] += files;
            java.net.InetAddress address = row.getInetAddress("address");
            if (address != null && files > 0) {
                hintsFor.merge(address.getHostAddress(), files, Long::sum);
            }
        }));
        all.add(latencies(node, "local_write_latency", localCounts, local));
        all.add(latencies(node, "coordinator_write_latency", coordinatedCounts, coordinated));
        return CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
            Map<String, RawTable> tables = new HashMap<>();
            for (String table : local.keySet()) {
                double[] l = local.get(table);
                double[] c = coordinated.getOrDefault(table, new double[2]);
                tables.put(table, new RawTable(localCounts.get(table)[0], l[0], l[1],
                        coordinatedCounts.getOrDefault(table, new long[1])[0], c[0], c[1]));
            }
            return new Raw(pools, hints[0], tables, hintsFor);
        });
    }

    private CompletableFuture<Void> latencies(Node node, String view, Map<String, long[]> counts,
            Map<String, double[]> percentiles) {
        return prepared(node, "SELECT table_name, count, p50th_ms, p99th_ms FROM system_views." + view
                + " WHERE keyspace_name = ?", each -> each.bind(keyspace), row -> {
                    String table = row.getString("table_name");
                    counts.put(table, new long[] {number(row, "count")});
                    percentiles.put(table, new double[] {decimal(row, "p50th_ms"), decimal(row, "p99th_ms")});
                });
    }

    /** A statement read once at the start (the settings): not worth preparing. */
    private CompletableFuture<Void> rows(Node node, String cql, Consumer<Row> each) {
        return rows(node, SimpleStatement.newInstance(cql), each);
    }

    /** A reading's statement, prepared at its first use, bound and sent to {@code node}. */
    private CompletableFuture<Void> prepared(Node node, String cql,
            Function<PreparedStatement, ? extends Statement<?>> bind, Consumer<Row> each) {
        return statement(cql).thenCompose(ps -> rows(node, bind.apply(ps), each));
    }

    private CompletableFuture<PreparedStatement> statement(String cql) {
        // The common case, a statement prepared before, takes no lock and registers nothing.
        CompletableFuture<PreparedStatement> p = prepared.get(cql);
        if (p != null && !p.isCompletedExceptionally()) {
            return p;
        }
        return prepared.compute(cql, (c, old) -> old == null || old.isCompletedExceptionally()
                ? session.prepareAsync(SimpleStatement.newInstance(c).setTimeout(timeout)).toCompletableFuture()
                : old);
    }

    private CompletableFuture<Void> rows(Node node, Statement<?> statement, Consumer<Row> each) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        session.executeAsync(statement.setNode(node).setTimeout(timeout).setIdempotent(true))
                .whenComplete((page, error) -> page(page, error, each, done));
        return done;
    }

    /** Pages are followed: a node's thread pools or settings can be more than one page on a small page size. */
    private static void page(AsyncResultSet page, Throwable error, Consumer<Row> each, CompletableFuture<Void> done) {
        if (error != null) {
            done.completeExceptionally(error);
            return;
        }
        try {
            page.currentPage().forEach(each);
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
            return;
        }
        if (page.hasMorePages()) {
            page.fetchNextPage().whenComplete((next, e) -> page(next, e, each, done));
        } else {
            done.complete(null);
        }
    }

    /** Columns are int on one version and bigint on another: read either. */
    private static long number(Row row, String column) {
        Object v = row.getObject(column);
        return v instanceof Number n ? n.longValue() : 0;
    }

    private static double decimal(Row row, String column) {
        Object v = row.getObject(column);
        return v instanceof Number n ? n.doubleValue() : 0;
    }
}
