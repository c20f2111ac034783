package org.metricsstress.cluster.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalClusterException;

/** What is decided before any engine is asked (the container suite covers the rest). */
class ContainerClusterTest {

    @Test
    void scyllaImagesAreToldApartByTheirRepository() {
        assertTrue(ContainerCluster.isScylla("scylladb/scylla:6.2"));
        assertTrue(ContainerCluster.isScylla("registry.example:5000/mirror/scylla-enterprise:2024.1"));
        assertFalse(ContainerCluster.isScylla("cassandra:5.0"));
        assertFalse(ContainerCluster.isScylla("bitnami/cassandra:5.0"));
    }

    @Test
    void aScyllaClusterOfSeveralNodesIsRefusedBeforeAnyContainerStarts() {
        List<String> said = new ArrayList<>();
        LocalClusterException e = assertThrows(LocalClusterException.class,
                () -> ContainerCluster.start("scylladb/scylla:6.2", ClusterLayout.parse("dc1:1,dc2:1"), "1G", said::add));
        assertEquals("--embedded-image scylladb/scylla:6.2: a ScyllaDB cluster of more than one node is not supported"
                + " yet; use --embedded-nodes dc1:1", e.getMessage());
        assertTrue(said.isEmpty(), "nothing started: " + said);
    }
}
