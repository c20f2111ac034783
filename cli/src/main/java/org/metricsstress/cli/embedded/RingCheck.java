package org.metricsstress.cli.embedded;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.util.List;

/**
 * Whether a local cluster has formed, seen from one data centre: a node answers CQL before gossip
 * has told it of the others. (A client sees only its local DC's nodes as up: it never connects to
 * the others; so each DC is asked through a client local to it.)
 */
public final class RingCheck {
    private RingCheck() {
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
