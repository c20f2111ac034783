package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.metricsstress.failure.ClusterException;

/**
 * Whether the nodes agree on the schema, asked through the session's own pool one request at a
 * time, until they do or the time is up.
 *
 * <p>Not the driver's {@code checkSchemaAgreement()}: the driver asks on its control connection,
 * which takes its stream ids from the same {@code max-requests-per-connection} as the pool. After
 * each DDL statement it refreshes its schema metadata there with about a dozen queries at once (one
 * per system_schema table), and its check ends "no agreement" at once on any error, a busy stream
 * id included (driver 4.19: SchemaAgreementChecker, AdminRequestHandler). With 4 requests a
 * connection a one-node cluster "did not agree on the schema within 60s". Through the pool, one
 * request at a time, a connection of one request is enough.
 *
 * <p>The versions compared are the driver's: the answering node's own and those of its peers the
 * driver sees up (a node down does not hold the others back).
 */
final class SchemaAgreement {
    /** Between two looks, as the driver's own check waits (advanced.control-connection.schema-agreement.interval). */
    static final Duration INTERVAL = Duration.ofMillis(200);

    private SchemaAgreement() {}

    /**
     * Returns once the nodes agree; a {@link ClusterException} naming what was last seen when they
     * did not within {@code timeout}.
     */
    static void await(CqlSession session, Duration timeout) throws ClusterException {
        // Of the time this process could run: a client a CPU quota holds looks slowly, not the nodes.
        RunnableDeadline deadline = RunnableDeadline.start(timeout);
        String last;
        while (true) {
            try {
                Set<UUID> versions = versions(session);
                if (versions.size() == 1) {
                    return;
                }
                last = versions.isEmpty() ? "no node said its schema version" : "versions " + new TreeSet<>(versions);
            } catch (RuntimeException e) {
                // A look that failed (a node slow to answer) says nothing: look again until the end.
                last = CassandraConnector.reason(e);
            }
            long left = deadline.leftNanos();
            if (left <= 0) {
                throw new ClusterException("schema: the nodes did not agree on the schema within "
                        + deadline.describe() + " (" + last + ")");
            }
            try {
                TimeUnit.NANOSECONDS.sleep(Math.min(left, INTERVAL.toNanos()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ClusterException("schema: interrupted while waiting for the nodes to agree on the schema");
            }
        }
    }

    /** The schema versions of the node that answers and of its peers the driver sees up. */
    static Set<UUID> versions(CqlSession session) {
        ResultSet local = session.execute(
                SimpleStatement.newInstance("SELECT schema_version FROM system.local WHERE key='local'"));
        Row own = local.one();
        Node answering = local.getExecutionInfo() == null ? null : local.getExecutionInfo().getCoordinator();
        // The same node's peers: its view of the cluster, complete with its own row.
        ResultSet peers = session.execute(
                SimpleStatement.newInstance("SELECT host_id, schema_version FROM system.peers").setNode(answering));
        Map<UUID, Node> known = session.getMetadata().getNodes();
        Set<UUID> versions = new TreeSet<>();
        if (own != null && own.getUuid("schema_version") != null) {
            versions.add(own.getUuid("schema_version"));
        }
        for (Row peer : peers) {
            UUID host = peer.getUuid("host_id");
            UUID version = peer.getUuid("schema_version");
            Node node = host == null ? null : known.get(host);
            if (version != null && node != null && node.getState() == NodeState.UP) {
                versions.add(version);
            }
        }
        return versions;
    }
}
