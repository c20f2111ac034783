package org.metricsstress.cluster.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.metricsstress.cluster.ClusterLayout;

/**
 * Starts a two-node local cluster N times in a row and checks, each time, that each node lists the
 * other in system.peers_v2 and that the launcher did not have to start the cluster a second time
 * (its safety net, which says "did not form within"); counts the gossip evictions in the nodes'
 * logs too. Not part of the default build (about 20 s a start on a quiet machine): it runs only
 * when asked, e.g. {@code mvn -o test -pl local-cluster -am -Dtest=RingStartsTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dring.starts=30}; {@code -Dring.minutes=M} starts no new
 * one after M minutes and judges those that ran. The build's surefire kills its fork after 10
 * minutes and this test stops itself after 40: for more than about 20 starts raise the fork's bound
 * too, e.g. {@code -Dring.starts=30 -Dunit.fork.seconds=2400} (about 20 s a start on a quiet
 * machine, 60-90 s on a busy one).
 */
@EnabledIfSystemProperty(named = "ring.starts", matches = "[1-9][0-9]*")
class RingStartsTest {
    /** What Cassandra's Gossiper logs when it drops a peer that has no tokens yet, and what follows. */
    private static final List<String> EVICTION_LINES = List.of("FatClient", "removed ", "Seeds list is now empty");

    @Test
    @Timeout(value = 40, unit = TimeUnit.MINUTES) // the build's default of 5 fits a handful of starts
    void everyTwoNodeStartFormsWithoutARetry() throws Exception {
        int asked = Integer.parseInt(System.getProperty("ring.starts"));
        long deadline = System.nanoTime() + Duration.ofMinutes(Long.getLong("ring.minutes", 24 * 60)).toNanos();
        int starts = 0;
        int firstAttempt = 0;
        int evictions = 0;
        List<Double> seconds = new ArrayList<>();
        for (int i = 1; i <= asked && System.nanoTime() < deadline; i++) {
            starts = i;
            List<String> output = new ArrayList<>();
            long t0 = System.nanoTime();
            EmbeddedCluster cluster = EmbeddedCluster.start(ClusterLayout.parse("dc1:2"), b -> b.heap("768M"),
                    line -> {
                        synchronized (output) {
                            output.add(line);
                        }
                    });
            double up = (System.nanoTime() - t0) / 1e9;
            boolean retried;
            synchronized (output) {
                retried = output.stream().anyMatch(l -> l.contains("did not form within"));
            }
            String peers;
            List<String> gossipLines = new ArrayList<>();
            try {
                peers = cluster.nodes().stream().map(n -> n.address() + "->" + peersOf(cluster, n))
                        .collect(Collectors.joining(" "));
                for (EmbeddedCassandra n : cluster.nodes()) {
                    gossipLines.addAll(evictionLines(n));
                }
            } finally {
                cluster.close();
            }
            double total = (System.nanoTime() - t0) / 1e9;
            boolean paired = peers.equals("127.0.0.1->[127.0.0.2] 127.0.0.2->[127.0.0.1]");
            if (paired && !retried) {
                firstAttempt++;
            }
            evictions += (int) gossipLines.stream().filter(l -> l.contains("FatClient")).count();
            seconds.add(total);
            System.out.printf(Locale.ROOT, "start %d: %s, %s, up in %.1f s, %.1f s with the stop; peers %s%s%n", i,
                    paired ? "formed" : "NOT FORMED", retried ? "RETRIED" : "no retry", up, total, peers,
                    gossipLines.isEmpty() ? "" : "; gossip: " + gossipLines);
        }
        System.out.printf(Locale.ROOT, "%d of %d two-node starts formed without a retry; %d fat-client evictions logged;"
                        + " %.1f s a start on average (max %.1f s)%n", firstAttempt, starts, evictions,
                seconds.stream().mapToDouble(Double::doubleValue).average().orElse(0),
                seconds.stream().mapToDouble(Double::doubleValue).max().orElse(0));
        assertEquals(starts, firstAttempt, "two-node starts that formed without a retry");
        assertEquals(0, evictions, "starting peers dropped from gossip as fat clients");
    }

    /** The peers {@code n} itself lists, asked of {@code n} as coordinator. */
    private static Set<String> peersOf(EmbeddedCluster cluster, EmbeddedCassandra n) {
        try (CqlSession s = cluster.clientSession(n.cqlAddress(), n.datacenter())) {
            Node self = s.getMetadata().getNodes().values().stream()
                    .filter(x -> n.cqlAddress().equals(x.getEndPoint().resolve())).findFirst().orElseThrow();
            return s.execute(SimpleStatement.newInstance("SELECT peer FROM system.peers_v2").setNode(self)).all()
                    .stream().map(r -> r.getInetAddress("peer").getHostAddress())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static List<String> evictionLines(EmbeddedCassandra n) throws IOException {
        Path log = n.workDir().resolve("logs").resolve("system.log");
        if (!Files.exists(log)) {
            return List.of();
        }
        try (var lines = Files.lines(log)) {
            return lines.filter(l -> EVICTION_LINES.stream().anyMatch(l::contains))
                    .map(l -> n.address() + ": " + l.substring(Math.max(0, l.indexOf(" - ") + 3))).toList();
        }
    }
}
