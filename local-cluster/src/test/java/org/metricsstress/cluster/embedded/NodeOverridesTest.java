package org.metricsstress.cluster.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.config.ConfigException;

class NodeOverridesTest {
    private static final ClusterLayout THREE = ClusterLayout.parse("dc1:3");

    @Test
    void eachPartSetsOneNodeAndTheOthersKeepTheClusters() {
        NodeOverrides o = NodeOverrides.parse(" 127.0.0.2:num_tokens=64, heap=384M ;127.0.0.3:commitlog=batch,"
                + "CONCURRENT_WRITES=4").checkedAgainst(THREE);

        assertEquals(new NodeSettings(64, "384M", null, null, null), o.of("127.0.0.2"));
        assertEquals(new NodeSettings(null, null, NodeSettings.CommitLog.batch(), 4, null), o.of("127.0.0.3"));
        assertEquals(NodeSettings.DEFAULT, o.of("127.0.0.1"));
        assertEquals("num_tokens 64, heap 384M", o.of("127.0.0.2").describe());
        assertEquals("commit log batch (every write waits for an fsync), concurrent_writes 4", o.of("127.0.0.3").describe());
    }

    @Test
    void aCpuQuotaIsAShareOfOneCoreForTheNodeItNames() {
        NodeOverrides o = NodeOverrides.parse("127.0.0.2:cpu=40%,heap=384M;127.0.0.3:CPU=100%").checkedAgainst(THREE);

        assertEquals(40, o.of("127.0.0.2").cpuPercent());
        assertEquals(100, o.of("127.0.0.3").cpuPercent());
        assertNull(o.of("127.0.0.1").cpuPercent());
        assertEquals(1, NodeOverrides.parse("127.0.0.1:cpu=1%").of("127.0.0.1").cpuPercent());
        assertEquals("heap 384M, cpu 40% of one core from its start", o.of("127.0.0.2").describe());
        assertTrue(o.capsCpu());
        assertFalse(NodeOverrides.parse("127.0.0.2:heap=384M").capsCpu());
        assertFalse(NodeOverrides.NONE.capsCpu());
    }

    @Test
    void anInitialTokenPlacesTheNodeOnTheRingWithOneToken() {
        NodeOverrides o = NodeOverrides.parse("127.0.0.1:initial_token=-6148914691236517205,cpu=55%;"
                + "127.0.0.2:num_tokens=1,initial_token=0").checkedAgainst(THREE);

        assertEquals(-6148914691236517205L, o.of("127.0.0.1").initialToken());
        assertEquals(1, o.of("127.0.0.1").numTokensOrDefault());
        assertEquals(0L, o.of("127.0.0.2").initialToken());
        assertNull(o.of("127.0.0.3").initialToken());
        assertEquals("cpu 55% of one core from its start, one token, -6148914691236517205", o.of("127.0.0.1").describe());
    }

    @Test
    void groupSyncTakesAWindow() {
        NodeSettings s = NodeOverrides.parse("127.0.0.1:commitlog=group:20ms").of("127.0.0.1");
        assertEquals(NodeSettings.CommitLog.group(Duration.ofMillis(20)), s.commitLog());
        assertTrue(s.commitLog().syncs());
    }

    @Test
    void noTextIsNoOverrides() {
        assertTrue(NodeOverrides.parse(null).isEmpty());
        assertTrue(NodeOverrides.parse(" ").isEmpty());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "127.0.0.2|--embedded-node: '127.0.0.2' is not ADDRESS:KEY=VALUE,..., e.g. 127.0.0.2:num_tokens=64,heap=384M",
            "127.0.0.2:tokens=64|--embedded-node: unknown setting 'tokens' for 127.0.0.2; use num_tokens, initial_token, heap, commitlog, concurrent_writes or cpu",
            "127.0.0.2:num_tokens|--embedded-node: 'num_tokens' for 127.0.0.2 is not KEY=VALUE; keys: num_tokens, initial_token, heap, commitlog, concurrent_writes or cpu",
            "127.0.0.2:num_tokens=many|--embedded-node 127.0.0.2 num_tokens: 'many' is not a whole number",
            "127.0.0.2:num_tokens=0|--embedded-node 127.0.0.2 num_tokens: must be at least 1, got 0",
            "127.0.0.2:num_tokens=2000|--embedded-node: 127.0.0.2: num_tokens 2000 is out of range; use 1-1536",
            "127.0.0.2:heap=lots|--embedded-node: 127.0.0.2: heap size 'lots' is not a JVM size; use e.g. 512m, 1G or 2G",
            "127.0.0.2:heap=128M|--embedded-node: 127.0.0.2: heap 128M is below the initial heap of every node; use 256M or more",
            "127.0.0.2:commitlog=slow|--embedded-node: 127.0.0.2: commitlog 'slow' is not batch or group:WINDOW (e.g. group:20ms); both make every write wait for an fsync",
            "127.0.0.2:commitlog=group:0ms|--embedded-node: 127.0.0.2: the group window must be 1 ms or more, e.g. group:20ms",
            "127.0.0.2:cpu=40|--embedded-node: 127.0.0.2: cpu '40' is not a percentage of one core; use 1% to 100%, e.g. cpu=40%",
            "127.0.0.2:cpu=0.5%|--embedded-node: 127.0.0.2: cpu '0.5%' is not a percentage of one core; use 1% to 100%, e.g. cpu=40%",
            "127.0.0.2:cpu=0%|--embedded-node: 127.0.0.2: cpu 0% is out of range; use 1% to 100% of one core",
            "127.0.0.2:cpu=150%|--embedded-node: 127.0.0.2: cpu 150% is out of range; use 1% to 100% of one core",
            "127.0.0.2:cpu=123456%|--embedded-node: 127.0.0.2: cpu '123456%' is not a percentage of one core; use 1% to 100%, e.g. cpu=40%",
            "127.0.0.2:concurrent_writes=1|--embedded-node: 127.0.0.2: concurrent_writes 1 is below 2, which Cassandra refuses in cassandra.yaml (a running node takes 1 over JMX, as nodetool setconcurrency does)",
            "127.0.0.2:initial_token=a third|--embedded-node: 127.0.0.2: initial_token 'a third' is not a Murmur3 token (a whole number from -9223372036854775808 to 9223372036854775807)",
            "127.0.0.2:initial_token=9223372036854775808|--embedded-node: 127.0.0.2: initial_token '9223372036854775808' is not a Murmur3 token (a whole number from -9223372036854775808 to 9223372036854775807)",
            "127.0.0.2:num_tokens=16,initial_token=0|--embedded-node: 127.0.0.2: initial_token gives the node one token, so num_tokens 16 cannot go with it; drop num_tokens",
            "127.0.0.2:heap=512M,heap=1G|--embedded-node: heap is given twice for 127.0.0.2",
            "127.0.0.2:heap=512M;127.0.0.2:num_tokens=4|--embedded-node: node 127.0.0.2 is given twice; give all its settings in one part",
    })
    void mistakesAreOneLineNamingTheNodeAndTheSetting(String text, String message) {
        assertEquals(message, assertThrows(ConfigException.class, () -> NodeOverrides.parse(text)).getMessage());
    }

    @Test
    void anAddressOutsideTheLayoutIsRefused() {
        NodeOverrides o = NodeOverrides.parse("127.0.0.4:num_tokens=64");
        assertEquals("--embedded-node: '127.0.0.4' is not a node address of --embedded-nodes dc1:3 (its nodes: 127.0.0.1"
                + " to 127.0.0.3)", assertThrows(ConfigException.class, () -> o.checkedAgainst(THREE)).getMessage());
        assertEquals("--embedded-node: 'localhost' is not a node address of --embedded-nodes dc1:1 (its nodes: 127.0.0.1)",
                assertThrows(ConfigException.class, () -> NodeOverrides.parse("localhost:heap=1G")
                        .checkedAgainst(ClusterLayout.SINGLE)).getMessage());
    }
}
