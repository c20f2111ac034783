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
     * @param samples   samples the keyspace holds per copy (a run's written count), 0 when unknown
     * @param resources resources indexed, 0 when unknown
     * @param runRate   the run's written rate, null when there was no run
     * @param countRows count every table's rows with CQL (a full scan) instead
     */
    public static DiskSummary measure(CqlSession session, StressConfig c, long samples, long resources, Double runRate,
            boolean countRows, PrintStream out) throws ClusterException {
        DiskSection d = c.disk();
        DiskMeter.Measured m = DiskMeter.measure(session, new DiskMeter.Request(c.schema().keyspace(),
                c.cluster().localDc(), d.flush(), d.nodeJmxPort(), d.nodeJmx(),
                c.cluster().connectTimeout().toMillis(), d.nodeJmxTimeout().toMillis(), samples, resources, countRows), out);
        return project(m.summary(), m.windowSeconds(), d, c.schema().ttl().getSeconds(), runRate);
    }

    /** The projection of a measured keyspace, or the summary with a note saying what it lacks. */
    static DiskSummary project(DiskSummary s, long windowSeconds, DiskSection d, long ttlSeconds, Double runRate) {
        Double rate = d.projectRate() != null ? d.projectRate() : runRate;
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
                d.nodeDiskGb() == null ? null : d.nodeDiskGb() * 1e9));
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
