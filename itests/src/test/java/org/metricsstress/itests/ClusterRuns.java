package org.metricsstress.itests;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.metricsstress.api.Outcome;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.cluster.fault.FaultInjector;
import org.metricsstress.cluster.fault.FaultPlan;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.Replication;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.result.StressResult;

/**
 * Runs against a multi-DC cluster a test class started, made as the jar makes them with {@code
 * --embedded-nodes}: the client in the first DC, faults applied by the same injector {@code
 * --embedded-fault} drives, the DCs' distance in the result, the console kept for assertions.
 */
final class ClusterRuns {
    private ClusterRuns() {}

    /**
     * C1 alone, for a JVM the suites start that lives seconds to a few minutes and is asked for no
     * speed of its own: it never earns back what C2 costs to compile (see itests/pom.xml, which gives
     * it to every node itests starts).
     */
    static final String QUICK_JIT = "-XX:TieredStopAtLevel=1";

    /** What a run printed, and how it ended. */
    record Run(Outcome outcome, String console) {
        StressResult result() {
            return outcome.result();
        }
    }

    /**
     * A small plan without indexing (10 nodes of 2 interfaces x 5 groups x 10 attributes every
     * second) written by the pipelined writer at {@code consistency} through dc1's node; the caller
     * sets the duration, the report interval and whatever else the test is about.
     */
    static StressConfig.Builder config(EmbeddedCluster cluster, String replication, String keyspace, String consistency) {
        EmbeddedCassandra dc1 = cluster.target("dc1").get(0);
        return StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(dc1.cqlAddress().getHostString(), dc1.cqlAddress().getPort())))
                .localDc("dc1").replication(Replication.parse("--replication", replication))
                .keyspace(keyspace).writeConsistency(consistency).writer(Writer.PIPELINED)
                .nodes(10).interfaces(2).groups(5).attributes(10).strings(0).index(false)
                .interval(Duration.ofSeconds(1)).requestTimeout(Duration.ofSeconds(3))
                .drainTimeout(Duration.ofSeconds(10));
    }

    /** Runs {@code config} with {@code faults} (null: none) applied to {@code cluster}. */
    static Run run(EmbeddedCluster cluster, StressConfig config, String faults) throws Exception {
        return run(cluster, config, faults, null, Duration.ZERO);
    }

    /**
     * As {@link #run(EmbeddedCluster, StressConfig, String)}, but generation ends {@code after} the
     * first fault event whose text starts with {@code endOn}: a run that waits for something whose
     * time varies (a restarted node answering) lasts as long as it takes, not a fixed worst case;
     * the config's duration stays the bound.
     */
    static Run run(EmbeddedCluster cluster, StressConfig config, String faults, String endOn, Duration after)
            throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        StressRun run = new StressRun(config, new PrintStream(console, true, StandardCharsets.UTF_8));
        cluster.describeDistanceTo(run);
        ScheduledExecutorService ender = Executors.newSingleThreadScheduledExecutor();
        Consumer<String> events = text -> {
            run.event(text);
            if (endOn != null && text.startsWith(endOn)) {
                ender.schedule(run::stop, after.toMillis(), TimeUnit.MILLISECONDS);
            }
        };
        Outcome outcome;
        try (FaultInjector injector = new FaultInjector(cluster,
                FaultPlan.parse(faults).checkedAgainst(cluster.layout()), events).start(run)) {
            outcome = run.execute();
        } finally {
            ender.shutdownNow();
            System.out.println(console.toString(StandardCharsets.UTF_8));
        }
        return new Run(outcome, console.toString(StandardCharsets.UTF_8));
    }
}
