package org.metricsstress.analysis;

import org.metricsstress.result.DiskSummary;
import org.metricsstress.result.StressResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The instances' disk sections as one. Every instance measured the same keyspace (a plan setting) on
 * the same nodes, so the merge takes one measurement, not a sum: the one taken after the most was
 * written (the largest samples table), against the keyspace before any instance wrote (each table's
 * smallest measurement before), divided by every instance's written samples and indexed resources.
 * No retention is projected: an instance's result holds no projection to re-scale (it had no bytes
 * per sample of its own) and the projection's inputs (the TWCS window as measured) are not in it.
 */
final class DiskMerge {
    static final String INSTANCE_NOTE = "--instances ";
    static final String NO_PROJECTION = "no retention projection";

    private DiskMerge() {}

    /** Null unless every instance measured its keyspace. */
    static DiskSummary merge(List<StressResult> rs) {
        if (rs.isEmpty() || rs.stream().anyMatch(r -> r.disk() == null)) {
            return null;
        }
        DiskSummary last = rs.stream().map(StressResult::disk)
                .max(Comparator.comparingDouble(d -> d.tables().get(0).bytesPerCopy())).orElseThrow();
        long samples = rs.stream().mapToLong(StressResult::written).sum();
        long resources = rs.stream().mapToLong(r -> r.disk().resources()).sum();
        List<DiskSummary.TableDisk> tables = new ArrayList<>();
        for (DiskSummary.TableDisk t : last.tables()) {
            List<Double> before = rs.stream().map(r -> r.disk().table(t.table()))
                    .map(x -> x == null ? null : x.bytesPerCopyBefore()).toList();
            Double earliest = before.stream().anyMatch(Objects::isNull) ? null
                    : before.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            DiskSummary.TableDisk merged = new DiskSummary.TableDisk(t.table(), t.source(), t.liveBytes(),
                    t.bytesPerCopy(), t.sstables(), t.compressionRatio(), null, null, earliest);
            boolean isSamples = tables.isEmpty();
            Long rows = isSamples && samples > 0 ? samples : null;
            tables.add(new DiskSummary.TableDisk(t.table(), t.source(), t.liveBytes(), t.bytesPerCopy(), t.sstables(),
                    t.compressionRatio(), rows, rows != null && merged.addedBytesPerCopy() > 0
                            ? merged.addedBytesPerCopy() / rows : null, earliest));
        }
        double sampleBytes = tables.get(0).addedBytesPerCopy();
        double indexBytes = tables.stream().skip(1).mapToDouble(DiskSummary.TableDisk::addedBytesPerCopy).sum();
        List<String> notes = new ArrayList<>(last.notes().stream()
                .filter(n -> !n.startsWith(INSTANCE_NOTE) && !n.startsWith(NO_PROJECTION)).toList());
        notes.add("merged from " + rs.size() + " instances: one measurement (the one taken after the most was written), "
                + "over every instance's written samples and indexed resources; an instance still writing when it was "
                + "taken makes the figures low");
        notes.add(NO_PROJECTION + " in a merge: project with metrics-stress disk --keyspace " + last.keyspace()
                + " --count-rows --project-rate R");
        return new DiskSummary(last.keyspace(), last.localDc(), last.replicationFactor(), last.nodes(),
                last.nodesMeasured(), last.flushed(), last.source(), List.copyOf(tables), samples, resources,
                samples > 0 && sampleBytes > 0 ? sampleBytes / samples : null,
                resources > 0 && indexBytes > 0 ? indexBytes / resources : null, null, List.copyOf(notes));
    }
}
