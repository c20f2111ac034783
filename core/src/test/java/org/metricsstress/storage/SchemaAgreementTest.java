package org.metricsstress.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.Replication;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.newts.NewtsSchema;

/**
 * The schema step against a session that answers as a node does, and whose driver-side agreement
 * check says "no" at once: what the driver's check says when its control connection has no free
 * stream id (its schema refresh after each DDL statement holds them with a small
 * --max-requests-per-connection). No cluster anywhere.
 */
class SchemaAgreementTest {
    private static final UUID A = UUID.fromString("00000000-0000-0000-0000-00000000000a");
    private static final UUID B = UUID.fromString("00000000-0000-0000-0000-00000000000b");
    private static final UUID C = UUID.fromString("00000000-0000-0000-0000-00000000000c");

    /** A node of the cluster: its host id and state, and the version its peers' rows give it per look. */
    private record Peer(UUID hostId, NodeState state, IntFunction<UUID> versionAtLook) {}

    private final List<String> statements = new ArrayList<>();
    private final AtomicInteger driverChecks = new AtomicInteger();
    private final AtomicInteger looks = new AtomicInteger();

    private static <T> T proxy(Class<T> type, java.lang.reflect.InvocationHandler h) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, h));
    }

    private static Row row(Map<String, Object> columns) {
        return proxy(Row.class, (p, m, args) -> switch (m.getName()) {
            case "getUuid", "getMap" -> columns.get((String) args[0]);
            default -> throw new UnsupportedOperationException(m.getName());
        });
    }

    private static ResultSet rows(List<Row> rows) {
        return proxy(ResultSet.class, (p, m, args) -> switch (m.getName()) {
            case "one" -> rows.isEmpty() ? null : rows.get(0);
            case "iterator" -> rows.iterator();
            case "all" -> rows;
            case "getExecutionInfo" -> null;
            default -> throw new UnsupportedOperationException(m.getName());
        });
    }

    private static Node node(NodeState state) {
        return proxy(Node.class, (p, m, args) -> switch (m.getName()) {
            case "getState" -> state;
            case "hashCode" -> System.identityHashCode(p);
            case "equals" -> p == args[0];
            default -> throw new UnsupportedOperationException(m.getName());
        });
    }

    private CqlSession session(IntFunction<UUID> ownVersion, List<Peer> peers) {
        Map<UUID, Node> nodes = new LinkedHashMap<>();
        peers.forEach(peer -> nodes.put(peer.hostId(), node(peer.state())));
        Metadata metadata = proxy(Metadata.class, (p, m, args) -> switch (m.getName()) {
            case "getNodes" -> nodes;
            default -> throw new UnsupportedOperationException(m.getName());
        });
        return proxy(CqlSession.class, (p, m, args) -> switch (m.getName()) {
            case "checkSchemaAgreement" -> {
                driverChecks.incrementAndGet();
                yield false;
            }
            case "getMetadata" -> metadata;
            case "execute" -> {
                SimpleStatement s = (SimpleStatement) args[0];
                String q = s.getQuery();
                statements.add(q);
                if (q.startsWith("SELECT schema_version FROM system.local")) {
                    yield rows(List.of(row(Map.of("schema_version", ownVersion.apply(looks.incrementAndGet())))));
                }
                if (q.startsWith("SELECT host_id, schema_version FROM system.peers")) {
                    List<Row> out = new ArrayList<>();
                    for (Peer peer : peers) {
                        out.add(row(Map.of("host_id", peer.hostId(), "schema_version",
                                peer.versionAtLook().apply(looks.get()))));
                    }
                    yield rows(out);
                }
                if (q.startsWith("SELECT replication FROM system_schema.keyspaces")) {
                    assertEquals(List.of("newts"), s.getPositionalValues());
                    yield rows(List.of(row(Map.of("replication", Map.of(
                            "class", "org.apache.cassandra.locator.NetworkTopologyStrategy", "dc1", "1")))));
                }
                yield rows(List.of()); // DDL
            }
            default -> throw new UnsupportedOperationException(m.getName());
        });
    }

    @Test
    void aBusyControlConnectionNoLongerFailsTheSchemaStep() throws Exception {
        // One node: it agrees with itself. The driver's own check would have said no.
        CqlSession session = session(look -> A, List.of());
        Map<String, String> replication = CassandraConnector.applySchema(session, "newts",
                Replication.parse("--replication", "dc1:1"), Duration.ofDays(7), Duration.ofDays(1));
        assertEquals(Map.of("class", "org.apache.cassandra.locator.NetworkTopologyStrategy", "dc1", "1"), replication,
                "the replication read through the pool, not from the driver's metadata");
        assertEquals(0, driverChecks.get(), "the control connection is not asked");
        List<String> ddl = NewtsSchema.statements("newts", Replication.parse("--replication", "dc1:1").toCql(), Duration.ofDays(7),
                Duration.ofDays(1));
        assertEquals(ddl, statements.subList(0, ddl.size()), "every schema statement, in order");
    }

    @Test
    void peersThatDisagreeAreWaitedForAndAPeerDownIsLeftOut() throws Exception {
        UUID up = UUID.randomUUID();
        UUID down = UUID.randomUUID();
        CqlSession session = session(look -> A, List.of(new Peer(up, NodeState.UP, look -> look < 3 ? B : A),
                new Peer(down, NodeState.DOWN, look -> C)));
        SchemaAgreement.await(session, Duration.ofSeconds(10));
        assertEquals(3, looks.get(), "looked until the peer up had the same version, 200 ms apart");
    }

    @Test
    void nodesThatNeverAgreeFailWithTheVersionsSeen() {
        CqlSession session = session(look -> A, List.of(new Peer(UUID.randomUUID(), NodeState.UP, look -> B)));
        ClusterException e = assertThrows(ClusterException.class,
                () -> SchemaAgreement.await(session, Duration.ofSeconds(1)));
        assertTrue(e.getMessage().startsWith("schema: the nodes did not agree on the schema within 1s (versions ["
                + A + ", " + B + "])"), e.getMessage());
        assertTrue(looks.get() >= 2, "looked again before giving up: " + looks.get());
    }
}
