package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.config.Replication;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.result.ClusterFacts;
import org.metricsstress.failure.ClusterException;

/**
 * Puts the keyspace in place and says what the run is writing to: the cluster's name, nodes,
 * releases and the keyspace's replication, printed once and kept for the result's "cluster" part.
 */
public final class ClusterSetup {
    private ClusterSetup() {}

    /** The description of a run that sends nothing ({@code --sink null}); no schema is touched. */
    public static ClusterFacts none(StressConfig config, PrintStream out) {
        if (config.pipeline().sink() == Sink.NULL) {
            out.println("--sink null: nothing is sent; every request is built and encoded here, then counted as written");
            return new ClusterFacts("none (--sink null)", 0, null, null, config.schema().keyspace(), null, null, null);
        }
        out.println("--writer " + config.pipeline().writers().text() + ": no Cassandra; every sample goes to "
                + config.tss().tssWriteUrl().getHost() + ":" + config.tss().tssWriteUrl().getPort());
        return new ClusterFacts("none (--writer " + config.pipeline().writers().text() + ")", 0, null, null, null, null,
                null, null);
    }

    /**
     * Creates what is missing of the keyspace and its tables, then describes the cluster; a schema
     * statement that fails, or nodes that do not agree on the schema, are a {@link ClusterException}.
     */
    public static ClusterFacts applySchemaAndDescribe(CqlSession session, StressConfig config, PrintStream out)
            throws ClusterException {
        Metadata md = session.getMetadata();
        String localDc = config.cluster().localDc() != null ? config.cluster().localDc() : CassandraConnector.localDatacenter(session);
        Replication wanted = config.schema().replicationIn(localDc);
        Map<String, String> replication;
        try (CqlSession schema = CassandraConnector.connectForSchema(config)) {
            replication = CassandraConnector.applySchema(schema != null ? schema : session, config.schema().keyspace(),
                    wanted, config.schema().twcsWindow(), config.schema().gcGrace());
        }
        String name = md.getClusterName().orElse("unknown");
        List<String> releases = md.getNodes().values().stream()
                .map(n -> String.valueOf(n.getCassandraVersion())).distinct().sorted().toList();
        out.printf(Locale.ROOT, "connected to cluster '%s' (%d nodes, Cassandra %s), local DC %s; keyspace %s replication %s%n",
                name, md.getNodes().size(), releases, localDc, config.schema().keyspace(), replication);
        List<ClusterFacts.Member> members = md.getNodes().size() > 1 ? members(md, out) : null;
        ClusterFacts.DriverFacts driver = DriverSettings.describe(session, config);
        out.println(DriverSettings.line(driver));
        return new ClusterFacts(name, md.getNodes().size(), localDc, releases, config.schema().keyspace(), replication,
                members, driver);
    }

    private static List<ClusterFacts.Member> members(Metadata md, PrintStream out) {
        List<ClusterFacts.Member> nodes = new ArrayList<>();
        md.getNodes().values().stream()
                .sorted(Comparator.comparing((Node n) -> String.valueOf(n.getDatacenter()))
                        .thenComparing(n -> String.valueOf(n.getEndPoint())))
                .forEach(n -> {
                    String name = Coordinators.name(n);
                    // The driver connects to local-DC nodes only; it cannot say whether the others are up.
                    String state = n.getDistance() == NodeDistance.IGNORED && n.getState() == NodeState.UNKNOWN
                            ? "remote DC, not connected" : String.valueOf(n.getState());
                    out.printf(Locale.ROOT, "  node %s  dc %s  rack %s  %s%n", name, n.getDatacenter(), n.getRack(),
                            state);
                    nodes.add(new ClusterFacts.Member(name, n.getDatacenter(), n.getRack(), state));
                });
        return nodes;
    }
}
