package org.metricsstress.result;

import java.util.List;

/**
 * What the run's keyspace takes on disk, table by table, per copy of the data: the local DC's nodes
 * summed and divided by the keyspace's replication factor there.
 *
 * @param keyspace          the keyspace measured
 * @param localDc           the data centre whose nodes were summed
 * @param replicationFactor the keyspace's RF in that DC
 * @param nodes             the DC's nodes
 * @param nodesMeasured     those whose figures came in (a node down or unreachable is left out)
 * @param flushed           whether the memtables were flushed first (else what is still in memory is missing)
 * @param source            {@code jmx}, {@code cql-estimate} or {@code mixed}: where the figures came from
 * @param tables            one entry per Newts table
 * @param samples           samples the bytes per sample are over: the run's written samples, or counted; 0 unknown
 * @param resources         resources the bytes per resource are over: those the run wrote index rows for
 *                          (group and interface resources alike), or counted; 0 unknown
 * @param bytesPerSample    what the run added to the samples table, per copy / samples; null unknown
 * @param bytesPerResource  what the run added to the index tables, per copy / resources; null unknown
 * @param projection        the retention projected from these figures; null when no rate is known
 * @param notes             what the reader must know: unreachable nodes, estimates
 */
public record DiskSummary(
        String keyspace,
        String localDc,
        int replicationFactor,
        int nodes,
        int nodesMeasured,
        boolean flushed,
        String source,
        List<TableDisk> tables,
        long samples,
        long resources,
        Double bytesPerSample,
        Double bytesPerResource,
        RetentionProjection projection,
        List<String> notes) {

    public static final String JMX = "jmx";
    public static final String CQL_ESTIMATE = "cql-estimate";

    /**
     * One table.
     *
     * @param table            its name
     * @param source           {@link #JMX} (LiveDiskSpaceUsed, LiveSSTableCount, CompressionRatio) or
     *                         {@link #CQL_ESTIMATE} (system_views.disk_usage: MiB, live and obsolete SSTables)
     * @param liveBytes        bytes on disk over the measured nodes, every copy
     * @param bytesPerCopy     {@code liveBytes / RF} (scaled up for unmeasured nodes)
     * @param sstables         live SSTables over the nodes; null unknown (CQL)
     * @param compressionRatio compressed / uncompressed, averaged over the nodes weighted by their bytes;
     *                         null unknown or not compressed
     * @param rows             rows per copy (counted, or the run's own count); null unknown
     * @param bytesPerRow      what the rows added per row: {@code addedBytesPerCopy() / rows}; null unknown
     * @param bytesPerCopyBefore {@code bytesPerCopy} measured before the run generated anything; null when
     *                         not measured (the {@code disk} command, or the measurement before failed)
     */
    public record TableDisk(String table, String source, long liveBytes, double bytesPerCopy, Long sstables,
            Double compressionRatio, Long rows, Double bytesPerRow, Double bytesPerCopyBefore) {
        /** Without a measurement before the run. */
        public TableDisk(String table, String source, long liveBytes, double bytesPerCopy, Long sstables,
                Double compressionRatio, Long rows, Double bytesPerRow) {
            this(table, source, liveBytes, bytesPerCopy, sstables, compressionRatio, rows, bytesPerRow, null);
        }

        public boolean estimate() {
            return !JMX.equals(source);
        }

        /** What the run added per copy: the whole table when nothing was measured before it. */
        public double addedBytesPerCopy() {
            return bytesPerCopyBefore == null ? bytesPerCopy : Math.max(0, bytesPerCopy - bytesPerCopyBefore);
        }
    }

    /** The table of this name, or null. */
    public TableDisk table(String name) {
        return tables.stream().filter(t -> t.table().equals(name)).findFirst().orElse(null);
    }

    /** Bytes per copy over every table. */
    public double bytesPerCopy() {
        return tables.stream().mapToDouble(TableDisk::bytesPerCopy).sum();
    }

    /** This summary with its projection. */
    public DiskSummary withProjection(RetentionProjection p) {
        return new DiskSummary(keyspace, localDc, replicationFactor, nodes, nodesMeasured, flushed, source, tables,
                samples, resources, bytesPerSample, bytesPerResource, p, notes);
    }
}
