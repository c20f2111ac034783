package org.metricsstress.bench;

/**
 * The physical bound on a cold start: until every resource is indexed the node must take the index
 * rows and, meanwhile, the samples that kept arriving; it cannot take rows faster than the
 * ceiling writer showed it can. So no cold start on this node takes less than
 * (index rows + samples written meanwhile) / ceiling rows per second, whatever the client does.
 * A cold start measured near that bound has nothing left to win in the client.
 */
public final class SteadyState {
    private SteadyState() {}

    /**
     * @param indexRows       index rows written until every resource was indexed
     * @param samples         sample rows written in that time
     * @param ceilingRowsPerSecond the ceiling writer's rate (one row per sample)
     * @return seconds, or -1 when the ceiling is unknown
     */
    public static double boundSeconds(long indexRows, long samples, double ceilingRowsPerSecond) {
        if (ceilingRowsPerSecond <= 0 || indexRows < 0 || samples < 0) {
            return -1;
        }
        return (indexRows + samples) / ceilingRowsPerSecond;
    }
}
