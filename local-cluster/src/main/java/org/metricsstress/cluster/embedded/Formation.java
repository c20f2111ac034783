package org.metricsstress.cluster.embedded;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.RingCheck;

/** Whether an embedded cluster has formed one ring; when it has not, what each node says of itself. */
final class Formation {
    private Formation() {
    }

    /**
     * A node answers CQL before gossip has told it of the others: waits until, for every data
     * centre, a client local to it sees all its nodes up, and every node lists all the others among
     * its peers. (A client sees only its local DC's nodes as up: it never connects to the others.)
     * Null once formed; else what was missing at {@code timeout}, and what each node says.
     */
    static String await(EmbeddedCluster c, Duration timeout, Consumer<String> output) throws LocalClusterException {
        List<EmbeddedCassandra> nodes = c.nodes();
        if (nodes.size() == 1 && !c.passwordAuth() && c.tls() == null) {
            return null;
        }
        RingCheck.Outcome o = RingCheck.poll(c.layout().nodesPerDc().keySet(), dc -> ringStateIn(c, dc), timeout);
        if (!o.formed()) {
            return o.missing() + "; " + nodes.stream().map(n -> selfReport(c, n)).collect(Collectors.joining("; "));
        }
        output.accept(String.format(Locale.ROOT, nodes.size() == 1
                ? "Cassandra accepts the run's login after %.1f s"
                : "Local cluster formed: every node sees the " + (nodes.size() - 1) + " others after %.1f s", o.seconds()));
        return null;
    }

    /** What a node that is part of a ring that did not form says of itself: alive, answering, its peers. */
    private static String selfReport(EmbeddedCluster c, EmbeddedCassandra n) {
        String log = n.lastLogLine();
        return selfState(c, n) + (log == null ? "" : ", its log last: " + (log.length() > 200 ? log.substring(0, 200) + "..." : log));
    }

    private static String selfState(EmbeddedCluster c, EmbeddedCassandra n) {
        String who = n.address() + " (pid " + n.pid() + ")";
        if (!n.running()) {
            return who + " exited";
        }
        try (CqlSession s = c.clientSession(n.cqlAddress(), n.datacenter())) {
            Node self = s.getMetadata().getNodes().values().stream()
                    .filter(x -> n.cqlAddress().equals(x.getEndPoint().resolve())).findFirst().orElse(null);
            // A node behind a relay is known to clients by its relay's address: then the session's
            // own choice of coordinator, which with one node per DC is that node.
            SimpleStatement q = SimpleStatement.newInstance("SELECT peer FROM system.peers_v2");
            List<String> peers = s.execute(self == null ? q : q.setNode(self)).all().stream()
                    .map(r -> String.valueOf(r.getInetAddress("peer"))).toList();
            return who + " answers CQL, lists peers " + peers;
        } catch (RuntimeException e) {
            return who + " running, no CQL answer: " + e.getMessage();
        }
    }

    /** Null when every node of {@code dc} is up and knows all its peers, else what is missing. */
    private static String ringStateIn(EmbeddedCluster c, String dc) {
        List<EmbeddedCassandra> nodes = c.nodes();
        List<EmbeddedCassandra> local = nodes.stream().filter(n -> n.datacenter().equals(dc)).toList();
        try (CqlSession s = c.clientSession(local.get(0).cqlAddress(), dc)) {
            return RingCheck.missing(s, dc, local.size(), nodes.size());
        }
    }
}
