package org.metricsstress.karaf;

import java.util.Set;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.LocalClusterOptionDefs;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;

/**
 * The jar's local cluster ({@code --embedded} and its shape, faults, JDK and heap, and its
 * remote-write receiver {@code --embedded-tsdb}) in OpenNMS's shell: offered as in the jar, so a
 * command line means the same in both shells, and refused in one line, since Cassandra nodes and the
 * receiver are the jar's child processes and have no place in OpenNMS's JVM.
 */
final class LocalNodeOptions {
    private LocalNodeOptions() {}

    /** A one-line mistake when any of the local cluster's options is among {@code given} (long names). */
    static void refuse(Set<String> given) {
        for (OptionDef d : StressOptions.own(OptionDef.Section.LOCAL_CLUSTER)) {
            if (given.contains(d.longName()) && d.longName().equals(LocalClusterOptionDefs.EMBEDDED_TSDB.longName())) {
                throw new ConfigException(d.longName() + ": starts a remote-write receiver as a child process of the "
                        + "standalone jar, not inside OpenNMS; point at yours with --tss-write-url (or tss-write-url in "
                        + AdminSettings.FILE + ")");
            }
            if (given.contains(d.longName())) {
                throw new ConfigException(d.longName() + ": starts Cassandra as child processes of the standalone jar, "
                        + "not inside OpenNMS; point at your cluster with --contact-points (or contact-points in "
                        + AdminSettings.FILE + ")");
            }
        }
    }
}
