package org.metricsstress.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.Advice;
import org.metricsstress.result.RemoteWriteSummary;
import org.metricsstress.result.Verdict;
import org.metricsstress.result.WriterPath;

/**
 * The TSS path's rules, one case per resource of the chain, each built as the path's figures would
 * be with that resource the limit; and the table without each rule in turn, so that no rule is one
 * no case notices.
 */
class RemoteWriteDiagnosisTest {
    private static final double SECONDS = 60;
    private static final int THREADS = 16;

    /** A path's figures: the writer threads' busy share and where their time went, the losses by kind. */
    private record Case(String name, String expected, long dropped, Map<String, Long> failed, long unsent,
            double busy, double receiverWait, double storeReads, double clientCpu, double receiverCpu, String refusal) {}

    private static RemoteWritePath path(Case c) {
        long generated = 600_000;
        long failed = c.failed().values().stream().mapToLong(Long::longValue).sum();
        Map<String, Long> byClass = new LinkedHashMap<>();
        for (String k : List.of("timeout", "refused", "throttled", "server_error", "io", "other")) {
            byClass.put(k, c.failed().getOrDefault(k, 0L));
        }
        WriterPath p = new WriterPath("tss", generated, generated - c.dropped() - failed, c.dropped(), failed, byClass,
                c.unsent(), null, null);
        RemoteWriteSummary.ExternalTagsSummary tags = new RemoteWriteSummary.ExternalTagsSummary(1000, 1000, 599_000,
                c.storeReads() > 0 ? 599_000 : 0, 0, c.storeReads() * THREADS * SECONDS, 1.2, 0, 0, "127.0.0.1:5432");
        RemoteWriteSummary.ReceiverSummary receiver = new RemoteWriteSummary.ReceiverSummary("prometheus", 60, 0,
                generated - c.dropped() - failed, 50_000, 0, 0, -1, c.receiverCpu() * 2 * SECONDS, 200_000_000);
        RemoteWriteSummary rw = new RemoteWriteSummary("async", "http://127.0.0.1:9090/api/v1/write", 60_000,
                Map.of("204", 60_000L), c.refusal(), THREADS, c.busy(), 100, 100, 40, 400,
                c.receiverWait() * THREADS * SECONDS, 0, tags, receiver);
        return new RemoteWritePath(p, rw, SECONDS, 10_000, 50_000, 10, 8192, c.clientCpu(), 2);
    }

    private static final List<Case> CASES = List.of(
            new Case("nothing lost", "KEPT_UP", 0, Map.of(), 0, 0.2, 0.1, 0, 0.2, 0.2, null),
            new Case("Prometheus refuses old samples", "RECEIVER_REFUSED", 0, Map.of("refused", 5_000L), 0, 0.3, 0.1, 0,
                    0.2, 0.2, "HTTP 400: out of bounds"),
            new Case("a tenant throttled", "RECEIVER_REFUSED", 0, Map.of("throttled", 900L), 0, 0.3, 0.1, 0, 0.2, 0.2,
                    "HTTP 429: ingestion rate limit"),
            new Case("the receiver times out", "RECEIVER_BEHIND", 0, Map.of("timeout", 2_000L), 0, 0.5, 0.4, 0, 0.2, 0.3,
                    null),
            new Case("the client behind its schedule", "CLIENT_BOUND", 0, Map.of(), 30_000, 0.4, 0.1, 0, 0.95, 0.0, null),
            new Case("the key-value store's reads", "STORE_BOUND", 80_000, Map.of(), 0, 0.97, 0.05, 0.8, 0.4, 0.1, null),
            new Case("the receiver slow to answer", "RECEIVER_BEHIND", 80_000, Map.of(), 0, 0.96, 0.85, 0, 0.2, 0.3, null),
            new Case("the machine's CPU", "CLIENT_BOUND", 80_000, Map.of(), 0, 0.5, 0.2, 0, 0.6, 0.35, null),
            new Case("the writer threads' own work", "WRITER_BOUND", 80_000, Map.of(), 0, 0.95, 0.1, 0.05, 0.5, 0.2, null),
            new Case("a burst larger than the ring", "RING_TOO_SMALL", 8_000, Map.of(), 0, 0.3, 0.1, 0, 0.3, 0.2, null));

    @Test
    void eachResourceOfTheChainIsNamedWhenItIsTheLimit() {
        for (Case c : CASES) {
            Verdict v = RemoteWriteDiagnosis.judge(path(c), RemoteWriteDiagnosis.RULES);
            assertEquals(c.expected(), v.kind(), c.name() + ": " + v.message());
            assertFalse(v.evidence().isEmpty(), c.name());
        }
    }

    @Test
    void aBackedUpRingThatPrometheusRefusesAsOldIsNamedAsSuch() {
        Case c = new Case("old samples after a backlog", "RECEIVER_REFUSED", 40_000, Map.of("refused", 9_000L), 0, 0.96,
                0.8, 0, 0.2, 0.2, "HTTP 400: out of bounds");
        Verdict v = RemoteWriteDiagnosis.judge(path(c), RemoteWriteDiagnosis.RULES);
        assertEquals("RECEIVER_REFUSED", v.kind());
        assertTrue(v.message().contains("refused them as old"), v.message());
    }

    @Test
    void everyRuleIsOneSomeCaseNotices() {
        List<String> unnoticed = new ArrayList<>();
        for (RemoteWriteDiagnosis.Rule removed : RemoteWriteDiagnosis.RULES) {
            if (removed.name().equals("other") || removed.name().equals("audit")) {
                continue; // the catch-all and the audit: the first needs no case, the second is the accounting's own test
            }
            List<RemoteWriteDiagnosis.Rule> without = new ArrayList<>(RemoteWriteDiagnosis.RULES);
            without.remove(removed);
            boolean flipped = CASES.stream().anyMatch(c -> !RemoteWriteDiagnosis.judge(path(c), without).kind()
                    .equals(RemoteWriteDiagnosis.judge(path(c), RemoteWriteDiagnosis.RULES).kind()));
            if (!flipped) {
                unnoticed.add(removed.name());
            }
        }
        assertEquals(List.of(), unnoticed, "rules no case notices");
        for (RemoteWriteDiagnosis.Rule rule : RemoteWriteDiagnosis.RULES) {
            assertFalse(rule.basis().isBlank(), rule.name() + " has no basis");
        }
    }

    @Test
    void adviceComesFromTheRunsFiguresAndNeverAtOrBelowTheCurrentValue() {
        Case store = CASES.stream().filter(c -> c.expected().equals("STORE_BOUND")).findFirst().orElseThrow();
        RemoteWritePath p = path(store);
        Verdict v = RemoteWriteDiagnosis.judge(p, RemoteWriteDiagnosis.RULES);
        Map<String, Advice> a = RemoteWriteAdvisor.advise(p, v);
        Advice cache = a.get(RemoteWriteAdvisor.CACHE);
        assertEquals("55000", cache.value(), "the plan's 50,000 series + 10%");
        assertEquals("1000", cache.current());

        Case ring = CASES.stream().filter(c -> c.expected().equals("RING_TOO_SMALL")).findFirst().orElseThrow();
        RemoteWritePath r = path(ring);
        Advice more = RemoteWriteAdvisor.advise(r, RemoteWriteDiagnosis.judge(r, RemoteWriteDiagnosis.RULES))
                .get(RemoteWriteAdvisor.RING);
        assertTrue(Long.parseLong(more.value()) > 8192 && Long.bitCount(Long.parseLong(more.value())) == 1, more.value());

        // A receiver whose CPU was busy gets no connection advice: more requests would only queue there.
        Case busyReceiver = new Case("a saturated receiver", "RECEIVER_BEHIND", 80_000, Map.of(), 0, 0.96, 0.85, 0, 0.05,
                0.93, null);
        RemoteWritePath b = path(busyReceiver);
        Map<String, Advice> none = RemoteWriteAdvisor.advise(b, RemoteWriteDiagnosis.judge(b, RemoteWriteDiagnosis.RULES));
        assertFalse(none.containsKey(RemoteWriteAdvisor.CONNECTIONS), none.toString());
        assertTrue(none.containsKey("receiver"), none.toString());
        for (Advice x : none.values()) {
            assertFalse(x.property().contains("writer_threads") || x.property().contains("Connections"), x.property());
        }
    }
}
