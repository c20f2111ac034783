package org.metricsstress.engine;

import com.datastax.oss.driver.api.core.DriverException;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.storage.CassandraConnector;

/** A step of setting up a run that talks to the cluster. */
@FunctionalInterface
interface ClusterStep<T> {
    T run() throws ClusterException;

    /**
     * Runs {@code step}; a driver error (a node gone, a table of another shape, no permission) is
     * a {@link ClusterException} naming the step, the jar's exit code 3 and one line, not a bug.
     */
    static <T> T onCluster(String what, ClusterStep<T> step) throws ClusterException {
        try {
            return step.run();
        } catch (DriverException e) {
            throw new ClusterException(what + " failed: " + CassandraConnector.reason(e));
        }
    }
}
