package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.regex.Pattern;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.pipeline.GroupCommitHandler;
import org.metricsstress.storage.CassandraSampleSender;

/**
 * Faults the driver and the JVM give only on their own terms, injected on a real node: a request
 * that cannot be sent, and a run that throws in its middle.
 */
@ExtendWith(CassandraExtension.class)
class FaultInjectionIT {
    /** 4 nodes x 1 interface x 5 groups = 20 group resources, one commit each. */
    private static final int COMMITS = 20;

    private static StressConfig.Builder small(CassandraServer server, String keyspace) {
        return StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace(keyspace)
                .nodes(4).interfaces(1).groups(5).attributes(10).strings(0)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(1)).seed(7);
    }

    /**
     * Every other request throws when it is sent. Its rows must be counted failed
     * (not lost) and its permit returned (so the writer goes idle), and the rows that were sent
     * must be exactly the rows in the table.
     */
    @Test
    void aRequestThatCannotBeSentCountsItsRowsFailedAndGivesItsPermitBack(CassandraServer server) throws Exception {
        StressConfig config = small(server, "it_send_fail").maxInFlight(2).batchCommits(2).build();
        new StressRun(config, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).execute();
        try (CqlSession s = Cql.session(server)) {
            s.execute("TRUNCATE it_send_fail.samples");
            StressMetrics metrics = new StressMetrics();
            AtomicInteger sends = new AtomicInteger();
            List<Statement<?>> tried = new CopyOnWriteArrayList<>();
            AtomicInteger rowsRefused = new AtomicInteger();
            AtomicInteger rowsSent = new AtomicInteger();
            CqlSession refusing = sendingThrough(s, statement -> {
                tried.add(statement);
                int rows = statement instanceof BatchStatement b ? b.size() : 1;
                if (sends.incrementAndGet() % 2 == 0) {
                    rowsRefused.addAndGet(rows);
                    throw new IllegalStateException("injected: the request cannot be sent");
                }
                rowsSent.addAndGet(rows);
                return s.executeAsync(statement);
            });
            CassandraSampleSender writer = new CassandraSampleSender(refusing, config, metrics);
            // Bounded: a leaked permit would block the writer in its next send for good.
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                GroupCommitHandler handler = writer.newHandler();
                GroupCommit c = new GroupCommit(10);
                long now = System.currentTimeMillis();
                for (int key = 0; key < COMMITS; key++) {
                    c.resourceKey = key;
                    c.intendedNanos = System.nanoTime();
                    c.timestampMillis = now;
                    c.sampleCount = 10;
                    for (int a = 0; a < 10; a++) {
                        c.values[a] = key + a / 10.0;
                    }
                    handler.write(c);
                    if (key % 3 == 2) {
                        handler.endOfBatch();
                    }
                }
                handler.endOfBatch();
            }, "the writer blocked: a permit leaked");
            assertTrue(writer.awaitIdle(30_000), "a permit leaked: " + writer.inFlightRequests() + " in flight");
            // Nothing was sent twice: each request reached the sender once, the refused ones too.
            assertTrue(sends.get() >= 2, "requests tried: " + sends.get());
            Set<Object> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
            distinct.addAll(tried);
            assertEquals(tried.size(), distinct.size(), "a request was sent twice");
            assertEquals(0, metrics.counts().retries());
            assertEquals(COMMITS * 10, rowsSent.get() + rowsRefused.get(), "every row went to the sender once");
            assertEquals(rowsRefused.get(), metrics.counts().failed(ErrorClass.OTHER), "the refused requests' rows, failed");
            assertEquals(rowsSent.get(), metrics.counts().written(), "the sent requests' rows, written");
            assertEquals(metrics.counts().written(), Cql.count(s, "SELECT COUNT(*) FROM it_send_fail.samples"));
            assertTrue(metrics.firstFailureOf(ErrorClass.OTHER).contains("injected"),
                    metrics.firstFailureOf(ErrorClass.OTHER));
        }
    }

    /**
     * {@code session}, with its asynchronous statements sent through {@code send}: how a test makes
     * a send throw, which the driver does only on its own terms.
     */
    private static CqlSession sendingThrough(CqlSession session,
            Function<Statement<?>, CompletionStage<AsyncResultSet>> send) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.getName().equals("executeAsync") && args != null && args.length == 1
                    && args[0] instanceof Statement<?> statement) {
                return send.apply(statement);
            }
            try {
                return method.invoke(session, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (CqlSession) Proxy.newProxyInstance(CqlSession.class.getClassLoader(),
                new Class<?>[] {CqlSession.class}, handler);
    }

    /** A console that fails at the run's first report line, as a closed terminal might. */
    private static final class FailingConsole extends OutputStream {
        private static final Pattern REPORT_LINE = Pattern.compile("(?m)^\\s+1s\\s+");
        private final StringBuilder seen = new StringBuilder();

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            seen.append(new String(b, off, len, StandardCharsets.UTF_8));
            if (REPORT_LINE.matcher(seen).find()) {
                throw new IllegalStateException("injected: the console is gone");
            }
        }
    }

    /**
     * A run that throws in its middle (writers, generators, the Prometheus
     * endpoint and the JMX beans all up) leaves none of them behind.
     */
    @Test
    void aRunThatThrowsMidRunLeavesNoThreadPortOrMBeanOfOurs(CassandraServer server) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        StressConfig config = small(server, "it_mid_run_throw").duration(Duration.ofSeconds(30))
                .prometheusPort(port).jmx(true).build();
        PrintStream console = new PrintStream(new FailingConsole(), true, StandardCharsets.UTF_8);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new StressRun(config, console).execute());
        assertEquals("injected: the console is gone", e.getMessage());

        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        List<String> ours = threadsOfOurs(before);
        while (!ours.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            ours = threadsOfOurs(before);
        }
        assertEquals(List.of(), ours, "threads left running");
        try (ServerSocket again = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertEquals(port, again.getLocalPort(), "the Prometheus port is free again");
        }
        assertEquals(0, ManagementFactory.getPlatformMBeanServer()
                .queryNames(new ObjectName("metrics-stress:*"), null).size(), "MBeans left registered");
    }

    /**
     * Threads the run started that still run: ours, the Redis cache's, and the driver's (named after
     * the session, or s0-, s1-... without a name).
     */
    private static List<String> threadsOfOurs(Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && !before.contains(t))
                .map(Thread::getName)
                .filter(n -> n.startsWith("metrics-stress") || n.startsWith("redis-cache-writer")
                        || n.matches("s\\d+-(admin|io|timer|worker).*"))
                .sorted().toList();
    }
}
