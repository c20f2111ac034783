package org.metricsstress.cli;

import static org.metricsstress.config.LocalClusterOptionDefs.CASSANDRA_JAVA_HOME;
import static org.metricsstress.config.LocalClusterOptionDefs.EMBEDDED;
import static org.metricsstress.config.LocalClusterOptionDefs.EMBEDDED_AUTH;
import static org.metricsstress.config.LocalClusterOptionDefs.EMBEDDED_FAULT;
import static org.metricsstress.config.LocalClusterOptionDefs.EMBEDDED_HEAP;
import static org.metricsstress.config.LocalClusterOptionDefs.EMBEDDED_IMAGE;
import static org.metricsstress.config.LocalClusterOptionDefs.EMBEDDED_LATENCY;
import static org.metricsstress.config.LocalClusterOptionDefs.EMBEDDED_NODE;
import static org.metricsstress.config.LocalClusterOptionDefs.EMBEDDED_NODES;
import static org.metricsstress.config.LocalClusterOptionDefs.EMBEDDED_TLS;

import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.containers.ContainerCluster;
import org.metricsstress.cluster.distance.LatencyMatrix;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.cluster.embedded.NodeOverrides;
import org.metricsstress.cluster.CpuCgroup;
import org.metricsstress.cluster.fault.FaultPlan;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.Option;
import org.metricsstress.config.LocalClusterOptionDefs;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;
import picocli.CommandLine.ParseResult;

/**
 * The jar's own options: a local cluster for the run ({@code --embedded} and its shape, faults,
 * security and image). Declared, typed, in {@code config.LocalClusterOptionDefs}, read here, and checked
 * against each other.
 */
final class LocalClusterOptions {
    /** Every command with a cluster offers these: the run, the bench and find-max. */
    static final List<OptionDef> ONE_NODE = List.of(EMBEDDED.def(), CASSANDRA_JAVA_HOME.def(), EMBEDDED_HEAP.def(),
            LocalClusterOptionDefs.EMBEDDED_TSDB.def());
    /** Only a stress run has a cluster, a plan of faults and a secured path; the bench measures one plain node. */
    static final List<OptionDef> CLUSTER_ONLY = List.of(EMBEDDED_NODES.def(), EMBEDDED_FAULT.def(),
            EMBEDDED_NODE.def(), EMBEDDED_AUTH.def(), EMBEDDED_TLS.def(), EMBEDDED_IMAGE.def(), EMBEDDED_LATENCY.def());

    private LocalClusterOptions() {}

    static boolean asked(ParseResult parsed) {
        return parsed.hasMatchedOption(EMBEDDED.longName());
    }

    /**
     * A command of one node's local options, checked before anything starts: --embedded beside
     * --contact-points, a heap that is not one, a JDK that is not a directory.
     */
    static void check(ParseResult parsed) {
        if (withContactPoints(parsed)) {
            throw new ConfigException("--embedded starts its own node: leave out --contact-points");
        }
        heap(parsed);
        javaHome(parsed);
    }

    private static String heap(ParseResult parsed) {
        String heap = parsed.matchedOptionValue(EMBEDDED_HEAP.longName(), EMBEDDED_HEAP.defaultValue());
        if (!heap.matches("\\d+[mMgG]")) {
            throw new ConfigException("--embedded-heap: '" + heap + "' is not a heap size such as 512M or 2G");
        }
        return heap;
    }

    private static Path javaHome(ParseResult parsed) {
        String javaHome = parsed.matchedOptionValue(CASSANDRA_JAVA_HOME.longName(), null);
        return javaHome == null ? null : CASSANDRA_JAVA_HOME.parse(javaHome);
    }

    /** --embedded starts its own node, so contact points beside it are a mistake. */
    static boolean withContactPoints(ParseResult parsed) {
        return asked(parsed) && parsed.hasMatchedOption(StressOptions.CONTACT_POINTS.longName());
    }

    /** The embedded cluster's shape; a layout without --embedded is a mistake worth a line. */
    static ClusterLayout layout(ParseResult parsed) {
        for (Option<Boolean> d : List.of(EMBEDDED_AUTH, EMBEDDED_TLS)) {
            if (parsed.hasMatchedOption(d.longName()) && !asked(parsed)) {
                throw new ConfigException(d.longName() + ": secures the nodes --embedded starts; add --embedded");
            }
            if (parsed.hasMatchedOption(d.longName()) && parsed.hasMatchedOption(EMBEDDED_IMAGE.longName())) {
                throw new ConfigException(d.longName() + ": secures child-JVM nodes only; leave out --embedded-image");
            }
        }
        if (parsed.hasMatchedOption(EMBEDDED_IMAGE.longName()) && !asked(parsed)) {
            throw new ConfigException("--embedded-image: says what --embedded starts; add --embedded");
        }
        String text = parsed.matchedOptionValue(EMBEDDED_NODES.longName(), null);
        if (text != null && !asked(parsed)) {
            throw new ConfigException("--embedded-nodes: shapes the cluster --embedded starts; add --embedded");
        }
        return text == null ? ClusterLayout.SINGLE : ClusterLayout.parse(text);
    }

    static FaultPlan faultPlan(ParseResult parsed, ClusterLayout layout) {
        String text = parsed.matchedOptionValue(EMBEDDED_FAULT.longName(), null);
        if (text != null && !asked(parsed)) {
            throw new ConfigException("--embedded-fault: acts on the nodes --embedded starts; add --embedded"
                    + " (for a cluster of your own, use your own tooling)");
        }
        FaultPlan plan = FaultPlan.parse(text).checkedAgainst(layout)
                .checkedFor(parsed.hasMatchedOption(EMBEDDED_IMAGE.longName()));
        String noQuota = plan.cpuQuotas().isEmpty() ? null : CpuCgroup.unavailable();
        if (noQuota != null) {
            throw new ConfigException("--embedded-fault: cpu: " + noQuota);
        }
        return plan;
    }

    /** The nodes of the layout on settings of their own; none without --embedded-node. */
    static NodeOverrides nodeOverrides(ParseResult parsed, ClusterLayout layout) {
        String text = parsed.matchedOptionValue(EMBEDDED_NODE.longName(), null);
        if (text == null) {
            return NodeOverrides.NONE;
        }
        if (!asked(parsed)) {
            throw new ConfigException("--embedded-node: sets a node --embedded starts; add --embedded");
        }
        if (parsed.hasMatchedOption(EMBEDDED_IMAGE.longName())) {
            throw new ConfigException("--embedded-node: sets child-JVM nodes only (an image has its own configuration);"
                    + " leave out --embedded-image");
        }
        NodeOverrides overrides = NodeOverrides.parse(text).checkedAgainst(layout);
        String noQuota = overrides.capsCpu() ? CpuCgroup.unavailable() : null;
        if (noQuota != null) {
            throw new ConfigException("--embedded-node: cpu: " + noQuota);
        }
        return overrides;
    }

    /** How far apart the DCs of the layout are; null without --embedded-latency (no relays at all). */
    static LatencyMatrix latency(ParseResult parsed, ClusterLayout layout) {
        String text = parsed.matchedOptionValue(EMBEDDED_LATENCY.longName(), null);
        if (text == null) {
            return null;
        }
        if (!asked(parsed)) {
            throw new ConfigException("--embedded-latency: sets apart the DCs --embedded starts; add --embedded");
        }
        if (parsed.hasMatchedOption(EMBEDDED_IMAGE.longName())) {
            throw new ConfigException("--embedded-latency: delays child-JVM nodes only (containers would need netem);"
                    + " leave out --embedded-image");
        }
        return LatencyMatrix.parse(text, layout.nodesPerDc().keySet());
    }

    /** Starts the cluster the options describe: containers of --embedded-image, else child JVMs. */
    static LocalCluster start(ParseResult parsed, ClusterLayout layout, PrintStream out) throws LocalClusterException {
        Path jdk = javaHome(parsed);
        String heap = heap(parsed);
        String image = parsed.matchedOptionValue(EMBEDDED_IMAGE.longName(), null);
        if (image != null) {
            return ContainerCluster.start(image, layout, heap, out::println);
        }
        EmbeddedCluster.Security security = new EmbeddedCluster.Security(
                parsed.hasMatchedOption(EMBEDDED_AUTH.longName()), parsed.hasMatchedOption(EMBEDDED_TLS.longName()));
        return EmbeddedCluster.start(layout, security, latency(parsed, layout), nodeOverrides(parsed, layout), eb -> {
            eb.output(out::println).heap(heap);
            if (jdk != null) {
                eb.javaHome(jdk);
            }
        }, out::println);
    }

    static ContactPoint contactPoint(InetSocketAddress cql) {
        return new ContactPoint(cql.getHostString(), cql.getPort());
    }
}
