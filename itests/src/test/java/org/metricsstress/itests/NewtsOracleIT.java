package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.google.common.base.Optional;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.Replication;
import org.metricsstress.config.ResourceIds;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.ValueModel;
import org.metricsstress.config.Writer;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.StressResult;
import org.opennms.newts.api.Context;
import org.opennms.newts.api.MetricType;
import org.opennms.newts.api.Resource;
import org.opennms.newts.api.Results;
import org.opennms.newts.api.Sample;
import org.opennms.newts.api.Timestamp;
import org.opennms.newts.api.ValueType;
import org.opennms.newts.api.search.SearchResults;
import org.opennms.newts.api.search.Term;
import org.opennms.newts.api.search.TermQuery;
import org.opennms.newts.cassandra.CassandraSession;
import org.opennms.newts.cassandra.CassandraSessionImpl;
import org.opennms.newts.cassandra.ContextConfigurations;
import org.opennms.newts.cassandra.search.CassandraIndexer;
import org.opennms.newts.cassandra.search.CassandraIndexingOptions;
import org.opennms.newts.cassandra.search.CassandraSearcher;
import org.opennms.newts.cassandra.search.EscapableResourceIdSplitter;
import org.opennms.newts.cassandra.search.GuavaResourceMetadataCache;
import org.opennms.newts.persistence.cassandra.CassandraSampleRepository;

/**
 * Newts 3.0.0 (from Maven Central, Apache 2.0) is the oracle: what this tool writes must be what
 * Newts writes for OpenNMS, byte for byte, and what Newts can read and find.
 *
 * <p>Both writer models are checked: they send differently, and must write the same rows. So are
 * the three value models (GAUGE and COUNTER blobs, literal and bound) and both shapes of resource
 * id, OpenNMS's default {@code snmp:<node>:...} (4 elements) and by foreign source
 * {@code snmp:fs:STRESS:<node>:...} (6).
 *
 * <p>The OpenNMS side of the oracle is written here from the facts of OpenNMS's persister, not from
 * this tool's code: a group resource's attributes are its metric ids (key = value) and
 * {@code _idx0.._idx(N-1)} = {@code (first i+1 elements, N)}; a group's string attributes go to its
 * interface resource through an index-only sample named {@code strings}; indexing options all off
 * but the batch size of 16; TTL 31,540,000 s.
 */
@ExtendWith(CassandraExtension.class)
class NewtsOracleIT {
    private static final Context G = new Context("G");
    private static final int TTL = 31_540_000;
    private static final CassandraIndexingOptions OPENNMS_OPTIONS = new CassandraIndexingOptions.Builder()
            .withHierarchicalIndexing(false).withIndexResourceTerms(false).withIndexUsingDefaultTerm(false)
            .withMaxBatchSize(16).build();

    /** 3 nodes x 2 interfaces x 3 groups, 20 metrics (two Newts chunks), 2 strings, -z 4 (some groups vary). */
    private static StressConfig.Builder plan(CassandraServer server, String keyspace) {
        return StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace(keyspace)
                .nodes(3).interfaces(2).groups(3).attributes(20).strings(2).stringVariationFactor(4)
                .interval(Duration.ofSeconds(2)).reportInterval(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(2)); // one collection
    }

    private static StressResult run(StressConfig config) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        StressResult r = new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute().result();
        System.out.println(buf.toString(StandardCharsets.UTF_8));
        assertTrue(r.auditBalances(), "audit: unaccounted " + r.unaccounted());
        assertEquals(0, r.dropped() + r.failed(), "the comparison needs every sample written");
        return r;
    }

    private static CassandraSession newts(CassandraServer server, String keyspace) {
        return new CassandraSessionImpl(server.datacenter(), keyspace, server.cqlAddress().getHostString(),
                server.cqlAddress().getPort(), "NONE", null, null, false);
    }

    /** Each writer with both id shapes; each value model, counters under both writers. */
    static List<Arguments> writes() {
        return List.of(Arguments.of(Writer.OPENNMS, ValueModel.OPENNMS, ResourceIds.NODE),
                Arguments.of(Writer.PIPELINED, ValueModel.RANDOM, ResourceIds.FOREIGN_SOURCE),
                Arguments.of(Writer.OPENNMS, ValueModel.COUNTER, ResourceIds.FOREIGN_SOURCE),
                Arguments.of(Writer.PIPELINED, ValueModel.COUNTER, ResourceIds.NODE));
    }

    @ParameterizedTest
    @MethodSource("writes")
    void newtsWritesForOpenNmsExactlyTheRowsThisToolWrites(Writer writer, ValueModel values, ResourceIds ids,
            CassandraServer server) throws Exception {
        String suffix = (writer.name() + "_" + values.name() + "_" + ids.name()).toLowerCase();
        String ours = "oracle_" + suffix;
        String theirs = "oracle_newts_" + suffix;
        // One writer thread: no two workers race, so OpenNMS's writer model can be held to Newts'
        // own request count too.
        StressConfig config = plan(server, ours).writer(writer).values(values).resourceIds(ids).writerThreads(1).build();
        StressResult result = run(config);
        StressPlan plan = StressPlan.of(config);
        try (CqlSession s = Cql.session(server)) {
            for (String cql : NewtsSchema.statements(theirs, Replication.parse("--replication",
                    server.datacenter() + ":1").toCql(), Duration.ofDays(7), Duration.ofDays(7))) {
                s.execute(cql);
            }
            // What this tool wrote: each group resource once, at its intended time.
            Map<String, Long> collected = new TreeMap<>();
            for (Row r : s.execute("SELECT resource, collected_at FROM " + ours + ".samples")) {
                collected.put(r.getString(0), r.getInstant(1).toEpochMilli());
            }
            assertEquals(plan.groupResources(), collected.size());

            CassandraSession session = newts(server, theirs);
            Counting indexSession = new Counting(session);
            MetricRegistry registry = new MetricRegistry();
            ContextConfigurations contexts = new ContextConfigurations();
            CassandraIndexer indexer = new CassandraIndexer(indexSession, TTL, new GuavaResourceMetadataCache(8192, registry),
                    registry, OPENNMS_OPTIONS, new EscapableResourceIdSplitter(), contexts);
            CassandraSampleRepository samples = new CassandraSampleRepository(session, TTL, registry, null, contexts);
            for (Map.Entry<String, Long> e : collected.entrySet()) {
                writeAsOpenNms(plan, config, e.getKey(), e.getValue(), samples, indexer);
            }

            assertSameRows(s, ours, theirs, "SELECT context, partition, resource, collected_at, metric_name, value, "
                    + "attributes, TTL(value) FROM %s.samples", 7);
            assertSameRows(s, ours, theirs, "SELECT context, field, value, resource FROM %s.terms", -1);
            assertSameRows(s, ours, theirs, "SELECT context, resource, attribute, value, TTL(value) FROM "
                    + "%s.resource_attributes", 4);
            assertSameRows(s, ours, theirs, "SELECT context, resource, metric_name FROM %s.resource_metrics", -1);
            // OpenNMS's writer sends the index as Newts does: request for request, row for row.
            long newtsRows = registry.meter("search.inserts").getCount();
            System.out.printf("index: Newts %d rows in %d requests; %s writer %d rows in %d requests (%d group resources)%n",
                    newtsRows, indexSession.requests, writer, result.index().rowsWritten(), result.index().requests(),
                    plan.groupResources());
            if (writer == Writer.OPENNMS) {
                assertEquals(indexSession.requests, result.index().requests(), "index requests, as Newts sends them");
                assertEquals(newtsRows, result.index().rowsWritten(), "index rows, as Newts writes them");
            }
            // Sizes, so that two empty tables cannot pass: every group, its attributes, its strings.
            assertEquals(plan.groupResources() * 20L, Cql.count(s, "SELECT COUNT(*) FROM " + theirs + ".samples"));
            assertEquals(plan.groupResources() * (20L + elements(ids)) + plan.groupResources() * 2L,
                    Cql.count(s, "SELECT COUNT(*) FROM " + theirs + ".resource_attributes"));
        }
    }

    /** Every value model, both id shapes. */
    static List<Arguments> reads() {
        return List.of(Arguments.of(ValueModel.OPENNMS, ResourceIds.NODE),
                Arguments.of(ValueModel.RANDOM, ResourceIds.FOREIGN_SOURCE),
                Arguments.of(ValueModel.COUNTER, ResourceIds.NODE));
    }

    @ParameterizedTest
    @MethodSource("reads")
    void newtsReadsEverySampleAndFindsEveryResourceThisToolWrote(ValueModel values, ResourceIds ids,
            CassandraServer server) throws Exception {
        String keyspace = ("oracle_read_" + values.name() + "_" + ids.name()).toLowerCase();
        StressConfig config = plan(server, keyspace).values(values).resourceIds(ids).build();
        StressResult result = run(config);
        StressPlan plan = StressPlan.of(config);
        MetricType type = values == ValueModel.COUNTER ? MetricType.COUNTER : MetricType.GAUGE;
        CassandraSession session = newts(server, keyspace);
        MetricRegistry registry = new MetricRegistry();
        ContextConfigurations contexts = new ContextConfigurations();
        CassandraSampleRepository repository = new CassandraSampleRepository(session, TTL, registry, null, contexts);
        Timestamp from = Timestamp.fromEpochMillis(java.time.Instant.parse(result.startedAt()).toEpochMilli() - 60_000);
        Timestamp to = Timestamp.fromEpochMillis(System.currentTimeMillis() + 60_000);
        long read = 0;
        for (int key = 0; key < plan.groupResources(); key++) {
            String id = groupId(plan, ids, key);
            Results<Sample> rows = repository.select(G, new Resource(id), Optional.of(from), Optional.of(to));
            for (Results.Row<Sample> row : rows) {
                for (Sample sample : row.getElements()) {
                    int metric = Integer.parseInt(sample.getName().substring(sample.getName().lastIndexOf('_') + 1));
                    assertEquals(type, sample.getType());
                    double value = sample.getValue().doubleValue();
                    assertEquals(plan.values().value(key, metric, row.getTimestamp().asMillis()), value, 0.0,
                            id + " " + sample.getName());
                    if (values == ValueModel.OPENNMS) {
                        // group x attribute + a counter % 100, whole numbers.
                        int group = plan.groupOf(key);
                        assertTrue(value == Math.rint(value) && value >= group * metric && value < group * metric + 100,
                                id + " " + sample.getName() + " = " + value);
                    }
                    read++;
                }
            }
        }
        assertEquals(result.written(), read, "Newts' own select returns every sample written");

        CassandraSearcher searcher = new CassandraSearcher(session, registry, contexts);
        for (int node = 0; node < plan.nodes(); node++) {
            // As OpenNMS lists a node's resources: the term of its node's element, _idx1 = (snmp:<node>,4)
            // or by foreign source _idx3 = (snmp:fs:STRESS:<node>,6).
            SearchResults found = searcher.search(G, ids == ResourceIds.NODE
                    ? new TermQuery(new Term("_idx1", "(snmp:" + node + ",4)"))
                    : new TermQuery(new Term("_idx3", "(snmp:fs:STRESS:" + node + ",6)")));
            Set<String> foundIds = new HashSet<>();
            found.forEach(r -> foundIds.add(r.getResource().getId()));
            Set<String> wanted = new HashSet<>();
            for (int f = 0; f < plan.interfaces(); f++) {
                for (int g = 0; g < plan.groups(); g++) {
                    wanted.add(groupId(plan, ids, plan.resourceKey(node, f, g)));
                }
            }
            assertEquals(wanted, foundIds, "node " + node);
        }
        for (int key = 0; key < plan.groupResources(); key++) {
            String id = groupId(plan, ids, key);
            int last = elements(ids) - 1;
            SearchResults found = searcher.search(G, new TermQuery(new Term("_idx" + last, "(" + id + "," + (last + 1) + ")")));
            assertEquals(1, found.size(), id);
            SearchResults.Result only = found.iterator().next();
            assertEquals(id, only.getResource().getId());
            assertEquals(20, only.getMetrics().size(), "its metric names, from resource_metrics");
        }
    }

    /** Newts' session, counting the requests its indexer sends. */
    private static final class Counting implements CassandraSession {
        private final CassandraSession session;
        long requests;

        Counting(CassandraSession session) {
            this.session = session;
        }

        @Override
        public com.datastax.oss.driver.api.core.cql.PreparedStatement prepare(String statement) {
            return session.prepare(statement);
        }

        @Override
        public com.datastax.oss.driver.api.core.cql.PreparedStatement prepare(
                com.datastax.oss.driver.api.core.cql.SimpleStatement statement) {
            return session.prepare(statement);
        }

        @Override
        @SuppressWarnings({"rawtypes", "unchecked"})
        public java.util.concurrent.CompletionStage<com.datastax.oss.driver.api.core.cql.AsyncResultSet> executeAsync(
                com.datastax.oss.driver.api.core.cql.Statement statement) {
            requests++;
            return session.executeAsync(statement);
        }

        @Override
        @SuppressWarnings("rawtypes")
        public com.datastax.oss.driver.api.core.cql.ResultSet execute(com.datastax.oss.driver.api.core.cql.Statement s) {
            requests++;
            return session.execute(s);
        }

        @Override
        public com.datastax.oss.driver.api.core.cql.ResultSet execute(String statement) {
            requests++;
            return session.execute(statement);
        }

        @Override
        public java.util.concurrent.CompletionStage<Void> shutdown() {
            return session.shutdown();
        }
    }

    /** OpenNMS's ids: snmp:<node>:... by default, snmp:fs:<foreign source>:<node>:... with storeByForeignSource. */
    private static String groupId(StressPlan plan, ResourceIds ids, int key) {
        return (ids == ResourceIds.NODE ? "snmp:" : "snmp:fs:STRESS:") + plan.nodeOf(key) + ":tap" + plan.interfaceOf(key)
                + ":group" + plan.groupOf(key);
    }

    private static int elements(ResourceIds ids) {
        return ids == ResourceIds.NODE ? 4 : 6;
    }

    /**
     * One group's collection as OpenNMS hands it to Newts: its samples in chunks of 16 (inserted,
     * then indexed), then the index-only sample of its string attributes on the interface resource.
     */
    private static void writeAsOpenNms(StressPlan plan, StressConfig config, String groupId, long timestamp,
            CassandraSampleRepository repository, CassandraIndexer indexer) {
        String[] elements = groupId.split(":");
        int n = elements.length; // the last three are node, tap<i>, group<g> in either shape
        int node = Integer.parseInt(elements[n - 3]);
        int iface = Integer.parseInt(elements[n - 2].substring(3));
        int group = Integer.parseInt(elements[n - 1].substring(5));
        int key = plan.resourceKey(node, iface, group);
        Map<String, String> attributes = new LinkedHashMap<>();
        List<Sample> samples = new ArrayList<>();
        for (int a = 0; a < plan.attributes(); a++) {
            attributes.put("metric_" + group + "_" + a, "metric_" + group + "_" + a);
        }
        for (int i = 0; i < elements.length; i++) {
            attributes.put("_idx" + i, "(" + String.join(":", Arrays.asList(elements).subList(0, i + 1)) + ","
                    + elements.length + ")");
        }
        Resource resource = new Resource(groupId, Optional.of(attributes));
        MetricType type = config.plan().values() == ValueModel.COUNTER ? MetricType.COUNTER : MetricType.GAUGE;
        for (int a = 0; a < plan.attributes(); a++) {
            double v = plan.values().value(key, a, timestamp);
            samples.add(new Sample(Timestamp.fromEpochMillis(timestamp), G, resource, "metric_" + group + "_" + a,
                    type, ValueType.compose(v, type)));
        }
        for (int from = 0; from < samples.size(); from += 16) {
            List<Sample> chunk = samples.subList(from, Math.min(samples.size(), from + 16));
            repository.insert(chunk);
            indexer.update(chunk);
        }
        Map<String, String> strings = new LinkedHashMap<>();
        int instance = (node + 1) * (iface + 1) * (group + 1);
        String suffix = instance % config.plan().stringVariationFactor() == 0 ? "-" + instance + "-varied" : "";
        for (int s = 0; s < plan.strings(); s++) {
            strings.put("group" + group + "-key-" + s, "group" + group + "-value-" + s + suffix);
        }
        String ifaceId = String.join(":", Arrays.asList(elements).subList(0, n - 1));
        indexer.update(List.of(new Sample(Timestamp.fromEpochMillis(0), G, new Resource(ifaceId, Optional.of(strings)),
                "strings", MetricType.GAUGE, ValueType.compose(0, MetricType.GAUGE))));
    }

    /**
     * The same rows in both keyspaces. {@code ttlColumn} (or -1) is compared within two minutes,
     * the time between the two writes; every other column exactly (blobs byte for byte).
     */
    private static void assertSameRows(CqlSession s, String oursKeyspace, String newtsKeyspace, String select,
            int ttlColumn) {
        Map<String, Integer> ours = rows(s, String.format(select, oursKeyspace), ttlColumn);
        Map<String, Integer> newts = rows(s, String.format(select, newtsKeyspace), ttlColumn);
        assertTrue(!newts.isEmpty(), "Newts wrote nothing: " + select);
        Set<String> missing = new TreeSet<>(newts.keySet());
        missing.removeAll(ours.keySet());
        Set<String> extra = new TreeSet<>(ours.keySet());
        extra.removeAll(newts.keySet());
        assertTrue(missing.isEmpty() && extra.isEmpty(), select + "\nNewts wrote, this tool did not: "
                + first(missing) + "\nthis tool wrote, Newts did not: " + first(extra));
        if (ttlColumn >= 0) {
            for (Map.Entry<String, Integer> e : newts.entrySet()) {
                int ourTtl = ours.get(e.getKey());
                assertTrue(Math.abs(ourTtl - e.getValue()) < 120 && e.getValue() > TTL - 600,
                        "TTL " + ourTtl + " against Newts' " + e.getValue() + ": " + e.getKey());
            }
        }
    }

    private static Map<String, Integer> rows(CqlSession s, String cql, int ttlColumn) {
        Map<String, Integer> out = new HashMap<>();
        for (Row r : s.execute(cql)) {
            StringBuilder key = new StringBuilder();
            int columns = r.getColumnDefinitions().size();
            for (int i = 0; i < columns; i++) {
                if (i == ttlColumn) {
                    continue;
                }
                Object v = r.getObject(i);
                key.append(v instanceof java.nio.ByteBuffer b ? org.metricsstress.newts.SampleValueCodec.describe(b)
                        : String.valueOf(v)).append(" | ");
            }
            out.put(key.toString(), ttlColumn >= 0 ? r.getInt(ttlColumn) : 0);
        }
        return out;
    }

    private static String first(Set<String> rows) {
        return rows.isEmpty() ? "none" : rows.size() + " rows, e.g. " + rows.iterator().next();
    }
}
