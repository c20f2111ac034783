package org.metricsstress.disk;

import org.metricsstress.nodes.NodeJmx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Every call to a node's JMX is bounded: a node that stops answering is an error, not a hang. */
class NodeJmxTest {
    private static final Duration HANG = Duration.ofSeconds(60);

    @Test
    void aFlushThatNeverReturnsIsAnErrorNotAHang() throws Exception {
        try (LocalJmxNode node = new LocalJmxNode("ks", 1000, new CountDownLatch(2), false)) {
            IOException e = assertTimeoutPreemptively(HANG, () -> {
                try (NodeJmx jmx = NodeJmx.connect(node.hostPort, 10_000, 2_000)) {
                    return assertThrows(IOException.class, () -> jmx.flush("ks"));
                }
            });
            assertTrue(e.getMessage().contains("no answer"), e.getMessage());
        }
    }

    @Test
    void aMetricThatNeverAnswersIsAnErrorNotAHang() throws Exception {
        try (LocalJmxNode node = new LocalJmxNode("ks", 1000, null, true)) {
            IOException e = assertTimeoutPreemptively(HANG, () -> {
                try (NodeJmx jmx = NodeJmx.connect(node.hostPort, 10_000, 2_000)) {
                    return assertThrows(IOException.class, () -> jmx.table("ks", "samples"));
                }
            });
            assertTrue(e.getMessage().contains("no answer"), e.getMessage());
        }
    }

    @Test
    void aNodeThatAnswersIsRead() throws Exception {
        try (LocalJmxNode node = new LocalJmxNode("ks", 1234, null, false);
                NodeJmx jmx = NodeJmx.connect(node.hostPort, 10_000, 2_000)) {
            jmx.flush("ks");
            NodeJmx.TableReading r = jmx.table("ks", "terms");
            assertEquals(1234, r.bytes());
            assertEquals(1L, r.sstables());
            assertEquals(0.5, r.compressionRatio());
        }
    }

    /** The watch asks the node's OS bean for its CPU time and load in one call: one round trip, not two. */
    @Test
    void severalAttributesOfOneBeanAreOneCallAndOneTheBeanLacksIsAbsent() throws Exception {
        try (LocalJmxNode node = new LocalJmxNode("ks", 1234, null, false);
                NodeJmx jmx = NodeJmx.connect(node.hostPort, 10_000, 2_000)) {
            java.util.Map<String, Object> got = jmx.attributes(LocalJmxNode.metric("ks", "terms", "LiveDiskSpaceUsed"),
                    "Count", "NoSuchAttribute");
            assertEquals(java.util.Map.of("Count", 1234L), got);
        }
    }

    /** A reading's calls as one task: each answers as it would alone, in the order made. */
    @Test
    void callsMadeTogetherAnswerAsTheyWouldAlone() throws Exception {
        try (LocalJmxNode node = new LocalJmxNode("ks", 4321, null, false);
                NodeJmx jmx = NodeJmx.connect(node.hostPort, 10_000, 2_000)) {
            java.util.List<Object> got = jmx.together("two metrics", 2, server -> java.util.List.of(
                    server.getAttribute(LocalJmxNode.metric("ks", "terms", "LiveDiskSpaceUsed"), "Count"),
                    server.getAttribute(LocalJmxNode.metric("ks", "terms", "CompressionRatio"), "Value")));
            assertEquals(java.util.List.of(4321L, 0.5), got);
        }
    }

    /** Calls made together are bounded as one: a node that stops answering is an error, not a hang. */
    @Test
    void callsMadeTogetherThatNeverAnswerAreAnErrorNotAHang() throws Exception {
        try (LocalJmxNode node = new LocalJmxNode("ks", 1000, null, true)) {
            IOException e = assertTimeoutPreemptively(HANG, () -> {
                try (NodeJmx jmx = NodeJmx.connect(node.hostPort, 10_000, 1_000)) {
                    return assertThrows(IOException.class, () -> jmx.together("two metrics", 2,
                            server -> server.getAttribute(LocalJmxNode.metric("ks", "terms", "LiveDiskSpaceUsed"),
                                    "Count")));
                }
            });
            assertTrue(e.getMessage().contains("no answer within 2000 ms"), e.getMessage());
        }
    }
}
