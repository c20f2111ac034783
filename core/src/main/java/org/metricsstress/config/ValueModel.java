package org.metricsstress.config;

/**
 * What the samples' values are ({@code --values}). Bytes per sample on disk depend on them
 * (compression), so a disk figure says which it used. Every model is a pure function of the sample
 * (seed, resource, metric, timestamp), so a read-back can check any sample without a copy.
 */
public enum ValueModel {
    /**
     * OpenNMS's {@code metrics:stress}: {@code group * attribute + counter % 100} as GAUGE, small
     * integers (0..135 for {@code -g 5 -a 10}); the counter numbered as its single generator loop
     * numbers the samples of a pass.
     */
    OPENNMS("GAUGE"),
    /** Hashed doubles in [0, 1000) as GAUGE: no two alike, the least compressible. */
    RANDOM("GAUGE"),
    /** Monotonic per-series counters as COUNTER, as interface octets: a per-series rate times the elapsed seconds. */
    COUNTER("COUNTER");

    private final String newtsType;

    ValueModel(String newtsType) {
        this.newtsType = newtsType;
    }

    /** The name of Newts' metric type its samples are written as ({@code org.metricsstress.newts.MetricType}). */
    public String newtsType() {
        return newtsType;
    }
}
