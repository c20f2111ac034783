package org.metricsstress.api;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import java.io.PrintStream;
import org.metricsstress.config.StressConfig;
import org.metricsstress.disk.DiskUsage;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.result.DiskSummary;
import org.metricsstress.storage.CassandraConnector;

/** {@code metrics-stress disk}: a keyspace measured on disk and its retention projected, without a run. */
public final class DiskRun {
    private DiskRun() {}

    /**
     * @param countRows count every table's rows with CQL (a full scan), for the per-row figures
     * @throws ClusterException Cassandra could not be used, or the keyspace is not there (exit code 3)
     */
    public static DiskSummary measure(StressConfig config, boolean countRows, PrintStream out) throws ClusterException {
        try (CqlSession session = CassandraConnector.connect(config)) {
            return DiskUsage.measure(session, config, countRows, out);
        } catch (DriverException e) {
            throw new ClusterException("disk: " + CassandraConnector.reason(e));
        }
    }
}
