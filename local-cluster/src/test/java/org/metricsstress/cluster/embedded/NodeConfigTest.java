package org.metricsstress.cluster.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metricsstress.cluster.NodeJvmFlags;

class NodeConfigTest {

    private static final Path WORK = Path.of("/tmp/node-b");

    private static NodeConfig nodeB() {
        return new NodeConfig("stress 'test'", "127.0.0.2", 19042, 17000, 17199, "127.0.0.1:17000",
                "dc2", "rack9", "768m", WORK);
    }

    @Test
    void yamlCarriesTheChosenAddressesPortsAndSeeds() {
        String yaml = nodeB().renderYaml();

        assertTrue(yaml.contains("\nlisten_address: 127.0.0.2\n"), yaml);
        assertTrue(yaml.contains("\nrpc_address: 127.0.0.2\n"), yaml);
        assertTrue(yaml.contains("\nnative_transport_port: 19042\n"), yaml);
        assertTrue(yaml.contains("\nstorage_port: 17000\n"), yaml);
        assertTrue(yaml.contains("      - seeds: '127.0.0.1:17000'\n"), yaml);
        assertTrue(yaml.contains("\ncluster_name: 'stress ''test'''\n"), "single quotes are doubled in YAML: " + yaml);
        assertTrue(yaml.contains("\nendpoint_snitch: GossipingPropertyFileSnitch\n"), yaml);
        assertTrue(yaml.contains("\nstorage_compatibility_mode: NONE\n"), yaml);
        assertTrue(yaml.contains("\nstart_native_transport: true\n"), yaml);
    }

    @Test
    void everyDirectoryTheNodeWritesIsInsideTheWorkDirectory() {
        String yaml = nodeB().renderYaml();

        for (String key : List.of("commitlog_directory", "saved_caches_directory", "hints_directory", "cdc_raw_directory")) {
            assertTrue(yaml.contains("\n" + key + ": '" + WORK.resolve("data") + "/"), key + " in " + yaml);
        }
        assertTrue(yaml.contains("data_file_directories:\n  - '" + WORK.resolve("data/data") + "'\n"), yaml);
    }

    @Test
    void rackDcFileNamesTheDatacenterAndRack() {
        assertEquals("dc=dc2\nrack=rack9\n", nodeB().renderRackDc());
    }

    @Test
    void aRelayedNodeGivesOutTheRelaysAddressesAndPrefersItsOwnDcsDirectPath() {
        NodeConfig relayed = new NodeConfig("c", "127.0.0.2", 19042, 17000, 17199, "127.0.1.1:17000", "dc2", "rack1",
                "768m", WORK, NodeConfig.ClientSecurity.NONE, new NodeConfig.Relayed("127.0.1.2", "127.0.1.2"));
        String yaml = relayed.renderYaml();

        assertTrue(yaml.contains("\nlisten_address: 127.0.0.2\n"), yaml);
        assertTrue(yaml.contains("\nbroadcast_address: 127.0.1.2\n"), yaml);
        assertTrue(yaml.contains("\nbroadcast_rpc_address: 127.0.1.2\n"), yaml);
        assertEquals("dc=dc2\nrack=rack1\nprefer_local=true\n", relayed.renderRackDc());
        assertFalse(nodeB().renderYaml().contains("broadcast_"), "a node without a relay gives out its own address");
    }

    @Test
    void aRelayAddressOffTheLoopbackIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new NodeConfig.Relayed("10.0.0.2", null));
    }

    @Test
    void logbackWritesWarningsToAFileInTheLogsDirectoryOnly() {
        String xml = nodeB().renderLogback();

        assertTrue(xml.contains("<file>" + WORK.resolve("logs/system.log") + "</file>"), xml);
        assertTrue(xml.contains("<root level=\"WARN\">"), xml);
        assertFalse(xml.contains("ConsoleAppender"), xml);
    }

    @Test
    void commandRunsTheDaemonWithItsOwnJdkAgentConfigAndPorts() {
        List<String> cmd = nodeB().command(Path.of("/jdk17"), Path.of("/lib"), Path.of("/lib/jamm-0.4.0.jar"), List.of());

        assertEquals("/jdk17/bin/java", cmd.get(0));
        assertEquals(NodeConfig.MAIN_CLASS, cmd.get(cmd.size() - 1));
        assertTrue(cmd.contains("-Xmx768m"), cmd.toString());
        assertTrue(cmd.contains("-Xms256m"), cmd.toString());
        assertTrue(cmd.contains("-javaagent:/lib/jamm-0.4.0.jar"), cmd.toString());
        assertTrue(cmd.contains("-Dcassandra.jmx.local.port=17199"), cmd.toString());
        assertTrue(cmd.contains("-Dcassandra.config=file://" + WORK.resolve("conf/cassandra.yaml")), cmd.toString());
        assertTrue(cmd.contains("-Dcassandra-rackdc.properties=file://" + WORK.resolve("conf/cassandra-rackdc.properties")), cmd.toString());
        assertTrue(cmd.contains("-Dcassandra.ring_delay_ms=1000"), cmd.toString());
        assertTrue(cmd.contains("-Dcassandra.gossip_quarantine_delay_ms=60000"), cmd.toString());
        assertTrue(cmd.contains("-Dcassandra.schema_delay_ms=90000"), cmd.toString());
        assertTrue(cmd.contains("-Dcassandra-foreground=yes"), cmd.toString());
        assertTrue(cmd.contains("java.base/sun.nio.ch=ALL-UNNAMED"), cmd.toString());
        int cp = cmd.indexOf("-cp");
        assertEquals("/lib/*", cmd.get(cp + 1));
    }

    @Test
    void extraJvmFlagsComeAfterTheNodesOwnSoTheyWin() {
        List<String> cmd = nodeB().command(Path.of("/jdk17"), Path.of("/lib"), Path.of("/lib/jamm-0.4.0.jar"),
                NodeJvmFlags.parse("  -XX:TieredStopAtLevel=1 \t-Xmx1g "));
        int flag = cmd.indexOf("-XX:TieredStopAtLevel=1");
        assertTrue(flag > cmd.indexOf("-Xmx768m") && flag > cmd.indexOf("-XX:+UseG1GC"), cmd.toString());
        assertEquals(flag + 1, cmd.indexOf("-Xmx1g"), cmd.toString());
        assertTrue(cmd.indexOf("-Xmx1g") < cmd.indexOf("-cp"), "before the class path: " + cmd);
        assertEquals(List.of(), NodeJvmFlags.parse(" "));
        assertEquals(List.of(), NodeJvmFlags.parse(null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EmbeddedCassandra.builder().jvmFlags(List.of("TieredStopAtLevel=1")));
        assertTrue(e.getMessage().contains("does not start with '-'"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.0.0.2", "127.1.2.3", "127.255.255.254"})
    void acceptsLoopbackAddresses(String ip) {
        assertEquals(ip, NodeConfig.requireLoopback(ip));
        EmbeddedCassandra.builder().address(ip);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.0.0.0", "10.0.0.1", "192.168.1.10", "128.0.0.1", "127.0.0.256", "127.0.0", "localhost", "::1", ""})
    void rejectsEverythingElse(String ip) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EmbeddedCassandra.builder().address(ip));
        assertTrue(e.getMessage().contains("127.0.0.1"), "says what is allowed: " + e.getMessage());
    }

    @Test
    void builderRejectsBadSettingsWhereTheyAreMade() {
        NodeBuilder b = EmbeddedCassandra.builder();
        assertThrows(IllegalArgumentException.class, () -> b.nativePort(70000));
        assertThrows(IllegalArgumentException.class, () -> b.storagePort(-1));
        assertThrows(IllegalArgumentException.class, () -> b.heap("lots"));
        assertThrows(IllegalArgumentException.class, () -> b.datacenter("dc 1"));
        assertThrows(IllegalArgumentException.class, () -> b.rack("r=1"));
        assertThrows(IllegalArgumentException.class, () -> b.clusterName("two\nlines"));
        assertThrows(IllegalArgumentException.class, () -> b.seeds("'quoted'"));
        assertThrows(IllegalArgumentException.class, () -> b.startTimeout(java.time.Duration.ZERO));
        b.nativePort(0).storagePort(0).heap("2G").datacenter("dc-2").rack("rack_1").seeds("127.0.0.1:7000,127.0.0.2:7000");
    }

    private static NodeConfig nodeBWith(NodeSettings own) {
        return new NodeConfig("c", "127.0.0.2", 19042, 17000, 17199, "127.0.0.1:17000", "dc1", "rack1", "768m", WORK,
                NodeConfig.ClientSecurity.NONE, NodeConfig.Relayed.NONE, own);
    }

    private static List<String> commandOf(NodeConfig c) {
        return c.command(Path.of("/jdk17"), Path.of("/lib"), Path.of("/lib/jamm-0.4.0.jar"), List.of());
    }

    @Test
    void aNodeOnTheClustersSettingsSkipsSyncsAndSyncsItsCommitLogPeriodically() {
        String yaml = nodeB().renderYaml();
        assertTrue(yaml.contains("\nnum_tokens: 16\nallocate_tokens_for_local_replication_factor: 1\n"), yaml);
        assertTrue(yaml.contains("\ncommitlog_sync: periodic\ncommitlog_sync_period: 10000ms\n"), yaml);
        assertFalse(yaml.contains("concurrent_writes"), "Cassandra's own default: " + yaml);
        assertTrue(commandOf(nodeB()).contains("-Dcassandra.skip_sync=true"), commandOf(nodeB()).toString());
    }

    @Test
    void aNodesOwnTokensHeapAndConcurrentWritesReachItsYamlAndCommandLine() {
        NodeConfig c = nodeBWith(new NodeSettings(64, "384M", null, 4, null));
        String yaml = c.renderYaml();

        assertTrue(yaml.contains("\nnum_tokens: 64\n"), yaml);
        assertTrue(yaml.contains("\nconcurrent_writes: 4\n"), yaml);
        List<String> cmd = commandOf(c);
        assertTrue(cmd.contains("-Xmx384M") && !cmd.contains("-Xmx768m"), "its own heap wins: " + cmd);
        assertTrue(cmd.contains("-Dcassandra.skip_sync=true"), "its commit log stays the cluster's: " + cmd);
    }

    @Test
    void anInitialTokenGivesTheNodeThatOneToken() {
        String yaml = nodeBWith(NodeSettings.DEFAULT.withInitialToken(-6148914691236517205L)).renderYaml();

        // Cassandra refuses a num_tokens other than the count of initial tokens.
        assertTrue(yaml.contains("\nnum_tokens: 1\ninitial_token: -6148914691236517205\n"), yaml);
        assertFalse(nodeB().renderYaml().contains("initial_token"), "a node on the cluster's settings picks its own");
    }

    @Test
    void aNodeWithABatchCommitLogReallySyncs() {
        NodeConfig c = nodeBWith(NodeSettings.DEFAULT.withCommitLog(NodeSettings.CommitLog.batch()));
        String yaml = c.renderYaml();

        assertTrue(yaml.contains("\ncommitlog_sync: batch\n"), yaml);
        assertFalse(yaml.contains("commitlog_sync_period"), "Cassandra 5.0 refuses a period beside batch: " + yaml);
        assertFalse(commandOf(c).stream().anyMatch(f -> f.contains("skip_sync")), commandOf(c).toString());
    }

    @Test
    void aNodeWithAGroupCommitLogSyncsOncePerWindow() {
        NodeConfig c = nodeBWith(NodeSettings.DEFAULT.withCommitLog(NodeSettings.CommitLog.group(java.time.Duration.ofMillis(15))));
        String yaml = c.renderYaml();

        assertTrue(yaml.contains("\ncommitlog_sync: group\ncommitlog_sync_group_window: 15ms\n"), yaml);
        assertFalse(yaml.contains("commitlog_sync_period"), yaml);
        assertFalse(commandOf(c).contains("-Dcassandra.skip_sync=true"), commandOf(c).toString());
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"256M,268435456", "1g,1073741824", "2048k,2097152", "1000,1000"})
    void heapSizesAreReadAsTheJvmReadsThem(String heap, long bytes) {
        assertEquals(bytes, NodeConfig.heapBytes(heap));
    }
}
