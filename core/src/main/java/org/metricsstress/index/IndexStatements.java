package org.metricsstress.index;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.metricsstress.storage.ReplicaSets;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.metricsstress.newts.IndexRules;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.newts.ResourceNames;

/**
 * The index requests of one resource under the pipelined writer: the rows OpenNMS writes
 * ({@link IndexRules}, the same rows as the opennms writer), as prepared statements batched per
 * partition: one batch for a resource's {@code resource_metrics} rows, one for its
 * {@code resource_attributes} rows, and {@code terms} rows (each its own partition) in UNLOGGED
 * batches of up to {@link #TERMS_PER_REQUEST} that share their replicas.
 *
 * <p>Why terms are batched at all: one row per request made index rows the costliest rows a node
 * takes; on a node saturated by samples (the bench's cold phase) index writes got a share of the
 * node by request count, about 1% of its rows, and 3 M index rows took over 10 minutes.
 */
final class IndexStatements {
    /** Term rows per request at most: Cassandra warns about unlogged batches over 10 partitions. */
    static final int TERMS_PER_REQUEST = 10;

    private final PreparedStatement insertTerm;
    private final PreparedStatement insertAttribute;
    private final PreparedStatement insertMetric;
    private final int ttlSeconds;
    private final ReplicaSets replicaSets;

    IndexStatements(CqlSession session, String keyspace, int ttlSeconds) {
        this.replicaSets = new ReplicaSets(session, keyspace);
        this.insertTerm = session.prepare(NewtsSchema.insertTerm(keyspace));
        this.insertAttribute = session.prepare(NewtsSchema.insertAttribute(keyspace));
        this.insertMetric = session.prepare(NewtsSchema.insertMetric(keyspace));
        this.ttlSeconds = ttlSeconds;
    }

    static int termRequests(int terms) {
        return (terms + TERMS_PER_REQUEST - 1) / TERMS_PER_REQUEST;
    }

    /** Requests for a group resource's own rows: its attributes' terms, its attributes, its metrics. */
    static int groupRequests(ResourceNames names, int attributes) {
        return termRequests(IndexRules.groupAttributeCount(names, attributes)) + 2;
    }

    /** Requests for a group's string attributes on its interface: their terms and one attribute batch. */
    static int stringRequests(int strings) {
        return strings == 0 ? 0 : termRequests(strings) + 1;
    }

    /** One resource's requests and the rows each carries. */
    static final class Requests {
        final List<Statement<?>> statements = new ArrayList<>();
        final List<Integer> rows = new ArrayList<>();

        boolean isEmpty() {
            return statements.isEmpty();
        }

        int size() {
            return statements.size();
        }

        private void add(Statement<?> statement, int rowCount) {
            statements.add(statement);
            rows.add(rowCount);
        }
    }

    /** A group resource's rows: a term and an attribute per metric id and {@code _idx}, a metric row per metric. */
    void groupResource(String resource, int group, int attributes, Requests out) {
        List<IndexRules.Attribute> attrs = IndexRules.groupAttributes(resource, group, attributes);
        addAttributes(resource, attrs, out);
        BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED);
        for (int a = 0; a < attributes; a++) {
            batch.addStatement(insertMetric.bind(NewtsSchema.CONTEXT, resource, ResourceNames.metricName(group, a),
                    ttlSeconds));
        }
        out.add(batch.build(), attributes);
    }

    /** A group's string attributes, which OpenNMS keeps on the interface resource. */
    void groupStrings(String iface, int group, int strings, String suffix, Requests out) {
        if (strings > 0) {
            addAttributes(iface, IndexRules.stringAttributes(group, strings, suffix), out);
        }
    }

    /** The interface resource's own row: the {@value IndexRules#STRINGS_METRIC} metric of its index-only samples. */
    void interfaceMetric(String iface, Requests out) {
        out.add(insertMetric.bind(NewtsSchema.CONTEXT, iface, IndexRules.STRINGS_METRIC, ttlSeconds), 1);
    }

    /** Attributes of one resource: their terms, then one batch of their resource_attributes rows. */
    private void addAttributes(String resource, List<IndexRules.Attribute> attrs, Requests out) {
        List<IndexRules.Term> terms = new ArrayList<>(attrs.size());
        BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED);
        for (IndexRules.Attribute a : attrs) {
            terms.add(a.term(resource));
            batch.addStatement(insertAttribute.bind(NewtsSchema.CONTEXT, resource, a.key(), a.value(), ttlSeconds));
        }
        addTerms(terms, out);
        out.add(batch.build(), attrs.size());
    }

    /**
     * A resource's terms live in as many partitions as it has terms; those with the same replicas
     * go together, up to {@link #TERMS_PER_REQUEST} a request, routed on the first one's token, so
     * no request fans out (on one node, or before the driver knows the ring, they go in order).
     */
    private void addTerms(List<IndexRules.Term> terms, Requests out) {
        Map<Set<Node>, List<IndexRules.Term>> byReplicas = new LinkedHashMap<>();
        Map<Set<Node>, Token> firstToken = new HashMap<>();
        for (IndexRules.Term t : terms) {
            Token token = replicaSets.token(text(NewtsSchema.CONTEXT), text(t.field()), text(t.value()));
            Set<Node> replicas = token == null ? Set.of() : replicaSets.of(token);
            byReplicas.computeIfAbsent(replicas, k -> new ArrayList<>()).add(t);
            firstToken.putIfAbsent(replicas, token);
        }
        for (Map.Entry<Set<Node>, List<IndexRules.Term>> e : byReplicas.entrySet()) {
            addTermBatches(e.getValue(), firstToken.get(e.getKey()), out);
        }
    }

    private void addTermBatches(List<IndexRules.Term> terms, Token routing, Requests out) {
        for (int from = 0; from < terms.size(); from += TERMS_PER_REQUEST) {
            int to = Math.min(terms.size(), from + TERMS_PER_REQUEST);
            if (to - from == 1) {
                out.add(term(terms.get(from)), 1);
            } else {
                BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED);
                for (int i = from; i < to; i++) {
                    batch.addStatement(term(terms.get(i)));
                }
                if (routing != null) {
                    batch.setRoutingToken(routing);
                }
                out.add(batch.build(), to - from);
            }
        }
    }

    private static ByteBuffer text(String value) {
        return TypeCodecs.TEXT.encode(value, ProtocolVersion.DEFAULT);
    }

    private BoundStatement term(IndexRules.Term t) {
        return insertTerm.bind(NewtsSchema.CONTEXT, t.field(), t.value(), t.resource(), ttlSeconds);
    }
}
