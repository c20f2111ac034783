package org.metricsstress.cluster.embedded;

import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalClusterException;

/**
 * Test fixture: a JVM that starts a local cluster and then waits, as a front end does; a test sends
 * it a signal in the middle of the start, as Ctrl-C would.
 */
public final class StartCluster {
    private StartCluster() {
    }

    public static void main(String[] args) throws Exception {
        EmbeddedCluster cluster;
        try {
            cluster = EmbeddedCluster.start(ClusterLayout.parse(args[0]), b -> b.output(System.out::println),
                    System.out::println);
        } catch (LocalClusterException e) {
            System.out.println("start failed: " + e.getMessage());
            return;
        }
        System.out.println("cluster started");
        // From here the caller holds the cluster and closes it, on exit too.
        Runtime.getRuntime().addShutdownHook(new Thread(cluster::close));
        Thread.sleep(Long.MAX_VALUE);
    }
}
