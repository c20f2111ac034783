package org.metricsstress.cluster.embedded;

import java.util.List;
import java.util.function.Predicate;

/** Test fixture: the Cassandra JVMs that run on this machine, found by their command line. */
final class CassandraProcesses {
    private CassandraProcesses() {
    }

    /** Live Cassandra nodes among this JVM's descendants. */
    static List<ProcessHandle> ofThisJvm() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).filter(CassandraProcesses::isNode)
                .toList();
    }

    /** Live Cassandra nodes whose command line names {@code marker} (e.g. a directory only their launcher used). */
    static List<ProcessHandle> naming(String marker) {
        Predicate<ProcessHandle> names = p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false);
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive).filter(CassandraProcesses::isNode)
                .filter(names).toList();
    }

    /** Kills what a failed test left behind: only the processes given, by their PID. */
    static void kill(List<ProcessHandle> leftovers) {
        for (ProcessHandle p : leftovers) {
            p.destroyForcibly();
        }
    }

    private static boolean isNode(ProcessHandle p) {
        return p.info().commandLine().map(c -> c.contains(NodeConfig.MAIN_CLASS)).orElse(false);
    }
}
