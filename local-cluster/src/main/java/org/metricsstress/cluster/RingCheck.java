package org.metricsstress.cluster;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * Whether a local cluster has formed, seen from one data centre: a node answers CQL before gossip
 * has told it of the others. (A client sees only its local DC's nodes as up: it never connects to
 * the others; so each DC is asked through a client local to it.)
 */
public final class RingCheck {
    private RingCheck() {
    }

    /**
     * Asks {@code missingIn} for each data centre, once a second, until none misses anything;
     * returns the seconds that took, or fails with what was still missing at {@code timeout}.
     * {@code missingIn} gives null for a DC that is complete, else what is missing; a throw counts as
     * missing.
     */
    public static double await(Collection<String> dcs, Function<String, String> missingIn, Duration timeout)
            throws LocalClusterException {
        Outcome o = poll(dcs, missingIn, timeout);
        if (!o.formed()) {
            throw new LocalClusterException("the cluster did not form within " + timeout.toSeconds() + " s: " + o.missing());
        }
        return o.seconds();
    }

    /** How a wait for the ring ended: formed after {@code seconds}, or {@code missing} this at its end. */
    public record Outcome(double seconds, String missing) {
        public boolean formed() {
            return missing == null;
        }
    }

    /** As {@link #await}, but a ring that has not formed by {@code timeout} is an outcome, not a failure. */
    public static Outcome poll(Collection<String> dcs, Function<String, String> missingIn, Duration timeout)
            throws LocalClusterException {
        long t0 = System.nanoTime();
        long deadline = t0 + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            last = null;
            for (String dc : dcs) {
                try {
                    last = missingIn.apply(dc);
                } catch (RuntimeException e) {
                    last = dc + ": " + e.getMessage();
                }
                if (last != null) {
                    break;
                }
            }
            if (last == null) {
                return new Outcome((System.nanoTime() - t0) / 1e9, null);
            }
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LocalClusterException("interrupted while waiting for the cluster to form", e);
            }
        }
        return new Outcome((System.nanoTime() - t0) / 1e9, last);
    }

    /**
     * Null when the {@code localNodes} nodes of {@code dc} are up as {@code session} (local to
     * {@code dc}) sees them and each lists the other {@code totalNodes - 1} among its peers; else
     * what is missing.
     */
    public static String missing(CqlSession session, String dc, int localNodes, int totalNodes) {
        List<Node> known = session.getMetadata().getNodes().values().stream()
                .filter(n -> dc.equals(n.getDatacenter())).toList();
        long up = known.stream().filter(n -> n.getState() == NodeState.UP).count();
        if (up < localNodes) {
            return dc + ": " + up + " of " + localNodes + " nodes up";
        }
        for (Node n : known) {
            long peers = session.execute(SimpleStatement.newInstance("SELECT peer FROM system.peers_v2").setNode(n))
                    .all().size();
            if (peers < totalNodes - 1) {
                return n.getEndPoint() + " knows " + peers + " of its " + (totalNodes - 1) + " peers";
            }
        }
        return null;
    }
}
