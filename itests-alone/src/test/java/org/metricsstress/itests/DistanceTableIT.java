package org.metricsstress.itests;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.distance.LatencyMatrix;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.Replication;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.result.Distance;
import org.metricsstress.result.StressResult;

/**
 * Not a test: the table of docs/local-clusters.md, measured on this machine (enabled by {@code
 * -Ddistance.table=SECONDS}). Two clusters of two DCs: one without relays ("no relay"), and one
 * with relays whose distance is changed in place from 0 ms on (the nodes stay warm). Per distance
 * a warm-up, then each consistency level for the same run shape, back to back; "no relay" against
 * "0 ms" is the relay's own cost, and each row gives the relays' CPU time too.
 */
@EnabledIfSystemProperty(named = "distance.table", matches = "\\d+")
@Acceptance
class DistanceTableIT {
    private static final List<String> LEVELS = List.of("LOCAL_ONE", "LOCAL_QUORUM", "EACH_QUORUM", "QUORUM");

    @Test
    void table() throws Exception {
        int seconds = Integer.getInteger("distance.table");
        List<String> distances = List.of(System.getProperty("distance.list", "none,0ms,1.5ms,15ms").split(","));
        ClusterLayout layout = ClusterLayout.parse("dc1:1,dc2:1");
        List<String> rows = new ArrayList<>();
        if (distances.contains("none")) {
            try (EmbeddedCluster cluster = EmbeddedCluster.start(layout, EmbeddedCluster.Security.NONE, null,
                    b -> b.heap("768M"), System.out::println)) {
                measure(cluster, "no relay", seconds, rows);
            }
        }
        List<String> apart = distances.stream().filter(d -> !d.equals("none")).toList();
        if (!apart.isEmpty()) {
            try (EmbeddedCluster cluster = EmbeddedCluster.start(layout, EmbeddedCluster.Security.NONE,
                    matrix(apart.get(0), layout), b -> b.heap("768M"), System.out::println)) {
                for (String d : apart) {
                    cluster.latency(matrix(d, layout));
                    measure(cluster, d, seconds, rows);
                }
            }
        }
        System.out.println("DISTANCE-TABLE done");
        rows.forEach(r -> System.out.println("DISTANCE-TABLE " + r));
    }

    private static LatencyMatrix matrix(String oneWay, ClusterLayout layout) {
        return LatencyMatrix.parse("dc1-dc2=" + oneWay, layout.nodesPerDc().keySet());
    }

    /** A warm-up at this distance, then a row per level. */
    private static void measure(EmbeddedCluster cluster, String label, int seconds, List<String> rows) throws Exception {
        run(cluster, "warm_" + rows.size(), "LOCAL_QUORUM", 10);
        for (String cl : LEVELS) {
            StressResult r = run(cluster, "t_" + cl.toLowerCase(Locale.ROOT) + "_" + rows.size(), cl, seconds);
            Distance.DcService s = r.distance().service(cl, "dc1");
            Distance.Relays relays = r.distance().relays();
            String row = String.format(Locale.ROOT, "| %s | %s | %,.0f | %.2f | %.2f | %d | %s |", label, cl,
                    r.writtenSamplesPerSecond(), s.service().p50Ms(), s.service().p99Ms(), r.failed(),
                    relays == null ? "-" : String.format(Locale.ROOT, "%.1f", relays.cpuSeconds()));
            rows.add(row);
            System.out.println("DISTANCE-TABLE " + row);
        }
    }

    private static StressResult run(EmbeddedCluster cluster, String keyspace, String cl, int seconds) throws Exception {
        EmbeddedCassandra dc1 = cluster.target("dc1").get(0);
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(dc1.cqlAddress().getHostString(), dc1.cqlAddress().getPort())))
                .localDc("dc1").replication(Replication.parse("--replication", "dc1:1,dc2:1"))
                .keyspace(keyspace).writeConsistency(cl).writer(Writer.PIPELINED)
                .nodes(100).interfaces(10).groups(5).attributes(10).strings(0).index(false)
                .interval(Duration.ofSeconds(10)).reportInterval(Duration.ofSeconds(5))
                .duration(Duration.ofSeconds(seconds)).drainTimeout(Duration.ofSeconds(20)).build();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        StressRun run = new StressRun(config, new PrintStream(console, true, StandardCharsets.UTF_8));
        cluster.describeDistanceTo(run);
        StressResult r = run.execute().result();
        String out = console.toString(StandardCharsets.UTF_8);
        System.out.println(out.substring(Math.max(0, out.indexOf("=== metrics-stress summary"))));
        return r;
    }
}
