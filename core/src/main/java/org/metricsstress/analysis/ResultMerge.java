package org.metricsstress.analysis;

import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;

import org.metricsstress.result.PlanFacts;

import org.metricsstress.result.CacheSummary;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.ColdStart;
import org.metricsstress.result.Distance;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.NodeSummary;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.result.ReadSummary;
import org.metricsstress.result.RunEvent;
import org.metricsstress.result.SeriesLosses;
import org.metricsstress.result.StepSummary;
import org.metricsstress.result.StressResult;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.Parse;

/**
 * Adds the results of the instances of one plan ({@code --instance I/N}) into one result, exactly:
 * counts are added, latency histograms are added and their percentiles read from the sum (never an
 * average of percentiles), the per-interval series are added by wall-clock interval, and the audit
 * is the sum of the instances' audits. The merged result is a {@link StressResult} like any other,
 * so reports, comparisons and --sla checks read it unchanged.
 *
 * <p>What is not a plain sum: the generation time is the wall-clock span from the earliest start to
 * the latest end of generation, so the written rate is the instances' written samples over that
 * span; client CPU %, heap and cores are of all load machines together; a cache's size is the
 * largest instance's for Redis (one shared store) and the sum for Guava (one cache per process).
 */
public final class ResultMerge {
    /**
     * Settings that make two results shares of the same plan and schedule, as result files name
     * them: the shape, its values, its rate over time (a rate factor, or steps), its start and the
     * report slots the series are added by.
     */
    static final List<String> PLAN_SETTINGS = List.of("nodes", "interfaces", "groups", "attributes", "strings",
            "interval", "burst", "pacing", "rate-factor", "rate-steps", "start-at", "seed", "string-variation-factor",
            "duration", "instances", "keyspace", "report", "values", "resource-ids");
    /**
     * Settings that make two instances the same client: the writer model and what shapes its load
     * on the cluster (a merge of OpenNMS's writer and the pipelined one would describe neither).
     */
    static final List<String> WRITER_SETTINGS = List.of("writer", "max-batch-size", "writer-threads", "ring-size",
            "on-full", "max-in-flight", "batch-commits", "write-cl", "ttl", "no-index", "index-max-in-flight", "cache", "cache-max-entries", "sink");

    /** One instance's result and where it came from (a file name, for messages). */
    public record Source(String name, StressResult result) {}

    private ResultMerge() {}

    /**
     * Checks that {@code sources} are instances of one plan, each once, and adds them up.
     *
     * @param partial merge even when some instances of the plan are missing (the merge says which)
     * @throws ConfigException (one line) for results that are not one plan's instances
     */
    public static StressResult merge(List<Source> sources, boolean partial) {
        if (sources.isEmpty()) {
            throw new ConfigException("merge: no result files given");
        }
        Source first = sources.get(0);
        Map<Integer, Source> byIndex = new TreeMap<>();
        int instances = instances(first);
        for (Source s : sources) {
            StressResult r = s.result();
            if (r.merge() != null) {
                throw new ConfigException("merge: " + s.name() + " is itself a merge; merge the instances' own results");
            }
            requireHistograms(s);
            requireReadableSettings(s);
            requireSame(first, s, PLAN_SETTINGS, "plan");
            requireSame(first, s, WRITER_SETTINGS, "writer");
            int steps = r.steps() == null ? 0 : r.steps().size();
            int firstSteps = first.result().steps() == null ? 0 : first.result().steps().size();
            if (steps != firstSteps) {
                // One stopped early: adding the others' later steps to nothing would misreport them.
                throw new ConfigException("merge: " + s.name() + " has " + steps + " rate steps and " + first.name()
                        + " " + firstSteps + "; an instance that stopped early cannot be merged step by step");
            }
            int index = index(s);
            Source twice = byIndex.put(index, s);
            if (twice != null) {
                throw new ConfigException("merge: " + twice.name() + " and " + s.name() + " are both instance "
                        + index + "/" + instances);
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < instances; i++) {
            if (!byIndex.containsKey(i)) {
                missing.add(i);
            }
        }
        if (!missing.isEmpty() && !partial) {
            throw new ConfigException("merge: instance" + (missing.size() > 1 ? "s " : " ")
                    + String.join(", ", missing.stream().map(i -> i + "/" + instances).toList())
                    + " missing; give every instance's result (or --partial to merge what there is)");
        }
        List<Source> ordered = new ArrayList<>(byIndex.values());
        return add(ordered, new StressResult.MergeInfo(instances, List.copyOf(byIndex.keySet()),
                ordered.stream().map(Source::name).toList()));
    }

    private static void requireHistograms(Source s) {
        StressResult r = s.result();
        for (LatencySummary l : List.of(r.responseLatency(), r.serviceLatency(), r.queueLatency(), r.scheduleLag())) {
            if (!l.hasHistogram()) {
                throw new ConfigException("merge: " + s.name() + " holds percentiles only (schemaVersion 3); "
                        + "results of this version carry the histograms that add up exactly");
            }
        }
    }

    private static void requireSame(Source first, Source s, List<String> keys, String what) {
        for (String key : keys) {
            OptionDef option = StressOptions.all().stream().filter(d -> d.key().equals(key)).findFirst().orElseThrow();
            Object a = first.result().setting(option);
            Object b = s.result().setting(option);
            if (!Objects.equals(String.valueOf(a), String.valueOf(b))) {
                throw new ConfigException("merge: " + s.name() + " is not an instance of the same " + what + " as "
                        + first.name() + ": " + key + " is " + b + ", not " + a);
            }
        }
    }

    /** The settings the merge computes with, readable, or one line naming the file. */
    private static void requireReadableSettings(Source s) {
        Object ring = s.result().setting(StressOptions.RING_SIZE);
        if (ring != null) {
            wholeNumber(s, "ring-size", String.valueOf(ring));
        }
        Object report = s.result().setting(StressOptions.REPORT);
        if (report != null) {
            try {
                Parse.duration("--report", String.valueOf(report));
            } catch (ConfigException e) {
                throw new ConfigException("merge: " + s.name() + ": its report interval is '" + report
                        + "', not a duration");
            }
        }
    }

    private static int instances(Source s) {
        Object n = s.result().setting(StressOptions.INSTANCES);
        return n == null ? 1 : wholeNumber(s, "instances", String.valueOf(n));
    }

    private static int index(Source s) {
        Object i = s.result().setting(StressOptions.INSTANCE);
        if (i == null) {
            return 0;
        }
        String text = String.valueOf(i);
        if (!text.matches("\\d{1,9}(/\\d{1,9})?")) {
            throw new ConfigException("merge: " + s.name() + ": its instance is '" + text + "', not I/N");
        }
        int slash = text.indexOf('/');
        return Integer.parseInt(slash < 0 ? text : text.substring(0, slash));
    }

    /** A whole-number setting of an instance's result; one line naming the file when it is not. */
    private static int wholeNumber(Source s, String key, String text) {
        if (!text.matches("\\d{1,9}")) {
            throw new ConfigException("merge: " + s.name() + ": its " + key + " is '" + text + "', not a whole number");
        }
        return Integer.parseInt(text);
    }

    private static StressResult add(List<Source> sources, StressResult.MergeInfo info) {
        List<StressResult> rs = sources.stream().map(Source::result).toList();
        StressResult first = rs.get(0);
        long start = rs.stream().mapToLong(ResultMerge::startMillis).min().orElseThrow();
        long generationEnd = rs.stream()
                .mapToLong(r -> startMillis(r) + Math.round(r.generationSeconds() * 1000)).max().orElseThrow();
        double generationSeconds = Math.max(0, generationEnd - start) / 1000.0;
        double drainSeconds = rs.stream().mapToDouble(StressResult::drainSeconds).max().orElse(0);
        double target = rs.stream().mapToDouble(StressResult::targetSamplesPerSecond).sum();
        long written = sum(rs, StressResult::written);
        long dropped = sum(rs, StressResult::dropped);
        long failed = sum(rs, StressResult::failed);
        long unaccounted = noCancelling(rs, StressResult::unaccounted);
        double achieved = generationSeconds > 0 ? written / generationSeconds : 0;
        LatencySummary response = latency(rs, StressResult::responseLatency);
        LatencySummary lag = latency(rs, StressResult::scheduleLag);
        ClientSummary client = client(rs);
        List<IntervalStats> intervals = intervals(rs, start);

        Map<String, Object> config = new LinkedHashMap<>(first.config());
        config.put("instance", info.complete() ? "all " + info.instances() : info.merged() + " of " + info.instances());
        PlanFacts plan = first.plan().merged(rs.stream()
                .mapToLong(r -> r.plan().instanceGroupResources() == null ? 0 : r.plan().instanceGroupResources()).sum());

        long unsent = sum(rs, StressResult::unsent);
        long generated = sum(rs, StressResult::generated);
        long intended = generated + unsent + noCancelling(rs, StressResult::scheduleGap);
        // Once: the merged nodes' histograms are added here, and the distance is drawn from them.
        List<NodeSummary> nodes = nodes(rs);
        return Judgement.of(new StressResult(StressResult.SCHEMA_VERSION, first.tool(), first.version(), first.environment(),
                config, plan, first.cluster(), Instant.ofEpochMilli(start).toString(), generationSeconds,
                drainSeconds, target, achieved, sum(rs, StressResult::generated), written, dropped, failed,
                sumMaps(rs, StressResult::failedByClass), unaccounted, rs.stream().allMatch(StressResult::drained),
                sum(rs, StressResult::groupCommitsGenerated), sum(rs, StressResult::groupCommitsDropped),
                sum(rs, StressResult::stringAttributesGenerated), sum(rs, StressResult::writeRequests),
                response, latency(rs, StressResult::serviceLatency), latency(rs, StressResult::queueLatency), lag,
                client, index(rs, start), cache(rs), null, null, intervals, writes(rs), nodes,
                events(sources, start), steps(rs), reads(rs), null, info, coldStart(rs, start, target), intended, unsent,
                losses(rs), distance(rs, nodes), DiskMerge.merge(rs), null, null, null, nodeTelemetry(rs), null, java.util.List.of()));
    }

    /**
     * The nodes' own figures are the cluster's, not an instance's share: every instance read the same
     * nodes, so the first instance's reading stands for the merge (on its own clock), said in a note.
     */
    private static NodeTelemetry nodeTelemetry(List<StressResult> rs) {
        for (int i = 0; i < rs.size(); i++) {
            NodeTelemetry t = rs.get(i).nodeTelemetry();
            if (t != null && t.read()) {
                List<String> notes = new ArrayList<>(t.notes());
                notes.add("the nodes as the merge's instance " + (i + 1) + " of " + rs.size() + " read them, on its clock");
                return new NodeTelemetry(t.source(), notes, t.nodes());
            }
        }
        return rs.get(0).nodeTelemetry();
    }

    /**
     * The instances' ledgers as one: they own distinct resources (node % instances), so the series
     * losses add up. Null if any instance's result lacks its ledger.
     */
    private static SeriesLosses losses(List<StressResult> rs) {
        if (rs.stream().anyMatch(r -> r.losses() == null)) {
            return null;
        }
        int keys = 0;
        for (StressResult r : rs) {
            keys = Math.max(keys, (int) r.plan().groupResourceCount());
        }
        return SeriesLosses.sum(rs.stream().map(StressResult::losses).toList(), keys);
    }

    /**
     * The instances' cold starts as one, on the merged clock: the ring first full when any
     * instance's was, drained and indexed when the last one's was (never if one never was),
     * drops and rates added. Null when an instance's result predates the timeline.
     */
    private static ColdStart coldStart(List<StressResult> rs, long start, double target) {
        if (rs.stream().anyMatch(r -> r.coldStart() == null)) {
            return null;
        }
        double[] offsets = rs.stream().mapToDouble(r -> (startMillis(r) - start) / 1000.0).toArray();
        return ColdStart.sum(rs.stream().map(StressResult::coldStart).toList(), offsets, target);
    }

    static long startMillis(StressResult r) {
        return Instant.parse(r.startedAt()).toEpochMilli();
    }

    /**
     * An audit gap over the instances: their sum when they agree in sign, else the sum of their
     * sizes, so that one instance's +k and another's -k never merge into a balanced 0.
     */
    static long noCancelling(List<StressResult> rs, ToLongFunction<StressResult> gap) {
        boolean positive = rs.stream().anyMatch(r -> gap.applyAsLong(r) > 0);
        boolean negative = rs.stream().anyMatch(r -> gap.applyAsLong(r) < 0);
        return positive && negative ? rs.stream().mapToLong(r -> Math.abs(gap.applyAsLong(r))).sum()
                : rs.stream().mapToLong(gap).sum();
    }

    private static <T> long sum(List<T> items, ToLongFunction<T> f) {
        return items.stream().mapToLong(f).sum();
    }

    private static Map<String, Long> sumMaps(List<StressResult> rs, Function<StressResult, Map<String, Long>> f) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (StressResult r : rs) {
            f.apply(r).forEach((k, v) -> out.merge(k, v, Long::sum));
        }
        return out;
    }

    /** The histograms added up; the percentiles of the sum. */
    static LatencySummary latency(List<StressResult> rs, Function<StressResult, LatencySummary> f) {
        return LatencySummary.sum(rs.stream().map(f).toList());
    }

    /** The instances' clients together: their CPU over the cores they had for as long as each ran. */
    private static ClientSummary client(List<StressResult> rs) {
        double coreSeconds = 0;
        for (StressResult r : rs) {
            coreSeconds += r.client().cores() * (r.generationSeconds() + r.drainSeconds());
        }
        return ClientSummary.sum(rs.stream().map(StressResult::client).toList(), coreSeconds,
                sum(rs, StressResult::written));
    }

    private static IndexSummary index(List<StressResult> rs, long start) {
        List<IndexSummary> ix = rs.stream().map(StressResult::index).toList();
        if (ix.stream().anyMatch(i -> i == null || !i.enabled())) {
            return IndexSummary.DISABLED;
        }
        boolean complete = ix.stream().allMatch(i -> i.secondsToComplete() >= 0);
        // Complete when the last instance completed, on the merged clock.
        double completeAt = complete ? rs.stream().mapToDouble(r -> r.index().secondsToComplete()
                + (startMillis(r) - start) / 1000.0).max().orElse(-1) : -1;
        return IndexSummary.sum(ix, completeAt);
    }

    private static CacheSummary cache(List<StressResult> rs) {
        List<CacheSummary> cs = rs.stream().map(StressResult::cache).toList();
        return cs.stream().anyMatch(Objects::isNull) ? null : CacheSummary.sum(cs);
    }

    private static StressResult.WriteAttempts writes(List<StressResult> rs) {
        return StressResult.WriteAttempts.sum(rs.stream().map(StressResult::writes).filter(Objects::nonNull).toList());
    }

    /**
     * The first instance's distances (one cluster for all), the service times of the merged nodes,
     * and what every instance's own relays did, added.
     */
    private static Distance distance(List<StressResult> rs, List<NodeSummary> nodes) {
        Distance first = rs.get(0).distance();
        if (first == null) {
            return null;
        }
        Distance.Relays relays = null;
        for (StressResult r : rs) {
            relays = Distance.Relays.sum(relays, r.distance() == null ? null : r.distance().relays());
        }
        String consistency = first.service().isEmpty() ? null : first.service().get(0).consistency();
        return consistency == null ? new Distance(first.latency(), first.service(), relays)
                : Distance.of(first.latency(), consistency, nodes, relays);
    }

    private static List<NodeSummary> nodes(List<StressResult> rs) {
        Map<String, List<NodeSummary>> byNode = new TreeMap<>();
        for (StressResult r : rs) {
            for (NodeSummary n : r.nodes() == null ? List.<NodeSummary>of() : r.nodes()) {
                byNode.computeIfAbsent(n.node(), k -> new ArrayList<>()).add(n);
            }
        }
        List<NodeSummary> out = new ArrayList<>();
        for (List<NodeSummary> parts : byNode.values()) {
            out.add(NodeSummary.sum(parts));
        }
        out.sort(Comparator.comparing((NodeSummary n) -> String.valueOf(n.dc())).thenComparing(NodeSummary::node));
        return out;
    }

    /** The instances' read sides added: counts summed, histograms added. */
    private static ReadSummary reads(List<StressResult> rs) {
        List<ReadSummary> parts = rs.stream().map(StressResult::reads).filter(Objects::nonNull).toList();
        return parts.isEmpty() ? null : ReadSummary.sum(parts);
    }

    /** Step k of every instance added: the instances ran the same profile on one clock. */
    private static List<StepSummary> steps(List<StressResult> rs) {
        List<StepSummary> out = new ArrayList<>();
        int n = rs.stream().mapToInt(r -> r.steps() == null ? 0 : r.steps().size()).min().orElse(0);
        for (int k = 0; k < n; k++) {
            int step = k;
            out.add(StepSummary.sum(rs.stream().map(r -> r.steps().get(step)).toList()));
        }
        return out;
    }

    private static List<RunEvent> events(List<Source> sources, long start) {
        List<RunEvent> out = new ArrayList<>();
        for (Source s : sources) {
            double shift = (startMillis(s.result()) - start) / 1000.0;
            String who = "instance " + s.result().setting(StressOptions.INSTANCE) + ": ";
            for (RunEvent e : s.result().events() == null ? List.<RunEvent>of() : s.result().events()) {
                out.add(new RunEvent(Math.round((e.atSeconds() + shift) * 10) / 10.0, who + e.text()));
            }
        }
        out.sort(Comparator.comparingDouble(RunEvent::atSeconds));
        return out;
    }

    /**
     * The series added by wall-clock interval: an instance's interval belongs to the report slot its
     * end falls in, counted from the earliest start. An instance with no line in a slot adds its
     * running totals as they stood, and nothing to the slot's counts.
     */
    static List<IntervalStats> intervals(List<StressResult> rs, long start) {
        double reportSeconds = rs.stream().mapToDouble(ResultMerge::reportSeconds).max().orElse(1);
        TreeMap<Long, List<IntervalStats>> slots = new TreeMap<>();
        Map<Long, List<Integer>> who = new TreeMap<>();
        for (int i = 0; i < rs.size(); i++) {
            StressResult r = rs.get(i);
            double shift = (startMillis(r) - start) / 1000.0;
            for (IntervalStats s : r.intervals()) {
                long slot = Math.round((s.elapsedSeconds() + shift) / reportSeconds);
                slots.computeIfAbsent(slot, k -> new ArrayList<>()).add(s.shifted(shift));
                who.computeIfAbsent(slot, k -> new ArrayList<>()).add(i);
            }
        }
        long[][] totals = new long[rs.size()][4];
        List<IntervalStats> out = new ArrayList<>();
        for (Map.Entry<Long, List<IntervalStats>> e : slots.entrySet()) {
            List<IntervalStats> parts = e.getValue();
            List<Integer> owners = who.get(e.getKey());
            for (int k = 0; k < parts.size(); k++) {
                IntervalStats p = parts.get(k);
                totals[owners.get(k)] = new long[] {p.generatedTotal(), p.writtenTotal(), p.droppedTotal(), p.failedTotal()};
            }
            out.add(IntervalStats.sum(parts, totals));
        }
        return out;
    }

    private static double reportSeconds(StressResult r) {
        Object report = r.setting(StressOptions.REPORT);
        return report == null ? 1 : Math.max(1, Parse.duration("--report", String.valueOf(report)).toMillis() / 1000.0);
    }
}
