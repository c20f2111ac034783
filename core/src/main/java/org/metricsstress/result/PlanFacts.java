package org.metricsstress.result;

/**
 * What a run's plan amounted to: the result file's {@code plan}. Fields a file of an older layout
 * lacks are null; {@code instance} is null in a merged result, {@code openNmsCacheHeap} when the
 * run did not index with OpenNMS's in-memory cache.
 *
 * @param planSamplesPerSecond   the whole plan's target rate, all instances together
 * @param instanceGroupResources group resources this instance generated (all instances' when merged)
 */
public record PlanFacts(Long groupResources, Long interfaceResources, Long samplesPerInterval,
        Long stringAttributesPerInterval, Double pacingSeconds, Double planSamplesPerSecond, Integer instance,
        Integer instances, Long instanceGroupResources, OpenNmsCacheFigure openNmsCacheHeap) {
    /** A plan nothing is known of: a result assembled by hand. */
    public static final PlanFacts NONE = new PlanFacts(null, null, null, null, null, null, null, null, null, null);

    /** Group resources of the plan, 0 when the file does not say. */
    public long groupResourceCount() {
        return groupResources == null ? 0 : groupResources;
    }

    /** Interface resources of the plan, 0 when the file does not say. */
    public long interfaceResourceCount() {
        return interfaceResources == null ? 0 : interfaceResources;
    }

    /** The plan of the merge of several instances: no instance of its own, their group resources added. */
    public PlanFacts merged(long allInstancesGroupResources) {
        return new PlanFacts(groupResources, interfaceResources, samplesPerInterval, stringAttributesPerInterval,
                pacingSeconds, planSamplesPerSecond, null, instances, allInstancesGroupResources, openNmsCacheHeap);
    }

    /**
     * What OpenNMS's own resource metadata cache takes of OpenNMS's heap for this plan's ids (Newts'
     * ResourceMetadata, its key and searchable copy; the jol-measured model of {@code OpenNmsCacheHeap}).
     */
    public record OpenNmsCacheFigure(long groupEntryBytes, long interfaceEntryBytes, int idElements, int idChars,
            long maxEntries, long planResources, long bytesForPlan, long bytesAtMaxEntries) {}
}
