package org.metricsstress.testing;

import java.net.InetSocketAddress;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.distance.LatencyMatrix;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.cluster.fault.FaultInjector;
import org.metricsstress.cluster.fault.FaultPlan;
import org.metricsstress.result.StressResult;

/**
 * A cluster {@link MetricsStress} started for the test (child JVMs or containers) and removes on
 * {@link #close()}. Runs can carry a fault plan, carried out on the run's clock as
 * {@code --embedded-fault} does: {@code "partition dc2 at 10s, heal dc2 at 30s"}; a pause or a
 * partition a plan leaves in place is undone when its run ends (a kill is not: restart by hand).
 */
public final class LocalStressCluster implements StressTarget, AutoCloseable {
    private final LocalCluster cluster;
    private volatile FaultPlan faults = FaultPlan.NONE;

    LocalStressCluster(LocalCluster cluster) {
        this.cluster = cluster;
    }

    /** The cluster itself, for faults by hand and for its nodes' addresses. */
    public LocalCluster cluster() {
        return cluster;
    }

    /** The fault plan for the next runs ({@code --embedded-fault}'s syntax); null or blank for none. */
    public LocalStressCluster faults(String plan) {
        this.faults = FaultPlan.parse(plan);
        return this;
    }

    /**
     * Puts the DCs {@code latency} apart for the next runs ({@code --embedded-latency}'s syntax), on
     * the open connections of a cluster {@link MetricsStress#embedded(String, String)} started with
     * relays; refused for any other cluster.
     */
    public LocalStressCluster latency(String latency) {
        if (!(cluster instanceof EmbeddedCluster embedded) || embedded.latency() == null) {
            throw new IllegalStateException("only a cluster started by MetricsStress.embedded(layout, latency) has relays");
        }
        embedded.latency(LatencyMatrix.parse(latency, embedded.layout().nodesPerDc().keySet()));
        return this;
    }

    @Override
    public InetSocketAddress cqlAddress() {
        return cluster.contactPoint();
    }

    @Override
    public String datacenter() {
        return cluster.localDc();
    }

    @Override
    public String replication() {
        return cluster.defaultReplication();
    }

    @Override
    public StressResult execute(StressRun run) throws Exception {
        if (cluster instanceof EmbeddedCluster embedded) {
            embedded.describeDistanceTo(run);
        }
        try (FaultInjector injector = new FaultInjector(cluster, faults, run::event).start(run)) {
            return run.execute().result();
        }
    }

    @Override
    public void close() {
        cluster.close();
    }
}
