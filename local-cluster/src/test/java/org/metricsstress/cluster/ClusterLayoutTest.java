package org.metricsstress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.ConfigException;

class ClusterLayoutTest {

    @Test
    void nodesTakeConsecutiveLoopbackAddressesInTheOrderGiven() {
        ClusterLayout l = ClusterLayout.parse("dc1:2, dc2:1");
        assertEquals(List.of(new ClusterLayout.Member("dc1", "127.0.0.1"), new ClusterLayout.Member("dc1", "127.0.0.2"),
                new ClusterLayout.Member("dc2", "127.0.0.3")), l.members());
        assertEquals(3, l.size());
        assertEquals("dc1", l.firstDc());
        assertEquals("dc1:2,dc2:1", l.toString());
    }

    @Test
    void replicationIsEachDcAtItsNodeCountCappedAtThree() {
        assertEquals("dc1:2,dc2:1", ClusterLayout.parse("dc1:2,dc2:1").replication());
        assertEquals("east:3,west:1", ClusterLayout.parse("east:5,west:1").replication());
        assertEquals("dc1:1", ClusterLayout.SINGLE.replication());
    }

    @Test
    void mistakesAreOneLine() {
        assertTrue(assertThrows(ConfigException.class, () -> ClusterLayout.parse("dc1")).getMessage()
                .contains("'dc1' is not DC:NODES"));
        assertTrue(assertThrows(ConfigException.class, () -> ClusterLayout.parse("dc1:0")).getMessage()
                .contains("node count of 1 or more"));
        assertTrue(assertThrows(ConfigException.class, () -> ClusterLayout.parse("dc1:1,dc1:2")).getMessage()
                .contains("'dc1' is given twice"));
        assertTrue(assertThrows(ConfigException.class, () -> ClusterLayout.parse("d c:1")).getMessage()
                .startsWith("--embedded-nodes: datacenter name 'd c' is not allowed"));
        assertTrue(assertThrows(ConfigException.class, () -> ClusterLayout.parse("dc1:5,dc2:5")).getMessage()
                .contains("10 nodes; at most 9"));
    }
}
