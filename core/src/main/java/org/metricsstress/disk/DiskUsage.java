package org.metricsstress.disk;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.metricsstress.config.DiskSection;
import org.metricsstress.config.StressConfig;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.result.DiskSummary;
import org.metricsstress.result.RetentionProjection;

/**
 * The keyspace measured on disk and its retention projected, from a configuration: what a run does
 * after its end with {@code --disk}, and what {@code metrics-stress disk} does on its own.
 */
public final class DiskUsage {
    private DiskUsage() {}

    /**
     * What a run measures of itself: its counts, what it was asked to write, and the keyspace before it.
     *
     * @param samples    samples written
     * @param resources  resources it wrote index rows for
     * @param targetRate samples per second the plan asked for
     * @param before     the keyspace measured before generation, null when that failed
     * @param instances  how many instances share the plan
     */
    public record RunFigures(long samples, long resources, double targetRate, DiskSummary before, int instances) {}

    /** The keyspace before a run generates anything: what its figures after will be taken from. */
    public static DiskSummary before(CqlSession session, StressConfig c, PrintStream out) throws ClusterException {
        return DiskMeter.measure(session, request(c, 0, 0, false, false, null, 1), out).summary();
    }

    /** After a run: what it added, per copy, and its retention projected at its target rate. */
    public static DiskSummary afterRun(CqlSession session, StressConfig c, RunFigures run, PrintStream out)
            throws ClusterException {
        DiskMeter.Measured m = DiskMeter.measure(session, request(c, run.samples(), run.resources(), false, true,
                run.before(), run.instances()), out);
        return project(m.summary(), m.windowSeconds(), c.disk(), c.schema().ttl().getSeconds(), run.targetRate());
    }

    /**
     * The keyspace as it is, without a run ({@code metrics-stress disk}).
     *
     * @param countRows count every table's rows with CQL (a full scan) for the per-row figures
     */
    public static DiskSummary measure(CqlSession session, StressConfig c, boolean countRows, PrintStream out)
            throws ClusterException {
        DiskMeter.Measured m = DiskMeter.measure(session, request(c, 0, 0, countRows, false, null, 1), out);
        return project(m.summary(), m.windowSeconds(), c.disk(), c.schema().ttl().getSeconds(), null);
    }

    private static DiskMeter.Request request(StressConfig c, long samples, long resources, boolean countRows,
            boolean afterRun, DiskSummary before, int instances) {
        DiskSection d = c.disk();
        return new DiskMeter.Request(c.schema().keyspace(), c.cluster().localDc(), d.flush(), d.nodeJmxPort(),
                d.nodeJmx(), c.cluster().connectTimeout().toMillis(), d.nodeJmxTimeout().toMillis(), samples,
                resources, countRows, afterRun, before, instances);
    }

    /**
     * The projection of a measured keyspace, or the summary with a note saying what it lacks. At
     * {@code --project-rate}, else at the run's target: a run that fell short of its target says what
     * the target would take, not a fraction of it.
     */
    static DiskSummary project(DiskSummary s, long windowSeconds, DiskSection d, long ttlSeconds, Double targetRate) {
        Double rate = d.projectRate() != null ? d.projectRate() : targetRate;
        long retention = d.retention() != null ? d.retention().getSeconds() : ttlSeconds;
        String missing = rate == null || rate <= 0 ? "a rate (--project-rate)"
                : s.bytesPerSample() == null ? "bytes per sample (rows: a run's count or --count-rows; and bytes on disk)"
                : retention <= 0 ? "a retention (--retention; the TTL is 0)" : null;
        if (missing != null) {
            List<String> notes = new ArrayList<>(s.notes());
            notes.add("no retention projection: it needs " + missing);
            return new DiskSummary(s.keyspace(), s.localDc(), s.replicationFactor(), s.nodes(), s.nodesMeasured(),
                    s.flushed(), s.source(), s.tables(), s.samples(), s.resources(), s.bytesPerSample(),
                    s.bytesPerResource(), null, List.copyOf(notes));
        }
        double indexBytes = s.bytesPerCopy() - s.tables().get(0).bytesPerCopy();
        if (d.projectResources() != null && s.bytesPerResource() != null) {
            indexBytes = s.bytesPerResource() * d.projectResources();
        } else if (d.projectResources() != null) {
            List<String> notes = new ArrayList<>(s.notes());
            notes.add("--project-resources left out: bytes per resource unknown (a run's count, or --count-rows); "
                    + "the index projected as measured");
            s = new DiskSummary(s.keyspace(), s.localDc(), s.replicationFactor(), s.nodes(), s.nodesMeasured(),
                    s.flushed(), s.source(), s.tables(), s.samples(), s.resources(), s.bytesPerSample(),
                    s.bytesPerResource(), null, List.copyOf(notes));
        }
        List<Integer> nodes = d.projectNodes() != null ? d.projectNodes() : List.of(s.nodes());
        return s.withProjection(RetentionProjection.project(rate, s.bytesPerSample(), indexBytes, retention,
                windowSeconds, s.replicationFactor(), nodes, compressionRatio(s),
                d.nodeDiskGb() == null ? null : d.nodeDiskGb() * 1e9)
                .withRateSource(d.projectRate() != null ? RetentionProjection.RATE_GIVEN : RetentionProjection.RATE_TARGET));
    }

    /** Over the tables whose ratio is known, weighted by their bytes. */
    static Double compressionRatio(DiskSummary s) {
        double sum = 0;
        double weight = 0;
        for (DiskSummary.TableDisk t : s.tables()) {
            if (t.compressionRatio() != null) {
                sum += t.compressionRatio() * t.bytesPerCopy();
                weight += t.bytesPerCopy();
            }
        }
        return weight > 0 ? sum / weight : null;
    }
}
