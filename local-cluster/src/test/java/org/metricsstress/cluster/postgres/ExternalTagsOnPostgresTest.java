package org.metricsstress.cluster.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.writer.tss.tags.ExternalTags;
import org.metricsstress.writer.tss.tags.ExternalTagsCache;
import org.metricsstress.writer.tss.tags.PostgresKeyValueStore;

/**
 * The plugin's external-tags step against a real PostgreSQL (Debian's, started here): 2,000 series,
 * the plugin's 1,000 cache, 3 passes by 4 writer threads, each with its own connection.
 */
class ExternalTagsOnPostgresTest {
    private static final int SERIES = 2_000;
    private static final int ATTRIBUTES = 10;
    private static final int THREADS = 4;
    private static LocalPostgres postgres;

    @BeforeAll
    static void start() throws IOException {
        postgres = LocalPostgres.start();
    }

    @AfterAll
    static void stop() {
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void theSeriesOutsideTheCacheReadTheDatabaseOnEveryPass() throws Exception {
        // A database of its own: the server's statistics below count this test's scans only.
        try (Connection c = DriverManager.getConnection(postgres.jdbcUrl()); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE passes");
        }
        PostgresKeyValueStore store = PostgresKeyValueStore.open("postgresql://postgres@127.0.0.1:" + postgres.port() + "/passes", null);
        ExternalTags tags = new ExternalTags(store, ExternalTagsCache.DEFAULT_SIZE, k -> -1);
        assertEquals(0, tags.preload(), "a fresh table preloads nothing");
        long scansBefore = indexScans();

        passes(tags, 1);
        // The plugin's puts race its next reads; waited for here so the counts below are exact.
        assertTrue(store.awaitPuts(10_000), "puts not written within 10 s");
        // Pass 1's gets include each thread's connection being opened; passes 2 and 3 are the steady state.
        long firstGets = tags.gets();
        long firstNanos = tags.getNanos();
        passes(tags, 2);
        store.close();

        assertEquals(SERIES, tags.newSeries(), "pass 1: every series new, read, put, cached");
        // Passes 2 and 3: the cache holds 1,000 of the series, the other 1,000 miss, are read, and
        // stay out (their {} needs no update).
        assertEquals(2 * (SERIES - ExternalTagsCache.DEFAULT_SIZE), tags.cacheMissed());
        assertEquals(2 * ExternalTagsCache.DEFAULT_SIZE, tags.cacheUsed());
        assertEquals(tags.cacheMissed() + tags.newSeries(), tags.gets(), "a get per miss");
        assertEquals(0, tags.putTransactionFailed());
        assertEquals(SERIES, store.putsWritten());

        try (Connection c = DriverManager.getConnection(passesUrl()); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*), count(*) FILTER (WHERE value = '{}'::jsonb),"
                        + " count(DISTINCT key) FROM kvstore_jsonb WHERE context = 'CORTEX_TSS'")) {
            rs.next();
            assertEquals(SERIES, rs.getInt(1), "rows");
            assertEquals(SERIES, rs.getInt(2), "rows of {}");
            assertEquals(SERIES, rs.getInt(3), "keys");
        }
        // The server's own count: each get is one scan of the primary key, and so is each upsert's
        // conflict check; closed connections have flushed their statistics.
        long expected = tags.gets() + store.putsWritten();
        assertEquals(expected, awaitIndexScans(scansBefore + expected) - scansBefore, "gets and upserts the server saw");

        System.out.printf(Locale.ROOT, "external tags on PostgreSQL %s: %d gets by %d threads, mean %.1f us"
                        + " (passes 2-3, records found: %.1f us); %d misses, %d new, %d hits%n", version(), tags.gets(),
                THREADS, tags.meanGetNanos() / 1_000,
                (tags.getNanos() - firstNanos) / 1_000.0 / (tags.gets() - firstGets),
                tags.cacheMissed(), tags.newSeries(), tags.cacheUsed());
    }

    @Test
    void aPreloadFillsTheCacheFromTheContext() throws Exception {
        try (PostgresKeyValueStore store = PostgresKeyValueStore.open(postgres.jdbcUrl(), null)) {
            ExternalTags tags = new ExternalTags(store, 10, k -> k.startsWith("name=") ? k.hashCode() & 0x7fffffff : -1);
            for (int s = 0; s < 20; s++) {
                store.putAsync(ExternalTags.CONTEXT, "name=pre" + s + "_resourceId=snmp/9/x", "{}");
            }
            assertTrue(store.awaitPuts(10_000));
            assertEquals(10, tags.preload());
        }
    }

    @Test
    void withoutTheBinariesTheMessageNamesDebiansPackage(@TempDir Path empty) throws IOException {
        Files.createDirectories(empty.resolve("15"));
        IOException e = assertThrows(IOException.class, () -> LocalPostgres.start(empty));
        assertTrue(e.getMessage().contains("install Debian's postgresql package"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    private static void passes(ExternalTags tags, int passes) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < THREADS; t++) {
            int first = t;
            Thread th = new Thread(() -> {
                try {
                    for (int p = 0; p < passes; p++) {
                        for (int s = first; s < SERIES; s += THREADS) {
                            tags.onSample(s, "snmp/" + s / ATTRIBUTES + "/tap0/group0", "metric_0_" + s % ATTRIBUTES);
                        }
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "TimeseriesWriter-Consumer-" + t);
            th.start();
            threads.add(th);
        }
        for (Thread th : threads) {
            th.join();
        }
        assertEquals(List.of(), failures);
    }

    private static String passesUrl() {
        return postgres.jdbcUrl().replace("/postgres?", "/passes?");
    }

    private static long indexScans() throws SQLException {
        try (Connection c = DriverManager.getConnection(passesUrl()); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT coalesce(sum(idx_scan), 0) FROM pg_stat_user_tables"
                        + " WHERE relname = 'kvstore_jsonb'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Statistics reach the server's view a little after the backends end: waits up to 5 s for them. */
    private static long awaitIndexScans(long expected) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        long seen = indexScans();
        while (seen < expected && System.nanoTime() < deadline) {
            Thread.sleep(100);
            seen = indexScans();
        }
        return seen;
    }

    private static String version() throws SQLException {
        try (Connection c = DriverManager.getConnection(postgres.jdbcUrl()); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW server_version")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
