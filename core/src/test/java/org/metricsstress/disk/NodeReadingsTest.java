package org.metricsstress.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class NodeReadingsTest {
    @Test
    void theNodesAreMeasuredAtOnce() throws Exception {
        // Each node's flush returns only once all three are flushing: one after another, the first
        // two would time out (30 s each) before the third began.
        CountDownLatch allFlushing = new CountDownLatch(3);
        List<LocalJmxNode> nodes = new ArrayList<>();
        try {
            List<NodeReadings.Target> targets = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                LocalJmxNode n = new LocalJmxNode("ks", 100 + i, allFlushing, false);
                nodes.add(n);
                targets.add(new NodeReadings.Target("10.0.0." + i, n.hostPort));
            }
            List<NodeReadings.Reading> r = NodeReadings.read(targets, "ks", true, 10_000, 30_000);
            for (int i = 0; i < 3; i++) {
                assertTrue(r.get(i).answered(), r.get(i).problem());
                assertEquals(100 + i, r.get(i).tables().get("samples").bytes(), "in the order of the targets");
            }
        } finally {
            for (LocalJmxNode n : nodes) {
                n.close();
            }
        }
    }

    @Test
    void aNodeThatStopsAnsweringIsReportedAndTheOthersAreRead() throws Exception {
        try (LocalJmxNode ok = new LocalJmxNode("ks", 500, null, false);
                LocalJmxNode stuck = new LocalJmxNode("ks", 500, null, true)) {
            List<NodeReadings.Reading> r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> NodeReadings.read(
                    List.of(new NodeReadings.Target("a", stuck.hostPort), new NodeReadings.Target("b", ok.hostPort)),
                    "ks", true, 10_000, 2_000));
            assertNull(r.get(0).tables());
            assertTrue(r.get(0).problem().contains("no answer within 2000 ms"), r.get(0).problem());
            assertEquals(500, r.get(1).tables().get("terms").bytes());
        }
    }
}
