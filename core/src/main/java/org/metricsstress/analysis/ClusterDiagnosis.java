package org.metricsstress.analysis;

import org.metricsstress.result.Evidence;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.NodeTelemetry;

import org.metricsstress.result.NodeSummary;
import org.metricsstress.result.StressResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Where in the cluster a run's time went, from the nodes' own figures ({@link NodeTelemetry}) and
 * the client's per-coordinator ones ({@link NodeSummary}): which resource, on which node, compared
 * with its peers. The write path's resources on the nodes, each judged by the USE method
 * (utilisation, saturation that lasts, errors), are asked in the order of {@link #RULES}: a cause
 * before the queues it makes (a stopped node before the hints held for it, a collector's pauses and a
 * busy CPU before the stages that queue behind them), since the bottleneck law names one resource
 * and the others' queues follow from it. Each rule states its basis (docs/diagnosis.md, "The model").
 *
 * It also tells a client that starved (its own stalls measured as service time) from a cluster that
 * was slow: nodes that were idle did not make the client wait. Pure: reads a result, decides nothing
 * else.
 */
public final class ClusterDiagnosis {
    /**
     * One threshold of the model, with its basis: a law, cassandra.yaml or Cassandra's docs, or a
     * calibration on the corpus of recorded runs (docs/diagnosis.md, "The corpus"), which the
     * corpus's tests hold it to (halved and doubled, the cases that flip are listed).
     */
    public record Threshold(String name, double value, String basis) {}

    /** Saturation is what lasts: a share of the readings, taken at times that do not depend on the load. */
    private static final String LASTS = "the USE method's saturation is a queue that lasts, not a burst: half the "
            + "readings or more (ScyllaDB's advisor states each rule with a duration for the same reason)";
    private static final String PEERS = "a node is sick or hot by comparison with its peers, not by an absolute "
            + "figure";
    /** Said of a threshold no case of the corpus flips when it is halved or doubled: it stands on its basis alone. */
    private static final String UNPROVEN = "; no case of the corpus depends on its value yet";

    static final double ANSWERED = 0.75;
    static final double ANSWERED_GAP = 0.25;
    static final double ANSWERED_ALONE = 0.5;
    static final double MISSED_AT_LEAST = 3;
    static final double SLOWER = 5;
    static final double SLOW_READ_MS = 500;
    static final double FAILURE_SHARE = 0.5;
    static final double SERVICE_OUTLIER = 3;
    static final double SERVICE_OUTLIER_MS = 50;
    static final double MUTATION_FULL = 0.5;
    static final double MUTATION_QUEUE = 32;
    static final double MUTATION_QUEUE_PER_THREAD = 4;
    static final double FLUSHES_QUEUED = 3;
    static final double FLUSHES_QUEUED_SHARE = 0.5;
    static final double COMPACTIONS_GROWN = 4;
    static final double COMPACTIONS_BACKLOG = 8;
    static final double GC_SHARE = 0.10;
    static final double BUSY_CPU = 90;
    static final double CPU_BUSY_SHARE = 0.5;
    static final double HOT_WRITES = 1.5;
    static final double PEERS_ROOM_CPU = 80;
    static final double IDLE_CPU = 50;
    static final double IDLE_TRANSPORT_QUEUE = 32;
    static final double IDLE_TRANSPORT_SHARE = 0.5;

    /** Every threshold the rules read, with its basis; docs/diagnosis.md lists the same table. */
    public static final List<Threshold> THRESHOLDS = List.of(
            new Threshold("ANSWERED", ANSWERED, "a node that told its figures in fewer than this share of the "
                    + "readings ...; " + PEERS + UNPROVEN),
            new Threshold("ANSWERED_GAP", ANSWERED_GAP, "... while its peers' median told this much more: a machine "
                    + "that starves every node alike singles none out; " + PEERS + UNPROVEN),
            new Threshold("ANSWERED_ALONE", ANSWERED_ALONE, "a node without peers: fewer than half its readings"),
            new Threshold("MISSED_AT_LEAST", MISSED_AT_LEAST, "and this many readings missed at least, so a share of "
                    + "a few readings is not a finding; " + PEERS + UNPROVEN),
            new Threshold("SLOWER", SLOWER, "a node this many times slower than its peers' median to tell its "
                    + "figures; " + PEERS + UNPROVEN),
            new Threshold("SLOW_READ_MS", SLOW_READ_MS, "... and this slow: half the least bound of a reading "
                    + "(NodeWatch, 1 s); a calibration on the corpus (stall-node: a median of 930 ms against its peers' "
                    + "55 ms on a saturated machine, where a 1 s floor named none; control-3: at most 302 ms)"),
            new Threshold("FAILURE_SHARE", FAILURE_SHARE, "a coordinator with this share of the run's failed attempts "
                    + "(and twice its even share); " + PEERS + UNPROVEN),
            new Threshold("SERVICE_OUTLIER", SERVICE_OUTLIER, "a coordinator this many times slower (p99) than its "
                    + "peers' median; " + PEERS + UNPROVEN),
            new Threshold("SERVICE_OUTLIER_MS", SERVICE_OUTLIER_MS, "... and at least this slow: ScyllaDB's advisor "
                    + "calls writes slow from 10 ms mean or 100 ms p95; between them"),
            new Threshold("MUTATION_FULL", MUTATION_FULL, "every MutationStage thread busy with writes queued in this "
                    + "share of the readings: " + LASTS),
            new Threshold("MUTATION_QUEUE", MUTATION_QUEUE, "or in half that share with a queue this deep: as deep as "
                    + "the default concurrent_writes (32), a whole stage's worth waiting"),
            new Threshold("MUTATION_QUEUE_PER_THREAD", MUTATION_QUEUE_PER_THREAD, "... and this many per thread, so a "
                    + "narrowed stage's queue counts by its own threads" + UNPROVEN),
            new Threshold("FLUSHES_QUEUED", FLUSHES_QUEUED, "flushes queued this deep: more than cassandra.yaml's "
                    + "default two flush writers per data directory take at once"),
            new Threshold("FLUSHES_QUEUED_SHARE", FLUSHES_QUEUED_SHARE, "... in this share of the readings: " + LASTS),
            new Threshold("COMPACTIONS_GROWN", COMPACTIONS_GROWN, "pending compactions grown by this much over the "
                    + "stretch: flow balance fails on compaction (Cassandra's tpstats docs)" + UNPROVEN + " (no fault of it is "
                    + "made: a compaction throughput short of the insert rate takes minutes of writes to show)"),
            new Threshold("COMPACTIONS_BACKLOG", COMPACTIONS_BACKLOG, "... to at least this: a backlog, not a flush's "
                    + "few tasks" + UNPROVEN),
            new Threshold("GC_SHARE", GC_SHARE, "collectors' time this share of the stretch: above G1's own goal "
                    + "(GCTimeRatio 12, 1/13 = 8% of the time) the collector is overloaded"),
            new Threshold("BUSY_CPU", BUSY_CPU, "a CPU this busy (% of what it may use) is saturated: by the "
                    + "utilisation law, at U = 0.9 a single queue already holds U/(1-U) = 9 on average"),
            new Threshold("CPU_BUSY_SHARE", CPU_BUSY_SHARE, "a CPU saturated in this share of the readings or "
                    + "more: " + LASTS + "; one node's singled out when fewer than half its peers are"),
            new Threshold("PEERS_ROOM_CPU", PEERS_ROOM_CPU, "a node's CPU is singled out only while its peers' "
                    + "(the median of their means) is under 80% of what they may use: a fifth of it idle, beyond one "
                    + "reading's noise (a steady node's CPU moves by about 10 points from one 2 s reading to the "
                    + "next); a node at 89% against peers at 85% and 86% is a machine evenly busy, not one node "
                    + "(pass-4's control-quota, the machine 99% busy, superseded); set from that and a reading's noise, "
                    + "not fitted: halved, the hot-node runs (their peers at about half their quota) go unnamed; "
                    + "doubled, no case changes"),
            new Threshold("HOT_WRITES", HOT_WRITES, "a node with this many times its peers' writes (or its even share "
                    + "of the requests) takes more of the ring: the forced flow law, V_k = r·o_k; it words the finding "
                    + "(hot or sick), it does not make one"),
            new Threshold("IDLE_CPU", IDLE_CPU, "nodes below this CPU did not make a client wait: at U = 0.5 a "
                    + "single queue holds 1 on average"),
            new Threshold("IDLE_TRANSPORT_QUEUE", IDLE_TRANSPORT_QUEUE, "native-transport requests queued this deep: "
                    + "a quarter of its default 128 threads"),
            new Threshold("IDLE_TRANSPORT_SHARE", IDLE_TRANSPORT_SHARE, "... in this share of the readings: " + LASTS
                    + "; a starved client's bursts queue at one reading"));

    /** The thresholds in force: {@link #THRESHOLDS}' values, or a test's variation of them. */
    public record Thresholds(Map<String, Double> values) {
        public static final Thresholds DEFAULT = of(THRESHOLDS);

        /** A table's thresholds at their values. */
        public static Thresholds of(List<Threshold> table) {
            return new Thresholds(table.stream().collect(
                    java.util.stream.Collectors.toUnmodifiableMap(Threshold::name, Threshold::value)));
        }

        public Thresholds {
            values = Map.copyOf(values);
        }

        public double get(String name) {
            Double v = values.get(name);
            if (v == null) {
                throw new IllegalArgumentException("no threshold " + name);
            }
            return v;
        }

        /** These with one threshold set to {@code value}. */
        public Thresholds with(String name, double value) {
            get(name);
            Map<String, Double> out = new java.util.HashMap<>(values);
            out.put(name, value);
            return new Thresholds(out);
        }
    }

    private ClusterDiagnosis() {}

    /**
     * What was found, in the cluster's own terms.
     *
     * @param part    {@code sick-node}, {@code mutation-stage}, {@code native-transport}, {@code flushes},
     *                {@code compaction}, {@code gc}, {@code hints} or {@code too-few-nodes}
     * @param nodes   the nodes it was found on ("host:port"), all of them for {@code too-few-nodes}
     * @param message the sentence, with the figures that decided it
     * @param loads   every node's figures over the stretch, for the advice
     */
    public record Finding(String part, List<String> nodes, String message, List<NodeLoad> loads) {
        public Finding {
            nodes = List.copyOf(nodes);
            loads = List.copyOf(loads);
        }
    }

    /** The nodes' figures over [{@code from}, {@code to}] s; empty when the run read none. */
    public static List<NodeLoad> loads(StressResult r, double from, double to) {
        return loads(r, from, to, Thresholds.DEFAULT);
    }

    static List<NodeLoad> loads(StressResult r, double from, double to, Thresholds th) {
        NodeTelemetry t = r.nodeTelemetry();
        if (t == null || !t.read()) {
            return List.of();
        }
        return t.nodes().stream().map(n -> NodeLoad.of(n, from, to, (long) th.get("FLUSHES_QUEUED"),
                (long) th.get("IDLE_TRANSPORT_QUEUE"), th.get("BUSY_CPU"))).toList();
    }

    /**
     * What one rule sees: the stretch's figures of every node, the run they belong to, and the
     * stretch itself.
     */
    public record Scene(StressResult run, List<NodeLoad> loads, double from, double to, Thresholds t) {
        /** A threshold's value in force. */
        double v(String name) {
            return t.get(name);
        }

        /** Every node on this machine (a loopback address): the nodes and this client share its CPU. */
        boolean oneMachine() {
            return !loads.isEmpty() && loads.stream().allMatch(l -> l.host().startsWith("127.") || l.host().equals("::1")
                    || l.host().equals("localhost"));
        }

        /** The machine's CPU busy over the run, % of its cores; -1 when not known. */
        double machineCpu() {
            return run.client() == null ? -1 : run.client().machineCpuPercent();
        }

        List<NodeLoad> peers(NodeLoad l) {
            return loads.stream().filter(p -> p != l).toList();
        }
    }

    /**
     * One rule of the model: the resource it names ({@code part}), its basis, and the finding when it
     * holds (null when it does not). docs/diagnosis.md lists them in this order with the same basis.
     */
    public record Rule(String part, String basis, Function<Scene, Finding> find) {}

    /** A stage's saturation on one node, and the figures that say so: a stage rule's two halves. */
    private record Stage(String part, java.util.function.BiPredicate<Scene, NodeLoad> saturated,
            java.util.function.BiFunction<Scene, NodeLoad, String> figures) {
        Finding on(Scene s, boolean singledOut) {
            List<NodeLoad> hit = s.loads().stream().filter(l -> saturated.test(s, l)).toList();
            if (hit.isEmpty() || singledOut && (s.loads().size() < 2 || hit.size() == s.loads().size())) {
                return null;
            }
            return ClusterDiagnosis.part(s.loads(), part, l -> hit.contains(l), l -> figures.apply(s, l));
        }
    }

    private static final Stage COMMIT_LOG = new Stage("commit-log",
            (s, l) -> mutationFull(s, l) && cpuRoom(s, l) && l.commitLogWaits() > 0 && !narrowed(s, l),
            (s, l) -> String.format(Locale.ROOT, "%s; %,d writes waited on its commit log, with its CPU at %.0f%%: its "
                    + "threads were blocked on the commit log's syncs, not short of CPU (the writes it coordinated took "
                    + "p50 %.2f ms, its local writes' memtable put p99 %.2f ms: the time went before the memtable)",
                    mutationFigures(l), l.commitLogWaits(), l.cpuPercent(), l.coordinatorP50Ms(), l.localWriteP99Ms()));
    private static final Stage MUTATION = new Stage("mutation-stage", (s, l) -> mutationFull(s, l)
            || l.mutationFullShare() >= s.v("MUTATION_FULL") / 2 && l.mutationPending()
                    >= Math.max(s.v("MUTATION_QUEUE"), s.v("MUTATION_QUEUE_PER_THREAD") * l.mutationLimit())
            || l.droppedMutations() > 0 && l.mutationFullShare() > 0,
            (s, l) -> mutationFigures(l) + stageContext(s, l));
    private static final Stage TRANSPORT = new Stage("native-transport",
            (s, l) -> l.transportBlocked() > 0 || l.transportQueuedShare() >= s.v("IDLE_TRANSPORT_SHARE"),
            (s, l) -> String.format(Locale.ROOT, "%,d or more requests queued at native transport in %.0f%% of the "
                    + "readings (up to %,d), %,d blocked (its threads: native_transport_max_threads)%s",
                    (long) s.v("IDLE_TRANSPORT_QUEUE"), 100 * l.transportQueuedShare(), l.transportPending(),
                    l.transportBlocked(), stageContext(s, l)));
    private static final Stage FLUSHES = new Stage("flushes",
            (s, l) -> l.flushBlocked() > 0 || l.flushQueuedShare() >= s.v("FLUSHES_QUEUED_SHARE"),
            (s, l) -> String.format(Locale.ROOT, "memtable flushes behind: %d or more queued in %.0f%% of the readings "
                    + "(up to %d), %,d blocked (flush writers: memtable_flush_writers)", (long) s.v("FLUSHES_QUEUED"),
                    100 * l.flushQueuedShare(), l.flushPending(), l.flushBlocked()));
    private static final Stage COMPACTION = new Stage("compaction",
            (s, l) -> l.compactionsLast() - l.compactionsFirst() >= s.v("COMPACTIONS_GROWN")
                    && l.compactionsLast() >= s.v("COMPACTIONS_BACKLOG"),
            (s, l) -> String.format(Locale.ROOT, "a compaction backlog growing from %d to %d pending (peak %d)",
                    l.compactionsFirst(), l.compactionsLast(), l.compactionsPeak()));

    private static final String COMMIT_LOG_BASIS = "Cassandra's tpstats docs and the write path: a mutation stage full "
            + "while the node's CPU has room has its threads blocked, and writes that waited on the commit log "
            + "(CommitLog WaitingOnCommit) say where; asked before GC: a thread that waits on a sync is held by the "
            + "sync, not by a pause, and the writes its full stage queues fill the heap (a slow commit log's GC is "
            + "its effect), while under the default periodic sync a collector's pauses make no such waits";
    private static final String MUTATION_BASIS = "the USE method on the MutationStage (concurrent_writes threads): "
            + "every thread busy with writes queued in half the readings or more is saturation that lasts; dropped "
            + "mutations (waited past write_request_timeout in its queue) are its errors";
    private static final String TRANSPORT_BASIS = "the USE method on Native-Transport-Requests: requests blocked, or a "
            + "queue of a quarter of its default 128 threads in half the readings or more (a queue that lasts, not a "
            + "starved client's burst)";
    private static final String FLUSHES_BASIS = "cassandra.yaml (memtable_flush_writers) and Cassandra's docs: writes "
            + "stop when memtable memory is full until a flush frees it; flushes queued in half the readings is a "
            + "backlog that lasts (a schema change or a recycled segment flushes many tables at once)";
    private static final String COMPACTION_BASIS = "Cassandra's tpstats docs: pending compactions that grow mean "
            + "compaction cannot keep up with the writes (flow balance fails on that resource)";
    private static final String ONE_NODE = "; on some nodes and not their peers: that node's own, before anything the "
            + "nodes share (a stage full on one node of a busy machine is not the machine's: its peers' is not full)";
    private static final String EVERY_NODE = "; on every node alike, once the CPU the nodes share is ruled out";

    /**
     * The rules, a cause before the queues it makes; the first that holds names the limit. What
     * singles out one node among its peers comes before what the nodes share (this machine's CPU,
     * every node's CPU), which comes before a stage saturated on every node alike: with the CPU they
     * share spent, every node's stages queue behind it (the bottleneck law names the CPU).
     */
    public static final List<Rule> RULES = List.of(
            new Rule("sick-node", "a node that could not tell its own figures within the bound in many more of the "
                    + "readings than its peers (alone: in under half of them), or took many times their time to, was "
                    + "stopped or overloaded: compared "
                    + "with its peers, not by an absolute figure (unless what it did tell shows its mutation stage "
                    + "full, or its CPU spent while its peers' has room: that, then; its CPU spent as every peer's: "
                    + "too few nodes, by the bottleneck law)", ClusterDiagnosis::silentNode),
            new Rule("hints", "Cassandra's hints docs: a node writes hints for a replica that did not acknowledge a "
                    + "write and replays them when it is back; hints for one node that grow (or are replayed) name "
                    + "that node, not the ones that hold them", ClusterDiagnosis::hintsFor),
            new Rule("commit-log", COMMIT_LOG_BASIS + ONE_NODE, s -> COMMIT_LOG.on(s, true)),
            new Rule("gc", "a collector's pause stops every thread of the node, so its stages queue behind it; above "
                    + "G1's own goal (GCTimeRatio 12: 1/13, about 8% of the time) the collector is overloaded",
                    s -> part(s.loads(), "gc", l -> l.gcShare() >= s.v("GC_SHARE"),
                            l -> String.format(Locale.ROOT, "its collectors took %.0f%% of the time%s", 100 * l.gcShare(),
                                    peersGc(s, l)))),
            new Rule("cpu", "the utilisation law U = X·S on one node's CPU, saturated while its peers' is not: that "
                    + "node bounds the writes its replicas take; its local write rate against its peers' tells a hot "
                    + "node (more of the ring: the forced flow law) from a sick one; a lone node has no peers to be "
                    + "singled out against, so its CPU is the cluster's (too few nodes, or this machine's)",
                    ClusterDiagnosis::nodeCpu),
            new Rule("mutation-stage", MUTATION_BASIS + ONE_NODE, s -> MUTATION.on(s, true)),
            new Rule("native-transport", TRANSPORT_BASIS + ONE_NODE, s -> TRANSPORT.on(s, true)),
            new Rule("flushes", FLUSHES_BASIS + ONE_NODE, s -> FLUSHES.on(s, true)),
            new Rule("compaction", COMPACTION_BASIS + ONE_NODE, s -> COMPACTION.on(s, true)),
            new Rule("machine-cpu", "the utilisation law on the one CPU that the nodes and this client share when they "
                    + "run on one machine: its busy share is the machine's (/proc/stat), and each process's own CPU "
                    + "says who used it", ClusterDiagnosis::machineCpu),
            new Rule("too-few-nodes", "the bottleneck law X <= m/D_max: every node's CPU saturated alike and no stage "
                    + "of its own: the nodes' CPU bounds the rate, and only more of them raise the bound",
                    ClusterDiagnosis::tooFewNodes),
            new Rule("commit-log-every", COMMIT_LOG_BASIS + EVERY_NODE, s -> COMMIT_LOG.on(s, false)),
            new Rule("mutation-stage-every", MUTATION_BASIS + EVERY_NODE, s -> MUTATION.on(s, false)),
            new Rule("native-transport-every", TRANSPORT_BASIS + EVERY_NODE, s -> TRANSPORT.on(s, false)),
            new Rule("flushes-every", FLUSHES_BASIS + EVERY_NODE, s -> FLUSHES.on(s, false)),
            new Rule("compaction-every", COMPACTION_BASIS + EVERY_NODE, s -> COMPACTION.on(s, false)),
            new Rule("hints-held", "hints growing on a node, for a node not told (a result written before the hints' "
                    + "targets were read): a replica is down or behind", s -> part(s.loads(), "hints",
                            l -> l.hintFilesLast() > l.hintFilesFirst(),
                            l -> String.format(Locale.ROOT, "hints for other nodes growing from %d to %d files: a "
                                    + "replica is down or behind", l.hintFilesFirst(), l.hintFilesLast()))));

    /** What limited the cluster over the stretch, or null when its figures single out nothing. */
    public static Finding locate(StressResult r, double from, double to) {
        return locate(r, from, to, RULES);
    }

    /** ... by {@code rules} alone (a test removes one to see what it decides). */
    public static Finding locate(StressResult r, double from, double to, List<Rule> rules) {
        return locate(r, from, to, rules, Thresholds.DEFAULT);
    }

    /** ... by {@code rules} with {@code thresholds} (a test halves or doubles one to see what it decides). */
    public static Finding locate(StressResult r, double from, double to, List<Rule> rules, Thresholds thresholds) {
        List<NodeLoad> loads = loads(r, from, to, thresholds);
        if (!loads.isEmpty()) {
            Scene scene = new Scene(r, loads, from, to, thresholds);
            for (Rule rule : rules) {
                Finding f = rule.find().apply(scene);
                if (f != null) {
                    return f;
                }
            }
        }
        return sickNode(r, loads, thresholds);
    }

    /**
     * Its mutation stage blocked, or every thread busy with writes queued in most of the readings it
     * answered. Not a deep queue for part of the time: a node stopped for a while (SIGSTOP) has that
     * once it runs again, from the writes that reached it meanwhile; its readings before the stop are
     * idle.
     */
    private static boolean mutationFull(Scene s, NodeLoad l) {
        return l.mutationBlocked() > 0
                || l.mutationFullShare() >= s.v("MUTATION_FULL") && l.mutationPending() >= Math.max(1, l.mutationLimit());
    }

    /** Its CPU seen, and with room: not saturated in half its readings. */
    private static boolean cpuRoom(Scene s, NodeLoad l) {
        return l.cpuPercent() >= 0 && !cpuBusy(s, l);
    }

    /** Its CPU saturated ({@code BUSY_CPU} or more) in {@code CPU_BUSY_SHARE} of its readings or more. */
    static boolean cpuBusy(Scene s, NodeLoad l) {
        return l.cpuBusy(s.v("CPU_BUSY_SHARE"));
    }

    /** Its MutationStage limit below its peers' median: concurrent_writes set lower on it. */
    private static boolean narrowed(Scene s, NodeLoad l) {
        double peers = median(s.peers(l).stream().mapToDouble(NodeLoad::mutationLimit).toArray());
        return peers > 0 && l.mutationLimit() < peers;
    }

    private static String mutationFigures(NodeLoad l) {
        return String.format(Locale.ROOT, "every one of its %d MutationStage threads (concurrent_writes) busy in "
                + "%.0f%% of the readings, up to %,d writes queued, %,d blocked%s%s", l.mutationLimit(),
                100 * l.mutationFullShare(), l.mutationPending(), l.mutationBlocked(), dropped(l), littlesLaw(l));
    }

    /** The stage's residence time by Little's law, where its throughput was measured. */
    private static String littlesLaw(NodeLoad l) {
        return l.mutationStageMs() < 0 ? "" : String.format(Locale.ROOT, "; a write spent %.1f ms in the stage "
                + "(Little's law: %.0f in it on average over %,.0f done a second)", l.mutationStageMs(),
                l.mutationInStage(), l.mutationPerSecond());
    }

    /** Beside a stage's figures: its limit against its peers', and its CPU, or that it was not seen. */
    private static String stageContext(Scene s, NodeLoad l) {
        List<String> parts = new ArrayList<>();
        double peers = median(s.peers(l).stream().mapToDouble(NodeLoad::mutationLimit).toArray());
        if (narrowed(s, l)) {
            parts.add(String.format(Locale.ROOT, "its concurrent_writes %d against its peers' %.0f", l.mutationLimit(),
                    peers));
        }
        parts.add(l.cpuPercent() < 0 ? "its CPU not seen (JMX out of reach): a CPU limit is not ruled out"
                : String.format(Locale.ROOT, "its CPU at %.0f%%", l.cpuPercent()));
        return "; " + String.join(", ", parts);
    }

    /** Hints for one node growing, or replayed, on its peers: that node is down, behind, or catching up. */
    private static Finding hintsFor(Scene s) {
        NodeTelemetry t = s.run().nodeTelemetry();
        Map<String, long[]> byTarget = new TreeMap<>();
        Map<String, List<String>> holders = new TreeMap<>();
        for (NodeTelemetry.Node n : t.nodes()) {
            List<NodeTelemetry.Reading> ok = n.readings().stream().filter(NodeTelemetry.Reading::answered)
                    .filter(r -> r.elapsedSeconds() >= s.from() - 0.5 && r.elapsedSeconds() <= s.to() + 0.5).toList();
            if (ok.isEmpty()) {
                continue;
            }
            Map<String, Long> first = ok.get(0).hintFilesFor();
            Map<String, Long> last = ok.get(ok.size() - 1).hintFilesFor();
            long peak = 0;
            java.util.Set<String> targets = new java.util.TreeSet<>(first.keySet());
            targets.addAll(last.keySet());
            ok.forEach(r -> targets.addAll(r.hintFilesFor().keySet()));
            for (String target : targets) {
                long[] f = byTarget.computeIfAbsent(target, k -> new long[3]);
                f[0] += first.getOrDefault(target, 0L);
                f[1] += last.getOrDefault(target, 0L);
                for (NodeTelemetry.Reading r : ok) {
                    peak = Math.max(peak, r.hintFilesFor().getOrDefault(target, 0L));
                }
                f[2] += peak;
                holders.computeIfAbsent(target, k -> new ArrayList<>()).add(n.host());
            }
        }
        for (Map.Entry<String, long[]> e : byTarget.entrySet()) {
            long[] f = e.getValue();
            boolean grew = f[1] > f[0];
            boolean replayed = f[2] > 0 && f[1] < f[2];
            if (!grew && !replayed) {
                continue;
            }
            String host = e.getKey();
            NodeLoad target = s.loads().stream().filter(l -> l.host().equals(host)).findFirst().orElse(null);
            String node = target == null ? host : target.node();
            String dc = target == null ? "" : " (" + target.dc() + ")";
            String told = target == null ? "" : String.format(Locale.ROOT, "; it told its own figures in %d of %d "
                    + "readings", target.answered(), target.readings());
            String what = grew ? String.format(Locale.ROOT, "hints for it grew from %d to %d files on %s: it did not "
                    + "take its writes (down or behind)", f[0], f[1], String.join(", ", holders.get(host)))
                    : String.format(Locale.ROOT, "hints for it, up to %d files on %s, were replayed to it (%d left): it "
                            + "was down or behind, and took the missed writes on top of the run's", f[2],
                            String.join(", ", holders.get(host)), f[1]);
            return new Finding("hints", List.of(node), String.format(Locale.ROOT, "node %s%s is down or behind: %s%s",
                    node, dc, what, told), s.loads());
        }
        return null;
    }

    /** This machine's CPU saturated with the nodes on it: who used it, from each process's own CPU. */
    private static Finding machineCpu(Scene s) {
        double machine = s.machineCpu();
        if (!s.oneMachine() || machine < s.v("BUSY_CPU")) {
            return null;
        }
        int cores = s.run().client() == null ? 0 : s.run().client().cores();
        double client = clientShareOfMachine(s.run());
        List<String> nodes = new ArrayList<>();
        for (NodeLoad l : s.loads()) {
            nodes.add(l.cpuPercent() < 0 ? l.host() + " not seen" : String.format(Locale.ROOT, "%s %.0f%%", l.host(),
                    nodeShareOfMachine(l, cores)));
        }
        return new Finding("machine-cpu", s.loads().stream().map(NodeLoad::node).toList(), String.format(Locale.ROOT,
                "this machine's CPU is spent: it was busy %.0f%% of the run on its %d cores, shared by the nodes "
                        + "(%s of the machine) and this client (%s)", machine, cores, String.join(", ", nodes),
                client < 0 ? "not seen" : String.format(Locale.ROOT, "%.0f%%", client)), s.loads());
    }

    /** Whether the run's watched nodes are on this client's machine. */
    static boolean sharesMachine(StressResult r) {
        return new Scene(r, loads(r, 0, r.generationSeconds()), 0, r.generationSeconds(), Thresholds.DEFAULT).oneMachine();
    }

    /** This client's CPU in % of the machine's cores; -1 when not known. */
    static double clientShareOfMachine(StressResult r) {
        return r.client() == null || r.client().cpuPercent() < 0 ? -1 : r.client().cpuPercent();
    }

    /** A node's CPU in % of {@code cores}, the machine's; -1 when not known. */
    private static double nodeShareOfMachine(NodeLoad l, int cores) {
        return cores <= 0 || l.coresUsed() < 0 ? -1 : 100 * l.coresUsed() / cores;
    }

    /**
     * Whether this client used most of a saturated machine's CPU: more than all the nodes together.
     * Not when a node's CPU was not seen: who used the machine is then not known.
     */
    static boolean clientUsedMostOfTheMachine(StressResult r, Finding f) {
        if (f == null || !"machine-cpu".equals(f.part()) || f.loads().stream().anyMatch(l -> l.coresUsed() < 0)) {
            return false;
        }
        int cores = r.client() == null ? 0 : r.client().cores();
        double nodes = 0;
        for (NodeLoad l : f.loads()) {
            nodes += Math.max(0, nodeShareOfMachine(l, cores));
        }
        return clientShareOfMachine(r) > nodes;
    }

    private static Finding tooFewNodes(Scene s) {
        if (!s.loads().stream().allMatch(l -> cpuBusy(s, l))) {
            return null;
        }
        return evenlyBusy(s, s.loads(), "");
    }

    /** Every node's CPU spent alike, by {@code cpus} (each node's figures, in the order of the run's). */
    private static Finding evenlyBusy(Scene s, List<NodeLoad> cpus, String more) {
        return new Finding("too-few-nodes", s.loads().stream().map(NodeLoad::node).toList(), String.format(Locale.ROOT,
                "every node's CPU evenly busy (%s) with no stage of its own saturated: too few nodes for this rate%s",
                String.join(", ", cpus.stream().map(l -> String.format(Locale.ROOT, "%s %.0f%%", l.host(),
                        l.cpuPercent())).toList()), more), s.loads());
    }

    /**
     * Its peers' CPU (the median of their means) under {@code PEERS_ROOM_CPU}: room a node can be singled
     * out by. A lone node has none: its CPU is the cluster's, which the bottleneck law names as too few
     * nodes (or this machine's, when this client shares it), never as one node's to look at.
     */
    private static boolean peersHaveRoom(Scene s, NodeLoad l) {
        List<NodeLoad> peers = s.peers(l);
        return !peers.isEmpty() && median(peers.stream().mapToDouble(NodeLoad::cpuPercent).filter(v -> v >= 0)
                .toArray()) < s.v("PEERS_ROOM_CPU");
    }

    private static Finding nodeCpu(Scene s) {
        for (NodeLoad l : s.loads()) {
            List<NodeLoad> peers = s.peers(l);
            double peerCpu = median(peers.stream().mapToDouble(NodeLoad::cpuPercent).filter(v -> v >= 0).toArray());
            if (!cpuBusy(s, l) || peers.stream().anyMatch(p -> cpuBusy(s, p)) && peers.stream().filter(p -> cpuBusy(s, p))
                    .count() * 2 >= peers.size() || !peersHaveRoom(s, l)) {
                continue;
            }
            double peerWrites = median(peers.stream().mapToDouble(NodeLoad::writesPerSecond).toArray());
            String share = peers.isEmpty() || peerWrites <= 0 ? ""
                    : l.writesPerSecond() >= s.v("HOT_WRITES") * peerWrites
                            ? String.format(Locale.ROOT, "; it wrote %,.0f local writes/s against its peers' %,.0f: hot, "
                                    + "it takes more of the ring's writes (its token ownership)", l.writesPerSecond(),
                                    peerWrites)
                            : String.format(Locale.ROOT, "; it wrote %,.0f local writes/s, about its peers' %,.0f: its "
                                    + "own CPU is short (a quota, a noisy neighbour, or work of its own)",
                                    l.writesPerSecond(), peerWrites);
            return new Finding("cpu", List.of(l.node()), String.format(Locale.ROOT, "the CPU of node %s (%s) is "
                    + "saturated: %.0f%% busy or more of what it may use in %.0f%% of the readings (mean %.0f%%, %.2f "
                    + "cores)%s%s", l.node(), l.dc(), s.v("BUSY_CPU"), 100 * l.cpuBusyShare(), l.cpuPercent(),
                    l.coresUsed(), peers.isEmpty() ? "" : String.format(Locale.ROOT, " against its peers' %.0f%%",
                            peerCpu), share), s.loads());
        }
        return null;
    }

    private static String peersGc(Scene s, NodeLoad l) {
        double peers = median(s.peers(l).stream().mapToDouble(NodeLoad::gcShare).filter(v -> v >= 0).toArray());
        return s.peers(l).isEmpty() ? "" : String.format(Locale.ROOT, " (its peers' %.0f%%)", 100 * peers);
    }

    /** The median; 0 of none. */
    static double median(double[] values) {
        if (values.length == 0) {
            return 0;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /**
     * Whether the client, not the cluster, made the writes slow: the nodes were idle (every reading
     * answered, no lasting queue at native transport or in the mutation stage, CPU low where known)
     * while the client measured a slow service time and its generators ran late. A sentence that
     * says so, or null. Without the nodes' figures nothing can be told apart: null.
     */
    public static String clientStarved(StressResult r, double from, double to, double serviceP50Ms, double lagP99Ms) {
        List<NodeLoad> loads = loads(r, from, to);
        if (loads.isEmpty() || lagP99Ms < Verdicts.SLOW_GROWN_MS * 10) {
            return null;
        }
        boolean idle = loads.stream().allMatch(l -> l.readings() > 0 && l.answeredShare() >= 1
                && l.transportQueuedShare() < IDLE_TRANSPORT_SHARE && l.transportBlocked() == 0
                && l.mutationFullShare() < MUTATION_FULL && l.mutationBlocked() == 0
                && (l.cpuPercent() < 0 || l.cpuPercent() < IDLE_CPU));
        if (!idle) {
            return null;
        }
        double coordinator = loads.stream().mapToDouble(NodeLoad::coordinatorP50Ms).max().orElse(0);
        String cpu = loads.stream().anyMatch(l -> l.cpuPercent() >= 0)
                ? ", CPU " + String.join(", ", loads.stream().filter(l -> l.cpuPercent() >= 0)
                        .map(l -> String.format(Locale.ROOT, "%s %.0f%%", l.host(), l.cpuPercent())).toList())
                : "";
        long burst = loads.stream().mapToLong(NodeLoad::transportPending).max().orElse(0);
        return String.format(Locale.ROOT, "the nodes were idle (every reading answered, no lasting queue at native "
                + "transport or in the mutation stage%s%s; they coordinated the writes in p50 %.3f ms) while this client "
                + "measured a service p50 of %.1f ms and its generators ran up to %.1f s late (p99): the time went in "
                + "this client, not in the cluster", burst >= IDLE_TRANSPORT_QUEUE ? String.format(Locale.ROOT,
                        "; bursts of up to %,d requests at native transport, as a starved client sends them", burst) : "",
                cpu, coordinator, serviceP50Ms, lagP99Ms / 1000);
    }

    /**
     * Index writes the cluster made slow: over the stretch, the index requests' service p50 grown to
     * {@link Verdicts#SERVICE_GROWTH} times their own light-load level (the lowest interval p50 of
     * {@value Evidence#MIN_REQUESTS} requests or more) and at least {@link Verdicts#SLOW_GROWN_MS} ms;
     * the slowest index table on the nodes named where their figures were read. Null when not.
     */
    public static String indexSlow(StressResult r, double from, double to) {
        List<IntervalStats> intervals = r.intervals() == null ? List.of() : r.intervals();
        List<LatencySummary> in = new ArrayList<>();
        double light = Double.MAX_VALUE;
        for (IntervalStats i : intervals) {
            LatencySummary ix = i.indexService();
            if (ix == null || !ix.hasHistogram()) {
                continue;
            }
            if (ix.count() >= Evidence.MIN_REQUESTS && ix.p50Ms() > 0) {
                light = Math.min(light, ix.p50Ms());
            }
            double mid = i.elapsedSeconds() - i.intervalSeconds() / 2;
            if (mid >= from && mid <= to) {
                in.add(ix);
            }
        }
        if (in.isEmpty() || light == Double.MAX_VALUE) {
            return null;
        }
        double p50 = LatencySummary.sum(in).p50Ms();
        if (p50 < Verdicts.SERVICE_GROWTH * light || p50 < Verdicts.SLOW_GROWN_MS) {
            return null;
        }
        String table = "";
        double worst = 0;
        for (NodeLoad l : loads(r, from, to)) {
            NodeTelemetry.Node n = r.nodeTelemetry().nodes().stream().filter(x -> x.node().equals(l.node())).findFirst()
                    .orElse(null);
            if (n == null) {
                continue;
            }
            for (NodeTelemetry.Reading reading : n.readings()) {
                for (var t : reading.tables().entrySet()) {
                    if (!"samples".equals(t.getKey()) && t.getValue().localP99Ms() > Math.max(worst, 1)) {
                        worst = t.getValue().localP99Ms();
                        table = String.format(Locale.ROOT, " (the slowest index table on the nodes: %s on %s, local "
                                + "write p99 %.2f ms)", t.getKey(), l.host(), worst);
                    }
                }
            }
        }
        return String.format(Locale.ROOT, "its index writes slowed to p50 %.1f ms, %.0f times their light-load %.2f ms%s",
                p50, p50 / light, light, table);
    }

    /**
     * The nodes' own view of the writes they coordinated, beside the client's light-load level: a
     * cluster slow from its first second shows no growth over its lowest interval, but its nodes'
     * figures still say where the time went. Empty without them.
     */
    static String coordinatedNote(StressResult r) {
        List<NodeLoad> loads = loads(r, 0, r.generationSeconds());
        if (loads.isEmpty()) {
            return "";
        }
        double p50 = loads.stream().mapToDouble(NodeLoad::coordinatorP50Ms).max().orElse(0);
        return String.format(Locale.ROOT, "; the nodes' own: they coordinated the writes in p50 %.3f ms at most", p50);
    }

    /**
     * What the verdict could not see of the nodes, and what it therefore could not rule in or out:
     * "" when every node told its CPU and GC. Said in the verdict's own sentence, so a run against a
     * cluster whose JMX is out of reach (the normal case) says what its verdict rests on.
     */
    public static String unseen(StressResult r) {
        NodeTelemetry t = r.nodeTelemetry();
        if (t == null) {
            return "";
        }
        if (!t.read()) {
            return "; not seen: the nodes' own figures (" + t.source() + "), so no resource on a node could be ruled "
                    + "in or out";
        }
        List<String> blind = t.nodes().stream().filter(n -> n.readings().stream().noneMatch(x -> x.cpuPercent() >= 0))
                .map(NodeTelemetry.Node::host).toList();
        if (blind.isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT, "; not seen: the CPU, GC, dropped mutations and commit-log waits of %s (JMX "
                + "did not answer: --node-jmx-port), so a CPU, GC or commit-log limit there could not be ruled in or out",
                blind.size() == t.nodes().size() ? "every node" : "node" + (blind.size() > 1 ? "s " : " ")
                        + String.join(", ", blind));
    }

    /** One evidence line per node over the whole run. */
    public static List<String> evidenceLines(StressResult r) {
        List<String> out = new ArrayList<>();
        for (NodeLoad l : loads(r, 0, r.generationSeconds() + r.drainSeconds())) {
            out.add(String.format(Locale.ROOT, "node %s %s: answered %d/%d (in %s), mutation stage %.0f%% full of %d, "
                    + "queued %,d, blocked %,d; transport queued %,d; flushes queued %d; compactions pending %d->%d; "
                    + "hint files %d->%d; write p99 %.2f ms%s; GC %s; CPU %s; dropped %s", l.node(),
                    l.dc() == null ? "-" : l.dc(), l.answered(), l.readings(),
                    l.readMedianMs() < 0 ? "-" : String.format(Locale.ROOT, "%.0f ms", l.readMedianMs()),
                    100 * l.mutationFullShare(), l.mutationLimit(), l.mutationPending(), l.mutationBlocked(),
                    l.transportPending(), l.flushPending(), l.compactionsFirst(), l.compactionsLast(),
                    l.hintFilesFirst(), l.hintFilesLast(), l.localWriteP99Ms(),
                    l.slowestTable() == null ? "" : " (" + l.slowestTable() + ")",
                    l.gcShare() < 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * l.gcShare()),
                    l.cpuPercent() < 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", l.cpuPercent()),
                    l.droppedMutations() < 0 ? "-" : String.format(Locale.ROOT, "%,d", l.droppedMutations())));
        }
        NodeTelemetry t = r.nodeTelemetry();
        if (t != null && !t.read()) {
            out.add("nodes: their own figures not read: " + t.source());
        }
        return out;
    }

    /**
     * A node its own figures or the client's single out: it could not tell its figures in time (or took
     * far longer than its peers), or it holds most of the run's failures, or answered far slower.
     */
    private static Finding silentNode(Scene s) {
        Finding silent = silentNode(s.loads(), s);
        if (silent == null) {
            return null;
        }
        // What a stopped node did tell, in the moments it ran, is its backlog, not a stage's limit;
        // unless what it told shows why it could not answer: its threads blocked on the commit log,
        // its mutation stage full, or its CPU spent. When it told nothing within the stretch, what it
        // told after it (the drain) says it.
        NodeLoad l = s.loads().stream().filter(x -> x.node().equals(silent.nodes().get(0))).findFirst().orElseThrow();
        NodeLoad told = l;
        String when = "";
        // A node that told its tables but not its JMX within the stretch (JMX answers after CQL, and a
        // starved node's JMX the slowest: pass-4's cpu-quota told its CPU only in the drain) is judged
        // by what it told over the whole run, as one that told nothing.
        if (l.answered() == 0 || l.cpuPercent() < 0) {
            NodeTelemetry.Node n = s.run().nodeTelemetry().nodes().stream().filter(x -> x.node().equals(l.node()))
                    .findFirst().orElseThrow();
            NodeLoad whole = NodeLoad.of(n, 0, s.run().generationSeconds() + s.run().drainSeconds(),
                    (long) s.v("FLUSHES_QUEUED"), (long) s.v("IDLE_TRANSPORT_QUEUE"), s.v("BUSY_CPU"));
            if (l.answered() == 0 && whole.answered() == 0) {
                return silent;
            }
            if (l.answered() == 0 || whole.cpuPercent() >= 0) {
                told = whole;
                when = String.format(Locale.ROOT, " (what it told%s came after the stretch: %d of the run's %d "
                        + "readings)", l.answered() == 0 ? "" : " of its CPU", whole.answered(), whole.readings());
            }
        }
        String busy = String.format(Locale.ROOT, "; too busy to tell its own figures: it told them in %d of %d "
                + "readings%s%s", l.answered(), l.readings(), l.readMedianMs() < 0 ? ""
                        : String.format(Locale.ROOT, ", taking %.0f ms (median)", l.readMedianMs()), when);
        NodeLoad t = told;
        if (COMMIT_LOG.saturated().test(s, t)) {
            return part(s.loads(), "commit-log", x -> x == l, x -> COMMIT_LOG.figures().apply(s, t) + busy);
        }
        if (mutationFull(s, t)) {
            return part(s.loads(), "mutation-stage", x -> x == l, x -> mutationFigures(t) + busy);
        }
        if (cpuBusy(s, t)) {
            List<NodeLoad> peers = s.peers(l);
            if (peers.stream().allMatch(p -> cpuBusy(s, p))) {
                // Its CPU spent as every peer's (a lone node's is the cluster's): its silence is the
                // CPU all of them lack (the bottleneck law names every node's CPU alike), not a fault
                // of its own.
                List<NodeLoad> cpus = s.loads().stream().map(x -> x == l ? t : x).toList();
                return evenlyBusy(s, cpus, "; " + l.host() + busy.substring(1));
            }
            if (peersHaveRoom(s, l)) {
                return new Finding("cpu", List.of(l.node()), String.format(Locale.ROOT, "the CPU of node %s (%s) is "
                        + "saturated: %.0f%% of what it may use (%.2f cores)%s%s", l.node(), l.dc(), t.cpuPercent(),
                        t.coresUsed(), peerCpu(s, l), busy), s.loads());
            }
        }
        return silent;
    }

    private static String peerCpu(Scene s, NodeLoad l) {
        double[] peers = s.peers(l).stream().mapToDouble(NodeLoad::cpuPercent).filter(v -> v >= 0).toArray();
        return peers.length == 0 ? "" : String.format(Locale.ROOT, " against its peers' %.0f%%", median(peers));
    }

    private static Finding silentNode(List<NodeLoad> loads, Scene s) {
        for (NodeLoad l : loads) {
            List<NodeLoad> peers = loads.stream().filter(p -> p != l).toList();
            double[] reads = peers.stream().mapToDouble(NodeLoad::readMedianMs).filter(v -> v >= 0).sorted().toArray();
            double typical = reads.length == 0 ? 0 : reads[reads.length / 2];
            double[] shares = peers.stream().mapToDouble(NodeLoad::answeredShare).sorted().toArray();
            boolean silent = l.readings() - l.answered() >= s.v("MISSED_AT_LEAST") && (peers.isEmpty()
                    ? l.answeredShare() < s.v("ANSWERED_ALONE")
                    : l.answeredShare() < s.v("ANSWERED") && l.answeredShare() <= shares[shares.length / 2] - s.v("ANSWERED_GAP"));
            // Slow only against its peers: a lone node on a spent machine answers as slowly as the
            // machine lets it (pass-4's machine-cpu, a median of 942 ms), so alone only its silence counts.
            boolean slow = !peers.isEmpty() && l.readMedianMs() >= s.v("SLOW_READ_MS")
                    && l.readMedianMs() >= s.v("SLOWER") * typical;
            if (silent || slow) {
                String others = peers.isEmpty() ? "" : String.format(Locale.ROOT, "; its peers %.0f ms", typical);
                String told = silent || l.readMedianMs() < 0 ? String.format(Locale.ROOT, "it told its own figures in "
                        + "%d of %d readings%s", l.answered(), l.readings(), l.readMedianMs() < 0 ? ""
                                : String.format(Locale.ROOT, ", taking %.0f ms (median%s)", l.readMedianMs(), others))
                        : String.format(Locale.ROOT, "it took %.0f ms (median%s) to tell its own figures, in %d of %d "
                                + "readings", l.readMedianMs(), others, l.answered(), l.readings());
                return new Finding("sick-node", List.of(l.node()), String.format(Locale.ROOT, "node %s (%s) is sick: "
                        + "%s: stopped or overloaded", l.node(), l.dc(), told), loads);
            }
        }
        return null;
    }

    private static Finding sickNode(StressResult r, List<NodeLoad> loads, Thresholds t) {
        List<String> why = new ArrayList<>();
        String named = null;
        List<NodeSummary> coordinators = r.nodes() == null ? List.of()
                : r.nodes().stream().filter(n -> n.dc() != null).toList();
        if (coordinators.size() >= 2) {
            long failed = coordinators.stream().mapToLong(NodeSummary::failedAttempts).sum();
            double[] p99 = coordinators.stream().mapToDouble(n -> n.service() == null ? 0 : n.service().p99Ms()).toArray();
            for (NodeSummary n : coordinators) {
                boolean failures = failed > 0 && n.failedAttempts() >= t.get("FAILURE_SHARE") * failed
                        && n.failedAttempts() >= 2.0 * failed / coordinators.size();
                double others = medianWithout(p99, n.service() == null ? 0 : n.service().p99Ms());
                boolean slow = n.service() != null && n.service().p99Ms() >= t.get("SERVICE_OUTLIER_MS")
                        && n.service().p99Ms() >= t.get("SERVICE_OUTLIER") * others;
                if ((failures || slow) && (named == null || named.equals(n.node()))) {
                    named = n.node();
                    if (failures) {
                        why.add(String.format(Locale.ROOT, "%,d of the run's %,d failed attempts were coordinated by it",
                                n.failedAttempts(), failed));
                    }
                    if (slow) {
                        why.add(String.format(Locale.ROOT, "it answered this client in p99 %.0f ms against its peers' "
                                + "%.0f ms", n.service().p99Ms(), others));
                    }
                }
            }
        }
        if (named == null) {
            return null;
        }
        String node = named;
        String share = writeShare(loads, node, coordinators, t.get("HOT_WRITES"));
        String dc = loads.stream().filter(l -> l.node().equals(node)).map(NodeLoad::dc).findFirst()
                .orElse(coordinators.stream().filter(n -> n.node().equals(node)).map(NodeSummary::dc).findFirst().orElse("-"));
        return new Finding("sick-node", List.of(node), String.format(Locale.ROOT, "node %s (%s) is sick: %s%s", node, dc,
                String.join("; ", why), share), loads);
    }

    /** Whether the node's share of the writes explains it: more than its share is ownership or hot partitions. */
    private static String writeShare(List<NodeLoad> loads, String node, List<NodeSummary> coordinators, double hot) {
        if (coordinators.size() < 2) {
            return "";
        }
        long all = coordinators.stream().mapToLong(NodeSummary::requests).sum();
        long mine = coordinators.stream().filter(n -> n.node().equals(node)).mapToLong(NodeSummary::requests).sum();
        if (all <= 0) {
            return "";
        }
        double share = (double) mine / all;
        double fair = 1.0 / coordinators.size();
        return share >= hot * fair
                ? String.format(Locale.ROOT, "; it coordinated %.0f%% of the requests (an even share: %.0f%%): its token "
                        + "ownership or hot partitions explain part of it", 100 * share, 100 * fair)
                : String.format(Locale.ROOT, "; it coordinated %.0f%% of the requests, about its share (%.0f%%): the node "
                        + "itself is slow, not its load", 100 * share, 100 * fair);
    }

    private static double medianWithout(double[] values, double one) {
        double[] others = new double[values.length - 1];
        boolean skipped = false;
        int k = 0;
        for (double v : values) {
            if (!skipped && v == one) {
                skipped = true;
            } else if (k < others.length) {
                others[k++] = v;
            }
        }
        Arrays.sort(others);
        return others.length == 0 ? 0 : others[others.length / 2];
    }

    /** The nodes where {@code saturated} holds, named, or null when none. */
    private static Finding part(List<NodeLoad> loads, String part, Predicate<NodeLoad> saturated,
            java.util.function.Function<NodeLoad, String> figures) {
        List<NodeLoad> hit = loads.stream().filter(saturated).toList();
        if (hit.isEmpty()) {
            return null;
        }
        String where = hit.size() == loads.size() && loads.size() > 1 ? "on every node" : "on node" + (hit.size() > 1
                ? "s " : " ") + String.join(", ", hit.stream().map(l -> l.node() + " (" + l.dc() + ")").toList());
        List<String> each = hit.stream().map(l -> (hit.size() > 1 ? l.host() + ": " : "") + figures.apply(l)).toList();
        return new Finding(part, hit.stream().map(NodeLoad::node).toList(),
                String.format(Locale.ROOT, "%s %s: %s", label(part), where, String.join("; ", each)), loads);
    }

    private static String label(String part) {
        return switch (part) {
            case "mutation-stage" -> "the mutation stage is saturated";
            case "native-transport" -> "requests queue at native transport";
            case "flushes" -> "memtable flushes are behind";
            case "compaction" -> "compaction is behind";
            case "gc" -> "GC pauses";
            case "hints" -> "hints pile up";
            case "commit-log" -> "the commit log holds the writes";
            default -> part;
        };
    }

    private static String dropped(NodeLoad l) {
        return l.droppedMutations() > 0 ? String.format(Locale.ROOT, "; %,d mutations dropped", l.droppedMutations()) : "";
    }
}
