package org.metricsstress.analysis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.result.StressResult;

/**
 * The acceptance runs' invariants, held in CI on their recordings (the corpus): every run's audit
 * balanced, every node read at the watch's cadence, and the fault its label names happened, by the
 * run's own figures (a stalled node answered late or not at all, a quota held the node's CPU under it,
 * a narrowed stage had its two threads, a pool refused, a ring dropped), never by its verdict. A
 * recording whose premise did not hold proves nothing about the verdict: this says which.
 */
class CorpusPremisesTest {
    private static final String TARGET = "127.0.0.2";

    /** What a fault's run must show for it to have happened, in words and as a test of the recording. */
    record Premise(String what, Predicate<StressResult> holds) {}

    private static final Premise STALLED = new Premise(TARGET + " answered its readings in several times its "
            + "peers' time, or missed more of them", r -> slowerOrSilent(r, TARGET));
    private static final Premise SLOW_COMMIT_LOG = new Premise(TARGET + " on group commit, its peers periodic, and "
            + "writes waited on its commit log", r -> "group".equals(setting(r, TARGET, "commitlog_sync"))
                    && peers(r, TARGET).stream().allMatch(n -> "periodic".equals(n.settings().get("commitlog_sync")))
                    && readings(r, TARGET).stream().anyMatch(x -> x.commitLogWaits() > 0));
    private static final Premise MACHINE_SPENT = new Premise("more asked than one node and this client wrote on "
            + "two cores: the run fell short of its target", r -> r.written() < 0.98 * r.targetSamplesPerSecond()
                    * r.generationSeconds());
    /** A control's premise: no node stopped or set apart from its peers. */
    private static final Premise NO_NODE_FAULT = new Premise("no node stopped, paused, narrowed or on another "
            + "commit-log setting than its peers", r -> noneStopped(r)
                    && nodes(r).stream().allMatch(n -> "periodic".equals(n.settings().getOrDefault("commitlog_sync",
                            "periodic")) && n.readings().stream().allMatch(x -> x.pools().get("MutationStage") == null
                                    || x.pools().get("MutationStage").limit() >= 32)));

    /**
     * A control of a node's own resource assumes the writes spread alike; each node's share of the
     * ring is its tokens' (16 it picked at its start, until pass-6), and pass-6 had controls with one
     * node taking 1.8 to 2.6 times its peers' median local writes: hot by its ownership, the hot-node
     * fault. Since then those controls run on one told token a node, and the partitions' own hashing
     * is what the premise still guards.
     */
    private static final Premise NO_HOT_NODE = new Premise("no node took 1.5 times its peers' median local "
            + "writes or more (HOT_WRITES: none hot by its token ownership)", r -> nodes(r).stream().allMatch(n -> {
                double[] peers = peers(r, host(n)).stream().mapToDouble(p -> medianLocalWrites(r, host(p))).toArray();
                return peers.length == 0 || medianLocalWrites(r, host(n))
                        < ClusterDiagnosis.HOT_WRITES * ClusterDiagnosis.median(peers);
            }));

    static final Map<String, Premise> PREMISES = Map.ofEntries(
            Map.entry("stall-node", STALLED),
            Map.entry("issue-stall", STALLED),
            Map.entry("hints-replayed", new Premise(TARGET + " missed readings while paused, or its peers held hints "
                    + "for it", r -> silent(r, TARGET) > silentPeers(r, TARGET) || readings(r, TARGET).isEmpty()
                            || nodes(r).stream().flatMap(n -> n.readings().stream())
                                    .anyMatch(x -> x.hintFilesFor().getOrDefault(TARGET, 0L) > 0))),
            // Two threads bite only while each write holds its thread long enough (Little's law: L = X.W
            // over 2): on a faster host pass-5's stage never held more than a burst.
            Map.entry("narrowed-stage", new Premise(TARGET + "'s MutationStage has 2 threads, its peers' 32, and it "
                    + "held the writes: as many queued as its 2 threads or more, or no answer, in a quarter of its "
                    + "readings or more (a queue that lasts, not a burst)", r -> mutationLimits(r, TARGET) == 2
                            && peers(r, TARGET).stream().allMatch(n -> mutationLimits(r, host(n)) == 32)
                            && heldShare(r, TARGET) >= 0.25)),
            Map.entry("slow-commit-log", SLOW_COMMIT_LOG),
            Map.entry("slow-commit-log-mild", SLOW_COMMIT_LOG),
            Map.entry("cpu-quota", new Premise(TARGET + " used at most its 20% of a core (a quarter over, for the "
                    + "reading's edges) in every reading that told its CPU, and told it in one at least",
                    r -> mostCores(r, TARGET) >= 0 && mostCores(r, TARGET) <= 0.25)),
            // Held to 70% before pass-5, 55% since: the premise is the larger. A control of every node
            // at its quota is the too-few-nodes fault, whatever its plan meant: the nodes must have had
            // room, by the cpu rule's own test, so the corpus proves none is named then.
            Map.entry("control-quota", new Premise(everyNodeHeldTo(0.7).what() + ", and " + NO_HOT_NODE.what()
                    + ", and no node at 90% of its quota or more in half its readings (room under it)",
                    r -> everyNodeHeldTo(0.7).holds().test(r) && NO_HOT_NODE.holds().test(r)
                            && nodes(r).stream().allMatch(n -> atQuotaShare(r, host(n)) < 0.5))),
            Map.entry("hot-node", new Premise("every node held to its quota, and " + TARGET + " (num_tokens 256 of "
                    + "288; 64 of 96 until pass-5) took twice the local writes of each peer or more, and its quota "
                    + "held it: 90% of it or more in half its readings (the cpu rule's own test of saturation, so for this fault the corpus proves "
                    + "which node and resource the verdict names, not when a CPU is saturated)",
                    r -> everyNodeHeldTo(0.7).holds().test(r)
                            && peers(r, TARGET).stream().allMatch(n -> medianLocalWrites(r, TARGET)
                                    >= 2 * medianLocalWrites(r, host(n)))
                            && atQuotaShare(r, TARGET) >= 0.5)),
            Map.entry("too-few-nodes", everyNodeHeldTo(0.4)),
            Map.entry("machine-cpu", MACHINE_SPENT),
            Map.entry("issue-capacity", MACHINE_SPENT),
            Map.entry("pool-small", new Premise("the driver's pool refused samples (failure class pool)",
                    r -> r.failedByClass() != null && r.failedByClass().getOrDefault("pool", 0L) > 0)),
            Map.entry("ring-small", new Premise("the ring dropped samples", r -> r.dropped() > 0)),
            // CACHE_TOO_SMALL judges a run its cache held back; one that wrote its whole target was not.
            Map.entry("cache-small", new Premise("the cache holds fewer entries than the plan has resources, and the "
                    + "run fell short of its target (wrote under 99% of what it generated)",
                    r -> r.evidence().cacheMaxEntries() > 0 && r.evidence().cacheMaxEntries()
                            < r.evidence().planResources() && r.written() < 0.99 * r.generated())),
            Map.entry("redis-slow", new Premise("lookups of Redis were slow", r -> r.evidence().slowLookups() > 0)),
            // A client under four fifths of its quota had CPU to spare: the plan asked less than the hold gave
            // (pass-5's faster host: 0.10 cores of the 0.15 at 20,000 samples/s; every held run before, 0.13+).
            Map.entry("starved-client", new Premise("this client used at most its 15% of a core (a quarter over), "
                    + "and at least four fifths of it (the hold bit: the plan wanted more)",
                    r -> r.client() != null && r.client().cpuPercent() >= 0
                            && r.client().cpuPercent() / 100 * r.client().cores() <= 0.15 * 1.25
                            && r.client().cpuPercent() / 100 * r.client().cores() >= 0.15 * 0.8)),
            Map.entry("control-3", NO_NODE_FAULT),
            Map.entry("control-3-indexed", NO_NODE_FAULT),
            Map.entry("control-narrowed", new Premise("every node on the same group-commit window, with 32 "
                    + "MutationStage threads, none stopped or paused, and " + NO_HOT_NODE.what(),
                    r -> NO_HOT_NODE.holds().test(r) && noneStopped(r) && nodes(r).size() == 3 && nodes(r).stream().allMatch(n -> "group".equals(
                                    n.settings().get("commitlog_sync")) && mutationLimits(r, host(n)) == 32)
                            && nodes(r).stream().map(n -> n.settings().get("commitlog_sync_group_window")).distinct()
                                    .count() == 1)),
            Map.entry("control-1", NO_NODE_FAULT),
            Map.entry("control-client", NO_NODE_FAULT),
            Map.entry("control-ring", NO_NODE_FAULT),
            Map.entry("control-cache", new Premise("a cache of the plan's size or more", r -> r.evidence()
                    .cacheMaxEntries() == 0 || r.evidence().cacheMaxEntries() >= r.evidence().planResources())),
            Map.entry("control-redis", NO_NODE_FAULT),
            Map.entry("control-starved", new Premise("this client not held to a small quota: it used more than 15% "
                    + "of a core, or was free to", r -> r.client() != null && r.client().cores() >= 2)));

    @Test
    void everyRecordedRunBalancedWasReadAtItsCadenceAndHadItsFault() throws IOException {
        List<CorpusTest.Case> cases = CorpusTest.corpus();
        assertFalse(cases.isEmpty(), "no corpus");
        List<String> failed = new ArrayList<>();
        for (CorpusTest.Case c : cases) {
            StressResult r = c.judged();
            String name = c.pass() + "/" + c.name();
            if (!r.auditBalances()) {
                failed.add(name + ": audit " + r.auditGaps());
            }
            Premise p = PREMISES.get(c.label().fault());
            if (p == null) {
                failed.add(name + ": no premise for fault " + c.label().fault());
            } else if (!p.holds().test(r) && c.superseded() == null) {
                failed.add(name + ": its fault did not happen (" + p.what() + ")");
            }
            double every = everySeconds(r);
            for (NodeTelemetry.Node n : nodes(r)) {
                // The floor: 20 readings in 60 s at every 2 s, two thirds of the cadence (a reading
                // waits out its bound on a busy node, and the first follows the watch's start).
                long expected = (long) Math.floor(r.generationSeconds() / (1.5 * every));
                if (n.readings().size() < expected) {
                    failed.add(String.format(Locale.ROOT, "%s: %s read %d times in %.0f s at every %.1f s", name,
                            n.node(), n.readings().size(), r.generationSeconds(), every));
                }
            }
        }
        assertTrue(failed.isEmpty(), String.join("\n", failed));
    }

    /** The premises are not vacuous: a healthy three-node run does not pass for a stalled or narrowed one. */
    @Test
    void aControlRunDoesNotPassForItsFault() throws IOException {
        List<CorpusTest.Case> controls = CorpusTest.corpus().stream().filter(c -> c.label().fault().equals("control-3")
                || c.label().fault().equals("control-3-indexed")).toList();
        assertFalse(controls.isEmpty(), "no three-node control in the corpus");
        for (CorpusTest.Case c : controls) {
            for (String fault : List.of("stall-node", "narrowed-stage", "slow-commit-log", "cpu-quota")) {
                assertFalse(PREMISES.get(fault).holds().test(c.judged()), c.pass() + "/" + c.name() + " passes for "
                        + fault);
            }
        }
    }

    private static double everySeconds(StressResult r) {
        Object every = r.config() == null ? null : r.config().get("node-telemetry-every");
        if (every == null) {
            return 2;
        }
        String s = every.toString().trim();
        return s.endsWith("ms") ? Double.parseDouble(s.substring(0, s.length() - 2)) / 1000
                : Double.parseDouble(s.substring(0, s.length() - 1));
    }

    private static Premise everyNodeHeldTo(double quota) {
        return new Premise(String.format(Locale.ROOT, "every node used at most its %.0f%% of a core (a quarter over) "
                + "in every reading that told its CPU", 100 * quota), r -> !nodes(r).isEmpty() && nodes(r).stream()
                        .allMatch(n -> mostCores(r, host(n)) <= quota * 1.25));
    }

    private static List<NodeTelemetry.Node> nodes(StressResult r) {
        return r.nodeTelemetry() == null || r.nodeTelemetry().nodes() == null ? List.of() : r.nodeTelemetry().nodes();
    }

    private static String host(NodeTelemetry.Node n) {
        int colon = n.node().lastIndexOf(':');
        return colon > 0 ? n.node().substring(0, colon) : n.node();
    }

    private static List<NodeTelemetry.Node> peers(StressResult r, String host) {
        return nodes(r).stream().filter(n -> !host(n).equals(host)).toList();
    }

    private static List<NodeTelemetry.Reading> readings(StressResult r, String host) {
        return nodes(r).stream().filter(n -> host(n).equals(host)).flatMap(n -> n.readings().stream()).toList();
    }

    private static String setting(StressResult r, String host, String name) {
        return nodes(r).stream().filter(n -> host(n).equals(host)).map(n -> n.settings().get(name)).findFirst()
                .orElse(null);
    }

    private static long silent(StressResult r, String host) {
        return readings(r, host).stream().filter(x -> x.problem() != null).count();
    }

    private static long silentPeers(StressResult r, String host) {
        return peers(r, host).stream().mapToLong(n -> silent(r, host(n))).max().orElse(0);
    }

    private static boolean slowerOrSilent(StressResult r, String host) {
        double mine = median(readings(r, host), NodeTelemetry.Reading::readMs);
        double theirs = peers(r, host).stream().mapToDouble(n -> median(n.readings(), NodeTelemetry.Reading::readMs))
                .max().orElse(0);
        return silent(r, host) >= silentPeers(r, host) + 2 || mine >= 3 * Math.max(theirs, 1);
    }

    private static long mutationLimits(StressResult r, String host) {
        return readings(r, host).stream().map(x -> x.pools().get("MutationStage")).filter(p -> p != null)
                .mapToLong(NodeTelemetry.Pool::limit).max().orElse(-1);
    }

    /** The share of the node's readings that found as many writes queued at its mutation stage as it has threads, or no answer. */
    private static double heldShare(StressResult r, String host) {
        List<NodeTelemetry.Reading> rs = readings(r, host);
        long held = rs.stream().filter(x -> x.problem() != null || x.pools().get("MutationStage") != null
                && x.pools().get("MutationStage").pending() >= x.pools().get("MutationStage").limit()).count();
        return rs.isEmpty() ? 0 : (double) held / rs.size();
    }

    /** The share of the node's readings that told its CPU at 90% or more of what it may use. */
    private static double atQuotaShare(StressResult r, String host) {
        double[] cpu = readings(r, host).stream().mapToDouble(NodeTelemetry.Reading::cpuPercent).filter(v -> v >= 0)
                .toArray();
        return cpu.length == 0 ? 0 : (double) Arrays.stream(cpu).filter(v -> v >= 90).count() / cpu.length;
    }

    /** The most cores the node's process used in a reading that told its CPU; -1 when none did. */
    private static double mostCores(StressResult r, String host) {
        return readings(r, host).stream().filter(x -> x.problem() == null).mapToDouble(NodeTelemetry.Reading::cpuCores)
                .filter(v -> v >= 0).max().orElse(-1);
    }

    private static double medianLocalWrites(StressResult r, String host) {
        return median(readings(r, host), x -> x.tables().values().stream()
                .mapToDouble(NodeTelemetry.TableWrites::localPerSecond).sum());
    }

    /** No node was stopped or paused by the run's fault plan. */
    private static boolean noneStopped(StressResult r) {
        return r.events() == null || r.events().stream().noneMatch(e -> e.text().startsWith("stall")
                || e.text().startsWith("pause"));
    }

    /** The median over the readings the node answered (an unanswered one has no figures). */
    private static double median(List<NodeTelemetry.Reading> readings, ToDoubleFunction<NodeTelemetry.Reading> f) {
        double[] v = readings.stream().filter(x -> x.problem() == null).mapToDouble(f).sorted().toArray();
        return v.length == 0 ? -1 : v[v.length / 2];
    }
}
