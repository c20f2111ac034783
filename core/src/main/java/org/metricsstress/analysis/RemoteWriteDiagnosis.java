package org.metricsstress.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;
import org.metricsstress.result.WriterPath;

/**
 * The TSS path's verdict: the path is a chain of resources (this client's CPU, the ring, the writer
 * threads, the external-tags store, the bulkhead and the wire, the receiver), and the verdict names
 * the one whose utilisation, saturation or errors explain the loss. A table of rules, first match
 * wins, each with its basis (docs/diagnosis.md, "The TSS path"); the record is read, never changed.
 */
public final class RemoteWriteDiagnosis {
    /**
     * A pool busy this share of the run has no room left for a burst: it is saturated. Basis: the
     * utilisation law U = X x S, and that a queue before a pool at U near 1 grows without bound; a
     * drop below it came from a burst the ring could not hold, not from the pool.
     */
    static final double SATURATED = 0.9;
    /**
     * A writer thread's time that one resource took most of names that resource: the bottleneck
     * law (the resource with the largest demand per unit of work bounds the throughput).
     */
    static final double MOST = 0.5;

    /** One rule: when it applies, the kind it gives and the sentence, and why it holds. */
    record Rule(String name, String basis, Predicate<RemoteWritePath> applies, String kind,
            Function<RemoteWritePath, String> message) {}

    static final List<Rule> RULES = List.of(
            new Rule("audit", "every sample ends written, dropped or failed: a gap is a bug, not a finding",
                    p -> p.path().unaccounted() != 0, "AUDIT_UNBALANCED",
                    p -> String.format(Locale.ROOT, "the audit does not balance: %,d samples unaccounted",
                            p.path().unaccounted())),
            new Rule("kept-up", "nothing lost: every sample the plan asked for was written",
                    p -> p.lost() == 0, "KEPT_UP",
                    p -> String.format(Locale.ROOT, "kept up: %,d samples written to the receiver, none lost",
                            p.path().written())),
            new Rule("receiver-refused", "USE errors: a 4xx or 429 is the receiver refusing the request; the "
                    + "plugin retries nothing, so each refusal loses a whole group",
                    p -> p.failed("refused") + p.failed("throttled") > 0, "RECEIVER_REFUSED",
                    RemoteWriteDiagnosis::refused),
            new Rule("receiver-errors", "USE errors: no answer in time, a 5xx or a broken connection is the "
                    + "receiver failing the request; each loses a whole group",
                    p -> p.failed("timeout") + p.failed("server_error") + p.failed("io") > 0, "RECEIVER_BEHIND",
                    p -> String.format(Locale.ROOT, "the receiver did not take %,d samples: %,d timed out, %,d got a "
                            + "5xx, %,d lost their connection (the plugin retries none)",
                            p.failed("timeout") + p.failed("server_error") + p.failed("io"), p.failed("timeout"),
                            p.failed("server_error"), p.failed("io"))),
            new Rule("client-behind", "the generators fell behind their schedule: this process could not even "
                    + "offer the load, so nothing after it can be judged",
                    p -> p.path().unsent() > 0, "CLIENT_BOUND",
                    p -> String.format(Locale.ROOT, "this client fell behind its own schedule: %,d samples never "
                            + "generated%s", p.path().unsent(), cpu(p))),
            new Rule("store-bound", "bottleneck law: the writer threads were saturated and the key-value store's "
                    + "reads took most of their time (the plugin reads it on the writer thread for every series "
                    + "its external-tags cache does not hold)",
                    p -> p.path().dropped() > 0 && p.writerBusy() >= SATURATED && p.storeReadShare() >= MOST
                            * p.writerBusy(), "STORE_BOUND",
                    p -> String.format(Locale.ROOT, "the external-tags lookups limited the path: the writer threads "
                            + "were busy %.0f%% of the run, %.0f%% of it in reads of the key-value store (%,d reads, "
                            + "%.2f ms each; cache of %,d for %,d series); %,d samples dropped at the full ring",
                            100 * p.writerBusy(), 100 * p.storeReadShare(), p.figures().externalTags().storeReads(),
                            p.figures().externalTags().meanReadMillis(), p.figures().externalTags().cacheSize(),
                            p.series(), p.path().dropped())),
            new Rule("receiver-slow", "Little's law: with the writer threads saturated waiting for the receiver "
                    + "(for a bulkhead permit, or for its answer in sync mode) the requests in flight were at their "
                    + "bound, so the rate was bound / the receiver's service time",
                    p -> p.path().dropped() > 0 && p.writerBusy() >= SATURATED && p.receiverWaitShare() >= MOST
                            * p.writerBusy(), "RECEIVER_BEHIND",
                    p -> String.format(Locale.ROOT, "the receiver was the limit: the writer threads were busy %.0f%% "
                            + "of the run, %.0f%% of it waiting for the receiver (%d requests on the wire at most, %.1f "
                            + "on average)%s; %,d samples dropped at the full ring", 100 * p.writerBusy(),
                            100 * p.receiverWaitShare(), p.figures().maxInFlight(), p.figures().meanInFlight(),
                            receiverCpu(p), p.path().dropped())),
            new Rule("machine-cpu", "USE utilisation of the CPU: this client and the receiver share one machine; "
                    + "at the machine's cores, every pool waits for CPU, not for its own work",
                    p -> p.path().dropped() > 0 && p.clientCpuShare() >= 0 && p.receiverCpuShare() >= 0
                            && p.clientCpuShare() + p.receiverCpuShare() >= SATURATED, "CLIENT_BOUND",
                    p -> String.format(Locale.ROOT, "the machine's CPU was the limit: this client took %.0f%% and the "
                            + "receiver %.0f%% of its %d cores; %,d samples dropped at the full ring",
                            100 * p.clientCpuShare(), 100 * p.receiverCpuShare(), p.cores(), p.path().dropped())),
            new Rule("writer-bound", "utilisation law: the writer threads were saturated with their own work "
                    + "(building and compressing the requests), not waiting for the receiver or the store",
                    p -> p.path().dropped() > 0 && p.writerBusy() >= SATURATED, "WRITER_BOUND",
                    p -> String.format(Locale.ROOT, "the writer threads were the limit: busy %.0f%% of the run, "
                            + "waiting for the receiver %.0f%% and the store %.0f%% of it; %,d samples dropped at the "
                            + "full ring%s", 100 * p.writerBusy(), 100 * p.receiverWaitShare(),
                            100 * p.storeReadShare(), p.path().dropped(), cpu(p))),
            new Rule("ring-burst", "the writer threads had room (below saturation) yet the ring filled: a burst "
                    + "(a node's collection at once, OpenNMS's pacing) larger than the ring holds",
                    p -> p.path().dropped() > 0, "RING_TOO_SMALL",
                    p -> String.format(Locale.ROOT, "the ring was too small for the bursts: %,d samples dropped while "
                            + "the writer threads were busy only %.0f%% of the run (ring of %,d events)",
                            p.path().dropped(), 100 * p.writerBusy(), p.ringSize())),
            new Rule("other", "a loss no resource above explains", p -> true, "INCONCLUSIVE",
                    p -> String.format(Locale.ROOT, "%,d samples lost and no resource explains it", p.lost())));

    private RemoteWriteDiagnosis() {}

    /** The verdict of the TSS path {@code path} of run {@code r}. */
    public static Verdict judge(StressResult r, WriterPath path) {
        return judge(RemoteWritePath.of(r, path), RULES);
    }

    /** The first rule of {@code rules} that applies to {@code p}: the table can be judged without one of its rules. */
    static Verdict judge(RemoteWritePath p, List<Rule> rules) {
        for (Rule rule : rules) {
            if (rule.applies().test(p)) {
                return new Verdict(rule.kind(), rule.message().apply(p), evidence(p), null, null);
            }
        }
        return new Verdict("INCONCLUSIVE", "no rule applies", evidence(p), null, null);
    }

    private static String refused(RemoteWritePath p) {
        String words = p.figures().firstRefusal();
        boolean old = words != null && (words.contains("out of bounds") || words.contains("too old")
                || words.contains("out of order"));
        String backedUp = old && p.path().dropped() > 0
                ? "; the ring backed up, so samples reached the receiver late and it refused them as old" : "";
        return String.format(Locale.ROOT, "the receiver refused %,d samples (%,d with a 4xx, %,d throttled with 429; "
                + "the plugin retries none)%s%s", p.failed("refused") + p.failed("throttled"), p.failed("refused"),
                p.failed("throttled"), words == null ? "" : ": \"" + words + "\"", backedUp);
    }

    private static String cpu(RemoteWritePath p) {
        return p.clientCpuShare() < 0 ? "" : String.format(Locale.ROOT, " (this client's CPU: %.0f%% of %d cores)",
                100 * p.clientCpuShare(), p.cores());
    }

    private static String receiverCpu(RemoteWritePath p) {
        return p.receiverCpuShare() < 0 ? ", its CPU not seen"
                : String.format(Locale.ROOT, ", its CPU %.0f%% of %d cores", 100 * p.receiverCpuShare(), p.cores());
    }

    private static List<String> evidence(RemoteWritePath p) {
        List<String> e = new ArrayList<>();
        e.add(String.format(Locale.ROOT, "writer threads: %d, busy %.0f%% (waiting for the receiver %.0f%%, in the "
                + "key-value store %.0f%%)", p.figures().writerThreads(), 100 * p.writerBusy(),
                100 * p.receiverWaitShare(), 100 * p.storeReadShare()));
        e.add(String.format(Locale.ROOT, "requests: %,d (%s), on the wire at most %d of %d, %.1f on average",
                p.figures().requests(), p.figures().answersByStatus(), p.figures().peakInFlight(),
                p.figures().maxInFlight(), p.figures().meanInFlight()));
        if (p.figures().externalTags() != null) {
            var t = p.figures().externalTags();
            e.add(String.format(Locale.ROOT, "external tags: cache %,d, %,d hits, %,d misses, %s", t.cacheSize(),
                    t.cacheHits(), t.cacheMisses(), t.store() == null
                            ? String.format(Locale.ROOT, "%,d store reads not made (no --tss-external-tags-store)", t.notMade())
                            : String.format(Locale.ROOT, "%,d store reads, %.2f ms each", t.storeReads(), t.meanReadMillis())));
        }
        var rs = p.figures().receiver();
        e.add(rs == null ? "receiver: its /metrics not read"
                : String.format(Locale.ROOT, "receiver (%s): %,d samples stored, %,d series, out of order %s, out of "
                        + "bounds %s, CPU %s", rs.kind(), rs.samplesAppended(), rs.seriesPeak(), known(rs.outOfOrder()),
                        known(rs.outOfBounds()), rs.cpuSeconds() < 0 ? "unknown"
                                : String.format(Locale.ROOT, "%.1f s", rs.cpuSeconds())));
        return e;
    }

    private static String known(long n) {
        return n < 0 ? "n/a" : String.format(Locale.ROOT, "%,d", n);
    }
}
