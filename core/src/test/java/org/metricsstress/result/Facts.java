package org.metricsstress.result;

/** Test fixture: the plan and cluster parts of results made by hand. */
public final class Facts {
    public static final PlanFacts NO_PLAN = PlanFacts.NONE;
    public static final ClusterFacts NO_CLUSTER = ClusterFacts.NONE;

    private Facts() {}

    /** A plan of {@code groupResources} group resources, nothing else said. */
    public static PlanFacts plan(long groupResources) {
        return new PlanFacts(groupResources, null, null, null, null, null, null, null, null, null);
    }

    /** A cluster of that name and that many nodes ({@code null}: not said). */
    public static ClusterFacts cluster(String name, Integer nodes) {
        return new ClusterFacts(name, nodes, null, null, null, null, null, null);
    }
}
