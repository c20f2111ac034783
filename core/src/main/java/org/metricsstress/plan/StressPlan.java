package org.metricsstress.plan;

import org.metricsstress.config.StressConfig;

/**
 * The shape of the load and its arithmetic: how many resources, how many samples per interval,
 * and when each group commit is meant to happen within an interval.
 *
 * <p>A group commit is one group resource ({@code node, interface, group}) at one timestamp with
 * its {@code attributes} numeric samples. Group resources are numbered by a dense
 * {@linkplain #resourceKey key} {@code ((node * interfaces) + interface) * groups + group}, which
 * is also their position in the interval when pacing is spread.
 */
public final class StressPlan {
    private final int nodes;
    private final int interfaces;
    private final int groups;
    private final int attributes;
    private final int strings;
    private final int threads;
    private final boolean burst;
    private final long pacingNanos;
    private final int groupResources;

    private StressPlan(int nodes, int interfaces, int groups, int attributes, int strings, int threads,
            boolean burst, long pacingNanos) {
        this.nodes = nodes;
        this.interfaces = interfaces;
        this.groups = groups;
        this.attributes = attributes;
        this.strings = strings;
        this.threads = threads;
        this.burst = burst;
        this.pacingNanos = pacingNanos;
        this.groupResources = Math.multiplyExact(Math.multiplyExact(nodes, interfaces), groups);
    }

    public static StressPlan of(StressConfig c) {
        long pacing = Math.round(c.interval().toNanos() / c.rateFactor());
        return new StressPlan(c.nodes(), c.interfaces(), c.groups(), c.attributes(), c.strings(), c.threads(),
                c.burst(), pacing);
    }

    public int nodes() { return nodes; }
    public int interfaces() { return interfaces; }
    public int groups() { return groups; }
    public int attributes() { return attributes; }
    public int strings() { return strings; }
    public int threads() { return threads; }
    public boolean burst() { return burst; }

    /** Time between two samples of one resource: the collection interval divided by the rate factor. */
    public long pacingNanos() {
        return pacingNanos;
    }

    /** Group resources: one per (node, interface, group); each gets one group commit per interval. */
    public int groupResources() {
        return groupResources;
    }

    /** Interface resources: they carry the string attributes (index-only in Newts). */
    public long interfaceResources() {
        return (long) nodes * interfaces;
    }

    public long samplesPerInterval() {
        return (long) groupResources * attributes;
    }

    public long stringAttributesPerInterval() {
        return (long) groupResources * strings;
    }

    /** The target rate: n * f * g * a / interval (times the rate factor). */
    public double samplesPerSecond() {
        return samplesPerInterval() * 1e9 / pacingNanos;
    }

    public int resourceKey(int node, int iface, int group) {
        return (node * interfaces + iface) * groups + group;
    }

    public int nodeOf(int key) {
        return key / (interfaces * groups);
    }

    public int interfaceOf(int key) {
        return (key / groups) % interfaces;
    }

    public int groupOf(int key) {
        return key % groups;
    }

    /**
     * When, after the start of its interval, a group commit is meant to happen: spread evenly over
     * the interval in key order, or all at the start when bursting.
     */
    public long intendedOffsetNanos(int key) {
        if (burst) {
            return 0;
        }
        // double keeps k * pacing from overflowing; 53 bits resolve far below a nanosecond here.
        return (long) ((double) key * pacingNanos / groupResources);
    }
}
