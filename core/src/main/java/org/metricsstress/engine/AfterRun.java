package org.metricsstress.engine;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import org.metricsstress.config.StressConfig;
import org.metricsstress.disk.DiskUsage;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.DiskSummary;
import org.metricsstress.result.RetentionProjection;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.VerifyReport;
import org.metricsstress.storage.CassandraConnector;
import org.metricsstress.verify.ReadBack;
import org.metricsstress.writer.Writers;
import org.metricsstress.verify.RunLosses;

/**
 * What follows a settled run on the cluster: the run read back (--verify-after) and the keyspace
 * measured (--disk, against its measurement before generation). A cluster error here is a line; the
 * run's own figures stand. Judging, the summary and the files come after the engine
 * (report.RunReport).
 */
final class AfterRun {
    private final StressConfig config;
    private final PrintStream out;
    /** --disk: the keyspace measured before generation; null without --disk or when that failed. */
    private DiskSummary diskBefore;

    AfterRun(StressConfig config, PrintStream out) {
        this.config = config;
        this.out = out;
    }

    /**
     * --disk: the keyspace before generation (flushed as the measurement after will be), so that the
     * figures after are what this run added, not what earlier runs left in the keyspace.
     */
    void measureDiskBefore(CqlSession session) {
        if (!config.disk().disk()) {
            return;
        }
        try {
            DiskSummary before = DiskUsage.before(session, config, out);
            if (before.bytesPerCopy() > 0) {
                out.println("disk: the keyspace " + config.schema().keyspace() + " already holds "
                        + RetentionProjection.bytes(before.bytesPerCopy())
                        + " per copy: this run's figures are what it adds (a fresh --keyspace measures exactly)");
            }
            diskBefore = before;
        } catch (ClusterException | DriverException e) {
            out.println("disk: measuring before the run failed: " + (e instanceof DriverException d
                    ? CassandraConnector.reason(d) : e.getMessage()) + "; the figures after it will be the whole keyspace's");
        }
    }

    /**
     * The settled result read back and measured as asked; unjudged, unprinted: the caller passes it to
     * report.RunReport, which judges, prints and saves it.
     */
    StressResult finish(CqlSession session, StressResult settled) {
        StressResult result = settled;
        if (config.judging().verifyAfter() != null) {
            result = result.withVerify(readBack(session, result));
        }
        if (config.disk().disk()) {
            result = result.withDisk(disk(session, result));
        }
        return result;
    }

    /** --verify-after: the run's resources read back; a cluster error while reading is a finding, not a crash. */
    private VerifyReport readBack(CqlSession session, StressResult result) {
        VerifyReport elsewhere = Writers.of(config).readBack(config, Instant.parse(result.startedAt()).toEpochMilli(),
                result.generationSeconds(), config.judging().verifyAfter(), result.losses(), out);
        if (elsewhere != null) {
            return elsewhere;
        }
        try {
            return ReadBack.verify(session, config, Instant.parse(result.startedAt()).toEpochMilli(),
                    result.generationSeconds(), config.judging().verifyAfter(), RunLosses.of(result.losses(),
                            StressPlan.of(config).groupResources(), result.dropped() + result.failed() + result.unsent()), out);
        } catch (DriverException e) {
            out.println("verify: reading back failed: " + CassandraConnector.reason(e));
            return new VerifyReport(0, 0, 0, 0, 0, 0, 0, true, 0, 0, List.of(), CassandraConnector.reason(e));
        }
    }

    /**
     * --disk: what the run added to the keyspace, per copy, and its retention projected at the run's
     * target rate; a cluster error is a line, not a crash (the run's own figures stand).
     */
    private DiskSummary disk(CqlSession session, StressResult result) {
        // The resources this run wrote index rows for: a primed or unfinished index wrote fewer than the plan's.
        long resources = config.index().enabled() && result.index() != null ? result.index().resourcesWritten() : 0;
        try {
            return DiskUsage.afterRun(session, config, new DiskUsage.RunFigures(
                    result.written(), resources, result.targetSamplesPerSecond(), diskBefore, config.plan().instances()), out);
        } catch (ClusterException | DriverException e) {
            out.println("disk: measuring failed: " + (e instanceof DriverException d ? CassandraConnector.reason(d)
                    : e.getMessage()));
            return null;
        }
    }
}
