package org.metricsstress.live;

import java.util.Map;
import org.metricsstress.metrics.StressMetrics;

/** The HELP text of each metric the live outputs serve, by its registry name. */
final class MetricHelp {
    private static final Map<String, String> HELP = Map.ofEntries(
            Map.entry("samples.generated", "samples generated (the audit's left side)"),
            Map.entry("samples.dropped", "samples dropped because the ring was full (--on-full drop)"),
            Map.entry("samples.handed-to-writer", "samples a writer took from the ring"),
            Map.entry("samples.written", "samples acknowledged by the cluster"),
            Map.entry("samples.failed", "samples that failed (every class)"),
            Map.entry("samples.unsent", "samples the schedule meant that were never generated (counted when the run ends)"),
            Map.entry("group-commits.unsent", "group commits the schedule meant that were never generated"),
            Map.entry("group-commits.generated", "group commits generated (one resource, one timestamp)"),
            Map.entry("group-commits.dropped", "group commits dropped because the ring was full"),
            Map.entry("string-attributes.generated", "string attributes generated (index-only)"),
            Map.entry("writes.requests", "sample write requests sent"),
            Map.entry("writes.retries", "sample write requests sent again after a timeout or unavailable (--retries)"),
            Map.entry("writes.speculative-executions", "extra executions the driver started (--speculative-delay)"),
            Map.entry("writes.requests-off-replica", "requests whose coordinator was not a replica of all their partitions"),
            Map.entry("writes.sink-errors", "times the sample stage's end of batch threw"),
            Map.entry("writes.in-flight", "sample write requests in flight"),
            Map.entry("ring.full", "times a producer found its ring lane full (then dropped or waited)"),
            Map.entry("ring.size", "ring slots, all lanes"),
            Map.entry("ring.occupancy", "ring slots in use"),
            Map.entry("ring.index-events-dropped", "--writer opennms: index-only events dropped because the ring was full"),
            Map.entry("cold-start.ring-full-at-seconds", "seconds into the run when the ring first filled; -1 not yet"),
            Map.entry("cold-start.ring-drained-at-seconds", "seconds into the run when the ring, once full, was below 10% again; -1 not yet"),
            Map.entry("cold-start.dropped-while-indexing", "samples dropped before every plan resource was indexed"),
            Map.entry("index.stage-errors", "commits on which the index stage threw (index work lost)"),
            Map.entry("index.rows-written", "index rows written (terms, resource_attributes, resource_metrics)"),
            Map.entry("index.requests", "index write requests sent"),
            Map.entry("index.requests-failed", "index write requests that failed"),
            Map.entry("index.resources-written", "resources whose index rows were all written"),
            Map.entry("index.deferred", "resources deferred to their next sample for want of index budget"),
            Map.entry("index.deduplicated-in-flight", "lookups of a resource already being indexed"),
            Map.entry("index.cache-lookups", "resource cache lookups (one per group commit)"),
            Map.entry("index.cache-slow-lookups", "resource cache lookups that took over 100 ms"),
            Map.entry("index.resources-indexed", "plan resources known to be indexed"),
            Map.entry("index.resources-in-plan", "resources the plan will index"),
            Map.entry("index.cache-size", "entries in the resource cache (Redis: keys in its database; -1 unknown)"),
            Map.entry("plan.target-rate", "samples per second the plan asks for"),
            Map.entry("workers.count", "the writer's workers (OpenNMS's ring workers, or the pipelined lanes' writers)"),
            Map.entry("workers.busy-seconds", "seconds the workers spent handling events, summed over them"),
            Map.entry("workers.sample-write-seconds", "of which waiting for sample writes (pipelined: for a free in-flight permit)"),
            Map.entry("workers.index-wait-seconds", "of which waiting for index writes (OpenNMS's writer indexes inline)"),
            Map.entry("workers.cache-lookup-seconds", "of which asking the resource cache (Redis round trips included)"),
            Map.entry("workers.events", "events the workers handled"),
            Map.entry("reads.sent", "range reads sent (--read-rate)"),
            Map.entry("reads.completed", "range reads answered"),
            Map.entry("reads.failed", "range reads that failed"),
            Map.entry("reads.rows", "sample rows read"),
            Map.entry("reads.value-mismatches", "rows read whose value was not the generator's"),
            Map.entry("searches.sent", "index searches sent (--search-rate)"),
            Map.entry("searches.completed", "index searches answered"),
            Map.entry("searches.failed", "index searches that failed"),
            Map.entry("searches.misses", "searches whose answer lacked the resource they were made for"),
            Map.entry("freshness.probes", "freshness probes started (--freshness-probes)"),
            Map.entry("freshness.readable", "probes whose sample became readable"),
            Map.entry("freshness.failed", "probes whose sample was not readable within the bound"),
            Map.entry("client.cpu-millis", "CPU time this process used, milliseconds (rate() / 10 = % of one core)"),
            Map.entry("client.heap-used-bytes", "heap in use in this process"));

    private MetricHelp() {}

    /** The help of {@code registryName} ({@code metrics-stress.samples.written}). */
    static String of(String registryName) {
        String key = registryName.startsWith(StressMetrics.PREFIX)
                ? registryName.substring(StressMetrics.PREFIX.length()) : registryName;
        return HELP.getOrDefault(key, "metrics-stress " + key);
    }
}
