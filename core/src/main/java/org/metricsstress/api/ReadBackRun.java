package org.metricsstress.api;

import org.metricsstress.engine.StressEngine;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import java.io.PrintStream;
import org.metricsstress.config.StressConfig;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.SeriesLosses;
import org.metricsstress.result.VerifyReport;
import org.metricsstress.storage.CassandraConnector;
import org.metricsstress.verify.ReadBack;
import org.metricsstress.verify.RunLosses;

/**
 * A read-back of a run that has already happened ({@code verify}): what a front end calls, so that
 * it needs nothing of the plan, the storage or the verifier themselves.
 */
public final class ReadBackRun {
    private ReadBackRun() {}

    /**
     * Reads back {@code fraction} of the run's resources, holding each series to its own losses when
     * the run recorded them ({@code losses}, {@code lostInAll} from its result), or to none when the
     * run is known only by its options ({@code losses} null).
     *
     * @throws ClusterException Cassandra could not be used (exit code 3)
     */
    public static VerifyReport verify(StressConfig config, long startMillis, double seconds, double fraction,
            SeriesLosses losses, long lostInAll, boolean recorded, PrintStream out) throws ClusterException {
        VerifyReport elsewhere = StressEngine.readBackElsewhere(config, startMillis, seconds, fraction,
                recorded ? losses : null, out);
        if (elsewhere != null) {
            return elsewhere;
        }
        int series = StressPlan.of(config).groupResources();
        RunLosses lost = recorded ? RunLosses.of(losses, series, lostInAll) : RunLosses.perSeries(new int[series]);
        try (CqlSession session = CassandraConnector.connect(config)) {
            return ReadBack.verify(session, config, startMillis, seconds, fraction, lost, out);
        } catch (DriverException e) {
            throw new ClusterException("reading back failed: " + CassandraConnector.reason(e));
        }
    }
}
