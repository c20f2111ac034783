package org.metricsstress.cluster.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeLauncherTest {
    private static final List<String> JVM = List.of("/jdk17/bin/java", "-Xmx384M", "-cp", "/lib/*",
            NodeConfig.MAIN_CLASS);

    @Test
    void aNodeWithoutAQuotaRunsItsJvmItself() {
        assertSame(JVM, NodeLauncher.launchCommand(JVM, null));
    }

    @Test
    void aNodeWithAQuotaStartsBehindAShellThatJoinsTheGroupThenExecsTheJvm() {
        List<String> cmd = NodeLauncher.launchCommand(JVM, Path.of("/sys/fs/cgroup/cpu/metrics-stress-7-node-127.0.0.2-1"));

        assertEquals(List.of("/bin/sh", "-c", "echo $$ > \"$0\" && exec \"$@\"",
                "/sys/fs/cgroup/cpu/metrics-stress-7-node-127.0.0.2-1/cgroup.procs"), cmd.subList(0, 4));
        assertEquals(JVM, cmd.subList(4, cmd.size()), "the JVM's own command line, word for word, after the shell's");
    }
}
