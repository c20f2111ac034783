package org.metricsstress.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.ReadMetrics;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;

/**
 * Freshness probes beside range reads, against a session that answers every read at once with no
 * rows: a probe's sample is meant up to one interval ahead, and a probe that held a read permit
 * while it waited for it took the reads' bound away from them.
 */
class ProbesAndReadsTest {

    /** Answers every statement at once: no rows, no more pages. Counts what is in flight. */
    private static final class AnsweringSession {
        final AtomicInteger probesSent = new AtomicInteger();
        final CqlSession session = (CqlSession) Proxy.newProxyInstance(CqlSession.class.getClassLoader(),
                new Class<?>[] {CqlSession.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "prepare" -> prepared((String) args[0]);
                    case "executeAsync" -> CompletableFuture.completedFuture(emptyResult());
                    case "close" -> null;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(method.getName());
                });

        private static PreparedStatement prepared(String cql) {
            BoundStatement bound = (BoundStatement) Proxy.newProxyInstance(BoundStatement.class.getClassLoader(),
                    new Class<?>[] {BoundStatement.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "setConsistencyLevel" -> proxy;
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        case "toString" -> cql;
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
            return (PreparedStatement) Proxy.newProxyInstance(PreparedStatement.class.getClassLoader(),
                    new Class<?>[] {PreparedStatement.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "bind" -> bound;
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }

        private static AsyncResultSet emptyResult() {
            return (AsyncResultSet) Proxy.newProxyInstance(AsyncResultSet.class.getClassLoader(),
                    new Class<?>[] {AsyncResultSet.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "currentPage" -> List.of();
                        case "hasMorePages" -> false;
                        case "one" -> null;
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }
    }

    /**
     * -i 300 and probes at 50/s with 4 read permits: before, four probes held every permit within
     * 80 ms while they waited for samples minutes ahead, and the reads behind them were never sent
     * (at most the one or two reads before that completed). Now a probe takes a permit only while
     * one of its polls is in flight, and every read the schedule meant is sent and answered.
     */
    @Test
    void probesWaitingForTheirSamplesHoldNoReadPermits() throws Exception {
        StressConfig config = StressConfig.builder().nodes(100).interfaces(2).groups(5).attributes(2)
                .interval(Duration.ofSeconds(300)).duration(Duration.ofMinutes(10)).readRate(20.0)
                .freshnessProbes(50.0).readMaxInFlight(4).build();
        StressPlan plan = StressPlan.of(config);
        long start = System.nanoTime();
        Schedule schedule = new Schedule(plan, start, System.currentTimeMillis(), config.pacing().duration().toNanos());
        ReadMetrics metrics = new ReadMetrics(new MetricRegistry());
        AnsweringSession cluster = new AnsweringSession();
        try (ReadStage reads = new ReadStage(cluster.session, Map.of(), config, plan, schedule, metrics)) {
            reads.start();
            // Until 20 probes wait for their samples (before, four of them held every permit) and 20
            // reads came back beside them: however slow the machine, not after a fixed time.
            long bound = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while ((metrics.probesSent() < 20 || metrics.readsCompleted() < 20) && System.nanoTime() < bound) {
                TimeUnit.MILLISECONDS.sleep(10);
            }
            assertTrue(metrics.readsCompleted() >= 20, "reads starved by waiting probes: " + metrics.readsCompleted()
                    + " completed beside " + metrics.probesSent() + " probes");
            reads.stop();
            reads.countIntended();
            // Reads already issued settle at once; probes still wait for their samples.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (metrics.readsCompleted() + metrics.readsFailed() < metrics.readsSent() && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(10);
            }
            assertTrue(metrics.readsIntended() >= 20, "reads meant: " + metrics.readsIntended());
            assertTrue(metrics.readsCompleted() >= metrics.readsIntended() / 2, "reads starved by waiting probes: "
                    + metrics.readsCompleted() + " completed of " + metrics.readsIntended() + " meant");
            assertEquals(metrics.readsSent(), metrics.readsCompleted());
            assertEquals(0, metrics.readsFailed());
            assertTrue(metrics.probesSent() >= 20, "probes were issued: " + metrics.probesSent());
            assertEquals(0, metrics.probesReadable() + metrics.probesFailed(), "probes still wait for their samples");
        }
    }
}
