package org.metricsstress.config;

/**
 * The OpenNMS data shape (help section "plan"): how many nodes, interfaces, groups and attributes,
 * what the values are and their seed, the shape of the resource ids, and which instance's share of
 * it this process generates.
 */
public record PlanSection(
        int nodes,
        int interfaces,
        int groups,
        int attributes,
        int strings,
        int stringVariationFactor,
        long seed,
        ValueModel values,
        ResourceIds resourceIds,
        int instance,
        int instances) {

    public PlanSection {
        Checks.atLeast("--nodes", nodes, 1);
        Checks.atLeast("--interfaces", interfaces, 1);
        Checks.atLeast("--groups", groups, 1);
        Checks.atLeast("--attributes", attributes, 1);
        Checks.atLeast("--strings", strings, 0);
        Checks.atLeast("--string-variation-factor", stringVariationFactor, 0);
        if (values == null || resourceIds == null) {
            throw new ConfigException(values == null ? "--values: missing" : "--resource-ids: missing");
        }
        if ((long) nodes * interfaces * groups > Integer.MAX_VALUE) {
            throw new ConfigException("--nodes x --interfaces x --groups = " + (long) nodes * interfaces * groups
                    + " group resources; at most " + Integer.MAX_VALUE + " are supported");
        }
        if (instances > nodes) {
            throw new ConfigException("--instance: " + instances + " instances need at least " + instances
                    + " nodes (they split the plan by node), --nodes is " + nodes);
        }
    }

    /** Samples of one collection interval of the whole plan (all instances). */
    public double samplesPerInterval() {
        return (double) nodes * interfaces * groups * attributes;
    }
}
