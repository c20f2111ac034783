package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.metricsstress.api.Outcome;
import org.metricsstress.cluster.postgres.LocalPostgres;
import org.metricsstress.cluster.tsdb.LocalTsdb;
import org.metricsstress.config.StressConfig;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.WriterPath;

/**
 * The TSS path's verdict on real servers, each fault made by the test: a receiver that refuses a
 * share of the requests (a proxy in front of Prometheus answering every 10th itself, with a 503 or
 * a 400), a receiver asleep most of each second (SIGSTOP and SIGCONT), a ring too small for a
 * burst, and OpenNMS's key-value store asleep in bursts (the postmaster and its backends) under
 * far more series than the plugin's 1,000-entry cache. Each run prints its verdict, evidence and the
 * machine's load average, so a red test on a busy machine can be told from a wrong rule.
 */
@Acceptance
class TssFaultsIT {
    private static final int ATTRIBUTES = 10;

    private static StressResult judged(String fault, StressConfig config) throws Exception {
        String before = TssRuns.loadAverage();
        Outcome o = TssRuns.run(config);
        StressResult r = o.result();
        assertNotNull(r, o.problem());
        WriterPath tss = TssRuns.onlyPath(r);
        System.out.printf("%s: %s: %s%n  before: %s, after: %s%n", fault, tss.verdict().kind(),
                tss.verdict().message(), before, TssRuns.loadAverage());
        tss.verdict().evidence().forEach(e -> System.out.println("  evidence " + e));
        assertTrue(r.auditBalances(), r.auditGaps());
        return r;
    }

    private static String said(WriterPath p) {
        return p.verdict().kind() + ": " + p.verdict().message() + " " + p.verdict().evidence();
    }

    @Test
    void aReceiverAnsweringEveryTenthWriteWith503IsBehindAndEachRefusalLosesItsGroup() throws Exception {
        try (LocalTsdb prometheus = LocalTsdb.start(LocalTsdb.Kind.PROMETHEUS, System.out);
                FaultProxy proxy = new FaultProxy(prometheus.readUrl().resolve("/"), 10, 503)) {
            StressResult r = judged("503 on every 10th write", TssRuns.plan(proxy.writeUrl())
                    .duration(Duration.ofSeconds(8)).build());
            WriterPath tss = TssRuns.onlyPath(r);
            assertTrue(proxy.refused() > 0, "the fault was made");
            assertEquals(proxy.refused() * ATTRIBUTES, tss.failedByClass().get("server_error"), tss.failedByClass().toString());
            assertEquals(proxy.refused() * ATTRIBUTES, tss.failed(), tss.failedByClass().toString());
            assertEquals(proxy.refused(), r.remoteWrite().answersByStatus().get("503"), r.remoteWrite().answersByStatus().toString());
            assertEquals("RECEIVER_BEHIND", tss.verdict().kind(), said(tss));
        }
    }

    @Test
    void aReceiverAnsweringEveryTenthWriteWith400RefusedItAndEachRefusalLosesItsGroup() throws Exception {
        try (LocalTsdb prometheus = LocalTsdb.start(LocalTsdb.Kind.PROMETHEUS, System.out);
                FaultProxy proxy = new FaultProxy(prometheus.readUrl().resolve("/"), 10, 400)) {
            StressResult r = judged("400 on every 10th write", TssRuns.plan(proxy.writeUrl())
                    .duration(Duration.ofSeconds(8)).build());
            WriterPath tss = TssRuns.onlyPath(r);
            assertTrue(proxy.refused() > 0, "the fault was made");
            assertEquals(proxy.refused() * ATTRIBUTES, tss.failedByClass().get("refused"), tss.failedByClass().toString());
            assertEquals(proxy.refused() * ATTRIBUTES, tss.failed(), tss.failedByClass().toString());
            assertEquals(proxy.refused(), r.remoteWrite().answersByStatus().get("400"), r.remoteWrite().answersByStatus().toString());
            assertEquals("RECEIVER_REFUSED", tss.verdict().kind(), said(tss));
        }
    }

    @Test
    void aReceiverAsleepMostOfEachSecondIsNamed() throws Exception {
        try (LocalTsdb prometheus = LocalTsdb.start(LocalTsdb.Kind.PROMETHEUS, System.out)) {
            AtomicLong stalls = new AtomicLong();
            // 100 nodes: 5,000 samples/s in 500 requests/s, which Prometheus awake takes easily;
            // asleep 950 ms of each second from 5 s on, the backlog outgrows ring and bulkhead.
            StressResult r = withStalls(5_000, 950, 50, stalls, prometheus::stall, prometheus::resume,
                    TssRuns.plan(prometheus.writeUrl()).nodes(100).duration(Duration.ofSeconds(45)).build());
            WriterPath tss = TssRuns.onlyPath(r);
            assertTrue(stalls.get() > 20, "the fault was made: " + stalls.get() + " stalls");
            assertTrue(tss.dropped() + tss.failed() > 0, "the fault bit: " + tss);
            assertEquals("RECEIVER_BEHIND", tss.verdict().kind(), said(tss));
        }
    }

    @Test
    void aBurstARingOf64CannotHoldIsTheRings() throws Exception {
        try (LocalTsdb prometheus = LocalTsdb.start(LocalTsdb.Kind.PROMETHEUS, System.out)) {
            // Each interval's 1,000 group commits at its start (-b) into 64 slots.
            StressResult r = judged("ring of 64, bursts of 1,000 events", TssRuns.plan(prometheus.writeUrl())
                    .burst(true).ringSize(64).duration(Duration.ofSeconds(15)).build());
            WriterPath tss = TssRuns.onlyPath(r);
            assertTrue(tss.dropped() > 0, tss.toString());
            assertEquals("RING_TOO_SMALL", tss.verdict().kind(), said(tss));
        }
    }

    @Test
    void aKeyValueStoreAsleepInBurstsUnderManySeriesIsTheStores() throws Exception {
        try (LocalPostgres postgres = LocalPostgres.start();
                LocalTsdb prometheus = LocalTsdb.start(LocalTsdb.Kind.PROMETHEUS, System.out)) {
            ProcessHandle postmaster = postmaster(postgres);
            AtomicLong stalls = new AtomicLong();
            // 200 nodes: 100,000 series against the 1,000-entry cache, so every sample is a read, 1,000
            // events a second; asleep 900 ms of each second the store serves far fewer (measured: 100
            // nodes asleep 800 ms of 1,000 kept up, the writer threads 98% busy). The drain is cut
            // short: the ring the fault filled would take longer to empty than the run.
            StressResult r = withStalls(1_000, 900, 100, stalls, () -> signal("STOP", postmaster),
                    () -> signal("CONT", postmaster), TssRuns.plan(prometheus.writeUrl()).nodes(200)
                            .tssExternalTagsStore(postgres.url()).duration(Duration.ofSeconds(25))
                            .drainTimeout(Duration.ofSeconds(5)).build());
            WriterPath tss = TssRuns.onlyPath(r);
            assertTrue(stalls.get() > 10, "the fault was made: " + stalls.get() + " stalls");
            assertTrue(tss.remoteWrite().externalTags().storeReads() > 0, tss.remoteWrite().externalTags().toString());
            assertTrue(tss.dropped() > 0, "the fault bit: " + tss);
            assertEquals("STORE_BOUND", tss.verdict().kind(), said(tss));
        }
    }

    /** A step of the fault loop that may fail. */
    interface Step {
        void run() throws Exception;
    }

    /**
     * Runs {@code config} with the fault on from {@code fromMillis}: asleep {@code asleepMillis},
     * then awake {@code awakeMillis}, again until the run ends; always left awake.
     */
    private static StressResult withStalls(long fromMillis, long asleepMillis, long awakeMillis, AtomicLong stalls,
            Step stall, Step resume, StressConfig config) throws Exception {
        AtomicBoolean on = new AtomicBoolean(true);
        List<Exception> failures = new ArrayList<>();
        Thread loop = new Thread(() -> {
            try {
                Thread.sleep(fromMillis);
                while (on.get()) {
                    stall.run();
                    stalls.incrementAndGet();
                    try {
                        Thread.sleep(asleepMillis);
                    } finally {
                        resume.run();
                    }
                    Thread.sleep(awakeMillis);
                }
            } catch (InterruptedException e) {
                // the run ended
            } catch (Exception e) {
                failures.add(e);
            }
        }, "stall-loop");
        loop.setDaemon(true);
        loop.start();
        try {
            return judged("asleep " + asleepMillis + " ms of each " + (asleepMillis + awakeMillis) + " ms from "
                    + fromMillis + " ms on", config);
        } finally {
            on.set(false);
            loop.interrupt();
            loop.join(10_000);
            assertTrue(failures.isEmpty(), failures.toString());
        }
    }

    /** The postmaster of this PostgreSQL: the parent of the backend serving a connection of ours. */
    private static ProcessHandle postmaster(LocalPostgres postgres) throws Exception {
        try (Connection c = DriverManager.getConnection(postgres.jdbcUrl()); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            ProcessHandle backend = ProcessHandle.of(rs.getLong(1)).orElseThrow();
            return backend.parent().orElseThrow();
        }
    }

    /**
     * SIGSTOP or SIGCONT to the postmaster and every process it forked (backends, the writer, the
     * checkpointer): asleep as a whole, the store answers no read and accepts no connection.
     */
    private static void signal(String name, ProcessHandle postmaster) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("kill", "-" + name, Long.toString(postmaster.pid())));
        postmaster.descendants().forEach(p -> command.add(Long.toString(p.pid())));
        Process kill = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        // A backend that ended since the listing makes kill exit 1; the others got the signal.
        if (!kill.waitFor(10, TimeUnit.SECONDS)) {
            kill.destroyForcibly();
            throw new IOException("kill -" + name + " " + command.subList(2, command.size()) + " did not finish");
        }
    }
}
