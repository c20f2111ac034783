package org.metricsstress.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.pipeline.GroupCommitHandler;

/**
 * A group commit wider than one request ({@value CassandraSampleSender#MAX_ROWS_PER_BATCH} rows) is
 * sent in slices, against a session of two nodes with a token map (requests and encoding as the
 * null sink does them): every slice is routed to a replica of its partition, as the first one is.
 */
class WideCommitTest {

    private static Object proxy(Class<?> type, java.util.function.BiFunction<String, Object[], Object> answer) {
        return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (p, m, args) -> switch (m.getName()) {
            case "hashCode" -> System.identityHashCode(p);
            case "equals" -> p == args[0];
            case "toString" -> type.getSimpleName();
            default -> answer.apply(m.getName(), args);
        });
    }

    /** Two nodes; every partition's token is one token, whose replicas are one shared set. */
    private static CqlSession twoNodes(CqlSession nullSession) {
        Node a = (Node) proxy(Node.class, (m, args) -> m.equals("getHostId") ? UUID.randomUUID() : null);
        Node b = (Node) proxy(Node.class, (m, args) -> m.equals("getHostId") ? UUID.randomUUID() : null);
        Set<Node> replicas = Set.of(a);
        Token token = (Token) proxy(Token.class, (m, args) -> m.equals("compareTo") ? 0 : null);
        TokenMap tokens = (TokenMap) proxy(TokenMap.class, (m, args) -> switch (m) {
            case "newToken" -> token;
            case "getReplicas" -> replicas;
            default -> throw new UnsupportedOperationException(m);
        });
        Metadata metadata = (Metadata) proxy(Metadata.class, (m, args) -> switch (m) {
            case "getNodes" -> Map.of(UUID.randomUUID(), a, UUID.randomUUID(), b);
            case "getTokenMap" -> Optional.of(tokens);
            case "getKeyspace" -> Optional.empty();
            default -> throw new UnsupportedOperationException(m);
        });
        return (CqlSession) Proxy.newProxyInstance(CqlSession.class.getClassLoader(), new Class<?>[] {CqlSession.class},
                (p, m, args) -> {
                    if (m.getName().equals("getMetadata")) {
                        return metadata;
                    }
                    try {
                        return m.invoke(nullSession, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /**
     * Commits of 20 rows, 4 a request at most: the third overflows 48 rows, the request is sent
     * and the third goes into it again. Before, the request then had no routing token.
     */
    @Test
    void aCommitAfterARequestSentForItsRowsIsRoutedToo() {
        StressConfig config = StressConfig.builder().nodes(1).interfaces(1).groups(3).attributes(20).strings(0)
                .interval(Duration.ofSeconds(60)).batchCommits(4).build();
        StressMetrics metrics = new StressMetrics();
        List<Statement<?>> sent = new CopyOnWriteArrayList<>();
        try (CqlSession nullSession = NullSession.open()) {
            CassandraSampleSender writer = new CassandraSampleSender(twoNodes(nullSession), config, metrics, s -> {
                sent.add(s);
                return CompletableFuture.<AsyncResultSet>completedFuture(null);
            });
            GroupCommitHandler sink = writer.newHandler();
            GroupCommit c = new GroupCommit(20);
            for (int key = 0; key < 3; key++) {
                c.resourceKey = key;
                c.sampleCount = 20;
                c.timestampMillis = 1_700_000_000_000L;
                c.intendedNanos = System.nanoTime();
                sink.write(c);
            }
            sink.endOfBatch();
        }
        assertEquals(2, sent.size(), "40 rows, then 20");
        for (Statement<?> s : sent) {
            assertNotNull(((BatchStatement) s).getRoutingToken(), "a request sent without a routing token");
        }
        assertEquals(60, metrics.counts().written());
    }

    @Test
    void everySliceOfAWideCommitIsRoutedToAReplicaOfItsPartition() {
        StressConfig config = StressConfig.builder().nodes(1).interfaces(1).groups(1).attributes(100).strings(0)
                .interval(Duration.ofSeconds(60)).batchCommits(4).build();
        StressMetrics metrics = new StressMetrics();
        List<Statement<?>> sent = new CopyOnWriteArrayList<>();
        try (CqlSession nullSession = NullSession.open()) {
            CqlSession session = twoNodes(nullSession);
            CassandraSampleSender writer = new CassandraSampleSender(session, config, metrics, s -> {
                sent.add(s);
                return CompletableFuture.<AsyncResultSet>completedFuture(null);
            });
            GroupCommitHandler sink = writer.newHandler();
            GroupCommit c = new GroupCommit(100);
            c.resourceKey = 0;
            c.sampleCount = 100;
            c.timestampMillis = 1_700_000_000_000L;
            c.intendedNanos = System.nanoTime();
            sink.write(c);
            sink.endOfBatch();
        }
        assertEquals(3, sent.size(), "48 + 48 + 4 rows");
        int rows = 0;
        for (Statement<?> s : sent) {
            BatchStatement batch = (BatchStatement) s;
            rows += batch.size();
            assertNotNull(batch.getRoutingToken(), "a slice sent without a routing token: any node coordinates it");
        }
        assertEquals(100, rows);
        assertEquals(100, metrics.counts().written());
    }

}
